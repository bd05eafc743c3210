import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  clientInboundAddresses,
  clients,
  documents,
  inboundMessages,
  inboundSenders,
  users,
} from '../../db/schema';
import { newId } from '../../lib/ids';

export type InboundMessageRow = typeof inboundMessages.$inferSelect;

export async function findAddressOfClient(db: Db, clientId: string) {
  const [row] = await db
    .select()
    .from(clientInboundAddresses)
    .where(eq(clientInboundAddresses.clientId, clientId));
  return row ?? null;
}

/** Gives the client this local part unless it already has one (concurrent first looks agree on one). */
export async function insertAddressIfMissing(db: Db, clientId: string, localPart: string) {
  await db.insert(clientInboundAddresses).values({ clientId, localPart }).onConflictDoNothing();
}

export async function replaceAddress(db: Db, clientId: string, localPart: string) {
  await db
    .insert(clientInboundAddresses)
    .values({ clientId, localPart })
    .onConflictDoUpdate({
      target: clientInboundAddresses.clientId,
      set: { localPart, createdAt: new Date() },
    });
}

export async function setReplyToSender(db: Db, clientId: string, replyToSender: boolean) {
  await db
    .update(clientInboundAddresses)
    .set({ replyToSender })
    .where(eq(clientInboundAddresses.clientId, clientId));
}

/** The client an address's local part belongs to. */
export async function findClientByLocalPart(db: Db, localPart: string) {
  const [row] = await db
    .select({ client: clients })
    .from(clientInboundAddresses)
    .innerJoin(clients, eq(clients.id, clientInboundAddresses.clientId))
    .where(eq(clientInboundAddresses.localPart, localPart));
  return row?.client ?? null;
}

/** Email addresses of the accounts behind a client: its owner and its linked freelancer. */
export async function findClientUserEmails(db: Db, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.id, userIds));
  return rows.map((row) => row.email);
}

/** A keyset page of a client's allowed senders by address (unique per client: the address is the cursor). */
export function listSenders(db: Db, clientId: string, page: { limit: number; after: string | null }) {
  return db
    .select()
    .from(inboundSenders)
    .where(
      and(
        eq(inboundSenders.clientId, clientId),
        page.after === null ? undefined : gt(inboundSenders.email, page.after),
      ),
    )
    .orderBy(inboundSenders.email)
    .limit(page.limit + 1);
}

export async function isAllowListed(db: Db, clientId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inboundSenders.id })
    .from(inboundSenders)
    .where(and(eq(inboundSenders.clientId, clientId), eq(inboundSenders.email, email)));
  return row !== undefined;
}

export async function insertSender(db: Db, clientId: string, email: string) {
  await db.insert(inboundSenders).values({ id: newId(), clientId, email }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(inboundSenders)
    .where(and(eq(inboundSenders.clientId, clientId), eq(inboundSenders.email, email)));
  if (!row) throw new Error('allow-list insert returned nothing');
  return row;
}

export async function deleteSender(db: Db, clientId: string, senderId: string): Promise<boolean> {
  const rows = await db
    .delete(inboundSenders)
    .where(and(eq(inboundSenders.clientId, clientId), eq(inboundSenders.id, senderId)))
    .returning({ id: inboundSenders.id });
  return rows.length > 0;
}

export async function insertMessage(db: Db, values: Omit<typeof inboundMessages.$inferInsert, 'id'>) {
  const id = newId();
  await db.insert(inboundMessages).values({ id, ...values });
  return id;
}

/** Where the next page of mails starts: the last one's (created_at as PostgreSQL prints it, id). */
export type MessageCursor = { createdAt: string; id: string };

/** A keyset page of a client's mails, newest first, with the documents of each one's upload batch. */
export async function listMessages(
  db: Db,
  clientId: string,
  page: { limit: number; after: MessageCursor | null },
) {
  const rows = await db
    .select({ message: inboundMessages, cursorAt: sql<string>`${inboundMessages.createdAt}::text` })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.clientId, clientId),
        page.after
          ? sql`(${inboundMessages.createdAt}, ${inboundMessages.id}) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(inboundMessages.createdAt), desc(inboundMessages.id))
    .limit(page.limit + 1);
  const batchIds = rows.flatMap(({ message }) => (message.batchId ? [message.batchId] : []));
  const docs = batchIds.length
    ? await db
        .select({
          id: documents.id,
          batchId: documents.batchId,
          filename: documents.filename,
          status: documents.status,
          invoiceId: documents.invoiceId,
        })
        .from(documents)
        .where(inArray(documents.batchId, batchIds))
        .orderBy(asc(documents.filename), asc(documents.id))
    : [];
  return rows.map(({ message, cursorAt }) => ({
    row: message,
    cursorAt,
    documents: docs.filter((d) => d.batchId === message.batchId),
  }));
}
