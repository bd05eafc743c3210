import type { InvoiceSort } from '@cuadra/shared';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import {
  COUNTERPARTY_SQL,
  clients,
  creditBalances,
  documents,
  foldSql,
  foldSqlEs,
  invoiceItems,
  invoices,
} from '../../db/schema';
import { visibleClientsOf } from '../firms/access';
import { searchCondition } from '../review/repo';

export type InvoiceRowDb = typeof invoices.$inferSelect;

/** The other party: the recipient of an issued invoice, the issuer of a received one, else whichever is known. */
const counterparty = sql<string | null>`case ${invoices.type}
  when 'issued' then ${invoices.recipientName}
  when 'received' then ${invoices.issuerName}
  else coalesce(${invoices.issuerName}, ${invoices.recipientName}) end`;

/** The sort key of each column, exactly as the (client_id, key, id) indexes of schema.ts hold it. */
export function invoiceSortKey(sort: InvoiceSort, locale: 'en' | 'es'): SQL {
  switch (sort) {
    case 'date':
      return sql`${invoices.issueDate}`;
    case 'number':
      return sql`lower(${invoices.number}) collate "C"`;
    case 'client':
      return sql`${locale === 'es' ? foldSqlEs(COUNTERPARTY_SQL) : foldSql(COUNTERPARTY_SQL)} collate "C"`;
    case 'total':
      return sql`${invoices.totalCents}`;
    case 'type':
      return sql`${invoices.type}`;
  }
}

/** Where the next page starts: the last row's sort key (as text; null: it was among the nulls) and id. */
export type InvoiceCursor = { key: string | null; id: string };

/**
 * One keyset page of a client's invoices on the chosen sort, nulls last, ties broken by id (in the sort's
 * direction). Two index-ordered reads instead of one `nulls last` sort: first the rows with a key after the
 * cursor (the (client_id, key, id) index, forwards or backwards), then, only when those run out, the rows
 * without a key by id. A page costs the same wherever it is in the list.
 */
export async function findInvoicePage(
  db: Db,
  clientId: string,
  query: {
    sort: InvoiceSort;
    order: 'asc' | 'desc';
    from?: string | undefined;
    to?: string | undefined;
    q?: string | undefined;
    locale: 'en' | 'es';
    limit: number;
    cursor: InvoiceCursor | null;
  },
) {
  const key = invoiceSortKey(query.sort, query.locale);
  const ascending = query.order === 'asc';
  const direction = ascending ? sql`asc` : sql`desc`;
  const after = ascending ? sql`>` : sql`<`;
  const take = query.limit + 1;
  const filters = and(
    eq(invoices.clientId, clientId),
    query.from ? gte(invoices.issueDate, query.from) : undefined,
    query.to ? lte(invoices.issueDate, query.to) : undefined,
    searchCondition(invoices.searchKey, query.q),
  );
  const columns = {
    id: invoices.id,
    type: invoices.type,
    number: invoices.number,
    issueDate: invoices.issueDate,
    counterpartyName: counterparty,
    totalCents: invoices.totalCents,
    currency: invoices.currency,
    checked: invoices.checked,
    documentId: invoices.documentId,
    sortKey: sql<string | null>`(${key})::text`,
  };
  const { cursor } = query;
  const rows =
    cursor?.key === null
      ? []
      : await db
          .select(columns)
          .from(invoices)
          .where(
            and(
              filters,
              cursor
                ? sql`(${key}, ${invoices.id}) ${after} (${cursor.key}, ${cursor.id}::uuid)`
                : sql`${key} is not null`,
            ),
          )
          .orderBy(sql`${key} ${direction}`, sql`${invoices.id} ${direction}`)
          .limit(take);
  if (rows.length < take) {
    const nulls = await db
      .select(columns)
      .from(invoices)
      .where(
        and(
          filters,
          sql`${key} is null`,
          cursor?.key === null ? sql`${invoices.id} ${after} ${cursor.id}::uuid` : undefined,
        ),
      )
      .orderBy(sql`${invoices.id} ${direction}`)
      .limit(take - rows.length);
    rows.push(...nulls);
  }
  return rows;
}

