import { and, type Column, eq, fillPlaceholders, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDb, queryArrays } from '../db/prepared';
import { authTokens, creditBalances, firmMembers, firms, users } from '../db/schema';
import { newId } from '../lib/ids';
import type { Membership } from './firm';

/** Accounts and their one-time tokens: the identity every feature reads (sign-up and login live in features/auth). */
export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id'>;
/** A credit balance row (the ledger in features/credits writes it; the session reads it). */
export type BalanceRow = typeof creditBalances.$inferSelect;
export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/**
 * The session's user, their place in a firm and the credit balance they spend (their firm's, which is the
 * firm owner's) in one round trip: what every signed-in request needs (the user and role) and what `/me`
 * adds (the balance), so `/me` costs one query, not two. Run on the driver as arrays and mapped by the
 * tables' own column list (`fromColumns`): Drizzle's generic mapping of these 30 columns was a tenth of a
 * `/me` request.
 */
export async function findUserWithBalance(db: Db, id: string) {
  const statement = userWithBalanceStatement(db);
  const [row] = await queryArrays(db, {
    name: statement.name,
    text: statement.text,
    values: fillPlaceholders(statement.params, { id }),
  });
  if (!row) return null;
  const user = fromColumns<UserRow>(USER_COLUMNS, row, 0);
  const balanceAt = USER_COLUMNS.length;
  // The balance's key is null when the left join found none.
  const balance = row[balanceAt] === null ? null : fromColumns<BalanceRow>(BALANCE_COLUMNS, row, balanceAt);
  const memberAt = balanceAt + BALANCE_COLUMNS.length;
  const member = fromColumns<Membership>(MEMBER_COLUMNS, row, memberAt);
  return { user, balance, member: member.firmId ? member : null };
}

const USER_COLUMNS = Object.entries(getTableColumns(users));
const BALANCE_COLUMNS = Object.entries(getTableColumns(creditBalances));
const MEMBER_COLUMNS = Object.entries({
  firmId: firmMembers.firmId,
  firmOwnerUserId: firms.ownerUserId,
  role: firmMembers.role,
  allClients: firmMembers.allClients,
  monthlyCreditCap: firmMembers.monthlyCreditCap,
});

/** The object of `columns` read from `row` at `offset`, each value as its column maps it (timestamps to dates). */
function fromColumns<T>(columns: [string, Column][], row: unknown[], offset: number): T {
  const result: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const [key, column] = columns[i]!;
    const value = row[offset + i];
    result[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return result as T;
}

function buildUserWithBalanceStatement(db: Db) {
  const { sql: text, params } = db
    .select({
      user: users,
      balance: creditBalances,
      member: Object.fromEntries(MEMBER_COLUMNS),
    })
    .from(users)
    .leftJoin(firmMembers, eq(firmMembers.userId, users.id))
    .leftJoin(firms, eq(firms.id, firmMembers.firmId))
    .leftJoin(creditBalances, eq(creditBalances.userId, sql`coalesce(${firms.ownerUserId}, ${users.id})`))
    .where(eq(users.id, sql.placeholder('id')))
    .toSQL();
  return { name: 'find_user_with_balance', text, params };
}

/** Every signed-in request runs this statement, prepared by name. */
const userWithBalanceStatement = preparedPerDb(buildUserWithBalanceStatement);

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

export async function findUserByGoogleSubject(db: Db, subject: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.googleSubject, subject));
  return user ?? null;
}

/** Inserts a user; null when the email (or Google subject) is already taken, even by a concurrent insert. */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow | null> {
  const [user] = await db
    .insert(users)
    .values({ id: newId(), ...values })
    .onConflictDoNothing()
    .returning();
  return user ?? null;
}

/** Sets the verified time once; returns the user only if this call is the one that verified. */
export async function markEmailVerified(db: Db, userId: string, at = new Date()): Promise<UserRow | null> {
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: at })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  return user ?? null;
}

/**
 * Lets go of the plan chosen before signing up: after a paid checkout, or — with `unless` — when a checkout
 * of another plan starts (the user picked something else).
 */
export async function clearChosenPlan(db: Db, userId: string, unless?: string): Promise<void> {
  await db
    .update(users)
    .set({ chosenPlanId: null })
    .where(and(eq(users.id, userId), unless ? ne(users.chosenPlanId, unless) : undefined));
}

export async function linkGoogleSubject(db: Db, userId: string, subject: string): Promise<void> {
  await db.update(users).set({ googleSubject: subject }).where(eq(users.id, userId));
}

/** New password, and every access token issued before is void. */
export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function bumpTokenVersion(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function insertAuthToken(
  db: Db,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date; newEmail?: string },
): Promise<void> {
  await db.insert(authTokens).values({ id: newId(), ...values });
}

export async function findAuthToken(db: Db, purpose: TokenPurpose, tokenHash: string) {
  const [token] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)));
  return token ?? null;
}

/** Uses a token; true only for the one caller that got to it first (the row lock decides under concurrency). */
export async function consumeAuthToken(db: Db, id: string, at = new Date()): Promise<boolean> {
  const used = await db
    .update(authTokens)
    .set({ usedAt: at })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return used.length === 1;
}

/** Voids a user's other unused tokens of a purpose (after a reset, older reset links stop working). */
export async function consumeAllAuthTokens(db: Db, userId: string, purpose: TokenPurpose, at = new Date()) {
  await db
    .update(authTokens)
    .set({ usedAt: at })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}
