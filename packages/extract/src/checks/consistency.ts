// kept whole: the arithmetic checks run as one ordered pass over the same field map; the extraction engineer owns its split (issue 38, engine part).
import type { Evidence, FieldMap } from '../evidence.ts';
import { STANDARD_RATES } from '../fields/amounts/breakdown.ts';
import { issueDateWindow } from '../fields/dates.ts';
import type { AmountCand, Payment } from '../fields/index.ts';
import { isValidIban } from '../ids/iban.ts';
import { checkTaxId, normalizeTaxId } from '../ids/tax-id.ts';
import { centsToString, toCents } from '../text/numbers.ts';
import type { ExtractWarning, QrInfo, VatBreakdownEntry } from '../types.ts';

type Warn = (w: ExtractWarning) => void;
type Cands = Record<
  'tax_base' | 'vat_total' | 'total' | 'withholding_total' | 'surcharge_total',
  AmountCand[]
>;

const TOL = 1; // cent: printed figures are rounded per line
/** The recargo de equivalencia that goes with each VAT rate (Ley 37/1992, art. 161). */
const RECARGO_OF_VAT: Readonly<Record<string, number>> = { '21': 5.2, '10': 1.4, '4': 0.5 };
/** Score of a sum formed here (breakdown bases, recargo lines): a middling candidate on the ranker's scale. */
const SUM_SCORE = 0.75;
/**
 * Score taken from a sum closed with one block's base where the page prints a base per rate or exempt
 * block: the blocks' sum is the base, and one block alone closes a sum only by chance.
 */
const PART_BASE_PENALTY = 1;
/** Score taken from an amount read as a minus lost: a reading of its own, behind the printed sign. */
const LOST_MINUS_PENALTY = 1;

/**
 * Picks the combination of printed amounts for which Σ bases + VAT − withholding (+ recargo) = total
 * holds, and marks those fields verified. Without a consistent combination the best-scored candidates
 * stay, unverified, with a warning.
 */
export function reconcileAmounts(
  fields: FieldMap,
  cands: Cands,
  warn: Warn,
  doc: { creditNote?: boolean; text?: string } = {},
): void {
  reconcile(fields, cands, warn, doc.creditNote ?? false, doc.text ?? '');
  dropImplausibleSurcharge(fields, warn);
  dropImplausibleWithholding(fields, warn);
  flagPartialTotal(fields, cands.total, warn);
  // An amount due that stands for the total (nothing labelled as due, nothing paid) follows the total chosen.
  if (fields.amount_due?.source === 'computed') {
    if (fields.total) fields.amount_due = { ...fields.amount_due, value: fields.total.value };
    else delete fields.amount_due;
  }
}

/**
 * A total that is a small part of another amount printed as a total (this share of it or less): likely a
 * subtotal, one rate's total or an instalment. It stays, flagged, for the reviewer.
 */
export const SMALL_PART_OF_TOTAL = 0.25;

function flagPartialTotal(fields: FieldMap, totals: AmountCand[], warn: Warn): void {
  const ev = fields.total;
  const cents = toCents(ev?.value);
  if (!ev || ev.verified || cents == null || cents <= 0) return;
  const larger = totals.find((c) => {
    const f = c.features ?? {};
    if (!(f.tier0 || f.tier1) || f.subtotalAsTotal || f.belowPayment || f.paidFallback) return false;
    return c.cents > 0 && cents <= c.cents * SMALL_PART_OF_TOTAL;
  });
  if (!larger) return;
  ev.confidence = Math.min(ev.confidence, 0.4);
  warn({
    code: 'TOTAL_PART_OF_LARGER',
    message: `Total ${ev.value} is a small part of ${centsToString(larger.cents)}, also printed as a total`,
    field: 'total',
  });
}

/** Recargo is never more than the VAT it goes with: a surcharge read larger than the VAT is a misreading. */
function dropImplausibleSurcharge(fields: FieldMap, warn: Warn): void {
  const re = toCents(fields.surcharge_total?.value);
  const vat = toCents(fields.vat_total?.value);
  if (re == null || re === 0 || fields.surcharge_total?.verified) return;
  if (vat != null && Math.abs(re) <= Math.abs(vat)) return;
  delete fields.surcharge_total;
  warn({
    code: 'SURCHARGE_IMPLAUSIBLE',
    message: 'The equivalence surcharge read is larger than the VAT; it was left out',
    field: 'surcharge_total',
  });
}

/**
 * A withholding is a share of the base it is withheld from (IRPF at most 47 %): one read larger than the
 * base, with no sum to confirm it, is a misreading (a line's gross, a reference number).
 */
export function dropImplausibleWithholding(fields: FieldMap, warn: Warn): void {
  const w = toCents(fields.withholding_total?.value);
  const base = toCents(fields.tax_base?.value);
  if (w == null || w === 0 || base == null || base === 0 || fields.withholding_total?.verified) return;
  if (Math.abs(w) < Math.abs(base)) return;
  delete fields.withholding_total;
  delete fields.withholding_rate;
  warn({
    code: 'WITHHOLDING_IMPLAUSIBLE',
    message: 'The withholding read is not smaller than the tax base; it was left out',
    field: 'withholding_total',
  });
}

/**
 * A credit note's title: "abono" or "avoir" opening a line or with its number, "factura rectificativa",
 * "credit note", "nota de crédito", "Gutschrift". ("Abono en cuenta" alone is a way to pay, not a title.)
 */
