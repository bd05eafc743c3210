import { LOW_CONFIDENCE, type ReviewState, searchTerms } from '@cuadra/shared';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { visibleClientsOf } from '../../access/firm';
import type { Db } from '../../db/client';
import { clients, documents, invoices } from '../../db/schema';
import { escapeLike } from '../../lib/like';

const fieldCount = sql<number>`(select count(*) from jsonb_each(${invoices.evidence}))::int`;
const verifiedCount = sql<number>`(select count(*) from jsonb_each(${invoices.evidence}) e
  where e.value->>'verified' = 'true')::int`;

/** Where the next page starts: the last row's (created_at as PostgreSQL prints it, id). */
export type QueueCursor = { createdAt: string; id: string };

/** Matches a folded search on a generated search column (see `foldSql` in the schema). */
export function searchCondition(column: SQL | typeof invoices.searchKey, q: string | undefined) {
  const terms = searchTerms(q);
  if (terms.length === 0) return undefined;
  return or(...terms.map((term) => sql`${column} like ${`%${escapeLike(term)}%`}`));
}

type QueueRow = {
  id: string;
  invoice_id: string | null;
  client_id: string;
  client_name: string;
  status: string;
  filename: string;
  issuer_name: string | null;
  issue_date: string | null;
  total_cents: number | null;
  currency: string | null;
  type: 'issued' | 'received' | null;
  evidence: Record<string, { confidence?: number; verified?: boolean; source?: string | null }> | null;
  duplicate_of_invoice_id: string | null;
  original_number: string | null;
  original_issuer: string | null;
  created_at: string | Date;
  cursor_at: string;
};

/**
 * A document's place on the desk, from its status alone: saving or accepting an invoice moves its document
 * to `ready` in the same transaction as `checked`, so the two cannot disagree.
 */
function stateOf(status: string): ReviewState {
  if (status === 'queued' || status === 'processing') return 'processing';
  if (status === 'failed' || status === 'duplicate') return status;
  return status === 'ready' ? 'reviewed' : 'needs_review';
}
const STATUSES_OF: Record<ReviewState, string[]> = {
  processing: ['queued', 'processing'],
  needs_review: ['needs_review'],
  reviewed: ['ready'],
  failed: ['failed'],
  duplicate: ['duplicate'],
};

/**
 * One keyset page of the caller's documents, newest first. Per visible client, its newest documents after
 * the cursor come from the (client_id, created_at, id) index, at most a page each; the page is the newest
 * of those, and only its rows are joined to their invoices. A page costs the same wherever it is in the
 * queue, and never reads all the caller's documents.
 */
export async function findQueuePage(
  db: Db,
  userId: string,
  query: {
    limit: number;
    cursor: QueueCursor | null;
    state?: ReviewState[] | undefined;
    clientId?: string | undefined;
    q?: string | undefined;
  },
) {
  const take = query.limit + 1;
  const terms = searchTerms(query.q);
  const filters: SQL[] = [
    // An invoice deleted from an extracted document leaves the desk with it.
    sql`not (d.status in ('needs_review', 'ready') and d.invoice_id is null)`,
  ];
  if (query.state) {
    filters.push(
      sql`d.status in (${sql.join(
        query.state.flatMap((state) => STATUSES_OF[state]).map((status) => sql`${status}::document_status`),
        sql`, `,
      )})`,
    );
  }
  // Only a search needs the invoices before the page is cut: then the client's invoices that match lead.
  const source = terms.length
    ? sql`invoices s join documents d on d.invoice_id = s.id and d.client_id = s.client_id`
    : sql`documents d`;
  if (terms.length) {
    filters.push(sql`s.client_id = v.id`);
    filters.push(
      sql`(${sql.join(
        terms.map((term) => sql`s.search_key like ${`%${escapeLike(term)}%`}`),
        sql` or `,
      )})`,
    );
  }
  if (query.cursor) {
    filters.push(
      sql`(d.created_at, d.id) < (${query.cursor.createdAt}::timestamptz, ${query.cursor.id}::uuid)`,
    );
  }
  const statement = sql`
    with page as (
      select v.name as client_name, x.*
      from clients v
      cross join lateral (
        select d.id, d.invoice_id, d.client_id, d.status::text as status, d.filename, d.created_at,
          d.duplicate_of_invoice_id
        from ${source}
        where d.client_id = v.id and ${sql.join(filters, sql` and `)}
        order by d.created_at desc, d.id desc
        limit ${take}
      ) x
      where ${visibleClientsOf(userId, 'v')}
        ${query.clientId ? sql`and v.id = ${query.clientId}` : sql``}
      order by x.created_at desc, x.id desc
      limit ${take}
    )
    select page.*, page.created_at::text as cursor_at, i.issuer_name, i.issue_date::text as issue_date,
      i.total_cents, i.currency, i.type::text as type, i.evidence,
      o.number as original_number, o.issuer_name as original_issuer
    from page
    left join invoices i on i.id = page.invoice_id
    left join invoices o on o.id = page.duplicate_of_invoice_id
    order by page.created_at desc, page.id desc`;
  const result = await db.execute(statement);
  const rows = (result as unknown as { rows: QueueRow[] }).rows;
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return {
    rows: page.map((row) => {
      const evidence = Object.values(row.evidence ?? {});
      return {
        id: row.id,
        invoiceId: row.invoice_id,
        clientId: row.client_id,
        clientName: row.client_name,
        state: stateOf(row.status),
        fileName: row.filename,
        issuerName: row.issuer_name,
        issueDate: row.issue_date,
        totalCents: row.total_cents === null ? null : Number(row.total_cents),
        currency: row.invoice_id ? row.currency : null,
        type: row.type,
        duplicateOfInvoiceId: row.duplicate_of_invoice_id,
        duplicateOf: row.duplicate_of_invoice_id
          ? { number: row.original_number, issuerName: row.original_issuer }
          : null,
        fieldCount: evidence.length,
        verifiedCount: evidence.filter((e) => e.verified === true).length,
        // A remembered correction is not the engine being unsure: it does not count as low confidence.
        lowConfidenceCount: evidence.filter(
          (e) => (e.confidence ?? 1) < LOW_CONFIDENCE && e.source !== 'memory',
        ).length,
        createdAt: new Date(row.created_at).toISOString(),
      };
    }),
    next: more && last ? ({ createdAt: last.cursor_at, id: last.id } satisfies QueueCursor) : null,
  };
}

/** The caller's documents among `ids`, with what bulk acceptance needs to decide. */
export function findAcceptable(db: Db, userId: string, ids: string[]) {
  return db
    .select({
      id: documents.id,
      clientId: documents.clientId,
      invoiceId: documents.invoiceId,
      status: documents.status,
      type: invoices.type,
      checked: invoices.checked,
      taxBaseCents: invoices.taxBaseCents,
      vatTotalCents: invoices.vatTotalCents,
      withholdingCents: invoices.withholdingCents,
      surchargeCents: invoices.surchargeCents,
      totalCents: invoices.totalCents,
      vatBreakdown: invoices.vatBreakdown,
      fieldCount,
      verifiedCount,
    })
    .from(documents)
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .leftJoin(invoices, eq(invoices.id, documents.invoiceId))
    .where(and(inArray(documents.id, ids), visibleClientsOf(userId)));
}

export async function markAccepted(db: Db, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return;
  const now = new Date();
  await db.update(invoices).set({ checked: true, updatedAt: now }).where(inArray(invoices.id, invoiceIds));
  await db
    .update(documents)
    .set({ status: 'ready', updatedAt: now })
    .where(inArray(documents.invoiceId, invoiceIds));
}
