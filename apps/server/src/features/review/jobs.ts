import { PLACE_FIELDS } from '@cuadra/extract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob } from '../../queue/define-job';
import type { Services } from '../../services';
import { type Corrected, learnPlaces } from './places';

/** Learns where a received invoice's corrected values are printed on its document (place memory). */
export const learnPlacesJob = defineJob({
  name: 'review.learn-places',
  schema: z.object({
    invoiceId: z.uuid(),
    fields: z.array(z.object({ field: z.enum(PLACE_FIELDS), value: z.string().min(1).max(300) })).min(1),
  }),
  retryLimit: 2,
  retryDelaySeconds: 10,
  // Reading a scan again takes as long as its extraction did.
  expireInSeconds: 300,
  heartbeatSeconds: 10,
  run: (data, services) => learnPlaces(services, data),
});

/**
 * Asks the worker to learn where the corrected values of an invoice are printed, in the transaction that
 * saves them. Not for issued invoices: their issuer is the client itself, not a supplier.
 */
export async function queueLearning(
  services: Services,
  tx: Db,
  invoice: { id: string; type: string | null },
  corrected: Corrected[],
): Promise<void> {
  if (!corrected.length || invoice.type === 'issued') return;
  await services.queue.send(learnPlacesJob, { invoiceId: invoice.id, fields: corrected }, { tx });
}
