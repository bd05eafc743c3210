/**
 * The fiscal arithmetic: pure functions, integer cents in and out, rounding written out (half away from
 * zero, to the cent, once per figure). No database, no dates other than the strings handed in.
 */
import {
  type FiscalSummary,
  grossIncomeCents,
  isVatLine,
  type LegalForm,
  type Modelo130Quarter,
  type Modelo303Quarter,
  percentOf,
  roundDiv,
  taxBaseOf,
  type VatRateLine,
} from '@cuadra/shared';
import { type Bracket, DEFAULT_REGION, scaleForYear, type TaxScale } from './tax-scales';

export type FiscalVatLine = {
  rate: string;
  baseCents: number | null;
  vatCents: number | null;
  surchargeRate?: string;
  surchargeCents?: number | null;
  /** Absent for VAT; IGIC, IPSI, special taxes otherwise (never counted as VAT). */
  taxType?: string;
};

/** What the figures need from an invoice. */
export type FiscalInvoice = {
  type: 'issued' | 'received' | null;
  issueDate: string | null;
  taxBaseCents: number | null;
  vatTotalCents: number | null;
  withholdingCents: number | null;
  surchargeCents: number | null;
  vatBreakdown: FiscalVatLine[];
  checked: boolean;
};

/** 1–4, or null without a date. */
export function quarterOf(isoDate: string): number {
  return Math.floor((Number(isoDate.slice(5, 7)) - 1) / 3) + 1;
}

/** `21`, `21.0`, `21.00` → `21`; `5.50` → `5.5`. */
function normaliseRate(rate: string): string {
  const n = Number(rate);
  return Number.isFinite(n) ? String(n) : rate;
}

/**
 * An invoice's VAT lines. Without a breakdown but with a base and a VAT total, one line whose rate is
 * VAT ÷ base to one decimal (an extraction that found totals only).
 */
export function vatLinesOf(invoice: FiscalInvoice): VatRateLine[] {
  const vatEntries = invoice.vatBreakdown.filter(isVatLine);
  // A breakdown of other taxes only (IGIC, IPSI): no VAT at all, and the totals must not be read as VAT.
  if (invoice.vatBreakdown.length > 0 && vatEntries.length === 0) return [];
  const lines = vatEntries.filter((l) => (l.baseCents ?? 0) !== 0 || (l.vatCents ?? 0) !== 0);
  if (lines.length > 0) {
    return lines.map((l) => ({
      rate: normaliseRate(l.rate),
      baseCents: l.baseCents ?? 0,
      vatCents: l.vatCents ?? 0,
      surchargeCents: l.surchargeCents ?? 0,
    }));
  }
  const base = invoice.taxBaseCents ?? 0;
  const vat = invoice.vatTotalCents ?? 0;
  if (base === 0 && vat === 0) return [];
  // The rate from magnitudes: a credit note's negative base and VAT give the same positive rate.
  const rate = base === 0 ? '0' : String(roundDiv(Math.abs(vat) * 1000, Math.abs(base)) / 10);
  return [{ rate, baseCents: base, vatCents: vat, surchargeCents: invoice.surchargeCents ?? 0 }];
}

/** Lines summed per rate, highest rate first. */
export function sumByRate(lines: VatRateLine[]): VatRateLine[] {
  const byRate = new Map<string, VatRateLine>();
  for (const line of lines) {
    const sum = byRate.get(line.rate) ?? { rate: line.rate, baseCents: 0, vatCents: 0, surchargeCents: 0 };
    sum.baseCents += line.baseCents;
    sum.vatCents += line.vatCents;
    sum.surchargeCents += line.surchargeCents;
    byRate.set(line.rate, sum);
  }
  return [...byRate.values()].sort((a, b) => Number(b.rate) - Number(a.rate));
}

const total = (lines: VatRateLine[], pick: (l: VatRateLine) => number) =>
  lines.reduce((sum, l) => sum + pick(l), 0);

/**
 * Modelo 303 for the four quarters. Charged: VAT and recargo on the issued invoices; deductible: VAT on the
 * received ones (recargo paid is not deductible). A negative result is carried forward and compensated
 * against the positive results of later quarters, up to their amount (boxes 110 / 78 of the form).
 */
export function modelo303Year(
  quarters: { charged: VatRateLine[]; deductible: VatRateLine[] }[],
  carriedIntoYearCents = 0,
): Modelo303Quarter[] {
  let carry = carriedIntoYearCents;
  return quarters.map((q, index) => {
    const charged = sumByRate(q.charged);
    const deductible = sumByRate(q.deductible);
    const chargedTotal = total(charged, (l) => l.vatCents + l.surchargeCents);
    const deductibleTotal = total(deductible, (l) => l.vatCents);
    const result = chargedTotal - deductibleTotal;
    let applied = 0;
    let toPay = 0;
    if (result > 0) {
      applied = Math.min(result, carry);
      toPay = result - applied;
      carry -= applied;
    } else {
      carry += -result;
    }
    return {
      quarter: index + 1,
      charged,
      chargedTotalCents: chargedTotal,
      deductible,
      deductibleTotalCents: deductibleTotal,
      regimeResultCents: result,
      compensationAppliedCents: applied,
      toPayCents: toPay,
      carryForwardCents: carry,
    };
  });
}