const CREDIT_NOTE_TITLE =
  /\b(?:factura\s+(?:de\s+)?(?:abono|rectificativa)|rectificativa|credit\s*note|nota\s+de\s+(?:cr[eé]dito|abono)|gutschrift|facture\s+d.avoir|note\s+de\s+cr[eé]dit)\b|^\s*(?:abono|avoir)\b(?!\s+en\b)|\b(?:abono|avoir)\s*(?:n[°ºo.]|#)/im;

/** Whether the page names itself a credit note (its amounts are negative, whether or not the sign is read). */
export function isCreditNote(text: string): boolean {
  return CREDIT_NOTE_TITLE.test(text);
}

function reconcile(fields: FieldMap, cands: Cands, warn: Warn, creditNote: boolean, text: string): void {
  const top = (list: AmountCand[], n: number) => dedupe(list).slice(0, n);
  const breakdown = fields.vat_breakdown?.value ?? [];
  const bSum = breakdown.reduce((s, e) => s + (toCents(e.base) ?? 0), 0);
  const vSum = breakdown.reduce((s, e) => s + (toCents(e.amount) ?? 0), 0);
  const bases = top(cands.tax_base, 4).map((c) => ({ ...c, from: 'text' as const }));
  const vats = top(cands.vat_total, 5).map((c) => ({ ...c, from: 'text' as const }));
  // Bases labelled on lines of their own with different values: one per rate (or exempt) block. Their
  // sum is the base; one of them alone closes a sum only by chance (with a line's gross read as VAT).
  const rateBases = labelledBasesByBlock(cands.tax_base);
  if (rateBases.length)
    bases.push({
      cents: rateBases.reduce((s, c) => s + c.cents, 0),
      // As sure as the weakest base it sums: each was read under a base label of its own.
      score: Math.min(...rateBases.map((c) => c.score)),
      box: rateBases[0]!.box,
      from: 'text',
    });
  if (breakdown.length) {
    bases.push({
      cents: bSum,
      score: SUM_SCORE,
      box: bases[0]?.box ?? { page: 1, x: 0, y: 0, w: 0, h: 0 },
      from: 'text',
    });
    vats.push({
      cents: vSum,
      score: SUM_SCORE,
      box: vats[0]?.box ?? { page: 1, x: 0, y: 0, w: 0, h: 0 },
      from: 'text',
    });
  }
  // VAT printed once per rate ("IVA 21%   561,88 €", "IVA 10%   119,06 €", or a row of "IVA 21%   IVA 10%"
  // cells): their sum is the VAT total.
  for (const sum of perRateSums(cands.vat_total)) vats.push({ ...sum, from: 'text' as const });
  const totals = top(cands.total, 5);
  const withholdings = [null, ...top(cands.withholding_total, 3)];
  const surcharges: (AmountCand | null)[] = [null, ...top(cands.surcharge_total, 3)];
  // Recargo is printed per VAT rate: their sum is a candidate too.
  const perLine = new Map<string, AmountCand>();
  for (const c of cands.surcharge_total) perLine.set(`${c.box.page}:${c.box.y}`, c);
  if (perLine.size > 1) {
    const list = [...perLine.values()];
    surcharges.push({ cents: list.reduce((s, c) => s + c.cents, 0), score: SUM_SCORE, box: list[0]!.box });
  }
  // The recargo columns of the VAT table.
  const reRows = breakdown.filter((e) => e.surcharge_amount != null);
  if (reRows.length) {
    const cents = reRows.reduce((s, e) => s + (toCents(e.surcharge_amount) ?? 0), 0);
    surcharges.push({ cents, score: SUM_SCORE, box: vats[0]?.box ?? { page: 1, x: 0, y: 0, w: 0, h: 0 } });
  }
  // A credit note (the best total or base read negative): OCR may lose the minus of any other amount
  // (a dash read as nothing, parentheses dropped), so each positive one is tried negative too, behind.
  if ((totals[0]?.cents ?? 0) < 0 || (bases[0]?.cents ?? 0) < 0) {
    for (const list of [bases, vats, totals, surcharges] as AmountCand[][])
      for (const c of [...list])
        if (c && c.cents > 0)
          list.push({ ...c, cents: -c.cents, score: c.score - LOST_MINUS_PENALTY, signFlipped: true });
  }
  let best: {
    score: number;
    b: AmountCand;
    v: AmountCand;
    t: AmountCand;
    w: AmountCand | null;
    r: AmountCand | null;
    off: number;
  } | null = null;
  for (const t of totals) {
    for (const b of bases) {
      for (const v of vats) {
        if (v.cents === t.cents || (b.cents === t.cents && v.cents !== 0)) continue;
        // Base = total with no VAT closes for any amount printed twice: never for another total than
        // the one the ranker reads as the document's ("TOTAL BRUTO 503,00" beside "TOTAL 608,63").
        if (b.cents === t.cents && v.cents === 0 && totals[0] && t.cents !== totals[0].cents) continue;
        // VAT is never more than its base (base and VAT read in each other's place close the same sum).
        if (Math.abs(v.cents) > Math.abs(b.cents)) continue;
        for (const w of withholdings) {
          for (const r of surcharges) {
            // Recargo is never more than the VAT of its base.
            if (r && Math.abs(r.cents) > Math.abs(v.cents)) continue;
            // The withholding is a part of the base: it takes the base's sign (negative on a credit note).
            const sum = b.cents + v.cents - (w ? withheld(b, w) : 0) + (r ? r.cents : 0);
            const off = Math.abs(sum - t.cents);
            if (off > TOL) continue;
            if (b.cents === 0 && v.cents === 0) continue;
            // Arithmetic proves only over amounts read independently: one printed number read as two
            // candidates (the same box) would "close" any sum with a zero.
            if (sameBox(t, b) || sameBox(t, v) || sameBox(b, v)) continue;
            const score =
              t.score +
              b.score +
              v.score +
              (w ? w.score : 0) +
              (r ? r.score : 0) -
              (isPartOfBases(b, rateBases) ? PART_BASE_PENALTY : 0);
            if (!best || score > best.score) best = { score, b, v, t, w, r, off };
          }
        }
      }
    }
  }
  if (best) {
    // A sum that closes on another total than the one the ranker reads as the
    // document's (a tax summary's subtotal of the taxed goods, when some goods are untaxed) proves the
    // arithmetic of that table, not the total.
    const ocr = fields.total?.source === 'ocr' || fields.tax_base?.source === 'ocr';
    // Nor does it prove the total when another amount is printed as a total too, above the payment lines
    // and outside a tax summary, and is either larger (the sum may be of part of the goods; larger in
    // size, as OCR reads the dash of "Total Payable: - 51.88" as a minus) or labelled as the document's
    // total where the sum's total is not ("Total payable 22.58" under "Total 6% supplies (Inc. GST)
    // 30.01": returned goods at 0 % come off after the taxed ones). A zero is no rival: a misread total.
    const t = best.t;
    const size = (c: AmountCand) => Math.abs(c.cents);
    // On t's own line only another cell counts (a row of values under a row of labels).
    const isRival = (c: AmountCand) => {
      const f = c.features ?? {};
      if (c.cents === 0 || size(c) === size(t) || (c.line === t.line && (ocr || sameBox(c, t)))) return false;
      if (f.subtotalAsTotal || f.belowPayment || f.belowTaxSummary) return false;
      return size(c) > size(t) ? f.tier0 || f.tier1 : f.tier0 && !t.features?.tier0;
    };
    const rival = cands.total.some(isRival);
    // The ranker's own total is such a rival, labelled as the total where the sum's is not: it stays.
    const rankedRival =
      !ocr && totals[0] && isRival(totals[0]) && totals[0].features?.tier0 && !t.features?.tier0;
    // Nor with an amount only the reading fusion set aside holds ("2.50" where the other engine read
    // "92.50"): among every reading's amounts, a sum that closes by chance is likelier than a misreading.
    const chosen = [best.b, best.v, t, best.w, best.r];
    const setAside = chosen.some((c) => c?.setAside);
    // Nor does it prove a sign only one amount was read with: the others tried negative (a lost minus)
    // close the sum whatever that one sign is, and a dash or parenthesis misread as a minus happens.
    const signsRead = chosen.filter((c) => c && c.cents < 0 && !c.signFlipped).length;
    const signUnproved = chosen.some((c) => c?.signFlipped) && signsRead < 2;
    // A credit note whose amounts all came out positive: the minus was lost in reading (or never printed);
    // the sum closes either way and proves no sign.
    const creditSignUnread = creditNote && signsRead === 0;
    if (creditSignUnread)
      warn({
        code: 'CREDIT_NOTE_SIGN_UNREAD',
        message: 'A credit note whose amounts were read without a minus sign',
        field: 'total',
      });
    // A sum one cent off never proves the total (an "open amount" a cent below it closes as well as a
    // rounding does): the printed total stands, unverified, and the difference is reported.
    if (best.off > 0)
      warn({
        code: 'AMOUNTS_CENT_DIFFERENCE',
        message: `Base + taxes differ from the printed total ${centsToString(t.cents)} by ${centsToString(best.off)}`,
        field: 'total',
      });
    const partBase = isPartOfBases(best.b, rateBases);
    // A total formed by summing a table's column closes with the other columns' sums by the rows' own
    // arithmetic: it proves nothing about the document's total.
    const columnTotal = (t.features?.columnSum ?? 0) > 0;
    // Nor does an items row's net and VAT (no tax label read anywhere): that the row is the whole
    // invoice is only inferred from its gross being the total.
    const fromItemsRow = (best.b.features?.grossRow ?? 0) > 0 || (best.v.features?.grossRow ?? 0) > 0;
    const proves =
      best.off === 0 &&
      !columnTotal &&
      !fromItemsRow &&
      !partBase &&
      !(ocr && totals[0] && totals[0].cents !== t.cents) &&
      !rival &&
      !setAside &&
      !signUnproved &&
      !creditSignUnread;
    const set = (
      name: 'tax_base' | 'vat_total' | 'total' | 'withholding_total' | 'surcharge_total',
      c: AmountCand,
    ) => {
      const prev = fields[name];
      if (prev?.verified) return;
      fields[name] = {
        value: centsToString(name === 'withholding_total' ? withheld(best.b, c) : c.cents),
        confidence: proves ? 0.97 : 0.8,
        source: prev?.source ?? 'text',
        verified: proves,
        box: c.box,
        fromSum: true,
      };
    };
    set('tax_base', best.b);
    set('vat_total', best.v);
    // Read by OCR, a larger total the ranker prefers that is the sum of two totals printed above it (taxed
    // and untaxed goods) is the document's total; the sum closed on the taxed part only.
    const grand = ocr ? totals[0] : grandTotal(cands.total, t);
    if (rankedRival) {
      // fields.total is the ranker's, unverified.
    } else if (!grand || grand.cents <= t.cents || !grand.features?.sumOfTotals) set('total', best.t);
    else if (!ocr && !fields.total?.verified)
      fields.total = {
        value: centsToString(grand.cents),
        confidence: 0.8,
        source: fields.total?.source ?? 'text',
        verified: false,
        box: grand.box,
      };
    if (best.w) set('withholding_total', best.w);
    else if (fields.withholding_total && !fields.withholding_total.verified) delete fields.withholding_total;
    if (best.r) set('surcharge_total', best.r);
    else if (fields.surcharge_total && !fields.surcharge_total.verified) delete fields.surcharge_total;
    // One rate printed next to the VAT amount and base × rate = VAT: the breakdown follows. With no rate
    // beside the VAT ("Base imponible 365,40 · I.V.A. 36,54"), the one usual rate that gives it, printed
    // elsewhere on the page (a rate column): the breakdown then is computed, never verified.
    const implied =
      best.v.rate == null && !breakdown.length ? impliedRate(best.b.cents, best.v.cents, text) : null;
    const rate = best.v.rate ?? implied;
    if (!breakdown.length && rate != null && Math.abs((best.b.cents * rate) / 100 - best.v.cents) <= TOL) {
      const entry: VatBreakdownEntry = {
        rate: String(rate),
        base: centsToString(best.b.cents),
        amount: centsToString(best.v.cents),
      };
      // The recargo joins its rate's line when it is the base at that rate's recargo.
      const reRate = RECARGO_OF_VAT[String(rate)];
      if (best.r && reRate && Math.abs((best.b.cents * reRate) / 100 - best.r.cents) <= TOL) {
        entry.surcharge_rate = String(reRate);
        entry.surcharge_amount = centsToString(best.r.cents);
      }
      fields.vat_breakdown = {
        value: [entry],
        confidence: 0.95,
        source: 'computed',
        // Only as sure as the sum it comes from; a 0 % line closes with any base and proves nothing.
        verified:
          implied == null && proves && best.v.cents !== 0 && (!best.r || entry.surcharge_amount != null),
      };
    }
    return;
  }
  // Base without VAT (exempt, or a receipt): base = total.
  const t0 = totals[0];
  const b0 = bases[0];
  if (t0 && b0 && b0.cents === t0.cents && !vats.length) {
    if (fields.total) fields.total.confidence = Math.max(fields.total.confidence, 0.85);
  }
  // "Tax 0.00" and no base printed: the base is the total (computed, not verified).
  if (t0 && !bases.length && vats.length && vats.every((v) => v.cents === 0) && fields.total) {
    fields.tax_base = {
      value: centsToString(t0.cents),
      confidence: 0.6,
      source: 'computed',
      verified: false,
    };
    fields.vat_total = {
      value: '0.00',
      confidence: 0.6,
      source: fields.vat_total?.source ?? 'text',
      verified: false,
    };
    return;
  }
  if (baseFromTotalAndVat(fields, totals, vats, withholdings)) return;
  if (vatFromTotalAndBase(fields, totals, bases, vats)) return;
  perRateTotals(fields, cands, breakdown);
  if (fields.total || fields.tax_base) {
    warn({ code: 'AMOUNTS_UNRECONCILED', message: 'Base + VAT − withholding does not match the total' });
    dropImplausibleVat(fields, warn);
  }
}

/** A base (cents) below which a rate implied by base and VAT alone is not trusted: rates round together. */
const MIN_IMPLIED_RATE_BASE = 1000;

/**
 * The one usual positive rate that turns `base` into `vat` to the cent, when the page prints that rate as
 * a figure of its own ("21", "10,0", "21 %"): null when none or several fit, the base is too small to tell
 * rates apart, or the page never prints it (a mix of rates can average to a usual one by chance).
 */
export function impliedRate(base: number, vat: number, text: string): number | null {
  if (base < MIN_IMPLIED_RATE_BASE || vat <= 0) return null;
  const rates = STANDARD_RATES.filter((r) => r > 0 && Math.abs(Math.round((base * r) / 100) - vat) <= TOL);
  if (rates.length !== 1) return null;
  const [whole, frac = ''] = String(rates[0]).split('.');
  const figure = frac ? `${whole}[.,]${frac}0{0,2}` : `${whole}(?:[.,]0{1,3})?`;
  const printed = new RegExp(`(?:^|[\\s(])${figure}\\s?%?(?=[\\s)]|$)`, 'm');
  return printed.test(text) ? rates[0]! : null;
}

/**
 * No base is printed where a label names it (a fee's invoice: "Honorarios 120,00", "IVA (21%) 25,20",
 * "Total 127,20"): the base is total − VAT + withholding when that base at the VAT line's own rate gives
 * the VAT read, to the cent (with no rate printed, the one usual rate that does). The rate check is what
 * ties the three together; the base is computed and nothing is verified by it (the total and VAT were
 * each read once).
 */
function baseFromTotalAndVat(
  fields: FieldMap,
  totals: AmountCand[],
  vats: AmountCand[],
  withholdings: (AmountCand | null)[],
): boolean {
  if (fields.tax_base?.verified) return false;
  // The total and VAT the ranker chose stand: only the base is derived from them.
  const total = toCents(fields.total?.value);
  const vat = toCents(fields.vat_total?.value);
  let best: {
    score: number;
    base: number;
    /** The one rate of base and VAT; null for VAT summed over several rates (no breakdown then). */
    rate: number | null;
    t: AmountCand;
    v: AmountCand;
    w: AmountCand | null;
  } | null = null;
  for (const t of totals) {
    if (t.cents <= 0 || t.cents !== total) continue;
    for (const v of vats) {
      if ((v.rate != null && v.rate <= 0) || v.cents <= 0 || v.cents >= t.cents) continue;
      // The VAT read stands, or is one rate's part of the VAT summed over rates.
      if (vat != null && v.cents !== vat && !v.parts?.some((p) => p.cents === vat)) continue;
      for (const w of withholdings) {
        const base = t.cents - v.cents + (w ? Math.abs(w.cents) : 0);
        // VAT printed once per rate: the base is the sum of each rate's base, VAT × 100 / rate, each
        // within the rounding of its VAT.
        if (v.parts && v.parts.length > 1) {
          if (v.parts.some((p) => p.rate <= 0 || p.cents <= 0)) continue;
          const lo = v.parts.reduce((s, p) => s + ((p.cents - TOL) * 100) / p.rate, 0);
          const hi = v.parts.reduce((s, p) => s + ((p.cents + TOL) * 100) / p.rate, 0);
          if (base < lo || base > hi) continue;
          const score = t.score + v.score + (w ? w.score : 0);
          if (!best || score > best.score) best = { score, base, rate: null, t, v, w };
          continue;
        }
        const fits = (rate: number) => Math.abs(Math.round((base * rate) / 100) - v.cents) <= TOL;
        // No rate printed by the VAT ("IVA   12,31 €"): the one usual rate that gives it, on a base
        // large enough that two rates cannot both round to it.
        const rates = v.rate != null ? [v.rate] : STANDARD_RATES.filter((r) => r > 0 && fits(r));
        if (rates.length !== 1 || !fits(rates[0]!) || (v.rate == null && base < MIN_IMPLIED_RATE_BASE))
          continue;
        const score = t.score + v.score + (w ? w.score : 0);
        if (!best || score > best.score) best = { score, base, rate: rates[0]!, t, v, w };
      }
    }
  }
  if (!best) return false;
  const read = (c: AmountCand, value: string, prev: FieldMap['vat_total']) => ({
    value,
    confidence: 0.7,
    source: prev?.source ?? ('text' as const),
    verified: false,
    box: c.box,
  });
  fields.tax_base = { value: centsToString(best.base), confidence: 0.6, source: 'computed', verified: false };
  // One rate, its base and its VAT: the breakdown, as computed as the base.
  if (!fields.vat_breakdown && best.rate != null)
    fields.vat_breakdown = {
      value: [
        { rate: String(best.rate), base: centsToString(best.base), amount: centsToString(best.v.cents) },
      ],
      confidence: 0.6,
      source: 'computed',
      verified: false,
    };
  if (vat !== best.v.cents) fields.vat_total = read(best.v, centsToString(best.v.cents), fields.vat_total);
  if (best.w)
    fields.withholding_total = read(best.w, centsToString(Math.abs(best.w.cents)), fields.withholding_total);
  else if (fields.withholding_total && !fields.withholding_total.verified) delete fields.withholding_total;
  return true;
}

/**
 * No sum closes with the VAT read (OCR misread a digit of it: "8,58" for 8,68), but the total and a base
 * read apart close at the one rate printed beside the VAT: the VAT is total − base. Computed, never
 * verified; only where no withholding or recargo is read (they would stand in the difference).
 */
function vatFromTotalAndBase(
  fields: FieldMap,
  totals: AmountCand[],
  bases: AmountCand[],
  vats: AmountCand[],
): boolean {
  if (fields.vat_total?.verified || fields.withholding_total || fields.surcharge_total) return false;
  const total = toCents(fields.total?.value);
  const t = totals.find((c) => c.cents === total);
  const rates = new Set(vats.flatMap((v) => (v.rate != null && v.rate > 0 ? [v.rate] : [])));
  if (!t || total == null || total <= 0 || rates.size !== 1) return false;
  const [rate] = [...rates] as [number];
  const b = bases.find(
    (c) =>
      c.cents > 0 &&
      c.cents < total &&
      c.features != null &&
      !sameBox(c, t) &&
      Math.abs(Math.round((c.cents * rate) / 100) - (total - c.cents)) <= TOL,
  );
  if (!b) return false;
  const vat = total - b.cents;
  fields.tax_base = {
    value: centsToString(b.cents),
    confidence: 0.6,
    source: fields.tax_base?.source ?? 'text',
    verified: false,
    box: b.box,
  };
  fields.vat_total = { value: centsToString(vat), confidence: 0.5, source: 'computed', verified: false };
  if (!fields.vat_breakdown)
    fields.vat_breakdown = {
      value: [{ rate: String(rate), base: centsToString(b.cents), amount: centsToString(vat) }],
      confidence: 0.5,
      source: 'computed',
      verified: false,
    };
  return true;
}

/**
 * No sum closes, but the VAT is printed once per rate (two lines, or a breakdown of several rates) and no
 * VAT total is read above them: the VAT total is their sum (and the base the sum of the breakdown's bases,
 * when no base is labelled), never the last line alone. Unverified.
 */
function perRateTotals(fields: FieldMap, cands: Cands, breakdown: VatBreakdownEntry[]): void {
  const top = cands.vat_total[0];
  if (!fields.vat_total || fields.vat_total.verified || !top || top.rate == null) return;
  const sum = perRateSums(cands.vat_total)[0];
  const bdSum = breakdown.length > 1 ? breakdown.reduce((s, e) => s + (toCents(e.amount) ?? 0), 0) : null;
  const cents = sum?.cents ?? bdSum;
  if (cents == null) return;
  fields.vat_total = { ...fields.vat_total, value: centsToString(cents), confidence: 0.6, box: sum?.box };
  const base = breakdown.length > 1 ? breakdown.reduce((s, e) => s + (toCents(e.base) ?? 0), 0) : null;
  const labelledBase = cands.tax_base.some((c) => c.features?.tier0);
  if (base != null && !labelledBase)
    fields.tax_base = { value: centsToString(base), confidence: 0.6, source: 'computed', verified: false };
}

/**
 * Without arithmetic to confirm it, a VAT larger than the total, or than the base it is charged on, can only
 * be a misread (OCR turning a line into 2,008,047,616.00): better left for the reviewer than kept wrong.
 */
export function dropImplausibleVat(fields: FieldMap, warn: Warn): void {
  const vat = toCents(fields.vat_total?.value);
  if (vat === null || vat <= 0 || fields.vat_total?.verified) return;
  const total = toCents(fields.total?.value);
  const base = toCents(fields.tax_base?.value);
  if ((total !== null && total > 0 && vat > total) || (base !== null && base > 0 && vat > base)) {
    delete fields.vat_total;
    warn({
      code: 'VAT_IMPLAUSIBLE',
      message: 'The VAT read is larger than the total or its base; it was left out',
      field: 'vat_total',
    });
  }
}

/**
 * Read from a text layer, the largest labelled total that is the sum of the closing total `t`'s kind and
 * another printed amount (`sumOfTotals`): the document's grand total, above the part the sum closed on.
 */
function grandTotal(totals: AmountCand[], t: AmountCand): AmountCand | undefined {
  return totals
    .filter((c) => c.features?.sumOfTotals && c.cents > t.cents)
    .sort((a, b) => b.cents - a.cents)[0];
}

/** The withholding with the sign of the base it is withheld from. */
function withheld(base: AmountCand, w: AmountCand): number {
  return base.cents < 0 ? -Math.abs(w.cents) : Math.abs(w.cents);
}

/** Distinct readings kept per rate: OCR may read "3,21" as "321" too, and only the sum tells which. */
const READINGS_PER_RATE = 3;

/**
 * The sums of VAT amounts printed once per rate, when two or more rates are printed on lines (or cells)
 * of their own: one sum per choice among each rate's best-scored distinct readings (a misread decimal
 * comma gives a rate two), best-scored choice first. Empty with fewer than two rates.
 */
export function perRateSums(vats: AmountCand[]): AmountCand[] {
  // One group per rate, and per base where a line prints its own ("IVA 21% s/100,00", "IVA 21% s/50,00").
  const byRate = new Map<string, AmountCand[]>();
  for (const c of [...vats].sort((a, b) => b.score - a.score)) {
    if (c.rate == null || c.cents === 0 || c.line == null) continue;
    const key = `${c.rate}|${c.onBase ?? ''}`;
    const list = byRate.get(key) ?? [];
    byRate.set(key, list);
    if (list.length < READINGS_PER_RATE && !list.some((o) => o.cents === c.cents)) list.push(c);
  }
  // The same amount at the same rate printed again without its base (a summary repeating the rate's
  // line "IVA 21 % s/ 793,67   174,61" as "IVA 21 %: 174,61") is that line's, not another base's.
  const rates = [...byRate].flatMap(([key, list]) => {
    const [rate, base] = key.split('|');
    const repeated = (c: AmountCand) =>
      [...byRate].some(
        ([k, l]) => k !== key && k.startsWith(`${rate}|`) && l.some((o) => o.cents === c.cents),
      );
    return !base && list.every(repeated) ? [] : [list];
  });
  if (rates.length < 2) return [];
  // Each rate's amount read at a place of its own.
  const firsts = rates.map((l) => l[0]!);
  for (let i = 0; i < firsts.length; i++)
    for (let j = i + 1; j < firsts.length; j++) if (sameBox(firsts[i]!, firsts[j]!)) return [];
  let choices: AmountCand[][] = [[]];
  for (const list of rates) choices = choices.flatMap((chosen) => list.map((c) => [...chosen, c]));
  const apart = (chosen: AmountCand[]) =>
    chosen.every((a, i) => chosen.every((b, j) => j <= i || !sameBox(a, b)));
  return choices.filter(apart).map((chosen) => ({
    cents: chosen.reduce((s, c) => s + c.cents, 0),
    parts: chosen.map((c) => ({ rate: c.rate!, cents: c.cents })),
    // The best readings' sum first; every other choice a little behind it.
    score: SUM_SCORE - 0.01 * chosen.filter((c, k) => c !== rates[k]![0]).length,
    box: chosen[0]!.box,
  }));
}

/**
 * The bases printed under a base label (tier 0) on separate lines, one per line, when they differ: a
 * document that prints its base per rate or exempt block. Empty when one base value is printed.
 */
export function labelledBasesByBlock(bases: AmountCand[]): AmountCand[] {
  const byLine = new Map<number, AmountCand>();
  for (const c of [...bases].sort((a, b) => b.score - a.score)) {
    if (!c.features?.tier0 || c.line == null || c.cents === 0 || byLine.has(c.line)) continue;
    byLine.set(c.line, c);
  }
  const list = [...byLine.values()];
  return new Set(list.map((c) => c.cents)).size > 1 ? list : [];
}

/** A base that is one block's of several printed, not the sum of the others (a total base line). */
function isPartOfBases(b: AmountCand, blocks: AmountCand[]): boolean {
  if (!blocks.length || !b.features?.tier0) return false;
  const others = blocks.filter((c) => c.cents !== b.cents);
  return others.length > 0 && others.reduce((s, c) => s + c.cents, 0) !== b.cents;
}

function sameBox(a: AmountCand, b: AmountCand): boolean {
  return (
    a.line != null &&
    a.line === b.line &&
    a.box.page === b.box.page &&
    Math.abs(a.box.x - b.box.x) < 1e-3 &&
    Math.abs(a.box.y - b.box.y) < 1e-3
  );
}

function dedupe(list: AmountCand[]): AmountCand[] {
  const seen = new Set<number>();
  return list.filter((c) => {
    if (seen.has(c.cents)) return false;
    seen.add(c.cents);
    return true;
  });
}

/**
 * Cash rounding: when the arithmetic verified the unrounded total but the receipt also prints the payable
 * total rounded (a few cents off), the rounded one is the total; it stays unverified unless tendered −
 * change confirms it.
 */
export function preferRoundedTotal(
  fields: FieldMap,
  totals: AmountCand[],
  warn: Warn,
  text?: { rounding: number | null; printedCents: number[]; payment: Payment | null },
): void {
  const ev = fields.total;
  const cents = toCents(ev?.value);
  /** The payable total replaces the one read: unverified, with a warning naming both. */
  const useRounded = (value: number, confidence: number, box: Evidence['box']) => {
    if (!ev) return;
    fields.total = { value: centsToString(value), confidence, source: ev.source, verified: false, box };
    warn({
      code: 'TOTAL_ROUNDED',
      message: `Total ${ev.value} rounded to ${fields.total.value} for payment`,
    });
  };
  if (!ev || cents == null) return;
  const adj = text?.rounding;
  // Base + tax + the printed rounding adjustment: the rounded, payable total. Equal to the total read,
  // that total is already the rounded one; printed elsewhere or paid (tendered − change), it is the total
  // (the total's own print misread). Either way the sum, off by the rounding, proves nothing.
  const sum = amountSum(fields);
  if (adj && sum != null && (ev.verified || ev.fromSum)) {
    if (sum + adj === cents) return;
    const paid = text.payment?.paid;
    if (sum + adj > 0 && (paid === sum + adj || text.printedCents.includes(sum + adj))) {
      useRounded(sum + adj, 0.75, ev.box);
      return;
    }
  }
  const r = totals.find((c) => c.rounded && c.cents !== cents && Math.abs(c.cents - cents) < 10);
  if (r) {
    useRounded(r.cents, 0.8, r.box);
    return;
  }
  // Cash rounding with no adjustment line read (or one misread): what was paid, tendered − change, is a
  // few cents off the sum and printed on the page too (the rounded total). The paid one is the total.
  const paid = text?.payment?.change != null ? text.payment.paid : null;
  if (
    (ev.verified || ev.fromSum) &&
    paid != null &&
    paid !== cents &&
    Math.abs(paid - cents) < 10 &&
    text?.printedCents.includes(paid)
  ) {
    useRounded(paid, 0.75, ev.box);
    return;
  }
  // Cash rounding to five cents with no adjustment line read: the arithmetic chose the unrounded total,
  // and the same total rounded to five cents is printed as a total too.
  if ((ev.verified || ev.fromSum) && cents % 5 !== 0) {
    const r5 = Math.round(cents / 5) * 5;
    const printedAsTotal = totals.some(
      (c) => c.cents === r5 && !c.features?.subtotalAsTotal && !c.features?.paidFallback,
    );
    if (printedAsTotal) {
      useRounded(r5, 0.75, ev.box);
      return;
    }
  }
  // A rounding adjustment is printed but no rounded total was read as one: the unrounded sum is not what
  // was paid. The rounded value, if printed anywhere or equal to tendered − change, replaces it; either way the
  // arithmetic no longer verifies the payable total.
  // Only a total the arithmetic produced is surely the unrounded one; an unverified reading may already
  // be the rounded total.
  if (!adj || !(ev.verified || ev.fromSum)) return;
  const rounded = [cents + adj, cents - adj].find(
    (c) => c > 0 && (text.printedCents.includes(c) || text.payment?.paid === c),
  );
  if (rounded != null) {
    useRounded(rounded, 0.75, ev.box);
  } else {
    ev.verified = false;
    ev.confidence = Math.min(ev.confidence, 0.6);
    warn({
      code: 'TOTAL_ROUNDED',
      message: `Total ${ev.value} is before a cash rounding of ${centsToString(adj)}`,
    });
  }
}

/** Base + VAT + recargo − withholding of the fields, when base and VAT were both read. */
function amountSum(fields: FieldMap): number | null {
  const base = toCents(fields.tax_base?.value);
  const vat = toCents(fields.vat_total?.value);
  if (base == null || vat == null || fields.tax_base?.source === 'computed') return null;
  const w = toCents(fields.withholding_total?.value) ?? 0;
  const r = toCents(fields.surcharge_total?.value) ?? 0;
  return base + vat + r - w;
}

/**
 * Receipts: the printed total equals tendered − change (two other printed numbers) → verified. Only with
 * change given: a tendered amount equal to the total proves less (it may be the same misreading). And only
 * when the total was read as a total somewhere: tendered − change offered as the total's own candidate
 * cannot confirm itself.
 */
export function checkPayment(
  fields: FieldMap,
  payment: { tendered: number; change: number | null; paid: number; line?: number } | null,
  totals: AmountCand[],
  warn: Warn = () => {},
): void {
  const ev = fields.total;
  if (!ev || !payment) return;
  if (ev.verified && !payment.change && paidAnotherTotal(ev, payment, totals)) {
    // Two totals printed (before and after a coupon, a voucher, a discount at the till) and the card paid
    // the other one: the sums that closed on this one do not say which is the invoice's.
    for (const name of ['total', 'tax_base', 'vat_total', 'vat_breakdown'] as const) {
      const field = fields[name];
      if (!field) continue;
      field.verified = false;
      field.confidence = Math.min(field.confidence, 0.6);
    }
    warn({
      code: 'PAID_ANOTHER_TOTAL',
      field: 'total',
      message: 'The amount paid is another total printed on the document',
    });
    return;
  }
  if (ev.verified || !payment.change) return;
  const printedAsTotal = totals.some(
    (c) => c.cents === payment.paid && !c.features?.paidFallback && !c.features?.repeatedLargest,
  );
  if (printedAsTotal && toCents(ev.value) === payment.paid) {
    ev.verified = true;
    ev.confidence = Math.max(ev.confidence, 0.95);
  }
}

/** What was paid, without change, is printed as a total too, off the payment's own line, and differs. */
function paidAnotherTotal(
  ev: { value: string },
  payment: { paid: number; line?: number },
  totals: AmountCand[],
): boolean {
  if (Math.abs((toCents(ev.value) ?? 0) - payment.paid) <= TOL) return false;
  return totals.some(
    (c) =>
      c.cents === payment.paid &&
      c.line !== payment.line &&
      !c.features?.paidFallback &&
      !c.features?.onTenderedLine,
  );
}

/** base × rate = VAT per line of the breakdown; verifies the breakdown when every line agrees. */
export function checkBreakdown(fields: FieldMap, warn: Warn, doc: { creditNote?: boolean } = {}): void {
  const ev = fields.vat_breakdown;
  if (!ev || ev.source === 'xml') return;
  // A credit note's breakdown read positive: its sign was lost, so it is not the breakdown printed.
  if (doc.creditNote && ev.value.every((e) => (toCents(e.base) ?? 0) >= 0)) {
    ev.verified = false;
    ev.confidence = Math.min(ev.confidence, 0.7);
    return;
  }
  const ok = ev.value.every((e) => {
    const base = toCents(e.base) ?? 0;
    const amount = toCents(e.amount) ?? 0;
    return Math.abs((base * Number(e.rate)) / 100 - amount) <= TOL;
  });
  const vat = toCents(fields.vat_total?.value);
  const sum = ev.value.reduce((s, e) => s + (toCents(e.amount) ?? 0), 0);
  const base = toCents(fields.tax_base?.value);
  const bSum = ev.value.reduce((s, e) => s + (toCents(e.base) ?? 0), 0);
  // A breakdown that leaves out recargo the document charges is incomplete, however well its VAT closes.
  const surcharge = toCents(fields.surcharge_total?.value) ?? 0;
  const sSum = ev.value.reduce((s, e) => s + (toCents(e.surcharge_amount) ?? 0), 0);
  if (Math.abs(surcharge - sSum) > TOL) {
    ev.verified = false;
    ev.confidence = Math.min(ev.confidence, 0.7);
    return;
  }
  // Nor is it known complete unless its amounts add up to the total read: a recargo or other tax column
  // the breakdown lacks shows only there (and with no total read, not at all).
  const total = toCents(fields.total?.value);
  const withholding = toCents(fields.withholding_total?.value) ?? 0;
  if (
    total == null ||
    (base != null &&
      vat != null &&
      Math.abs(base + vat + surcharge - Math.abs(withholding) * Math.sign(base) - total) > TOL)
  ) {
    ev.verified = false;
    ev.confidence = Math.min(ev.confidence, 0.7);
    return;
  }
  // Base × 0 % = 0 holds for any base: a breakdown of 0 % lines alone is as sure as the VAT total read.
  const vacuous = ev.value.every((e) => Number(e.rate) === 0);
  if (vacuous && !fields.vat_total?.verified) ev.verified = false;
  // A base computed as total − VAT adds up by construction: its breakdown proves nothing.
  else if (fields.tax_base?.source === 'computed') ev.verified = false;
  // A breakdown the sum check formed (a rate beside the VAT, or one implied by base and VAT) keeps the
  // verification it was given there: its rows were not read apart from the totals.
  else if (ev.source === 'computed') return;
  // Its rows and the VAT total may be one printed line read twice ("IVA 21 % s/ 100,00   21,00"): only
  // a VAT total the sum proved is a second source.
  else if (
    ok &&
    vat != null &&
    fields.vat_total?.verified &&
    Math.abs(vat - sum) <= TOL &&
    base != null &&
    Math.abs(base - bSum) <= TOL
  ) {
    ev.verified = true;
    ev.confidence = 0.95;
  } else if (!ok) {
    ev.confidence = 0.3;
    warn({
      code: 'VAT_RATE_MISMATCH',
      message: 'A VAT amount does not equal base × rate',
      field: 'vat_breakdown',
    });
  }
}

/**
 * The VAT rates an invoice of each country may carry, past ones included (an old invoice is still read).
 * Spain: IVA 21, 10, 4; the temporary 5, 2 and 0 (2021–2024); 18 and 8 (2010–2012), 16 and 7 (before);
 * the Canary Islands' IGIC (0, 3, 5, 7, 9.5, 13.5, 15, 20) and Ceuta and Melilla's IPSI (0.5 to 10).
 */
export const COUNTRY_VAT_RATES: Readonly<Record<string, readonly number[]>> = {
  ES: [21, 10, 4, 5, 2, 0, 18, 8, 16, 7, 3, 9.5, 13.5, 15, 20, 0.5, 1, 6],
  PT: [23, 13, 6, 22, 12, 5, 16, 9, 4, 0],
  FR: [20, 10, 5.5, 2.1, 19.6, 7, 0],
  DE: [19, 7, 16, 5, 0],
  IT: [22, 10, 5, 4, 0],
  NL: [21, 9, 6, 0],
  BE: [21, 12, 6, 0],
};

/**
 * The country whose rates apply: the issuer's, by its tax id; with none read, Spain for a Spanish page
 * (`language`). Null when unknown.
 */
export function vatCountry(fields: FieldMap, language?: string | null): string | null {
  const id = fields.issuer_tax_id?.value;
  const checked = id ? checkTaxId(id) : null;
  if (checked?.valid) return checked.country;
  return !id && language === 'es' ? 'ES' : null;
}

/** A VAT rate read that the country never charged: warned, the breakdown no surer than a guess. */
export function checkVatRates(fields: FieldMap, warn: Warn, country: string | null): void {
  const ev = fields.vat_breakdown;
  const rates = country ? COUNTRY_VAT_RATES[country] : undefined;
  if (!ev || !rates || ev.source === 'xml') return;
  const unusual = ev.value.filter((e) => !e.tax_type && !rates.includes(Number(e.rate)));
  if (!unusual.length) return;
  if (!ev.verified) ev.confidence = Math.min(ev.confidence, 0.4);
  warn({
    code: 'VAT_RATE_UNUSUAL',
    message: `VAT rate ${unusual.map((e) => `${e.rate} %`).join(', ')} is not a rate of ${country}`,
    field: 'vat_breakdown',
  });
}

/** Line totals add up to the tax base (or the total). */
export function checkLineItems(fields: FieldMap, warn: Warn): void {
  const ev = fields.line_items;
  if (!ev || ev.source === 'xml') return;
  const totals = ev.value.map((l) => toCents(l.line_total));
  if (totals.some((t) => t == null)) return;
  const sum = (totals as number[]).reduce((a, b) => a + b, 0);
  const base = toCents(fields.tax_base?.value);
  const total = toCents(fields.total?.value);
  if ((base != null && Math.abs(sum - base) <= TOL) || (total != null && Math.abs(sum - total) <= TOL)) {
    ev.verified = Boolean(fields.tax_base?.verified || fields.total?.verified);
    ev.confidence = 0.9;
    // No VAT printed at all (reverse charge, exempt) and the lines add up to the total: that is the base.
    if (base == null && total != null && !fields.vat_total && !fields.vat_breakdown && sum > 0) {
      fields.tax_base = { value: centsToString(sum), confidence: 0.6, source: 'computed', verified: false };
    }
  } else {
    ev.confidence = 0.45;
    warn({
      code: 'LINES_UNRECONCILED',
      message: 'Line totals do not add up to the base',
      field: 'line_items',
    });
  }
}

/** Check characters of NIF/CIF/NIE and EU VAT ids. */
export function checkTaxIds(fields: FieldMap, warn: Warn): void {
  for (const name of ['issuer_tax_id', 'client_tax_id'] as const) {
    const ev = fields[name];
    if (!ev || ev.source === 'xml') continue;
    const check = checkTaxId(ev.value);
    if (check?.valid && check.checkable) {
      // The check character confirms a reading, not the role, and one reading is one source: verify
      // only a value read twice (text layer, both OCR engines) whose role is certain. The LLM's own
      // answer (source llm) is never read twice.
      ev.verified = ev.roleSure !== false && ev.readTwice === true && ev.source !== 'llm';
      ev.confidence = Math.max(ev.confidence, ev.verified ? 0.97 : 0.9);
    } else if (check && !check.valid) {
      ev.confidence = Math.min(ev.confidence, 0.3);
      warn({
        code: 'TAX_ID_CHECK_FAILED',
        message: `${ev.value}: check character does not match`,
        field: name,
      });
    }
  }
  if (fields.iban && !isValidIban(fields.iban.value)) {
    fields.iban.confidence = 0.2;
    fields.iban.verified = false;
    warn({ code: 'IBAN_CHECK_FAILED', message: 'IBAN fails mod-97', field: 'iban' });
  }
}

/** Dates: issue not more than MAX_ISSUE_YEARS_BACK before today nor after it (+1 day), due not before issue. */
export function checkDates(fields: FieldMap, today: string, warn: Warn): void {
  const issue = fields.issue_date;
  if (issue && issue.source !== 'xml') {
    if (issue.value < issueDateWindow(today).from || issue.value > addDays(today, 1)) {
      issue.confidence = Math.min(issue.confidence, 0.3);
      warn({
        code: 'DATE_IMPLAUSIBLE',
        message: `Issue date ${issue.value} is implausible`,
        field: 'issue_date',
      });
    }
  }
  const due = fields.due_date;
  if (due && issue && due.value < issue.value && due.source !== 'xml') {
    due.confidence = Math.min(due.confidence, 0.3);
    warn({ code: 'DUE_BEFORE_ISSUE', message: 'Due date is before the issue date', field: 'due_date' });
  }
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const norm = (s: string) => s.toUpperCase().replace(/[\s\-./#]/g, '');

/**
 * QR (VeriFactu / TicketBAI) against the printed values: equal values become verified; a QR value
 * fills a missing field; a disagreement lowers confidence and warns.
 */
export function applyQr(fields: FieldMap, qr: QrInfo, warn: Warn): void {
  const v = qr.values;
  let agree = 0;
  let disagree = 0;
  const compare = (
    name: 'issuer_tax_id' | 'invoice_number' | 'issue_date' | 'total',
    qrValue: string | undefined,
    same: (a: string, b: string) => boolean,
  ) => {
    if (!qrValue) return;
    const ev = fields[name];
    if (!ev) {
      // The QR alone is one source: filled, not verified.
      fields[name] = { value: qrValue, confidence: 0.9, source: 'qr', verified: false };
      return;
    }
    if (same(String(ev.value), qrValue)) {
      agree++;
      ev.verified = true;
      ev.confidence = Math.max(ev.confidence, 0.99);
    } else if (!ev.verified || ev.source !== 'xml') {
      disagree++;
      warn({ code: 'QR_MISMATCH', message: `QR ${name} ${qrValue} ≠ printed ${ev.value}`, field: name });
      // The QR is what the tax agency received: it wins over an unverified reading, but the two
      // disagree, so nothing is verified.
      if (!ev.verified)
        fields[name] = { value: qrValue, confidence: 0.85, source: 'qr', verified: false, box: ev.box };
    }
  };
  compare('issuer_tax_id', v.nif, (a, b) => normalizeTaxId(a).replace(/^ES/, '') === normalizeTaxId(b));
  compare(
    'invoice_number',
    v.number,
    (a, b) => norm(a) === norm(b) || (v.numberOnly != null && norm(a).endsWith(norm(v.numberOnly))),
  );
  compare('issue_date', v.date, (a, b) => a === b);
  compare('total', v.total, (a, b) => toCents(a) === toCents(b));
  qr.matchesPrinted = disagree === 0 && agree > 0 ? true : disagree > 0 ? false : null;
}
