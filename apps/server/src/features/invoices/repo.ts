import type { InvoiceSort } from '@cuadra/shared';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import {
  COUNTERPARTY_SQL,
  clientCounters,
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

/** What a page of the invoice table asks for; `findInvoicePage` reads it. */
export type InvoicePageQuery = {
  sort: InvoiceSort;
  order: 'asc' | 'desc';
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  locale: 'en' | 'es';
  limit: number;
  cursor: InvoiceCursor | null;
};

/**
 * The statement's shape: everything that changes its SQL text rather than its parameters. A page without
 * a search has one of a few hundred shapes, each prepared once per database (and planned once per
 * connection); a search (its terms are OR-ed, their number varies) is built per request.
 */
type PageShape = {
  sort: InvoiceSort;
  order: 'asc' | 'desc';
  locale: 'en' | 'es';
  hasFrom: boolean;
  hasTo: boolean;
  /** Which rows: those with a key (after the cursor's key, if any), or those without one (after its id). */
  part: 'keyed' | 'keyed-after' | 'nulls' | 'nulls-after';
};

const pageColumns = (key: SQL) => ({
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
});

/** One part of a page as a statement with placeholders (clientId, from, to, cursorKey, cursorId, take). */
function buildPagePart(db: Db, shape: PageShape, search: SQL | undefined) {
  const key = invoiceSortKey(shape.sort, shape.locale);
  const ascending = shape.order === 'asc';
  const direction = ascending ? sql`asc` : sql`desc`;
  const after = ascending ? sql`>` : sql`<`;
  const cursorId = sql`${sql.placeholder('cursorId')}::uuid`;
  const keyed = shape.part === 'keyed' || shape.part === 'keyed-after';
  const position = {
    keyed: sql`${key} is not null`,
    'keyed-after': sql`(${key}, ${invoices.id}) ${after} (${sql.placeholder('cursorKey')}, ${cursorId})`,
    nulls: sql`${key} is null`,
    'nulls-after': sql`${key} is null and ${invoices.id} ${after} ${cursorId}`,
  }[shape.part];
  return db
    .select(pageColumns(key))
    .from(invoices)
    .where(
      and(
        eq(invoices.clientId, sql.placeholder('clientId')),
        shape.hasFrom ? gte(invoices.issueDate, sql.placeholder('from')) : undefined,
        shape.hasTo ? lte(invoices.issueDate, sql.placeholder('to')) : undefined,
        search,
        position,
      ),
    )
    .orderBy(...(keyed ? [sql`${key} ${direction}`] : []), sql`${invoices.id} ${direction}`)
    .limit(sql.placeholder('take'));
}

type PagePart = ReturnType<ReturnType<typeof buildPagePart>['prepare']>;

/** The prepared parts of each database, by shape. */
const preparedPages = preparedPerDb(() => new Map<string, PagePart>());

function pagePart(db: Db, shape: PageShape, q: string | undefined) {
  const search = searchCondition(invoices.searchKey, q);
  if (search) return buildPagePart(db, shape, search);
  const prepared = preparedPages(db);
  const name = `invoice_page:${shape.sort}:${shape.order}:${shape.locale}:${shape.hasFrom}:${shape.hasTo}:${shape.part}`;
  let part = prepared.get(name);
  if (!part) {
    part = buildPagePart(db, shape, undefined).prepare(name);
    prepared.set(name, part);
  }
  return part;
}

/**
 * One keyset page of a client's invoices on the chosen sort, nulls last, ties broken by id (in the sort's
 * direction). Two index-ordered reads instead of one `nulls last` sort: first the rows with a key after the
 * cursor (the (client_id, key, id) index, forwards or backwards), then, only when those run out, the rows
 * without a key by id. A page costs the same wherever it is in the list.
 */
export async function findInvoicePage(db: Db, clientId: string, query: InvoicePageQuery) {
  const { cursor } = query;
  const shape = {
    sort: query.sort,
    order: query.order,
    // Only the counterparty's sort key depends on the language; one shape for the others.
    locale: query.sort === 'client' ? query.locale : 'en',
    hasFrom: Boolean(query.from),
    hasTo: Boolean(query.to),
  } as const;
  const values = {
    clientId,
    from: query.from,
    to: query.to,
    cursorKey: cursor?.key,
    cursorId: cursor?.id,
    take: query.limit + 1,
  };
  const rows =
    cursor?.key === null
      ? []
      : await pagePart(db, { ...shape, part: cursor ? 'keyed-after' : 'keyed' }, query.q).execute(values);
  if (rows.length < values.take) {
    const nulls = await pagePart(
      db,
      { ...shape, part: cursor?.key === null ? 'nulls-after' : 'nulls' },
      query.q,
    ).execute({ ...values, take: values.take - rows.length });
    rows.push(...nulls);
  }
  return rows;
}

/**
 * What the invoice table shows above its rows, in one statement, and only if the user may see the client
 * (null otherwise): gross income and how many invoices still need review, read from the client's counters
 * (kept by the database as invoices change, schema.ts `clientCounters`), so a page costs the same at 50
 * invoices and at 50,000; and the scans the client's payer (its owner) can still afford: their balance minus
 * what is held.
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
  return db
    .select({
      grossIncomeCents: clientCounters.grossIncomeCents,
      needsReviewCount: clientCounters.unchecked,
      scansAvailable: sql<
        number | null
      >`(select ${sql`${creditBalances.available} - ${creditBalances.reserved}`}
        from ${creditBalances} where ${sql`${creditBalances.userId} = ${clients.ownerUserId}`})`,
    })
    .from(clients)
    .leftJoin(clientCounters, eq(clientCounters.clientId, clients.id))
    .where(and(eq(clients.id, sql.placeholder('clientId')), visibleClientsOf(sql.placeholder('userId'))))
    .prepare('invoice_list_head');
}

/** The head is the same statement on every request: planned once per connection. */
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
