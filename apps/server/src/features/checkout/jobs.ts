import { z } from 'zod';
import { defineJob } from '../../queue/define-job';
import { reconcileCheckouts } from './service';

/** Every 10 minutes: asks Stripe about open checkouts whose webhook never came, and settles them. */
export const reconcileCheckoutsJob = defineJob({
  name: 'checkout.reconcile',
  schema: z.object({}),
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  schedule: '*/10 * * * *',
  run: async (_data, services) => {
    const checked = await reconcileCheckouts(services, services.payments);
    if (checked) services.logger.info({ checked }, 'checkouts reconciled');
  },
});
