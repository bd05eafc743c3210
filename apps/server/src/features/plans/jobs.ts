import { z } from 'zod';
import { defineJob } from '../../queue/define-job';
import { rollSubscriptions } from './service';

/**
 * Every 15 minutes: local subscriptions whose period is over renew (or end, auto-renew off), and what is
 * left of a period's credits expires. Stripe subscriptions renew through `invoice.paid`; their unpaid
 * periods' credits expire here too.
 */
export const rollSubscriptionsJob = defineJob({
  name: 'subscriptions.roll',
  schema: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
  schedule: '*/15 * * * *',
  run: async (_data, services) => {
    await rollSubscriptions(services);
  },
});
