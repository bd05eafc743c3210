import { z } from 'zod';
import { defineJob } from '../../queue/define-job';
import { enforceRetention } from './service';

/** Daily at 03:30 UTC: warns 7 days ahead, then deletes originals and extracted data past the plan's retention. */
export const enforceRetentionJob = defineJob({
  name: 'retention.enforce',
  schema: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 300,
  expireInSeconds: 3600,
  schedule: '30 3 * * *',
  run: async (_data, services) => {
    await enforceRetention(services);
  },
});