/** 20 %: the fractional payment rate of Modelo 130 (art. 110.1.a RIRPF). */
export const MODELO_130_RATE_BP = 2000;

/**
 * Box 13 of Modelo 130 (art. 110.3.c RIRPF): the reduction per quarter by the prior year's net yield
 * from the activity — 100 € up to 9,000 €, 75 € up to 10,000 €, 50 € up to 11,000 €, 25 € up to 12,000 €,
 * nothing above.
 */
export function box13Reduction(priorNetYieldCents: number): number {
  if (priorNetYieldCents <= 900_000) return 10_000;
  if (priorNetYieldCents <= 1_000_000) return 7_500;
  if (priorNetYieldCents <= 1_100_000) return 5_000;
  if (priorNetYieldCents <= 1_200_000) return 2_500;
  return 0;
}

/**
 * Art. 109.1 RIRPF: no Modelo 130 is due when at least 70 % of the prior year's income from the activity
 * bore withholding. Compared in integers: withheld × 100 ≥ income × 70.
 */
export function isModelo130Exempt(
  priorIncomeCents: number,
  priorIncomeWithWithholdingCents: number,
): boolean {
  return priorIncomeCents > 0 && priorIncomeWithWithholdingCents * 100 >= priorIncomeCents * 70;
}

/**
 * Modelo 130 for the four quarters, from each quarter's own income, expenses and withholdings. Boxes 01,
 * 02 and 06 are cumulative since 1 January; box 04 is 20 % of a positive box 03; box 05 sums the positive
 * box 07 of earlier quarters; box 07 = 04 − 05 − 06. The box 13 reduction applies up to a positive box 07
 * and what a quarter cannot use passes to the next quarters of the year (the form's box 15).
 */
export function modelo130Year(
  quarters: { incomeCents: number; expensesCents: number; withholdingsCents: number }[],
  reductionPerQuarterCents = 0,
): Modelo130Quarter[] {
  let income = 0;
  let expenses = 0;
  let withholdings = 0;
  let earlierPositive = 0;
  let unusedReduction = 0;
  return quarters.map((q, index) => {
    income += q.incomeCents;
    expenses += q.expensesCents;
    withholdings += q.withholdingsCents;
    const net = income - expenses;
    const twenty = net > 0 ? percentOf(net, MODELO_130_RATE_BP) : 0;
    const result = twenty - earlierPositive - withholdings;
    const available = unusedReduction + reductionPerQuarterCents;
    const reduction = Math.min(available, Math.max(0, result));
    unusedReduction = available - reduction;
    const row: Modelo130Quarter = {
      quarter: index + 1,
      incomeCents: income,
      expensesCents: expenses,
      netYieldCents: net,
      twentyPercentCents: twenty,
      earlierPaymentsCents: earlierPositive,
      withholdingsCents: withholdings,
      resultCents: result,
      reductionCents: reduction,
      toPayCents: Math.max(0, result) - reduction,
    };
    if (result > 0) earlierPositive += result;
    return row;
  });
}

/** Tax on a base by a scale, exact per bracket (cents × basis points), rounded once to the cent. */
export function taxByScale(baseCents: number, brackets: Bracket[]): number {
  let from = 0;
  let sum = 0; // cents × basis points
  for (const bracket of brackets) {
    if (baseCents <= from) break;
    const top = bracket.upToCents === null ? baseCents : Math.min(baseCents, bracket.upToCents);
    sum += (top - from) * bracket.rateBasisPoints;
    if (bracket.upToCents === null) break;
    from = bracket.upToCents;
  }
  return roundDiv(sum, 10_000);
}

/** The quota of one half: the scale on the base minus the scale on the personal minimum (never below 0). */
export function halfQuota(baseCents: number, brackets: Bracket[], personalMinimumCents: number): number {
  const base = Math.max(0, baseCents);
  return Math.max(0, taxByScale(base, brackets) - taxByScale(Math.min(base, personalMinimumCents), brackets));
}

/** The combined bracket a base reaches: bounds and the state + regional marginal rate. */
export function bracketReached(baseCents: number, scale: TaxScale, region: string) {
  const regional = scale.regions[region] ?? [];
  const bounds = [
    ...new Set([...scale.state, ...regional].map((b) => b.upToCents ?? Number.POSITIVE_INFINITY)),
  ].sort((a, b) => a - b);
  const rateAt = (brackets: Bracket[], cents: number) =>
    brackets.find((b) => b.upToCents === null || cents < b.upToCents)?.rateBasisPoints ?? 0;
  const base = Math.max(0, baseCents);
  let from = 0;
  for (const bound of bounds) {
    if (base < bound) {
      return {
        fromCents: from,
        toCents: Number.isFinite(bound) ? bound : null,
        rateBasisPoints: rateAt(scale.state, base) + rateAt(regional, base),
      };
    }
    from = bound;
  }
  return {
    fromCents: from,
    toCents: null,
    rateBasisPoints: rateAt(scale.state, base) + rateAt(regional, base),
  };
}

