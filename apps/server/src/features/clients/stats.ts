import type { Db } from '../../db/client';

export type ClientStats = { documents: number; needsReview: number; grossIncomeCents: number };

const NONE: ClientStats = { documents: 0, needsReview: 0, grossIncomeCents: 0 };

/**
 * Invoice figures per client: how many, how many still to review (checked = 0), and the sum of the issued
 * ones' totals. There is no invoices table yet, so every client has none: issue 6 (the invoice pipeline)
 * replaces this body with one grouped query over its table. Callers already pass a whole page of ids.
 */
export async function findClientStats(_db: Db, clientIds: string[]): Promise<Map<string, ClientStats>> {
  return new Map(clientIds.map((id) => [id, NONE]));
}
