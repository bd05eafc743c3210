import { and, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { FirmRole } from '../../access/firm';
import type { Db } from '../../db/client';
import {
  bankAccounts,
  checkouts,
  clientMembers,
  clients,
  creditBalances,
  creditLedger,
  documents,
  firmInvitations,
  firmMembers,
  firms,
  subscriptions,
  supplierPlaces,
  uploadBatches,
  users,
} from '../../db/schema';
import { newId } from '../../lib/ids';

export type FirmRow = typeof firms.$inferSelect;
export type FirmInvitationRow = typeof firmInvitations.$inferSelect;

export async function findFirm(db: Db, firmId: string): Promise<FirmRow | null> {
  const [row] = await db.select().from(firms).where(eq(firms.id, firmId));
  return row ?? null;
}

/** The owner's firm and its owner row; concurrent first looks make one (unique owner, unique user). */
export async function insertOwnFirm(db: Db, owner: { id: string; name: string }): Promise<void> {
  const id = newId();
  const [firm] = await db
    .insert(firms)
    .values({ id, ownerUserId: owner.id, name: owner.name })
    .onConflictDoNothing()
    .returning({ id: firms.id });
  if (!firm) return;
  await db
    .insert(firmMembers)
    .values({ id: newId(), firmId: firm.id, userId: owner.id, role: 'owner' })
    .onConflictDoNothing();
}

export async function updateFirm(db: Db, firmId: string, values: { name?: string; taxId?: string | null }) {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) await db.update(firms).set(set).where(eq(firms.id, firmId));
}

/**
 * The firm's members with how many clients each is responsible for and the credits their uploads spent
 * since `monthStart` (debited documents of batches they uploaded).
 */
export async function listMembers(db: Db, firmId: string, monthStart: Date) {
  const rows = await db
    .select({
      userId: firmMembers.userId,
      name: users.name,
      email: users.email,
      role: firmMembers.role,
      allClients: firmMembers.allClients,
      monthlyCreditCap: firmMembers.monthlyCreditCap,
      clients: sql<number>`(select count(*)::int from ${clientMembers}
        where ${sql`${clientMembers.userId} = ${firmMembers.userId}`})`,
    })
    .from(firmMembers)
    .innerJoin(users, eq(users.id, firmMembers.userId))
    .where(eq(firmMembers.firmId, firmId))
    .orderBy(
      sql`case ${firmMembers.role} when 'owner' then 0 when 'admin' then 1 when 'staff' then 2 else 3 end`,
      users.name,
    );
  const spent = await countCreditsByUploader(
    db,
    rows.map((row) => row.userId),
    monthStart,
  );
  return rows.map((row) => ({ ...row, creditsThisMonth: spent.get(row.userId) ?? 0 }));
}

/**
 * Credits held or spent since `since` by documents of batches each user uploaded: every document that has
 * not failed or turned out a duplicate (those credits were released).
 */
export async function countCreditsByUploader(db: Db, userIds: string[], since: Date) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ userId: uploadBatches.uploadedByUserId, n: sql<number>`count(*)::int` })
    .from(documents)
    .innerJoin(uploadBatches, eq(uploadBatches.id, documents.batchId))
    .where(
      and(
        inArray(uploadBatches.uploadedByUserId, userIds),
        gte(documents.createdAt, since),
        sql`${documents.status} not in ('failed', 'duplicate')`,
      ),
    )
    .groupBy(uploadBatches.uploadedByUserId);
  return new Map(rows.map((row) => [row.userId, Number(row.n)]));
}

export async function findMemberRow(db: Db, firmId: string, userId: string) {
  const [row] = await db
    .select()
    .from(firmMembers)
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.userId, userId)));
  return row ?? null;
}

export async function updateMember(
  db: Db,
  firmId: string,
  userId: string,
  values: { role?: FirmRole; allClients?: boolean; monthlyCreditCap?: number | null },
) {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return;
  await db
    .update(firmMembers)
    .set(set)
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.userId, userId)));
}

/** Removes a member and the clients they were responsible for (the firm's: a user has one firm). */
export async function deleteMember(db: Db, firmId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(firmMembers)
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.userId, userId)))
    .returning({ id: firmMembers.id });
  if (rows.length === 0) return false;
  await db.delete(clientMembers).where(eq(clientMembers.userId, userId));
  return true;
}

export async function insertMember(db: Db, values: { firmId: string; userId: string; role: FirmRole }) {
  await db.insert(firmMembers).values({ id: newId(), ...values });
}

/** Whether a firm has anything of its own: members besides its owner, or clients. */
export async function firmHasContents(db: Db, firm: { id: string; ownerUserId: string }) {
  const [row] = await db
    .select({
      members: sql<number>`(select count(*)::int from ${firmMembers} where ${sql`${firmMembers.firmId} = ${firm.id}`})`,
      clients: sql<number>`(select count(*)::int from ${clients} where ${sql`${clients.ownerUserId} = ${firm.ownerUserId}`})`,
    })
    .from(sql`(select 1) as one`);
  return Number(row?.members ?? 0) > 1 || Number(row?.clients ?? 0) > 0;
}

export async function deleteFirm(db: Db, firmId: string) {
  await db.delete(firms).where(eq(firms.id, firmId));
}

