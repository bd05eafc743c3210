/** Field-level scoring following the rules suggested in ../shared/bench/README.md. */

export type Truth = Record<string, unknown>;

const MONEY = new Set([
  'tax_base',
  'vat_total',
  'withholding_total',
  'surcharge_total',
  'total',
  'amount_due',
]);
const DATES = new Set(['issue_date', 'due_date']);
const IDS = new Set(['invoice_number', 'issuer_tax_id', 'client_tax_id', 'document_type_code', 'iban']);
const NAMES = new Set(['issuer_name', 'client_name', 'issuer_address']);

export const SCORED_FIELDS = [
  'invoice_number',
  'document_type_code',
  'issue_date',
  'due_date',
  'issuer_name',
  'issuer_tax_id',
  'issuer_address',
  'client_name',
  'client_tax_id',
  'currency',
  'tax_base',
  'vat_total',
  'withholding_total',
  'surcharge_total',
  'total',
  'amount_due',
  'vat_breakdown',
  'iban',
] as const;

export function normId(s: string): string {
  return s
    .toUpperCase()
    .replace(/[\s\-./]/g, '')
    .replace(/^#/, '');
}

export function normName(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

export function ratio(a: string, b: string): number {
  if (!a && !b) return 1;
  return 1 - levenshtein(a, b) / Math.max(a.length, b.length);
}

/** A token-set ratio in the spirit of fuzzywuzzy: compares the intersection with each remainder. */
export function tokenSetRatio(a: string, b: string): number {
  const ta = new Set(normName(a).split(' ').filter(Boolean));
  const tb = new Set(normName(b).split(' ').filter(Boolean));
  const inter = [...ta].filter((t) => tb.has(t)).sort();
  const ra = [...ta].filter((t) => !tb.has(t)).sort();
  const rb = [...tb].filter((t) => !ta.has(t)).sort();
  const s0 = inter.join(' ');
  const s1 = [s0, ...ra].join(' ').trim();
  const s2 = [s0, ...rb].join(' ').trim();
  return Math.max(ratio(s0, s1), ratio(s0, s2), ratio(s1, s2));
}

const money = (v: unknown) => (v == null || v === '' ? null : Math.round(Number(v) * 100));

export function fieldCorrect(name: string, truth: unknown, pred: unknown, truthAll: Truth): boolean {
  if (pred == null) return false;
  if (MONEY.has(name)) return money(truth) === money(pred);
  if (DATES.has(name)) return truth === pred;
  if (IDS.has(name)) {
    if (normId(String(truth)) === normId(String(pred))) return true;
    if (name === 'issuer_tax_id' || name === 'client_tax_id') {
      const all = (truthAll[name === 'issuer_tax_id' ? 'issuer_tax_ids' : 'client_tax_ids'] ?? []) as {
        id: string;
      }[];
      return all.some((x) => normId(x.id) === normId(String(pred)));
    }
    return false;
  }
  if (NAMES.has(name))
    return (
      normName(String(truth)) === normName(String(pred)) || tokenSetRatio(String(truth), String(pred)) >= 0.9
    );
  if (name === 'currency') return String(truth).toUpperCase() === String(pred).toUpperCase();
  if (name === 'vat_breakdown') {
    type Entry = { rate: string; base: string; amount: string; surcharge_amount?: string };
    const t = truth as Entry[];
    const p = pred as Entry[];
    if (!Array.isArray(p) || t.length !== p.length) return false;
    return t.every((e) =>
      p.some(
        (x) =>
          Number(x.rate) === Number(e.rate) &&
          money(x.base) === money(e.base) &&
          money(x.amount) === money(e.amount) &&
          // a recargo the truth states must be read too; one the truth leaves out is not held against it
          (e.surcharge_amount === undefined ||
            money(x.surcharge_amount ?? '0') === money(e.surcharge_amount)),
      ),
    );
  }
  return JSON.stringify(truth) === JSON.stringify(pred);
}

type Line = {
  description?: string;
  quantity?: string;
  unit_price?: string;
  line_total?: string;
  vat_rate?: string;
};

/** A predicted line stands for a true one: description alike (fuzzy) and every amount the truth gives agrees. */
function lineMatches(t: Line, x: Line): boolean {
  if (tokenSetRatio(t.description ?? '', x.description ?? '') < 0.8) return false;
  return (['quantity', 'unit_price', 'line_total', 'vat_rate'] as const).every(
    (k) => t[k] == null || (x[k] != null && Math.abs(Number(t[k]) - Number(x[k])) < 0.005),
  );
}

/**
 * Lines matched one to one, as many as can be: a maximum matching over the pairs `lineMatches` accepts
 * (augmenting paths). A greedy pass by best description undercounts near-duplicate rows ("Licencia
 * mensual" twice, at two prices): the first true row may take the second's prediction and leave it none.
 */
export function scoreLines(
  truth: Line[],
  pred: Line[] | undefined,
): { correct: number; truth: number; pred: number } {
  const p = pred ?? [];
  const fits = truth.map((t) => p.flatMap((x, i) => (lineMatches(t, x) ? [i] : [])));
  const owner: (number | undefined)[] = new Array(p.length);
  const augment = (ti: number, seen: Set<number>): boolean => {
    for (const pi of fits[ti]!) {
      if (seen.has(pi)) continue;
      seen.add(pi);
      const held = owner[pi];
      if (held === undefined || augment(held, seen)) {
        owner[pi] = ti;
        return true;
      }
    }
    return false;
  };
  let correct = 0;
  for (let ti = 0; ti < truth.length; ti++) if (augment(ti, new Set())) correct++;
  return { correct, truth: truth.length, pred: p.length };
}
