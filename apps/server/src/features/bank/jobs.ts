import { z } from 'zod';
import { defineJob } from '../../queue/define-job';
import { remindRequests } from './requests';

/** Daily at 08:00 UTC (morning in Spain): reminds clients of the documents still asked for (ADR 0021). */
export const remindBankRequestsJob = defineJob({
  name: 'bank.remind-requests',
  schema: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 300,
  expireInSeconds: 900,
  schedule: '0 8 * * *',
  run: async (_data, services) => {
    await remindRequests(services);
  },
});
