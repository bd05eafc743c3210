import { createHash } from 'node:crypto';
import {
  type BankMovement,
  type BankRule,
  type BankStatement,
  type CsvMapping,
  foldText,
  type IgnoreReason,
  type ImportResult,
  type MatchReason,
  MOVEMENT_STATUSES,
  type MovementList,
  type MovementQuery,
  type MovementStatus,
  type RuleList,
} from '@cuadra/shared';
import { visibleClientOrThrow } from '../../access/clients';
import type { UserRow } from '../../access/users';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { newId } from '../../lib/ids';
import type { Services } from '../../services';
import { loadRates, rateOn, toEuroCents } from '../currency';
import { type Allocation, matchMovements, type ToEuro } from './matcher';
import { readStatement } from './parse';
import * as repo from './repo';
import { ruleFor, rulePattern } from './rules';
import type { ParsedAccount } from './statement';

/** 10 MiB: a year of a busy account in camt.053 is about 3 MB; Norma 43 is a fifth of that. */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Movement identity across files: its fields and its rank among identical ones of its account. */
function fingerprints(account: ParsedAccount): string[] {
  const seen = new Map<string, number>();
  return account.movements.map((m) => {
    const key = [
      m.bookingDate,
      m.valueDate ?? '',
      m.amountCents,
      foldText(m.concept),
      m.reference ?? '',
    ].join('|');
    const rank = seen.get(key) ?? 0;
    seen.set(key, rank + 1);
    return createHash('sha256').update(`${key}#${rank}`).digest('hex');
  });
}

/**
 * One file → its accounts' statements and new movements, in one transaction, then matching. Nothing is kept
 * when the file cannot be read, does not add up, names another client's account, or brings nothing new.
 */
