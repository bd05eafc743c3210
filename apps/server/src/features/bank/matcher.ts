import { foldText, type MatchReason } from '@cuadra/shared';

/**
 * Movements → invoices, as a pure function. Each candidate invoice earns points per piece of evidence; the
 * best one (or a group summing exactly to the movement) is proposed with its reasons. Only sure matches are
 * applied on their own: the exact amount still due plus the invoice number in the concept, or plus an IBAN
 * already known to belong to that counterparty, and nothing else as good. The weights were set against the
 * generated year of `npm run bench:bank`, which measures them (precision, recall, wrong automatic matches).
 */

export type MatchMovement = {
  id: string;
  bookingDate: string;
  amountCents: number;
  currency: string;
  concept: string;
  reference: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** The accountant undid an automatic match here: propose, never apply again on its own. */
  isHeldByUser: boolean;
};

export type MatchInvoice = {
  id: string;
  type: 'issued' | 'received' | null;
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  counterpartyName: string | null;
  /** Tax id of the counterparty, else its folded name: what an IBAN is learned for. */
  counterpartyKey: string | null;
  currency: string;
  totalCents: number;
  paidCents: number;
};

/** `amountCents` in the movement's currency; `invoiceCents`: what it settles, in the invoice's currency. */
export type Allocation = { invoiceId: string; amountCents: number; invoiceCents: number };
export type MatchDecision = {
  movementId: string;
  kind: 'auto' | 'proposed' | 'none';
  allocations: Allocation[];
  score: number;
  reasons: MatchReason[];
};

/** Converts a foreign amount to euro cents on a day; null when no rate is known. */
export type ToEuro = (cents: number, currency: string, day: string) => number | null;

const POINTS: Record<MatchReason, number> = {
  amount_exact: 45,
  amount_grouped: 40,
  amount_converted: 25,
  amount_partial: 20,
  number_in_concept: 35,
  iban_known: 25,
  name_similar: 15,
  date_near: 5,
  date_late: 0,
  // Said by the client, not read by the matcher: it never adds to a score (features/bank/requests.ts).
  requested: 0,
};
/** Below this a candidate is not worth the accountant's look: an exact amount alone (45) is proposed. */
export const PROPOSE_MIN_SCORE = 40;
/** A payment may come a week before the invoice date (advance) and up to 400 days after (late payers). */
const DAYS_BEFORE_ISSUE = 7;
const DAYS_AFTER_ISSUE = 400;
/** "Near": paid between a week before and 60 days after the due date (or the issue date without one). */
const NEAR_DAYS = 60;
/** A foreign invoice paid in euros: the bank's rate and fees differ from the ECB's by up to 3 %. */
const CONVERSION_TOLERANCE = 0.03;
/** Grouped payments: at most this many invoices in one transfer, searched among this many candidates. */
const GROUP_MAX = 4;
const GROUP_POOL = 14;
/** Invoice numbers shorter than this (after dropping separators) are too common to be evidence. */
const NUMBER_MIN_LENGTH = 3;
const NAME_MIN_SHARE = 0.6;
const LEGAL_FORMS = new Set([
  'sl',
  'sa',
  'slu',
  'sll',
  'scp',
  'sc',
  'cb',
  'sau',
  'slp',
  'gmbh',
  'ltd',
  'inc',
  'sas',
  'sarl',
  'bv',
]);

const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;
const compact = (text: string) => foldText(text).replace(/[^a-z0-9]/g, '');

/** The invoice number inside the concept, not as part of a longer number ("F-12" is not in "F-123"). */
export function numberInText(number: string | null, text: string): boolean {
  return numberInCompact(number ? compact(number) : '', compact(text));
}

function numberInCompact(needle: string, hay: string): boolean {
  if (needle.length < NUMBER_MIN_LENGTH || !/\d/.test(needle)) return false;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const before = hay[at - 1];
    const after = hay[at + needle.length];
    const digitEdge = (ch: string | undefined, edge: string | undefined) =>
      ch !== undefined && /\d/.test(ch) && edge !== undefined && /\d/.test(edge);
    if (!digitEdge(before, needle[0]) && !digitEdge(after, needle.at(-1))) return true;
  }
  return false;
}

function nameTokens(name: string): string[] {
  return foldText(name)
    .replace(/[.,]/g, '')
    .split(/[^a-z0-9ñ]+/)
    .filter((t) => t.length >= 3 && !LEGAL_FORMS.has(t));
}

/** Most of the invoice counterparty's words appear in the movement's counterparty name or concept. */
export function nameInText(name: string | null, text: string): boolean {
  return nameInWords(name ? nameTokens(name) : [], new Set(nameTokens(text)));
}

