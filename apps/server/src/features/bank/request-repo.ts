import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bankMovements,
  bankRequestLines,
  bankRequests,
  documents,
  invitations,
  invoices,
  users,
} from '../../db/schema';
import { newId } from '../../lib/ids';

export type RequestRow = typeof bankRequests.$inferSelect;

/** No file arrived for the movement under any request: it is still asked for. */
const notAnswered = sql`not exists (select 1 from ${bankRequestLines} as sent
  where sent.movement_id = ${bankMovements.id} and sent.document_id is not null)`;

/**
 * The movements a client owes a document for: unmatched (or only proposed) in the period, at least
 * `thresholdCents` either way, oldest first.
 */
export function findMissingMovements(
  db: Db,
  clientId: string,
  period: { from?: string | undefined; to?: string | undefined },
  thresholdCents: number,
) {
  return db
    .select()
    .from(bankMovements)
    .where(
      and(
        eq(bankMovements.clientId, clientId),
        inArray(bankMovements.status, ['unmatched', 'proposed']),
        sql`abs(${bankMovements.amountCents}) >= ${thresholdCents}`,
        period.from ? gte(bankMovements.bookingDate, period.from) : undefined,
        period.to ? lte(bankMovements.bookingDate, period.to) : undefined,
        notAnswered,
      ),
    )
    .orderBy(asc(bankMovements.bookingDate), asc(bankMovements.id));
}

/** Whom to ask: the freelancer linked to the client, else the address of its latest open invitation. */
export async function findClientContact(
  db: Db,
  client: { id: string; freelancerUserId: string | null },
): Promise<{ email: string; locale: string | null } | null> {
  if (client.freelancerUserId) {
    const [user] = await db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, client.freelancerUserId));
    if (user) return user;
  }
  const [invitation] = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(
      and(
        eq(invitations.clientId, client.id),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return invitation ? { email: invitation.email, locale: null } : null;
}

export async function insertRequest(
  db: Db,
  values: Omit<typeof bankRequests.$inferInsert, 'id'>,
  movementIds: string[],
) {
  const [row] = await db
    .insert(bankRequests)
    .values({ id: newId(), ...values })
    .returning();
  if (!row) throw new Error('bank request not inserted');
  await db
    .insert(bankRequestLines)
    .values(movementIds.map((movementId) => ({ id: newId(), requestId: row.id, movementId })));
  return row;
}

export async function findRequest(db: Db, requestId: string) {
  const [row] = await db.select().from(bankRequests).where(eq(bankRequests.id, requestId));
  return row ?? null;
}

export function findRequestLines(db: Db, requestId: string) {
  return db
    .select({
      line: bankRequestLines,
      movement: bankMovements,
      waiting: sql<boolean>`${notAnswered}`.mapWith(Boolean),
    })
    .from(bankRequestLines)
    .innerJoin(bankMovements, eq(bankMovements.id, bankRequestLines.movementId))
    .where(eq(bankRequestLines.requestId, requestId))
    .orderBy(asc(bankMovements.bookingDate), asc(bankMovements.id));
}

export async function setLineDocument(db: Db, lineId: string, documentId: string) {
  await db
    .update(bankRequestLines)
    .set({ documentId, uploadedAt: new Date(), linkedAt: null })
    .where(eq(bankRequestLines.id, lineId));
}

/** The counts of the Bank tab's line and the last request. */
export async function requestSummary(db: Db, clientId: string) {
  const [movementCounts] = await db
    .select({
      movements: count(),
      matched: sql<number>`count(*) filter (where ${bankMovements.status} = 'matched')`.mapWith(Number),
    })
    .from(bankMovements)
    .where(eq(bankMovements.clientId, clientId));
  const [last] = await db
    .select({ createdAt: bankRequests.createdAt })
    .from(bankRequests)
    .where(eq(bankRequests.clientId, clientId))
    .orderBy(desc(bankRequests.createdAt))
    .limit(1);
  // A movement asked for, still open and without a file, counts once however many requests named it.
  const [waiting] = await db
    .select({ n: sql<number>`count(distinct ${bankRequestLines.movementId})`.mapWith(Number) })
    .from(bankRequestLines)
    .innerJoin(bankRequests, eq(bankRequests.id, bankRequestLines.requestId))
    .innerJoin(bankMovements, eq(bankMovements.id, bankRequestLines.movementId))
    .where(
      and(
        eq(bankRequests.clientId, clientId),
        inArray(bankMovements.status, ['unmatched', 'proposed']),
        notAnswered,
      ),
    );
  return {
    movements: movementCounts?.movements ?? 0,
    matched: movementCounts?.matched ?? 0,
    requested: waiting?.n ?? 0,
    lastRequestedAt: last?.createdAt ?? null,
  };
}

/** Dropped files now read into an invoice whose line has not been proposed for its movement yet. */
export function findArrivedInvoices(db: Db, clientId: string) {
  return db
    .select({ lineId: bankRequestLines.id, movementId: bankRequestLines.movementId, invoice: invoices })
    .from(bankRequestLines)
    .innerJoin(bankRequests, eq(bankRequests.id, bankRequestLines.requestId))
    .innerJoin(documents, eq(documents.id, bankRequestLines.documentId))
    .innerJoin(invoices, eq(invoices.id, documents.invoiceId))
    .where(
      and(
        eq(bankRequests.clientId, clientId),
        isNotNull(bankRequestLines.documentId),
        isNull(bankRequestLines.linkedAt),
      ),
    );
}

export async function markLinked(db: Db, lineIds: string[]) {
  if (lineIds.length === 0) return;
  await db
    .update(bankRequestLines)
    .set({ linkedAt: new Date() })
    .where(inArray(bankRequestLines.id, lineIds));
}

/** Requests in their time, with reminders on, whose last email (the request or a reminder) is due again. */
export function findDueReminders(db: Db, now: Date) {
  return db
    .select()
    .from(bankRequests)
    .where(
      and(
        gt(bankRequests.remindEveryDays, 0),
        gt(bankRequests.expiresAt, now),
        sql`coalesce(${bankRequests.remindedAt}, ${bankRequests.createdAt})
          + make_interval(days => ${bankRequests.remindEveryDays}) <= ${now.toISOString()}::timestamptz`,
      ),
    );
}

export async function markReminded(db: Db, requestId: string, at: Date) {
  await db.update(bankRequests).set({ remindedAt: at }).where(eq(bankRequests.id, requestId));
}
