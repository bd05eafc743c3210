import {
  type AccountType,
  isCommonPassword,
  type Locale,
  PASSWORD_RESET_TTL_HOURS,
  VERIFY_EMAIL_TTL_HOURS,
  type VerifyEmailResult,
  WELCOME_CREDITS,
} from '@cuadra/shared';
import { hashPassword, verifyPassword } from '../../access/passwords';
import {
  accountAtAddress,
  clearAccountLocks,
  clearAttempts,
  forgetAttempt,
  LIMITS,
  takeAttempt,
} from '../../access/throttle';
import { hashOneTimeToken, newOneTimeToken, signAccessToken } from '../../access/tokens';
import {
  bumpTokenVersion,
  consumeAllAuthTokens,
  consumeAuthToken,
  findAuthToken,
  findUserByEmail,
  findUserByGoogleSubject,
  findUserById,
  insertAuthToken,
  insertUser,
  linkGoogleSubject,
  markEmailVerified,
  setPassword,
  type TokenPurpose,
  type UserRow,
} from '../../access/users';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { publicUrl } from '../../http/public-url';
import type { Services } from '../../services';
import { startCheckout } from '../checkout';
import { grantCredits } from '../credits';
import { toUser } from '../me';
import { findActivePack } from '../plans';
import { accountExistsEmail, passwordResetEmail, verificationEmail } from './emails';
import { verifyGoogleIdToken } from './google';

const HOUR_MS = 60 * 60 * 1000;

/** Who is asking: the address throttles are keyed by, and the language of any email sent. */
export type Caller = { address: string; locale: Locale };

async function issueSession(services: Services, row: UserRow) {
  const token = await signAccessToken(services.auth.accessKey, { userId: row.id, version: row.tokenVersion });
  return { token, user: await toUser(services.db, row) };
}

/** Stores a one-time token for `purpose` and emails its link, in the caller's transaction. */
async function sendLink(services: Services, tx: Db, user: UserRow, purpose: TokenPurpose) {
  const { token, hash } = newOneTimeToken();
  const hours = purpose === 'verify_email' ? VERIFY_EMAIL_TTL_HOURS : PASSWORD_RESET_TTL_HOURS;
  await insertAuthToken(tx, {
    userId: user.id,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + hours * HOUR_MS),
  });
  // Links come from the configured address (or, in the local trial, the loopback origin in use).
  const base = publicUrl(services.config);
  const to = { email: user.email, name: user.name, locale: user.locale };
  const mail =
    purpose === 'verify_email'
      ? verificationEmail(to, `${base}/verify-email?token=${token}`)
      : passwordResetEmail(to, `${base}/reset-password?token=${token}`);
  await services.mailer.send(tx, mail);
}

export async function register(
  services: Services,
  input: {
    email: string;
    password: string;
    name: string;
    accountType: AccountType;
    couponCode?: string | undefined;
    locale?: Locale | undefined;
    planId?: string | undefined;
  },
  caller: Caller,
) {
  const { db } = services;
  const perAddress = { ...LIMITS.registerPerAddress, max: services.config.REGISTER_PER_ADDRESS_PER_HOUR };
  await takeAttempt(db, perAddress, caller.address);
  if (isCommonPassword(input.password)) throw new AppError('PASSWORD_TOO_COMMON');
  await takeAttempt(db, LIMITS.registerPerEmail, input.email);
  // Hashed whether or not the address is taken: both answers cost the same work.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  const created =
    !existing &&
    (await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        name: input.name,
        accountType: input.accountType,
        locale: input.locale ?? caller.locale,
        passwordHash,
        couponCode: input.couponCode ?? null,
        // Only a new account takes the plan: a taken address's owner is emailed, never changed.
        chosenPlanId: input.planId ?? null,
      });
      if (user) await sendLink(services, tx, user, 'verify_email');
      return user !== null; // null: a concurrent sign-up with this address won the unique index
    }));
  if (!created) {
    const owner = existing ?? (await findUserByEmail(db, input.email));
    if (owner)
      await services.mailer.send(db, accountExistsEmail(owner, `${services.config.PUBLIC_URL}/login`));
  }
  // The same answer for a new and a taken address: only the address's owner learns which it was.
  return { email: input.email, verificationSent: true };
}