export async function importStatement(
  services: Services,
  user: UserRow,
  clientId: string,
  fileName: string,
  bytes: Uint8Array,
  iban: string | null = null,
  mapping: CsvMapping | null = null,
): Promise<ImportResult> {
  const client = await visibleClientOrThrow(services, user, clientId);
  if (bytes.length > STATEMENT_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', { maxBytes: STATEMENT_MAX_BYTES });
  const saved = await repo.findCsvMappings(services.db, client.id);
  const parsed = await readStatement(bytes, { iban, saved, mapping });
  const fileSha256 = createHash('sha256').update(bytes).digest('hex');
  return services.db.transaction(async (tx) => {
    const statements: BankStatement[] = [];
    let imported = 0;
    let duplicates = 0;
    for (const account of parsed.accounts) {
      const existing = await repo.findAccountByIban(tx, client.ownerUserId, account.iban);
      if (existing && existing.clientId !== client.id) {
        throw new AppError('STATEMENT_ACCOUNT_OTHER_CLIENT', { iban: account.iban });
      }
      const bankAccount =
        existing ??
        (await repo.insertAccount(tx, {
          clientId: client.id,
          ownerUserId: client.ownerUserId,
          iban: account.iban,
          currency: account.currency,
        }));
      const prints = fingerprints(account);
      const known = await repo.knownFingerprints(tx, bankAccount.id, prints);
      const fresh = account.movements
        .map((m, i) => ({ m, print: prints[i] as string }))
        .filter(({ print }) => !known.has(print));
      duplicates += account.movements.length - fresh.length;
      imported += fresh.length;
      const statement = await repo.insertStatement(tx, {
        clientId: client.id,
        accountId: bankAccount.id,
        format: parsed.format,
        fileName: fileName.slice(0, 255),
        fileSha256,
        periodFrom: account.periodFrom,
        periodTo: account.periodTo,
        currency: account.currency,
        openingCents: account.openingCents,
        closingCents: account.closingCents,
        movementCount: account.movements.length,
        newMovementCount: fresh.length,
      });
      await repo.insertMovements(
        tx,
        statement.id,
        fresh.map(({ m, print }) => ({
          clientId: client.id,
          accountId: bankAccount.id,
          fingerprint: print,
          bookingDate: m.bookingDate,
          valueDate: m.valueDate,
          amountCents: m.amountCents,
          currency: account.currency,
          concept: m.concept,
          counterpartyName: m.counterpartyName,
          counterpartyIban: m.counterpartyIban,
          reference: m.reference,
          sourceLine: m.sourceLine,
          sourceText: m.sourceText,
        })),
      );
      statements.push(statementOf(statement, account.iban));
    }
    if (imported === 0) throw new AppError('STATEMENT_DUPLICATE', { movements: duplicates });
    // A layout read by a confirmed mapping is remembered: the next file like it is read without asking.
    if (parsed.layout && mapping) {
      await repo.saveCsvMapping(tx, {
        clientId: client.id,
        signature: parsed.layout.signature,
        columns: parsed.layout.columns,
        iban: parsed.accounts[0]?.iban ?? null,
      });
    }
    const { matched, proposed } = await matchClient(services, tx, client.id);
    return { statements, imported, duplicates, matched, proposed };
  });
}

function statementOf(row: repo.StatementRow, iban: string): BankStatement {
  return {
    id: row.id,
    iban,
    format: row.format as BankStatement['format'],
    fileName: row.fileName,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    currency: row.currency,
    openingCents: row.openingCents,
    closingCents: row.closingCents,
    movementCount: row.movementCount,
    newMovementCount: row.newMovementCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function euroConverter(services: Services): ToEuro {
  const rates = loadRates(services.config.DATA_DIR);
  return (cents, currency, day) => {
    const rate = rateOn(rates, currency, day);
    return rate ? toEuroCents(cents, rate.rate) : null;
  };
}

/** Runs the matcher over the client's open movements and stores what it decides. */
export async function matchClient(services: Services, db: Db, clientId: string) {
  const movements = await repo.findOpenMovements(db, clientId);
  // An invoice the client's own file proposes for a movement is held for it, as if paid.
  const held = await repo.requestedHolds(db, clientId);
  const invoices = (await repo.findInvoicesWithPaid(db, clientId)).map((row) =>
    repo.toMatchInvoice({ ...row, paidCents: row.paidCents + (held.get(row.invoice.id) ?? 0) }),
  );
  const decisions = matchMovements(
    movements,
    invoices,
    await repo.knownIbans(db, clientId),
    euroConverter(services),
  );
  await repo.saveDecisions(db, decisions);
  // What no invoice explains and a saved rule describes is set aside (never what the accountant reopened).
  const rules = await repo.findRules(db, clientId);
  const byId = new Map(movements.map((m) => [m.id, m]));
  const ignored = decisions.flatMap((d) => {
    const movement = byId.get(d.movementId);
    const rule = d.kind === 'none' && movement && !movement.isHeldByUser ? ruleFor(movement, rules) : null;
    return rule ? [{ id: d.movementId, reason: rule.reason }] : [];
  });
  await repo.ignoreByRule(db, ignored);
  return {
    matched: decisions.filter((d) => d.kind === 'auto').length,
    proposed: decisions.filter((d) => d.kind === 'proposed').length,
  };
}

export async function rematch(services: Services, user: UserRow, clientId: string) {
  const client = await visibleClientOrThrow(services, user, clientId);
  return services.db.transaction((tx) => matchClient(services, tx, client.id));
}

export async function listStatements(services: Services, user: UserRow, clientId: string) {
  const client = await visibleClientOrThrow(services, user, clientId);
  const rows = await repo.findStatements(services.db, client.id);
  return { statements: rows.map((r) => statementOf(r.statement, r.iban)) };
}

export async function listMovements(
  services: Services,
  user: UserRow,
  clientId: string,
  query: MovementQuery,
): Promise<MovementList> {
  const client = await visibleClientOrThrow(services, user, clientId);
  // One row past the page tells whether another follows.
  const fetched = await repo.findMovements(services.db, client.id, { ...query, limit: query.limit + 1 });
  const rows = fetched.slice(0, query.limit);
  const movements = await describeMovements(services.db, client.id, rows);
  const totals = await repo.movementTotals(services.db, client.id, query.statementId);
  const byStatus = Object.fromEntries(MOVEMENT_STATUSES.map((s) => [s, 0])) as Record<MovementStatus, number>;
  for (const t of totals) byStatus[t.status as MovementStatus] = t.count;
  return {
    movements,
    nextOffset: fetched.length > query.limit ? query.offset + query.limit : null,
    totals: {
      count: totals.reduce((s, t) => s + t.count, 0),
      byStatus,
      creditsCents: totals.reduce((s, t) => s + t.credits, 0),
      debitsCents: totals.reduce((s, t) => s + t.debits, 0),
    },
  };
}

/** Rows → API movements: the matched invoices from the payments, the proposed ones from the proposal. */
async function describeMovements(
  db: Db,
  clientId: string,
  rows: { movement: repo.MovementRow; iban: string }[],
): Promise<BankMovement[]> {
  const payments = await repo.paymentsOf(
    db,
    rows.filter((r) => r.movement.status === 'matched').map((r) => r.movement.id),
  );
  const proposals = rows.flatMap((r) =>
    r.movement.status === 'proposed' ? (r.movement.proposal as Allocation[]) : [],
  );
  const proposed = new Map(
    (await repo.invoicesByIds(db, clientId, [...new Set(proposals.map((p) => p.invoiceId))])).map((i) => [
      i.id,
      i,
    ]),
  );
  type InvoiceRow = NonNullable<ReturnType<typeof proposed.get>>;
  const describe = (invoice: InvoiceRow, amountCents: number) => ({
    invoiceId: invoice.id,
    number: invoice.number,
    counterparty: repo.counterpartyName(invoice),
    issueDate: invoice.issueDate,
    totalCents: invoice.totalCents,
    currency: invoice.currency,
    amountCents,
  });
  return rows.map(({ movement: m, iban }) => {
    const invoices =
      m.status === 'matched'
        ? payments
            .filter((p) => p.payment.movementId === m.id)
            .map((p) => describe(p.invoice, p.payment.amountCents))
        : m.status === 'proposed'
          ? (m.proposal as Allocation[]).flatMap((a) => {
              const invoice = proposed.get(a.invoiceId);
              return invoice ? [describe(invoice, a.amountCents)] : [];
            })
          : [];
    return {
      id: m.id,
      statementId: m.statementId,
      iban,
      bookingDate: m.bookingDate,
      valueDate: m.valueDate,
      amountCents: m.amountCents,
      currency: m.currency,
      concept: m.concept,
      counterpartyName: m.counterpartyName,
      counterpartyIban: m.counterpartyIban,
      reference: m.reference,
      sourceLine: m.sourceLine,
      status: m.status as MovementStatus,
      matchedBy: (m.matchedBy as BankMovement['matchedBy']) ?? null,
      ignoreReason: (m.ignoreReason as IgnoreReason | null) ?? null,
      score: m.score,
      reasons: m.reasons as MatchReason[],
      invoices,
    };
  });
}

async function movementOrThrow(db: Db, clientId: string, movementId: string) {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const row = UUID.test(movementId) ? await repo.findMovement(db, clientId, movementId) : null;
  if (!row) throw new AppError('MOVEMENT_NOT_FOUND');
  return row;
}

async function oneMovement(db: Db, clientId: string, movementId: string) {
  const rows = await repo.findMovements(db, clientId, { movementId, limit: 1, offset: 0 });
  const [described] = await describeMovements(db, clientId, rows);
  if (!described) throw new AppError('MOVEMENT_NOT_FOUND');
  return described;
}

/**
 * Matches a movement to the given invoices (or its standing proposal): the amount goes to each in turn, up
 * to what it still owes; anything over goes to the last one. Replaces any earlier match of the movement.
 */
export async function matchMovement(
  services: Services,
  user: UserRow,
  clientId: string,
  movementId: string,
  invoiceIds: string[] | undefined,
) {
  const client = await visibleClientOrThrow(services, user, clientId);
  await services.db.transaction(async (tx) => {
    const movement = await movementOrThrow(tx, client.id, movementId);
    const previous = await repo.deletePayments(tx, movement.id);
    const ids = invoiceIds ?? (movement.proposal as Allocation[]).map((a) => a.invoiceId);
    if (ids.length === 0) throw new AppError('MATCH_INVALID', { reason: 'no_invoices' });
    const found = await repo.findInvoicesWithPaid(tx, client.id, ids);
    const byId = new Map(found.map((f) => [f.invoice.id, f]));
    const type = movement.amountCents > 0 ? 'issued' : 'received';
    const allocations: Allocation[] = [];
    let left = Math.abs(movement.amountCents);
    for (const [n, id] of ids.entries()) {
      const row = byId.get(id);
      if (!row || (row.invoice.type !== null && row.invoice.type !== type)) {
        throw new AppError('MATCH_INVALID', { invoiceId: id });
      }
      const due = Math.max(0, (row.invoice.totalCents ?? 0) - row.paidCents);
      const isLast = n === ids.length - 1;
      const isForeign = row.invoice.currency !== movement.currency;
      const amountCents = isLast ? left : Math.min(left, due);
      // A foreign invoice paid in euros: what was paid settles what it owed, whatever the bank's rate.
      const invoiceCents = isForeign ? due : amountCents;
      allocations.push({ invoiceId: id, amountCents, invoiceCents });
      left -= amountCents;
    }
    await repo.insertPayments(
      tx,
      allocations.map((a) => ({ id: newId(), movementId: movement.id, ...a })),
    );
    await repo.updateMovement(tx, movement.id, {
      status: 'matched',
      matchedBy: 'user',
      ignoreReason: null,
      proposal: [],
      score: movement.status === 'proposed' && !invoiceIds ? movement.score : null,
      reasons: movement.status === 'proposed' && !invoiceIds ? movement.reasons : [],
    });
    await repo.refreshPaidAt(tx, [...new Set([...previous, ...ids])]);
  });
  return oneMovement(services.db, client.id, movementId);
}

/** Undoes a match (automatic or not): the payments go, the invoices are unpaid again, the movement is left open. */
export async function unmatchMovement(
  services: Services,
  user: UserRow,
  clientId: string,
  movementId: string,
) {
  const client = await visibleClientOrThrow(services, user, clientId);
  await services.db.transaction(async (tx) => {
    const movement = await movementOrThrow(tx, client.id, movementId);
    const previous = await repo.deletePayments(tx, movement.id);
    // matchedBy `user` on an unmatched movement: the matcher may propose but never applies it again.
    await repo.updateMovement(tx, movement.id, {
      status: 'unmatched',
      matchedBy: 'user',
      ignoreReason: null,
      proposal: [],
      score: null,
      reasons: [],
    });
    await repo.refreshPaidAt(tx, previous);
  });
  return oneMovement(services.db, client.id, movementId);
}

export async function ignoreMovement(
  services: Services,
  user: UserRow,
  clientId: string,
  movementId: string,
  reason: IgnoreReason,
  remember = false,
) {
  const client = await visibleClientOrThrow(services, user, clientId);
  await services.db.transaction(async (tx) => {
    const movement = await movementOrThrow(tx, client.id, movementId);
    const pattern = remember ? rulePattern(movement.concept) : null;
    if (remember && !pattern) throw new AppError('MATCH_INVALID', { reason: 'concept_too_short' });
    const previous = await repo.deletePayments(tx, movement.id);
    await repo.updateMovement(tx, movement.id, {
      status: 'ignored',
      matchedBy: 'user',
      ignoreReason: reason,
      proposal: [],
      score: null,
      reasons: [],
    });
    await repo.refreshPaidAt(tx, previous);
    if (pattern) {
      const direction = movement.amountCents < 0 ? 'debit' : 'credit';
      await repo.insertRule(tx, { clientId: client.id, pattern, direction, reason });
      await matchClient(services, tx, client.id);
    }
  });
  return oneMovement(services.db, client.id, movementId);
}

export async function listRules(services: Services, user: UserRow, clientId: string): Promise<RuleList> {
  const client = await visibleClientOrThrow(services, user, clientId);
  const rows = await repo.findRules(services.db, client.id);
  return {
    rules: rows.map((r) => ({
      id: r.id,
      pattern: r.pattern,
      direction: r.direction as BankRule['direction'],
      reason: r.reason as IgnoreReason,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Forgets a rule; what it already set aside stays so until undone one by one. */
export async function removeRule(services: Services, user: UserRow, clientId: string, ruleId: string) {
  const client = await visibleClientOrThrow(services, user, clientId);
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(ruleId) || !(await repo.deleteRule(services.db, client.id, ruleId))) {
    throw new AppError('NOT_FOUND');
  }
}
