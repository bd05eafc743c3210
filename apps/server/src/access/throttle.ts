import { createHash } from 'node:crypto';
import { and, asc, count, eq, gt, like, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authAttempts } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../lib/ids';

/** At most `max` attempts of one kind per key within a sliding window. */
export type Limit = { action: string; max: number; windowSeconds: number };

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /**
   * 10 failures per account from one address per 15 minutes: 40 guesses an hour at any one account from
   * any one address. Keyed on both (`accountAtAddress`), so a stranger elsewhere cannot lock the owner
   * out; the owner who locked themselves out unlocks by email (a password reset clears every address).
   */
  loginPerAccount: { action: 'login:account', max: 10, windowSeconds: 15 * MINUTE },
  /** Per address: room for an office behind one NAT, not for a password spray. */
  loginPerAddress: { action: 'login:address', max: 50, windowSeconds: 15 * MINUTE },
  /** `max` is the operator's REGISTER_PER_ADDRESS_PER_HOUR (20 unless set), applied by `register`. */
  registerPerAddress: { action: 'register:address', max: 20, windowSeconds: HOUR },
  /** Each sign-up sends the address an email (a welcome or "you already have an account"): no mail bombs. */
  registerPerEmail: { action: 'register:email', max: 5, windowSeconds: HOUR },
  resendPerUser: { action: 'resend:user', max: 5, windowSeconds: HOUR },
  /** Each request emails the new address a link: no mail bombs through Settings either. */
  emailChangePerUser: { action: 'email-change:user', max: 5, windowSeconds: HOUR },
  resetPerEmail: { action: 'reset:email', max: 5, windowSeconds: HOUR },
  resetPerAddress: { action: 'reset:address', max: 20, windowSeconds: HOUR },
  googlePerAddress: { action: 'google:address', max: 50, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

/** What a throttle counts by: a value (an address, an email), or a key built by `accountAtAddress`. */
export type ThrottleKey = string | { hashed: string };

/** Keys are stored hashed: the table needs to count, not to know who. */
function hash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
const keyOf = (value: ThrottleKey) => (typeof value === 'string' ? hash(value) : value.hashed);

/** One account seen from one address; the account's hash comes first so `clearAccount` finds every address. */
export const accountAtAddress = (email: string, address: string): ThrottleKey => ({
  hashed: `${hash(email)}:${hash(address)}`,
});

/**
 * Records one attempt and counts it together with the others in the window, so a burst of concurrent
 * requests is counted too. Over the limit, the attempt is taken back (it did not happen, so it does not
 * prolong the lockout) and RATE_LIMITED is thrown with the seconds until a slot frees up.
 * Returns the attempt's id, so a success can remove it again (`forgetAttempt`).
 */
export async function takeAttempt(
  db: Db,
  limit: Limit,
  value: ThrottleKey,
  now = new Date(),
): Promise<string> {
  const key = keyOf(value);
  const since = new Date(now.getTime() - limit.windowSeconds * 1000);
  const id = newId(now.getTime());
  // Old rows of this key are useless now; dropping them here keeps the table small without a job.
  await db
    .delete(authAttempts)
    .where(
      and(
        eq(authAttempts.action, limit.action),
        eq(authAttempts.key, key),
        lt(authAttempts.createdAt, since),
      ),
    );
  await db.insert(authAttempts).values({ id, action: limit.action, key, createdAt: now });
  const inWindow = and(
    eq(authAttempts.action, limit.action),
    eq(authAttempts.key, key),
    gt(authAttempts.createdAt, since),
  );
  const [row] = await db.select({ n: count() }).from(authAttempts).where(inWindow);
  if ((row?.n ?? 0) <= limit.max) return id;

  await db.delete(authAttempts).where(eq(authAttempts.id, id));
  const [oldest] = await db
    .select({ createdAt: authAttempts.createdAt })
    .from(authAttempts)
    .where(inWindow)
    .orderBy(asc(authAttempts.createdAt))
    .limit(1);
  const freesAt = (oldest?.createdAt ?? now).getTime() + limit.windowSeconds * 1000;
  const retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', { retryAfterSeconds });
}

/** Removes one attempt (a login that succeeded does not count against the address). */
export async function forgetAttempt(db: Db, id: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.id, id));
}

/** Clears every attempt of a key (a successful login resets the account's failures). */
export async function clearAttempts(db: Db, limit: Limit, value: ThrottleKey): Promise<void> {
  await db
    .delete(authAttempts)
    .where(and(eq(authAttempts.action, limit.action), eq(authAttempts.key, keyOf(value))));
}

/** Clears an account's failed logins from every address (its owner proved they read its email). */
export async function clearAccountLocks(db: Db, email: string): Promise<void> {
  await db
    .delete(authAttempts)
    .where(
      and(eq(authAttempts.action, LIMITS.loginPerAccount.action), like(authAttempts.key, `${hash(email)}:%`)),
    );
}