/**
 * An unknown email and a wrong password get the same answer after the same work (a decoy hash), so the
 * answer does not tell whether an account exists. Every attempt counts against the address, and against
 * the account from that address, until it succeeds.
 */
export async function login(services: Services, input: { email: string; password: string }, caller: Caller) {
  const { db } = services;
  const addressAttempt = await takeAttempt(db, LIMITS.loginPerAddress, caller.address);
  const here = accountAtAddress(input.email, caller.address);
  await takeAttempt(db, LIMITS.loginPerAccount, here);
  const user = await findUserByEmail(db, input.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
  await clearAttempts(db, LIMITS.loginPerAccount, here);
  await forgetAttempt(db, addressAttempt);
  return issueSession(services, user);
}

/**
 * Spends a verification token. The welcome credits are granted in the same transaction as the verified
 * flag, and only by the request that set it; the ledger's unique (kind, reference) backs that up.
 */
export async function verifyEmail(services: Services, token: string): Promise<VerifyEmailResult> {
  const { db } = services;
  const row = await findAuthToken(db, 'verify_email', hashOneTimeToken(token));
  if (!row) throw new AppError('TOKEN_INVALID');
  const user = row.userId ? await findUserById(db, row.userId) : null;
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (user.emailVerifiedAt) return { alreadyVerified: true, creditsGranted: 0 };
  if (row.usedAt) throw new AppError('TOKEN_INVALID');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');

  return db.transaction(async (tx) => {
    await consumeAuthToken(tx, row.id);
    const verified = await markEmailVerified(tx, user.id);
    if (!verified) return { alreadyVerified: true, creditsGranted: 0 };
    const granted = await grantWelcomeCredits(tx, user.id);
    return { alreadyVerified: false, creditsGranted: granted, user: await toUser(tx, verified) };
  });
}

async function grantWelcomeCredits(tx: Db, userId: string): Promise<number> {
  return (await grantCredits(tx, userId, WELCOME_CREDITS, 'grant', `welcome:${userId}`))
    ? WELCOME_CREDITS
    : 0;
}

export async function resendVerification(services: Services, user: UserRow) {
  if (user.emailVerifiedAt) return { sent: false, alreadyVerified: true };
  await takeAttempt(services.db, LIMITS.resendPerUser, user.id);
  await services.db.transaction((tx) => sendLink(services, tx, user, 'verify_email'));
  return { sent: true, alreadyVerified: false };
}

/** Always the same answer, whether an account has this email or not. */
export async function requestPasswordReset(services: Services, input: { email: string }, caller: Caller) {
  const { db } = services;
  await takeAttempt(db, LIMITS.resetPerAddress, caller.address);
  await takeAttempt(db, LIMITS.resetPerEmail, input.email);
  const user = await findUserByEmail(db, input.email);
  if (user) await db.transaction((tx) => sendLink(services, tx, user, 'password_reset'));
  return { ok: true as const };
}

/** Sets the new password and voids every access token and reset link issued before. */
export async function confirmPasswordReset(services: Services, input: { token: string; password: string }) {
  const { db } = services;
  const row = await findAuthToken(db, 'password_reset', hashOneTimeToken(input.token));
  if (!row?.userId || row.usedAt) throw new AppError('TOKEN_INVALID');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED');
  if (isCommonPassword(input.password)) throw new AppError('PASSWORD_TOO_COMMON');
  const userId = row.userId;
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    if (!(await consumeAuthToken(tx, row.id))) throw new AppError('TOKEN_INVALID');
    await setPassword(tx, userId, passwordHash);
    await consumeAllAuthTokens(tx, userId, 'password_reset');
    return findUserById(tx, userId);
  });
  // They proved they read the account's email: earlier failed logins, from anywhere, no longer lock them out.
  if (user) await clearAccountLocks(db, user.email);
  return { ok: true as const };
}

