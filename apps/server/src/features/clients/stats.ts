import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientCounters } from '../../db/schema';

export type ClientStats = { documents: number; needsReview: number; grossIncomeCents: number };

/**
 * Invoice figures per client, for a page of ids: how many invoices, how many still to review (checked = 0),
 * and their gross income (the same definition as `grossIncomeCents` in `@cuadra/shared`: the tax base of
 * the issued invoices, or their breakdown's bases when no base is stated; credit notes subtract). Read from
 * the counters the database keeps as invoices change (schema.ts `clientCounters`): one row per client,
 * whatever the client holds. The figures test checks them against the shared definition.
 */
export async function findClientStats(db: Db, clientIds: string[]): Promise<Map<string, ClientStats>> {
  const stats = new Map<string, ClientStats>(
    clientIds.map((id) => [id, { documents: 0, needsReview: 0, grossIncomeCents: 0 }]),
  );
  if (clientIds.length === 0) return stats;
  const rows = await db.select().from(clientCounters).where(inArray(clientCounters.clientId, clientIds));
  for (const row of rows) {
    stats.set(row.clientId, {
      documents: row.invoices,
      needsReview: row.unchecked,
      grossIncomeCents: Number(row.grossIncomeCents),
    });
  }
  return stats;
}