function nameInWords(tokens: string[], words: Set<string>): boolean {
  if (tokens.length === 0) return false;
  const found = tokens.filter((t) => words.has(t)).length;
  return found / tokens.length >= NAME_MIN_SHARE;
}

type Candidate = { invoice: MatchInvoice; due: number; reasons: MatchReason[]; score: number };

export function matchMovements(
  movements: MatchMovement[],
  invoices: MatchInvoice[],
  knownIbans: Map<string, Set<string>>,
  toEuro: ToEuro,
): MatchDecision[] {
  const open = new Map(invoices.map((i) => [i.id, { ...i }]));
  // Each invoice's evidence, worked out once rather than once per movement.
  const prepared = [...open.values()].map((invoice) => ({
    invoice,
    number: invoice.number ? compact(invoice.number) : '',
    tokens: invoice.counterpartyName ? nameTokens(invoice.counterpartyName) : [],
    issued: invoice.issueDate ? dayNumber(invoice.issueDate) : Number.NaN,
    expected: dayNumber(invoice.dueDate ?? invoice.issueDate ?? '1970-01-01'),
  }));
  const dueOf = (i: MatchInvoice) => i.totalCents - i.paidCents;
  const ordered = [...movements].sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
  const decisions = new Map<string, MatchDecision>();
  const learn = (movement: MatchMovement, allocations: Allocation[]) => {
    if (!movement.counterpartyIban) return;
    const keys = knownIbans.get(movement.counterpartyIban) ?? new Set<string>();
    for (const a of allocations) {
      const key = open.get(a.invoiceId)?.counterpartyKey;
      if (key) keys.add(key);
    }
    knownIbans.set(movement.counterpartyIban, keys);
  };
  const apply = (allocations: Allocation[]) => {
    for (const a of allocations) {
      const invoice = open.get(a.invoiceId);
      if (invoice) invoice.paidCents += a.invoiceCents;
    }
  };

  const candidatesOf = (m: MatchMovement): Candidate[] => {
    const amount = Math.abs(m.amountCents);
    const type = m.amountCents > 0 ? 'issued' : 'received';
    const day = dayNumber(m.bookingDate);
    const hay = compact(`${m.concept} ${m.reference ?? ''}`);
    const words = new Set(nameTokens(`${m.counterpartyName ?? ''} ${m.concept}`));
    const ibanKeys = m.counterpartyIban ? knownIbans.get(m.counterpartyIban) : undefined;
    const list: Candidate[] = [];
    for (const { invoice, number, tokens, issued, expected } of prepared) {
      if (invoice.type !== null && invoice.type !== type) continue;
      const due = dueOf(invoice);
      if (due <= 0 || !invoice.issueDate) continue;
      if (day < issued - DAYS_BEFORE_ISSUE || day > issued + DAYS_AFTER_ISSUE) continue;
      const reasons: MatchReason[] = [];
      if (invoice.currency === m.currency) {
        if (amount === due) reasons.push('amount_exact');
        else if (amount < due) reasons.push('amount_partial');
      } else if (m.currency === 'EUR') {
        // Only into euros: the ECB table has euro reference rates, not cross rates between other currencies.
        const euros = toEuro(due, invoice.currency, invoice.issueDate);
        if (euros !== null && Math.abs(euros - amount) <= euros * CONVERSION_TOLERANCE) {
          reasons.push('amount_converted');
        }
      }
      if (numberInCompact(number, hay)) reasons.push('number_in_concept');
      if (ibanKeys && invoice.counterpartyKey && ibanKeys.has(invoice.counterpartyKey))
        reasons.push('iban_known');
      if (nameInWords(tokens, words)) reasons.push('name_similar');
      reasons.push(day <= expected + NEAR_DAYS ? 'date_near' : 'date_late');
      const score = reasons.reduce((s, r) => s + POINTS[r], 0);
      list.push({ invoice, due, reasons, score });
    }
    return list;
  };

  const isSure = (c: Candidate) =>
    c.reasons.includes('amount_exact') &&
    (c.reasons.includes('number_in_concept') || c.reasons.includes('iban_known'));
  const closeness = (m: MatchMovement, c: Candidate) =>
    Math.abs(dayNumber(m.bookingDate) - dayNumber(c.invoice.dueDate ?? c.invoice.issueDate ?? m.bookingDate));

  /** A group of invoices of one counterparty whose amounts due add up exactly to the movement. */
  const groupFor = (m: MatchMovement, candidates: Candidate[]): Candidate[] | null => {
    const amount = Math.abs(m.amountCents);
    const related = candidates
      .filter(
        (c) =>
          c.invoice.currency === m.currency &&
          c.due < amount &&
          c.reasons.some((r) => r === 'number_in_concept' || r === 'iban_known' || r === 'name_similar'),
      )
      .sort((a, b) => b.score - a.score || closeness(m, a) - closeness(m, b))
      .slice(0, GROUP_POOL);
    let best: Candidate[] | null = null;
    let bestScore = -1;
    const walk = (start: number, chosen: Candidate[], sum: number) => {
      if (sum === amount && chosen.length >= 2) {
        const score = chosen.reduce((s, c) => s + c.score, 0) / chosen.length;
        if (score > bestScore) {
          best = [...chosen];
          bestScore = score;
        }
        return;
      }
      if (chosen.length >= GROUP_MAX || sum >= amount) return;
      for (let i = start; i < related.length; i++) {
        const c = related[i] as Candidate;
        chosen.push(c);
        walk(i + 1, chosen, sum + c.due);
        chosen.pop();
      }
    };
    walk(0, [], 0);
    return best;
  };

  // Pass 1: sure matches, applied in date order; each teaches which counterparty an IBAN belongs to.
  for (const m of ordered) {
    if (m.isHeldByUser) continue;
    const candidates = candidatesOf(m);
    const sure = candidates.filter(isSure);
    const exact = candidates.filter((c) => c.reasons.includes('amount_exact'));
    const [only] = sure;
    if (sure.length === 1 && only) {
      // By IBAN alone, another open invoice of the same amount makes it a guess (a monthly fee): propose.
      const byNumber = only.reasons.includes('number_in_concept');
      if (byNumber || exact.length === 1) {
        const allocations = [{ invoiceId: only.invoice.id, amountCents: only.due, invoiceCents: only.due }];
        decisions.set(m.id, {
          movementId: m.id,
          kind: 'auto',
          allocations,
          score: Math.min(100, only.score),
          reasons: only.reasons,
        });
        learn(m, allocations);
        apply(allocations);
        continue;
      }
    }
    // One transfer for several invoices, each named in the concept: as sure as a single one.
    const group = groupFor(m, candidates);
    if (group?.every((c) => c.reasons.includes('number_in_concept'))) {
      const allocations = group.map((c) => ({
        invoiceId: c.invoice.id,
        amountCents: c.due,
        invoiceCents: c.due,
      }));
      decisions.set(m.id, {
        movementId: m.id,
        kind: 'auto',
        allocations,
        score: 100,
        reasons: mergeReasons(group, 'amount_grouped'),
      });
      learn(m, allocations);
      apply(allocations);
    }
  }

  // Pass 2: proposals for the rest; what is proposed is set aside so two equal payments propose two invoices.
  for (const m of ordered) {
    if (decisions.has(m.id)) continue;
    const candidates = candidatesOf(m).sort((a, b) => b.score - a.score || closeness(m, a) - closeness(m, b));
    const best = candidates[0];
    const isBestNamed = best?.reasons.includes('amount_exact') && best.reasons.includes('number_in_concept');
    const group = isBestNamed ? null : groupFor(m, candidates);
    const groupNamed = group?.some((c) => c.reasons.includes('number_in_concept')) ?? false;
    const isGroupBetter = group !== null && (groupNamed || !best?.reasons.includes('amount_exact'));
    let decision: MatchDecision = { movementId: m.id, kind: 'none', allocations: [], score: 0, reasons: [] };
    if (group && isGroupBetter) {
      const reasons = mergeReasons(group, 'amount_grouped');
      const score = Math.min(
        100,
        reasons.reduce((s, r) => s + POINTS[r], 0),
      );
      const allocations = group.map((c) => ({
        invoiceId: c.invoice.id,
        amountCents: c.due,
        invoiceCents: c.due,
      }));
      decision = { movementId: m.id, kind: 'proposed', allocations, score, reasons };
    } else if (best && best.score >= PROPOSE_MIN_SCORE) {
      const isConverted = best.reasons.includes('amount_converted');
      const amountCents = isConverted ? Math.abs(m.amountCents) : Math.min(Math.abs(m.amountCents), best.due);
      const allocations = [
        { invoiceId: best.invoice.id, amountCents, invoiceCents: isConverted ? best.due : amountCents },
      ];
      decision = {
        movementId: m.id,
        kind: 'proposed',
        allocations,
        score: Math.min(100, best.score),
        reasons: best.reasons,
      };
    }
    if (decision.kind === 'proposed') apply(decision.allocations);
    decisions.set(m.id, decision);
  }
  return movements.map((m) => decisions.get(m.id) as MatchDecision);
}

function mergeReasons(group: Candidate[], extra: MatchReason): MatchReason[] {
  const all = new Set<MatchReason>([extra]);
  for (const c of group)
    for (const r of c.reasons) if (r !== 'amount_partial' && r !== 'amount_exact') all.add(r);
  if (all.has('date_near')) all.delete('date_late');
  return [...all];
}
