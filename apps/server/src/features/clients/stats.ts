import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import { grossIncomeSql } from '../invoices/gross-income';

export type ClientStats = { documents: number; needsReview: number; grossIncomeCents: number };

/**
 * Invoice figures per client, in one grouped query over a page of ids: how many invoices, how many still to
 * review (checked = 0), and their gross income (see gross-income.ts).
 */
export async function findClientStats(db: Db, clientIds: string[]): Promise<Map<string, ClientStats>> {
  const stats = new Map<string, ClientStats>(
    clientIds.map((id) => [id, { documents: 0, needsReview: 0, grossIncomeCents: 0 }]),
  );
  if (clientIds.length === 0) return stats;
  const rows = await db
    .select({
      clientId: invoices.clientId,
      documents: sql<number>`count(*)::int`,
      needsReview: sql<number>`(count(*) filter (where not ${invoices.checked}))::int`,
      grossIncomeCents: grossIncomeSql(),
    })
    .from(invoices)
    .where(inArray(invoices.clientId, clientIds))
    .groupBy(invoices.clientId);
  for (const row of rows) {
    stats.set(row.clientId, {
      documents: Number(row.documents),
      needsReview: Number(row.needsReview),
      grossIncomeCents: Number(row.grossIncomeCents),
    });
  }
  return stats;
}

/**
 * What a row of the client list shows, in one query over a page of ids: how many invoices and how many still
 * to review, each counted from an index alone ((client_id, issue_date, id) and the partial unchecked one).
 * No gross income: that sums every invoice's breakdown, and only the client's own page shows it.
 */
export async function findClientCounts(
  db: Db,
  clientIds: string[],
): Promise<Map<string, Pick<ClientStats, 'documents' | 'needsReview'>>> {
  const counts = new Map(clientIds.map((id) => [id, { documents: 0, needsReview: 0 }]));
  if (clientIds.length === 0) return counts;
  const result = await db.execute(sql`select c.id,
      (select count(*) from ${invoices} where ${invoices.clientId} = c.id) as documents,
      (select count(*) from ${invoices} where ${invoices.clientId} = c.id and not ${invoices.checked}) as needs_review
    from unnest(${`{${clientIds.join(',')}}`}::uuid[]) as c(id)`);
  const rows = (result as unknown as { rows: { id: string; documents: unknown; needs_review: unknown }[] })
    .rows;
  for (const row of rows) {
    counts.set(row.id, { documents: Number(row.documents), needsReview: Number(row.needs_review) });
  }
  return counts;
}