/**
 * What the invoice table shows above its rows, in one statement, and only if the user may see the client
 * (null otherwise): gross income (see gross-income.ts) and how many invoices still need review, as three
 * index-only aggregates run once each (uncorrelated subqueries): the issued invoices' stated bases (partial
 * index on issued), the breakdowns of those without a base (usually none), and the unchecked ones (partial
 * index); and the scans the client's payer (its owner) can still afford: their balance minus what is held.
 * The same sum as `grossIncomeSql` (coalesce(base, breakdown, 0) over issued invoices), split so the common
 * part reads no rows; the invoice test checks both on the same invoices. A page of 50 should not sum 5,000
 * rows' JSON, nor take four round trips.
 */
export async function findInvoiceListHead(db: Db, userId: string, clientId: string) {
  const [row] = await invoiceListHeadQuery(db).execute({ userId, clientId });
  if (!row) return null;
  return {
    grossIncomeCents: Number(row.grossIncomeCents ?? 0),
    needsReviewCount: Number(row.needsReviewCount ?? 0),
    scansAvailable: Number(row.scansAvailable ?? 0),
  };
}

function buildInvoiceListHeadQuery(db: Db) {
  const clientId = sql.placeholder('clientId');
  const userId = sql.placeholder('userId');
  // Each condition is a nested sql: drizzle prints a one-table select's own columns bare in its select
  // list, and a bare "client_id" or "id" inside a subquery could name another table's column.
  const breakdownBases = sql`(select sum((line->>'baseCents')::bigint)
    from jsonb_array_elements(${sql`${invoices.vatBreakdown}`}) as line)`;
  const issued = sql`${sql`${invoices.clientId} = ${clientId} and ${invoices.type} = 'issued'`}`;
  return db
    .select({
      grossIncomeCents: sql<string>`coalesce((select sum(${sql`${invoices.taxBaseCents}`}) from ${invoices}
          where ${issued}), 0)
        + coalesce((select sum(coalesce(${breakdownBases}, 0)) from ${invoices}
          where ${issued} and ${sql`${invoices.taxBaseCents}`} is null), 0)`,
      needsReviewCount: sql<string>`(select count(*) from ${invoices}
        where ${sql`${invoices.clientId} = ${clientId} and not ${invoices.checked}`})`,
      scansAvailable: sql<
        number | null
      >`(select ${sql`${creditBalances.available} - ${creditBalances.reserved}`}
        from ${creditBalances} where ${sql`${creditBalances.userId} = ${clients.ownerUserId}`})`,
    })
    .from(clients)
    .where(and(eq(clients.id, clientId), visibleClientsOf(userId)))
    .prepare('invoice_list_head');
}

/** The head is the same statement on every request: its five subqueries are planned once per connection. */
const invoiceListHeadQuery = preparedPerDb(buildInvoiceListHeadQuery);

export async function findInvoice(db: Db, id: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      file: {
        mediaType: documents.mediaType,
        filename: documents.filename,
        key: documents.fileKey,
        warnings: sql<unknown>`${documents.extraction} -> 'warnings'`,
        documentId: documents.id,
        splitId: documents.splitId,
        pageFrom: documents.pageFrom,
        pageTo: documents.pageTo,
      },
    })
    .from(invoices)
    .leftJoin(documents, eq(documents.id, invoices.documentId))
    .where(eq(invoices.id, id));
  return row ?? null;
}

/** Documents read as possible duplicates of this invoice, waiting for "keep both" or "discard" (issue 36). */
export function findPossibleDuplicates(db: Db, invoiceId: string) {
  return db
    .select({ documentId: documents.id, filename: documents.filename, createdAt: documents.createdAt })
    .from(documents)
    .where(and(eq(documents.duplicateOfInvoiceId, invoiceId), eq(documents.status, 'duplicate')))
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .limit(20);
}

export function findItems(db: Db, invoiceId: string) {
  return db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.position));
}

export async function updateInvoiceRow(db: Db, id: string, values: Partial<typeof invoices.$inferInsert>) {
  await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invoices.id, id));
}

export async function replaceItems(db: Db, invoiceId: string, items: (typeof invoiceItems.$inferInsert)[]) {
  await db.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  if (items.length) await db.insert(invoiceItems).values(items);
}

export async function markDocumentReviewed(db: Db, invoiceId: string) {
  await db
    .update(documents)
    .set({ status: 'ready', updatedAt: new Date() })
    .where(eq(documents.invoiceId, invoiceId));
}

/** Deletes the invoice; its document and original file stay, unlinked. */
export async function deleteInvoiceRow(db: Db, id: string) {
  await db
    .update(documents)
    .set({ invoiceId: null, updatedAt: new Date() })
    .where(eq(documents.invoiceId, id));
  await db.delete(invoices).where(eq(invoices.id, id));
}
