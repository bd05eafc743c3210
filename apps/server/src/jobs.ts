import { remindBankRequestsJob } from './features/bank/jobs';
import { reconcileCheckoutsJob } from './features/checkout/jobs';
import { weeklySummaryJob } from './features/notifications/jobs';
import { rollSubscriptionsJob } from './features/plans/jobs';
import { enforceRetentionJob } from './features/retention/jobs';
import { learnPlacesJob } from './features/review/jobs';
import { extractDocumentJob } from './features/uploads/jobs';
import { deliverMail } from './mail/jobs';
import type { AnyJob } from './queue/define-job';

/** Every job the worker runs. A new feature's job is one line here. */
export const JOBS: readonly AnyJob[] = [
  deliverMail,
  reconcileCheckoutsJob,
  extractDocumentJob,
  rollSubscriptionsJob,
  enforceRetentionJob,
  weeklySummaryJob,
  learnPlacesJob,
  remindBankRequestsJob,
];
