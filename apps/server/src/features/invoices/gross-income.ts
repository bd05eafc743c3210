import { sql } from 'drizzle-orm';
import { invoices } from '../../db/schema';

/**
 * Gross income as a SQL aggregate over invoice rows, for the client list and page: the same definition as
 * `grossIncomeCents` in `@cuadra/shared` (the tax base of the issued invoices, or their breakdown's bases
 * when no base is stated; credit notes subtract), summed in the database instead of in memory. The figures
 * test checks the two agree on the same invoices.
 */
export function grossIncomeSql() {
  const breakdownBases = sql`(select sum((line->>'baseCents')::bigint) from jsonb_array_elements(${invoices.vatBreakdown}) as line)`;
  return sql<number>`coalesce(sum(coalesce(${invoices.taxBaseCents}, ${breakdownBases}, 0)) filter (where ${invoices.type} = 'issued'), 0)::bigint`;
}
