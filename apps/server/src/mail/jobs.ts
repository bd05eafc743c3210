import { z } from 'zod';
import { defineJob } from '../queue/define-job';

export const deliverMail = defineJob({
  name: 'mail.deliver',
  schema: z.object({ id: z.uuid() }),
  retryLimit: 8,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
  key: ({ id }) => id,
  run: ({ id }, { db, mailer }) => mailer.deliver(db, id),
});
