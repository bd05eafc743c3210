import type { CsvColumns } from '@cuadra/shared';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bankAccounts,
  bankCsvMappings,
  bankMovements,
  bankPayments,
  bankRules,
  bankStatements,
  invoices,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import type { MatchDecision, MatchInvoice, MatchMovement } from './matcher';

export type MovementRow = typeof bankMovements.$inferSelect;
export type StatementRow = typeof bankStatements.$inferSelect;
export type NewMovement = Omit<typeof bankMovements.$inferInsert, 'id' | 'statementId'>;

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at ~18 columns a row. */
const INSERT_CHUNK = 1000;

export async function findAccountByIban(db: Db, ownerUserId: string, iban: string) {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.ownerUserId, ownerUserId), eq(bankAccounts.iban, iban)));
  return row ?? null;
}

export async function insertAccount(
  db: Db,
  values: { clientId: string; ownerUserId: string; iban: string; currency: string },
) {
  const [row] = await db
    .insert(bankAccounts)
    .values({ id: newId(), ...values })
    .returning();
  if (!row) throw new Error('bank account not inserted');
  return row;
}

export async function knownFingerprints(db: Db, accountId: string, fingerprints: string[]) {
  if (fingerprints.length === 0) return new Set<string>();
  const rows = await db
    .select({ fingerprint: bankMovements.fingerprint })
    .from(bankMovements)
    .where(and(eq(bankMovements.accountId, accountId), inArray(bankMovements.fingerprint, fingerprints)));
  return new Set(rows.map((r) => r.fingerprint));
}

export async function insertStatement(db: Db, values: Omit<typeof bankStatements.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(bankStatements)
    .values({ id: newId(), ...values })
    .returning();
  if (!row) throw new Error('statement not inserted');
  return row;
}

export async function insertMovements(db: Db, statementId: string, rows: NewMovement[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK).map((r) => ({ id: newId(), statementId, ...r }));
    await db.insert(bankMovements).values(chunk);
  }
}

export async function findStatements(db: Db, clientId: string) {
  return db
    .select({ statement: bankStatements, iban: bankAccounts.iban })
    .from(bankStatements)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatements.accountId))
    .where(eq(bankStatements.clientId, clientId))
    .orderBy(desc(bankStatements.createdAt), desc(bankStatements.id));
}

export async function findMovements(
  db: Db,
  clientId: string,
  filter: {
    status?: string | undefined;
    statementId?: string | undefined;
    movementId?: string | undefined;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(bankMovements.clientId, clientId),
    filter.status ? eq(bankMovements.status, filter.status) : undefined,
    filter.statementId ? eq(bankMovements.statementId, filter.statementId) : undefined,
    filter.movementId ? eq(bankMovements.id, filter.movementId) : undefined,
  );
  return db
    .select({ movement: bankMovements, iban: bankAccounts.iban })
    .from(bankMovements)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankMovements.accountId))
    .where(where)
    .orderBy(desc(bankMovements.bookingDate), asc(bankMovements.sourceLine), asc(bankMovements.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function movementTotals(db: Db, clientId: string, statementId?: string) {
  const rows = await db
    .select({
      status: bankMovements.status,
      count: sql<number>`count(*)::int`,
      credits: sql<number>`coalesce(sum(${bankMovements.amountCents}) filter (where ${bankMovements.amountCents} > 0), 0)::bigint`,
      debits: sql<number>`coalesce(sum(${bankMovements.amountCents}) filter (where ${bankMovements.amountCents} < 0), 0)::bigint`,
    })
    .from(bankMovements)
    .where(
      and(
        eq(bankMovements.clientId, clientId),
        statementId ? eq(bankMovements.statementId, statementId) : undefined,
      ),
    )
    .groupBy(bankMovements.status);
  return rows.map((r) => ({ ...r, credits: Number(r.credits), debits: Number(r.debits) }));
}

export async function findMovement(db: Db, clientId: string, movementId: string) {
  const [row] = await db
    .select()
    .from(bankMovements)
    .where(and(eq(bankMovements.clientId, clientId), eq(bankMovements.id, movementId)));
  return row ?? null;
}

/** Invoices by id with what the bank has paid of them so far (in their own currency). */
export async function findInvoicesWithPaid(db: Db, clientId: string, ids?: string[]) {
  const paid = db
    .select({
      invoiceId: bankPayments.invoiceId,
      cents: sql<number>`sum(${bankPayments.invoiceCents})`.as('cents'),
    })
    .from(bankPayments)
    .groupBy(bankPayments.invoiceId)
    .as('paid');
  const rows = await db
    .select({ invoice: invoices, paidCents: sql<number>`coalesce(${paid.cents}, 0)::bigint` })
    .from(invoices)
    .leftJoin(paid, eq(paid.invoiceId, invoices.id))
    .where(
      and(
        eq(invoices.clientId, clientId),
        isNotNull(invoices.totalCents),
        ids ? inArray(invoices.id, ids) : undefined,
      ),
    );
  return rows.map((r) => ({ invoice: r.invoice, paidCents: Number(r.paidCents) }));
}

/** A proposal made from a file the client dropped for the movement (features/bank/requests.ts). */
const isRequested = sql`${bankMovements.status} = 'proposed' and ${bankMovements.reasons} @> '["requested"]'::jsonb`;

/**
 * Movements still open to matching: unmatched or proposed, except a proposal the client's own file made
 * (`requested`): the client said which invoice the movement is for, and only the accountant answers that.
 */
export async function findOpenMovements(db: Db, clientId: string): Promise<MatchMovement[]> {
  const rows = await db
    .select()
    .from(bankMovements)
    .where(
      and(
        eq(bankMovements.clientId, clientId),
        inArray(bankMovements.status, ['unmatched', 'proposed']),
        sql`not (${isRequested})`,
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    bookingDate: r.bookingDate,
    amountCents: r.amountCents,
    currency: r.currency,
    concept: r.concept,
    reference: r.reference,
    counterpartyName: r.counterpartyName,
    counterpartyIban: r.counterpartyIban,
    isHeldByUser: r.matchedBy === 'user',
  }));
}

/** What the client's own files hold proposed, per invoice (in its currency): not to be proposed twice. */
export async function requestedHolds(db: Db, clientId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ proposal: bankMovements.proposal })
    .from(bankMovements)
    .where(and(eq(bankMovements.clientId, clientId), isRequested));
  const held = new Map<string, number>();
  for (const row of rows)
    for (const a of row.proposal as { invoiceId: string; invoiceCents: number }[])
      held.set(a.invoiceId, (held.get(a.invoiceId) ?? 0) + a.invoiceCents);
  return held;
}