export async function listOpenInvitations(db: Db, firmId: string, now = new Date()) {
  return db
    .select()
    .from(firmInvitations)
    .where(
      and(
        eq(firmInvitations.firmId, firmId),
        isNull(firmInvitations.acceptedAt),
        isNull(firmInvitations.revokedAt),
        gt(firmInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(firmInvitations.createdAt));
}

/** Voids a firm's open invitations to this address (a new one replaces them) or the one with this id. */
export async function revokeFirmInvitations(
  db: Db,
  firmId: string,
  which: { email: string } | { id: string },
  at = new Date(),
) {
  const rows = await db
    .update(firmInvitations)
    .set({ revokedAt: at })
    .where(
      and(
        eq(firmInvitations.firmId, firmId),
        'email' in which ? eq(firmInvitations.email, which.email) : eq(firmInvitations.id, which.id),
        isNull(firmInvitations.acceptedAt),
        isNull(firmInvitations.revokedAt),
      ),
    )
    .returning({ id: firmInvitations.id });
  return rows.length;
}

export async function insertFirmInvitation(
  db: Db,
  values: {
    firmId: string;
    invitedByUserId: string;
    email: string;
    role: FirmRole;
    tokenHash: string;
    expiresAt: Date;
  },
): Promise<FirmInvitationRow> {
  const [row] = await db
    .insert(firmInvitations)
    .values({ id: newId(), ...values })
    .returning();
  if (!row) throw new Error('firm invitation insert returned nothing');
  return row;
}

export async function countInvitationsSince(db: Db, userId: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(firmInvitations)
    .where(and(eq(firmInvitations.invitedByUserId, userId), gt(firmInvitations.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function findFirmInvitationByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invitation: firmInvitations, firm: firms, inviterName: users.name })
    .from(firmInvitations)
    .innerJoin(firms, eq(firms.id, firmInvitations.firmId))
    .innerJoin(users, eq(users.id, firmInvitations.invitedByUserId))
    .where(eq(firmInvitations.tokenHash, tokenHash));
  return row ?? null;
}

/** Spends an invitation; true only for the one caller that got to it first. */
export async function markFirmInvitationAccepted(db: Db, id: string, userId: string, at = new Date()) {
  const rows = await db
    .update(firmInvitations)
    .set({ acceptedAt: at, acceptedByUserId: userId })
    .where(
      and(eq(firmInvitations.id, id), isNull(firmInvitations.acceptedAt), isNull(firmInvitations.revokedAt)),
    )
    .returning({ id: firmInvitations.id });
  return rows.length === 1;
}

export async function listClientMembers(db: Db, clientId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: firmMembers.role })
    .from(clientMembers)
    .innerJoin(users, eq(users.id, clientMembers.userId))
    .innerJoin(firmMembers, eq(firmMembers.userId, clientMembers.userId))
    .where(eq(clientMembers.clientId, clientId))
    .orderBy(users.name);
}

export async function insertClientMember(db: Db, clientId: string, userId: string) {
  await db.insert(clientMembers).values({ clientId, userId }).onConflictDoNothing();
}

export async function deleteClientMember(db: Db, clientId: string, userId: string) {
  await db
    .delete(clientMembers)
    .where(and(eq(clientMembers.clientId, clientId), eq(clientMembers.userId, userId)));
}

/** Whether the user has a plan that is not canceled (one live subscription per user). */
export async function hasLiveSubscription(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} <> 'canceled'`));
  return Boolean(row);
}

/**
 * Makes `to` the firm's owner and `from` an admin. What the firm holds is keyed by its owner's user id, so
 * all of it moves: clients, bank accounts, supplier memory, documents' payer, the plan, checkouts and the
 * credit ledger with its balance (added to whatever `to` held on their own). False when `from` no longer
 * owns the firm (a second hand-over got there first). Run inside a transaction.
 */
export async function transferFirm(db: Db, firmId: string, from: string, to: string): Promise<boolean> {
  const moved = await db
    .update(firms)
    .set({ ownerUserId: to })
    .where(and(eq(firms.id, firmId), eq(firms.ownerUserId, from)))
    .returning({ id: firms.id });
  if (moved.length === 0) return false;
  await db
    .update(firmMembers)
    .set({ role: 'admin', monthlyCreditCap: null })
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.userId, from)));
  await db
    .update(firmMembers)
    .set({ role: 'owner', allClients: false, monthlyCreditCap: null })
    .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.userId, to)));

  await db.update(clients).set({ ownerUserId: to }).where(eq(clients.ownerUserId, from));
  await db.update(bankAccounts).set({ ownerUserId: to }).where(eq(bankAccounts.ownerUserId, from));
  // The new owner joined with no clients, so any supplier memory of their own is of nobody's documents.
  await db.delete(supplierPlaces).where(eq(supplierPlaces.ownerUserId, to));
  await db.update(supplierPlaces).set({ ownerUserId: to }).where(eq(supplierPlaces.ownerUserId, from));
  await db.update(documents).set({ payerUserId: to }).where(eq(documents.payerUserId, from));
  await db.update(subscriptions).set({ userId: to }).where(eq(subscriptions.userId, from));
  await db.update(checkouts).set({ userId: to }).where(eq(checkouts.userId, from));

  // The ledger and its balance move together, so the balance still sums the ledger.
  const [held] = await db.select().from(creditBalances).where(eq(creditBalances.userId, from)).for('update');
  await db.update(creditLedger).set({ userId: to }).where(eq(creditLedger.userId, from));
  if (held) {
    await db.delete(creditBalances).where(eq(creditBalances.userId, from));
    await db
      .insert(creditBalances)
      .values({ ...held, userId: to, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: creditBalances.userId,
        set: {
          available: sql`${creditBalances.available} + ${held.available}`,
          reserved: sql`${creditBalances.reserved} + ${held.reserved}`,
          lastPurchaseAt: sql`greatest(${creditBalances.lastPurchaseAt}, excluded.last_purchase_at)`,
          lastUsageAt: sql`greatest(${creditBalances.lastUsageAt}, excluded.last_usage_at)`,
          updatedAt: new Date(),
        },
      });
  }
  return true;
}