export async function logoutEverywhere(services: Services, user: UserRow) {
  await bumpTokenVersion(services.db, user.id);
}

/**
 * Sign-in (or sign-up) with a Google ID token. The account is keyed by Google's subject. An existing
 * account with the same email is linked only when Google vouches for the address; a new one is an
 * accountant unless the caller says otherwise (spec-1 §6).
 */
export async function googleSignIn(
  services: Services,
  input: {
    idToken: string;
    accountType?: AccountType | undefined;
    locale?: Locale | undefined;
    packId?: string | undefined;
  },
  caller: Caller,
) {
  const { db, config } = services;
  const keys = services.auth.googleKeys;
  if (!keys || !config.GOOGLE_CLIENT_ID) throw new AppError('GOOGLE_NOT_CONFIGURED');
  await takeAttempt(db, LIMITS.googlePerAddress, caller.address);
  const identity = await verifyGoogleIdToken(keys, config.GOOGLE_CLIENT_ID, input.idToken);
  // A pack that is not on sale is refused before any account is made.
  if (input.packId && !(await findActivePack(db, input.packId))) throw new AppError('PACK_NOT_FOUND');

  let created = false;
  let user = await findUserByGoogleSubject(db, identity.subject);
  if (!user) {
    const existing = await findUserByEmail(db, identity.email);
    if (existing) {
      if (!identity.emailVouched || existing.googleSubject)
        throw new AppError('GOOGLE_LINK_REQUIRES_PASSWORD');
      await linkGoogleSubject(db, existing.id, identity.subject);
      user = existing;
    } else {
      if (!identity.emailVerified) throw new AppError('GOOGLE_EMAIL_UNVERIFIED');
      user = await db.transaction(async (tx) => {
        const inserted = await insertUser(tx, {
          email: identity.email,
          name: identity.name ?? identity.email.split('@')[0] ?? identity.email,
          accountType: input.accountType ?? 'accountant',
          locale: input.locale ?? caller.locale,
          googleSubject: identity.subject,
        });
        if (!inserted) throw new AppError('CONFLICT'); // a concurrent sign-up with the same email or subject
        // Google says verified, but does not vouch for a non-Gmail address: we check it ourselves.
        if (!identity.emailVouched) await sendLink(services, tx, inserted, 'verify_email');
        return inserted;
      });
      created = true;
    }
  }
  if (!user.emailVerifiedAt && identity.emailVouched && identity.email === user.email) {
    const userId = user.id;
    await db.transaction(async (tx) => {
      if (await markEmailVerified(tx, userId)) await grantWelcomeCredits(tx, userId);
    });
  }
  const fresh = (await findUserById(db, user.id)) ?? user;
  const session = await issueSession(services, fresh);
  if (!input.packId) return { ...session, created };
  return { ...session, created, ...(await continueToCheckout(services, fresh, input.packId)) };
}

/**
 * Google sign-up with a chosen pack continues to its checkout (spec-1 §7 call 10), back to settings.
 * The session is already issued: if the payment service fails, the sign-in still succeeds without it.
 */
async function continueToCheckout(services: Services, user: UserRow, packId: string) {
  try {
    const { url } = await startCheckout(services, services.payments, user, {
      planId: packId,
      viaPackId: true,
      returnTo: GOOGLE_CHECKOUT_RETURN_TO,
      cancelTo: '/user?cancelled=true',
    });
    return { checkoutUrl: url };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {};
  }
}

/** Where a purchase started at Google sign-up returns: settings, with its success banner. */
const GOOGLE_CHECKOUT_RETURN_TO = '/user?checkout=success';