/** Which counterparties each IBAN has paid or been paid for, from the client's matched movements. */
export async function knownIbans(db: Db, clientId: string) {
  const rows = await db
    .select({ iban: bankMovements.counterpartyIban, invoice: invoices })
    .from(bankPayments)
    .innerJoin(bankMovements, eq(bankMovements.id, bankPayments.movementId))
    .innerJoin(invoices, eq(invoices.id, bankPayments.invoiceId))
    .where(and(eq(bankMovements.clientId, clientId), isNotNull(bankMovements.counterpartyIban)));
  const map = new Map<string, Set<string>>();
  for (const r of rows) {
    const key = counterpartyKey(r.invoice);
    if (!r.iban || !key) continue;
    map.set(r.iban, (map.get(r.iban) ?? new Set()).add(key));
  }
  return map;
}

type InvoiceRow = typeof invoices.$inferSelect;
export const counterpartyName = (i: InvoiceRow) =>
  i.type === 'issued'
    ? i.recipientName
    : i.type === 'received'
      ? i.issuerName
      : (i.issuerName ?? i.recipientName);
export function counterpartyKey(i: InvoiceRow): string | null {
  const taxId = i.type === 'issued' ? i.recipientTaxId : i.issuerTaxId;
  return taxId ?? counterpartyName(i)?.toLowerCase() ?? null;
}

export function toMatchInvoice(row: { invoice: InvoiceRow; paidCents: number }): MatchInvoice {
  const i = row.invoice;
  return {
    id: i.id,
    type: i.type,
    number: i.number,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    counterpartyName: counterpartyName(i),
    counterpartyKey: counterpartyKey(i),
    currency: i.currency,
    totalCents: i.totalCents ?? 0,
    paidCents: row.paidCents,
  };
}

/** Writes the matcher's decisions in two statements, whatever their number. */
export async function saveDecisions(db: Db, decisions: MatchDecision[]) {
  if (decisions.length === 0) return;
  const rows = decisions.map((d) => ({
    id: d.movementId,
    status: d.kind === 'auto' ? 'matched' : d.kind === 'proposed' ? 'proposed' : 'unmatched',
    matched_by: d.kind === 'auto' ? 'auto' : null,
    score: d.kind === 'none' ? null : d.score,
    reasons: d.reasons,
    proposal: d.kind === 'proposed' ? d.allocations : [],
  }));
  await db.execute(sql`
    update ${bankMovements} as m set
      status = d.status,
      matched_by = case when m.matched_by = 'user' and d.status <> 'matched' then 'user' else d.matched_by end,
      score = d.score,
      reasons = d.reasons,
      proposal = d.proposal
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as d(id uuid, status text, matched_by text, score int, reasons jsonb, proposal jsonb)
    where m.id = d.id`);
  const payments = decisions
    .filter((d) => d.kind === 'auto')
    .flatMap((d) => d.allocations.map((a) => ({ id: newId(), movementId: d.movementId, ...a })));
  await insertPayments(db, payments);
  await refreshPaidAt(db, [...new Set(payments.map((p) => p.invoiceId))]);
}

