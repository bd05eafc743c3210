import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { newId } from '../lib/ids';
import { PermanentError } from '../queue/job';

export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** `outbox`: messages are kept and shown at /dev/mail. `smtp`: kept, then delivered by a job. */
  kind: 'outbox' | 'smtp';
  /** Stores the message in the caller's transaction; with SMTP, delivery is enqueued in it too. */
  send(db: Db, mail: Mail): Promise<string>;
  deliver(db: Db, id: string): Promise<void>;
};

/** `enqueueDelivery` sends the delivery job in the caller's transaction (see `mail/jobs.ts`). */
export function createMailer(
  options: { smtpUrl: string; from: string },
  enqueueDelivery: (db: Db, id: string) => Promise<unknown>,
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    kind: transport ? 'smtp' : 'outbox',
    async send(db, mail) {
      const id = newId();
      await db.insert(mailOutbox).values({ id, ...mail });
      if (transport) await enqueueDelivery(db, id);
      return id;
    },
    async deliver(db, id) {
      if (!transport) return;
      const [message] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!message) throw new PermanentError(`No outbox message ${id}`);
      if (message.sentAt) return;
      await transport.sendMail({ from: options.from, ...message });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
    },
  };
}

export function listOutbox(db: Db, limit = 200) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
