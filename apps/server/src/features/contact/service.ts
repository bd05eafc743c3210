import { and, count, eq, gt } from 'drizzle-orm';
import { contactMessages } from '../../db/schema';
import { AppError } from '../../errors';
import { newId } from '../../lib/ids';
import { escapeHtml } from '../../mail/render';
import type { Services } from '../../services';
import type { UserRow } from '../auth/repo';

/** Messages one account may send per hour: a conversation, not a flood. */
const MESSAGES_PER_HOUR = 10;

/** spec-2 §2.6: the signed-in user's message, kept and emailed to support in the same transaction. */
export async function sendContactMessage(services: Services, user: UserRow, message: string) {
  const { db, config } = services;
  const since = new Date(Date.now() - 60 * 60 * 1000);
  const [sent] = await db
    .select({ value: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.userId, user.id), gt(contactMessages.createdAt, since)));
  if ((sent?.value ?? 0) >= MESSAGES_PER_HOUR)
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: 3600 });

  const id = newId();
  await db.transaction(async (tx) => {
    await tx
      .insert(contactMessages)
      .values({ id, userId: user.id, name: user.name, email: user.email, message });
    const from = `${user.name} <${user.email}> (${user.accountType}, ${user.locale})`;
    await services.mailer.send(tx, {
      to: config.SUPPORT_EMAIL,
      subject: `Contact form: ${user.name}`,
      text: `From: ${from}\nMessage id: ${id}\n\n${message}\n`,
      html: `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>From: ${escapeHtml(from)}<br>Message id: ${id}</p><p style="white-space:pre-wrap">${escapeHtml(message)}</p></body></html>`,
    });
  });
  return { ok: true as const };
}
