import { searchTerms } from '@cuadra/shared';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ClientRow } from '../../access/clients';
import { visibleClientsOf } from '../../access/firm';
import type { Db } from '../../db/client';
import { clientCounters, clients, invitations, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { escapeLike } from '../../lib/like';

export type InvitationRow = typeof invitations.$inferSelect;

/** The clients a user may see: the one rule of access/firm.ts. */
function visibleTo(userId: string): SQL {
  return visibleClientsOf(userId);
}

export type ClientFilterQuery = {
  q?: string | undefined;
  order: 'asc' | 'desc';
  registered?: boolean | undefined;
  toReview?: boolean | undefined;
  mine?: boolean | undefined;
  locale?: 'en' | 'es' | undefined;
};

/** Where the next page of clients starts: the last row's name key (in the user's language) and id. */
export type ClientCursor = { key: string; id: string };

/** Invoices still to review (checked = false), from the client's counters (schema.ts `clientCounters`). */
const hasUnchecked = sql`exists (select 1 from ${clientCounters}
  where ${sql`${clientCounters.clientId} = ${clients.id} and ${clientCounters.unchecked} > 0`})`;

/** "My clients" (issue 40): the ones the user is a responsible member of. Qualified: see `visibleClientsOf`. */
function responsibleFor(userId: string): SQL {
  return sql`exists (select 1 from client_members cm where cm.client_id = "clients"."id" and cm.user_id = ${userId})`;
}

function clientFilters(userId: string, query: ClientFilterQuery): SQL | undefined {
  // Accents, case and tax-id separators ignored (generated, folded search column).
  const terms = searchTerms(query.q);
  return and(
    visibleTo(userId),
    terms.length
      ? or(...terms.map((term) => sql`${clients.searchKey} like ${`%${escapeLike(term)}%`}`))
      : undefined,
    query.registered === undefined
      ? undefined
      : query.registered
        ? isNotNull(clients.freelancerUserId)
        : isNull(clients.freelancerUserId),
    query.toReview === undefined ? undefined : query.toReview ? hasUnchecked : sql`not ${hasUnchecked}`,
    query.mine ? responsibleFor(userId) : undefined,
  );
}

/** Names in the user's language's order: in Spanish Ñ after N; accents never decide (see `foldSqlEs`). */
function nameKeyOf(locale: 'en' | 'es' | undefined): SQL {
  return sql`${locale === 'es' ? clients.nameKeyEs : clients.nameKey} collate "C"`;
}

/*
 * What each row of the client list shows, as subqueries of its select list. Drizzle prints a one-table
 * select's own columns bare ("id"), which inside a subquery over invoices would name the invoice's id:
 * each condition is a nested sql, where columns keep their table.
 */
/** How many invoices the client has and how many are still to review: its counters, one row whatever it holds. */
const documentCount = sql<string | null>`(select ${sql`${clientCounters.invoices}`} from ${clientCounters}
  where ${sql`${clientCounters.clientId} = ${clients.id}`})`;
const uncheckedCount = sql<string | null>`(select ${sql`${clientCounters.unchecked}`} from ${clientCounters}
  where ${sql`${clientCounters.clientId} = ${clients.id}`})`;
/** Whether the client has an open (not accepted, revoked or expired) invitation: it then shows as invited. */
const pendingInvitation = sql<boolean>`exists (select 1 from ${invitations}
  where ${sql`${invitations.clientId} = ${clients.id} and ${invitations.acceptedAt} is null
    and ${invitations.revokedAt} is null and ${invitations.expiresAt} > now()`})`;

/**
 * One keyset page of the clients a user sees, by name, with what each row of the list shows (its invoice
 * and to-review counts, whether an invitation is open) and how many clients match over all pages, in one
 * statement: PostgreSQL runs the costly count subqueries for the page's rows only (after the sort and
 * limit), the total once (an uncorrelated subquery). Only a page past the end, which has no row to carry
 * the total, counts apart.
 */
export async function listVisibleClients(
  db: Db,
  userId: string,
  query: ClientFilterQuery & { limit: number; cursor: ClientCursor | null },
) {
  const where = clientFilters(userId, query);
  const key = nameKeyOf(query.locale);
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const after = query.order === 'desc' ? sql`<` : sql`>`;
  const rows = await db
    .select({
      // What a summary shows, not the whole row (the tax profile stays in the database), and the name's
      // keys in both languages' orders for the cursor.
      client: {
        id: clients.id,
        name: clients.name,
        taxId: clients.taxId,
        freelancerUserId: clients.freelancerUserId,
        createdAt: clients.createdAt,
        nameKey: clients.nameKey,
        nameKeyEs: clients.nameKeyEs,
      },
      documents: documentCount,
      needsReview: uncheckedCount,
      invited: pendingInvitation,
      total: sql<string>`(select count(*) from ${clients} where ${where})`,
    })
    .from(clients)
    .where(
      and(
        where,
        query.cursor
          ? sql`(${key}, ${clients.id}) ${after} (${query.cursor.key}, ${query.cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${key} ${direction}`, sql`${clients.id} ${direction}`)
    .limit(query.limit + 1);
  const total =
    rows[0] !== undefined
      ? Number(rows[0].total)
      : query.cursor
        ? ((await db.select({ value: count() }).from(clients).where(where))[0]?.value ?? 0)
        : 0;
  return {
    rows: rows.map(({ client, documents, needsReview, invited }) => ({
      client,
      documents: Number(documents ?? 0),
      needsReview: Number(needsReview ?? 0),
      invited,
    })),
    total,
  };
}

/** Every client of the filtered list, by name: what the export writes (capped: a practice, not a census). */
export function listAllVisibleClients(db: Db, userId: string, query: ClientFilterQuery, cap: number) {
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  return db
    .select()
    .from(clients)
    .where(clientFilters(userId, query))
    .orderBy(sql`${nameKeyOf(query.locale)} ${direction}`, sql`${clients.id} ${direction}`)
    .limit(cap);
}

/** The accountant's client with this (normalised) tax id, other than `exceptId`: one client per tax id. */
export async function findClientByTaxId(
  db: Db,
  ownerUserId: string,
  taxId: string,
  exceptId?: string,
): Promise<Pick<ClientRow, 'id' | 'name'> | null> {
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(
      and(
        eq(clients.ownerUserId, ownerUserId),
        eq(clients.taxId, taxId),
        exceptId ? sql`${clients.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertClient(
  db: Db,
  values: { ownerUserId: string; name: string; taxId: string | null; freelancerUserId?: string | null },
): Promise<ClientRow | null> {
  const [row] = await db
    .insert(clients)
    .values({ id: newId(), ...values })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateClient(
  db: Db,
  clientId: string,
  values: Partial<
    Pick<
      ClientRow,
      'name' | 'taxId' | 'legalForm' | 'vatRegime' | 'territory' | 'accountMapping' | 'monthlyLimit'
    >
  >,
): Promise<ClientRow | null> {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) {
    const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
    return row ?? null;
  }
  const [row] = await db.update(clients).set(set).where(eq(clients.id, clientId)).returning();
  return row ?? null;
}

/** Links a dummy client to a freelancer; false if it was linked meanwhile. */
export async function linkClient(db: Db, clientId: string, freelancerUserId: string): Promise<boolean> {
  const rows = await db
    .update(clients)
    .set({ freelancerUserId })
    .where(and(eq(clients.id, clientId), isNull(clients.freelancerUserId)))
    .returning({ id: clients.id });
  return rows.length === 1;
}

export async function hasAnyClient(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(visibleTo(userId)).limit(1);
  return row !== undefined;
}

export async function isLinkedToOwner(db: Db, ownerUserId: string, freelancerUserId: string) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.ownerUserId, ownerUserId), eq(clients.freelancerUserId, freelancerUserId)))
    .limit(1);
  return row !== undefined;
}

/** Pending (not accepted, not revoked, not expired) invitations of these clients, newest per client. */
export async function findPendingInvitations(
  db: Db,
  clientIds: string[],
  now = new Date(),
): Promise<Map<string, InvitationRow>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(
        inArray(invitations.clientId, clientIds),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt));
  const byClient = new Map<string, InvitationRow>();
  for (const row of rows) if (!byClient.has(row.clientId)) byClient.set(row.clientId, row);
  return byClient;
}

/** Voids every open invitation of a client (a new one replaces them). */
export async function revokeInvitations(db: Db, clientId: string, at = new Date()): Promise<void> {
  await db
    .update(invitations)
    .set({ revokedAt: at })
    .where(
      and(eq(invitations.clientId, clientId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
    );
}

export async function insertInvitation(
  db: Db,
  values: { clientId: string; invitedByUserId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(invitations)
    .values({ id: newId(), ...values })
    .returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/** An invitation by its token's hash, with its client and the name of the account that sent it. */
export async function findInvitationByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, client: clients, inviterName: users.name })
    .from(invitations)
    .innerJoin(clients, eq(clients.id, invitations.clientId))
    .innerJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row ?? null;
}

/** Spends an invitation; true only for the one caller that got to it first. */
export async function markInvitationAccepted(db: Db, id: string, userId: string, at = new Date()) {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: at, acceptedByUserId: userId })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/** How many client invitations a user sent after `since`. */
export async function countInvitationsSentSince(db: Db, userId: string, since: Date): Promise<number> {
  const [sent] = await db
    .select({ value: count() })
    .from(invitations)
    .where(and(eq(invitations.invitedByUserId, userId), gt(invitations.createdAt, since)));
  return sent?.value ?? 0;
}
