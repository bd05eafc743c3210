import { z } from 'zod';
import { defineJob } from '../../queue/define-job';
import { sendWeeklySummaries } from './service';

/** Mondays at 07:00 UTC: the weekly summary to everyone who keeps it on (Settings → Notifications). */
export const weeklySummaryJob = defineJob({
  name: 'notifications.weekly-summary',
  schema: z.object({}),
  retryLimit: 1,
  retryDelaySeconds: 300,
  expireInSeconds: 900,
  schedule: '0 7 * * 1',
  run: async (_data, services) => {
    const sent = await sendWeeklySummaries(services);
    services.logger.info({ sent }, 'weekly summaries sent');
  },
});
