import type { InvoiceRow as InvoiceListRow, InvoiceSort } from '@cuadra/shared';
import { and, asc, eq, fillPlaceholders, gte, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { visibleClientsOf } from '../../access/firm';
import type { Db } from '../../db/client';
import { preparedPerDb, queryArrays } from '../../db/prepared';
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
import { searchCondition } from '../review';

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

/**
 * What the invoice table shows above its rows, as one JSON value — [gross income, still to review, scans
 * available] — or null when the user may not see the client (the access rule of access/firm.ts):
 * the client's counters (kept by the database as invoices change, schema.ts `clientCounters`), so it costs
 * the same at 50 invoices and at 50,000, and the scans its payer (the owner) can still afford, their balance
 * minus what is held. Uncorrelated: PostgreSQL reads it once per statement, however many rows carry it.
 */
function listHeadOf(clientId: SQL | Placeholder, userId: string | Placeholder) {
  return sql<ListHeadJson>`(select json_build_array(cc.gross_income_cents, cc.unchecked,
      (select cb.available - cb.reserved from ${creditBalances} cb where cb.user_id = c.owner_user_id))
    from ${clients} c left join ${clientCounters} cc on cc.client_id = c.id
    where c.id = ${clientId} and ${visibleClientsOf(userId, 'c')})`;
}

type ListHeadJson = [number | string | null, number | string | null, number | string | null] | null;

function toListHead(json: ListHeadJson) {
  if (!json) return null;
  return {
    grossIncomeCents: Number(json[0] ?? 0),
    needsReviewCount: Number(json[1] ?? 0),
    scansAvailable: Number(json[2] ?? 0),
  };
}

/**
 * The columns of a page, in this order (`toPageRow` reads them by position): the head as JSON text (parsed
 * once, from the first row), then the row's own, the date as text (as the API sends it).
 */
const pageColumns = (key: SQL) => ({
  head: sql<string | null>`(${listHeadOf(sql.placeholder('clientId'), sql.placeholder('userId'))})::text`,
  id: invoices.id,
  type: invoices.type,
  number: invoices.number,
  issueDate: sql<string | null>`${invoices.issueDate}::text`,
  counterpartyName: counterparty,
  totalCents: invoices.totalCents,
  currency: invoices.currency,
  checked: invoices.checked,
  documentId: invoices.documentId,
  sortKey: sql<string | null>`(${key})::text`,
});

/** A row of the invoice table as the API sends it, from a row of `pageColumns`. */
function toPageRow(row: unknown[]): InvoiceListRow {
  return {
    id: row[1] as string,
    type: row[2] as InvoiceListRow['type'],
    number: row[3] as string | null,
    issueDate: row[4] as string | null,
    counterpartyName: row[5] as string | null,
    totalCents: row[6] as number | null,
    currency: row[7] as string,
    checked: row[8] as boolean,
    hasFile: row[9] !== null,
  };
}

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

/** A page part's statement: its text, named when it is prepared, and its parameters with placeholders. */
type PagePart = { name: string | undefined; text: string; params: unknown[] };

/** The statements of each database, by shape, built once. */
const preparedPages = preparedPerDb(() => new Map<string, PagePart>());

function pagePart(db: Db, shape: PageShape, q: string | undefined): PagePart {
  const search = searchCondition(invoices.searchKey, q);
  if (search) {
    const { sql: text, params } = buildPagePart(db, shape, search).toSQL();
    return { name: undefined, text, params };
  }
  const prepared = preparedPages(db);
  const name = `invoice_page:${shape.sort}:${shape.order}:${shape.locale}:${shape.hasFrom}:${shape.hasTo}:${shape.part}`;
  let part = prepared.get(name);
  if (!part) {
    const { sql: text, params } = buildPagePart(db, shape, undefined).toSQL();
    part = { name, text, params };
    prepared.set(name, part);
  }
  return part;
}

function runPagePart(db: Db, part: PagePart, values: Record<string, unknown>) {
  return queryArrays(db, { name: part.name, text: part.text, values: fillPlaceholders(part.params, values) });
}

/**
 * One keyset page of a client's invoices on the chosen sort, nulls last, ties broken by id (in the sort's
 * direction), with the table's head (`listHeadOf`; null when the user may not see the client) read by the
 * same statement. Two index-ordered reads instead of one `nulls last` sort: first the rows with a key after
 * the cursor (the (client_id, key, id) index, forwards or backwards), then, only when those run out, the rows
 * without a key by id. A page costs the same wherever it is in the list. The rows come as the API sends
 * them, and beside them each row's sort key (as text) for the next page's cursor.
 */
export async function findInvoicePage(db: Db, userId: string, clientId: string, query: InvoicePageQuery) {
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
    userId,
    from: query.from,
    to: query.to,
    cursorKey: cursor?.key,
    cursorId: cursor?.id,
    take: query.limit + 1,
  };
  const found =
    cursor?.key === null
      ? []
      : await runPagePart(
          db,
          pagePart(db, { ...shape, part: cursor ? 'keyed-after' : 'keyed' }, query.q),
          values,
        );
  if (found.length < values.take) {
    const nulls = await runPagePart(
      db,
      pagePart(db, { ...shape, part: cursor?.key === null ? 'nulls-after' : 'nulls' }, query.q),
      { ...values, take: values.take - found.length },
    );
    found.push(...nulls);
  }
  // A page without rows carries no head: then it is read on its own.
  const first = found[0];
  const head = first
    ? toListHead(JSON.parse(first[0] as string) as ListHeadJson)
    : await findInvoiceListHead(db, userId, clientId);
  return { head, rows: found.map(toPageRow), sortKeys: found.map((row) => row[10] as string | null) };
}

/** The invoice table's head alone (`listHeadOf`), for a page without rows; null if the user may not see it. */
export async function findInvoiceListHead(db: Db, userId: string, clientId: string) {
  const result = await db.execute(sql`select ${listHeadOf(sql`${clientId}::uuid`, userId)} as head`);
  // node-postgres and PGlite both answer with `rows`.
  const [row] = (result as unknown as { rows: { head: ListHeadJson }[] }).rows;
  return toListHead(row?.head ?? null);
}

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