export type FiscalYearInput = {
  clientId: string;
  year: number;
  includeUnreviewed: boolean;
  /** Every invoice of the client dated in the year (reviewed or not: the count of unreviewed is reported). */
  invoices: FiscalInvoice[];
  /** Invoices dated in the year before, for box 13 and the 70 % rule. */
  priorYearInvoices: FiscalInvoice[];
  region?: string;
  /** From the client's tax profile. A company files no Modelo 130 and pays no IRPF: neither is computed. */
  legalForm?: LegalForm;
};

const isUsable = (i: FiscalInvoice) => i.type !== null && i.issueDate !== null;

/** The whole fiscal summary of a client's year, from its invoices. */
export function summariseFiscalYear(input: FiscalYearInput): FiscalSummary {
  const region = input.region ?? DEFAULT_REGION;
  const counted = input.invoices.filter((i) => input.includeUnreviewed || i.checked);
  const usable = counted.filter(isUsable);
  const quarters = [1, 2, 3, 4].map((q) => usable.filter((i) => quarterOf(i.issueDate as string) === q));

  const issued = (list: FiscalInvoice[]) => list.filter((i) => i.type === 'issued');
  const received = (list: FiscalInvoice[]) => list.filter((i) => i.type === 'received');
  const base = (list: FiscalInvoice[]) => list.reduce((s, i) => s + taxBaseOf(i), 0);
  const withheld = (list: FiscalInvoice[]) => list.reduce((s, i) => s + (i.withholdingCents ?? 0), 0);

  const modelo303 = modelo303Year(
    quarters.map((list) => ({
      charged: issued(list).flatMap(vatLinesOf),
      deductible: received(list).flatMap(vatLinesOf),
    })),
  );

  // The prior year counts its invoices on the same reviewed / unreviewed choice.
  const prior = input.priorYearInvoices.filter((i) => (input.includeUnreviewed || i.checked) && isUsable(i));
  const priorIncome = grossIncomeCents(prior);
  const priorNet = priorIncome - grossIncomeCents(prior, 'received');
  // A credit note of an invoice that bore withholding carries it negative, and takes its base back out.
  const priorWithWithholding = base(issued(prior).filter((i) => (i.withholdingCents ?? 0) !== 0));
  // Without invoices for the prior year we cannot know its yield: no reduction is assumed.
  const reductionPerQuarter = prior.length > 0 ? box13Reduction(priorNet) : 0;

  const modelo130 = modelo130Year(
    quarters.map((list) => ({
      incomeCents: grossIncomeCents(list),
      expensesCents: grossIncomeCents(list, 'received'),
      withholdingsCents: withheld(issued(list)),
    })),
    reductionPerQuarter,
  );

  const { scaleYear, scale } = scaleForYear(input.year);
  const income = grossIncomeCents(usable);
  const expenses = grossIncomeCents(usable, 'received');
  const taxableBase = Math.max(0, income - expenses);
  const withholdings = withheld(issued(usable));
  const stateTax = halfQuota(taxableBase, scale.state, scale.personalMinimumCents);
  const regionalTax = halfQuota(
    taxableBase,
    scale.regions[region] ?? scale.state,
    scale.personalMinimumCents,
  );
  const estimatedTax = stateTax + regionalTax;
  const fractional = modelo130.reduce((s, q) => s + q.toPayCents, 0);
  const company = input.legalForm === 'company';

  return {
    clientId: input.clientId,
    year: input.year,
    includeUnreviewed: input.includeUnreviewed,
    invoiceCount: input.invoices.length,
    unreviewedCount: input.invoices.filter((i) => !i.checked).length,
    unusableCount: counted.length - usable.length,
    legalForm: input.legalForm ?? 'individual',
    modelo303,
    // Companies pay corporate tax: their instalments are Modelo 202, never 130 (see the forms).
    modelo130: company ? [] : modelo130,
    priorYear: {
      year: input.year - 1,
      invoiceCount: prior.length,
      netYieldCents: priorNet,
      incomeCents: priorIncome,
      incomeWithWithholdingCents: priorWithWithholding,
      reductionPerQuarterCents: reductionPerQuarter,
      filingNotRequired: isModelo130Exempt(priorIncome, priorWithWithholding),
    },
    annual: company
      ? null
      : {
          incomeCents: income,
          expensesCents: expenses,
          taxableBaseCents: taxableBase,
          withholdingsCents: withholdings,
          estimatedTaxCents: estimatedTax,
          stateTaxCents: stateTax,
          regionalTaxCents: regionalTax,
          fractionalPaymentsCents: fractional,
          differentialCents: estimatedTax - withholdings - fractional,
          bracket: bracketReached(taxableBase, scale, region),
          quarterlyPaymentCents: roundDiv(Math.max(0, estimatedTax - withholdings), 4),
          scaleYear,
          region,
          personalMinimumCents: scale.personalMinimumCents,
        },
  };
}
