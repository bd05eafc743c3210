import type { ContactRequest } from '@cuadra/shared';
import { type Limit, takeAttempt } from '../../access/throttle';
import type { UserRow } from '../../access/users';
import { AppError } from '../../errors';
import { newId } from '../../lib/ids';
import type { Services } from '../../services';
import { contactFormEmail } from './emails';
import { countMessagesSince, insertContactMessage } from './repo';

/** Messages one account may send per hour: a conversation, not a flood. */
const MESSAGES_PER_HOUR = 10;
/** Visitors are counted by address: a few questions an hour, not a way to fill support's inbox. */
const VISITOR_LIMIT: Limit = { action: 'contact:address', max: 5, windowSeconds: 60 * 60 };

type Sender = { user: UserRow } | { address: string };

/**
 * spec-2 §2.6, for everyone: the message is kept and emailed to support in the same transaction. A signed-in
 * user's name and email come from the account; a visitor gives theirs (CONTACT_DETAILS_REQUIRED otherwise).
 */
export async function sendContactMessage(services: Services, sender: Sender, request: ContactRequest) {
  const { db, config } = services;
  const { message, subject } = request;
  let from: { userId: string | null; name: string; email: string; about: string };
  if ('user' in sender) {
    const { user } = sender;
    const since = new Date(Date.now() - 60 * 60 * 1000);
    if ((await countMessagesSince(db, user.id, since)) >= MESSAGES_PER_HOUR)
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: 3600 });
    from = {
      userId: user.id,
      name: user.name,
      email: user.email,
      about: `${user.accountType}, ${user.locale}`,
    };
  } else {
    if (!request.name || !request.email) throw new AppError('CONTACT_DETAILS_REQUIRED');
    await takeAttempt(db, VISITOR_LIMIT, sender.address);
    from = { userId: null, name: request.name, email: request.email, about: 'visitor, not signed in' };
  }

  const id = newId();
  await db.transaction(async (tx) => {
    await insertContactMessage(tx, {
      id,
      userId: from.userId,
      name: from.name,
      email: from.email,
      subject: subject || null,
      message: message.trim(),
    });
    const who = `${from.name} <${from.email}> (${from.about})`;
    const mail = contactFormEmail(config.SUPPORT_EMAIL, {
      senderName: from.name,
      who,
      subject: subject || null,
      messageId: id,
      message: message.trim(),
    });
    await services.mailer.send(tx, mail);
  });
  return { ok: true as const };
}