export async function insertPayments(db: Db, rows: (typeof bankPayments.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db.insert(bankPayments).values(rows.slice(i, i + INSERT_CHUNK));
  }
}

/** paid_at: the last payment's booking date once the payments settle the total; null before. */
export async function refreshPaidAt(db: Db, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return;
  await db.execute(sql`
    update ${invoices} as i set paid_at = (
      select case when coalesce(sum(p.invoice_cents), 0) >= i.total_cents then max(m.booking_date) end
      from ${bankPayments} p join ${bankMovements} m on m.id = p.movement_id
      where p.invoice_id = i.id)
    where i.id in (select jsonb_array_elements_text(${JSON.stringify(invoiceIds)}::jsonb)::uuid)`);
}

export async function paymentsOf(db: Db, movementIds: string[]) {
  if (movementIds.length === 0) return [];
  return db
    .select({ payment: bankPayments, invoice: invoices })
    .from(bankPayments)
    .innerJoin(invoices, eq(invoices.id, bankPayments.invoiceId))
    .where(inArray(bankPayments.movementId, movementIds));
}

export async function invoicesByIds(db: Db, clientId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), inArray(invoices.id, ids)));
}

/** Takes a movement's payments back; returns the invoices they were for. */
export async function deletePayments(db: Db, movementId: string) {
  const rows = await db.delete(bankPayments).where(eq(bankPayments.movementId, movementId)).returning();
  return rows.map((r) => r.invoiceId);
}

export async function updateMovement(
  db: Db,
  movementId: string,
  values: Partial<typeof bankMovements.$inferInsert>,
) {
  await db.update(bankMovements).set(values).where(eq(bankMovements.id, movementId));
}

/** The movements that pay an invoice, oldest first. */
export function findInvoicePayments(db: Db, invoiceId: string) {
  return db
    .select({
      movementId: bankPayments.movementId,
      bookingDate: bankMovements.bookingDate,
      amountCents: bankPayments.amountCents,
      currency: bankMovements.currency,
    })
    .from(bankPayments)
    .innerJoin(bankMovements, eq(bankMovements.id, bankPayments.movementId))
    .where(eq(bankPayments.invoiceId, invoiceId))
    .orderBy(asc(bankMovements.bookingDate));
}

export type RuleRow = typeof bankRules.$inferSelect;

export function findRules(db: Db, clientId: string) {
  return db
    .select()
    .from(bankRules)
    .where(eq(bankRules.clientId, clientId))
    .orderBy(asc(bankRules.createdAt));
}

export async function insertRule(db: Db, values: Omit<typeof bankRules.$inferInsert, 'id'>) {
  await db
    .insert(bankRules)
    .values({ id: newId(), ...values })
    .onConflictDoNothing();
}

export async function deleteRule(db: Db, clientId: string, ruleId: string) {
  const rows = await db
    .delete(bankRules)
    .where(and(eq(bankRules.clientId, clientId), eq(bankRules.id, ruleId)))
    .returning();
  return rows.length > 0;
}

/** Sets movements aside by rule, in one statement. */
export async function ignoreByRule(db: Db, rows: { id: string; reason: string }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${bankMovements} as m set status = 'ignored', matched_by = 'auto', ignore_reason = d.reason,
      score = null, reasons = '[]'::jsonb, proposal = '[]'::jsonb
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(id uuid, reason text)
    where m.id = d.id`);
}

/** The column mappings confirmed for a client's CSV and XLSX layouts, by header signature. */
export async function findCsvMappings(db: Db, clientId: string) {
  const rows = await db.select().from(bankCsvMappings).where(eq(bankCsvMappings.clientId, clientId));
  return new Map(rows.map((r) => [r.signature, r.columns as CsvColumns]));
}

/** Remembers (or corrects) the columns of a layout for the client. */
export async function saveCsvMapping(
  db: Db,
  values: { clientId: string; signature: string; columns: CsvColumns; iban: string | null },
) {
  await db
    .insert(bankCsvMappings)
    .values({ id: newId(), ...values })
    .onConflictDoUpdate({
      target: [bankCsvMappings.clientId, bankCsvMappings.signature],
      set: { columns: values.columns, iban: values.iban, updatedAt: new Date() },
    });
}
