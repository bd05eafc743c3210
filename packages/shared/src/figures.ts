/**
 * The figures of an invoice that must agree, and the one definition of gross income. Browser-safe so the
 * review form, the API and the reports apply the same rules. Credit notes (rectificativas) carry negative
 * amounts, and every rule here holds for them unchanged: nothing takes an absolute value.
 */
import type { ErrorCode } from './errors';
import { percentOf, roundDiv, sumCents, toCents } from './money';

type Line = {
  baseCents: number | null;
  vatCents: number | null;
  rate?: string | null;
  surchargeRate?: string | null;
  surchargeCents?: number | null;
};

/**
 * How far a tax amount may stray from base × rate and still be rounding: a cent each way on the amount, and
 * half a cent more per invoice line (an issuer may round the tax line by line).
 */
export const RATE_ROUNDING_CENTS = 2;
/**
 * The highest recargo de equivalencia there is (5.2 % with 21 % VAT): a surcharge above this share of the
 * base (or, with no base stated, of the total) is a misreading, not a surcharge.
 */
export const MAX_SURCHARGE_BASIS_POINTS = 520;

export type InvoiceFigures = {
  taxBaseCents: number | null;
  vatTotalCents: number | null;
  withholdingCents: number | null;
  surchargeCents: number | null;
  totalCents: number | null;
  vatBreakdown: Line[];
  /** The invoice's lines: only how many there are counts (the rounding allowed on the tax). */
  items?: readonly unknown[];
};

/**
 * One figure that disagrees: what the invoice says and what the other figures make it. `lineVatCents` and
 * `lineSurchargeCents` are a breakdown line's (`line`, from 0); a surcharge's `expectedCents` is the most it
 * could be.
 */
export type FigureMismatch = {
  field:
    | 'taxBaseCents'
    | 'vatTotalCents'
    | 'totalCents'
    | 'surchargeCents'
    | 'lineVatCents'
    | 'lineSurchargeCents';
  valueCents: number;
  expectedCents: number;
  line?: number;
};

export type FiguresProblem = {
  code: Extract<ErrorCode, 'VAT_BREAKDOWN_MISMATCH' | 'VAT_RATE_MISMATCH' | 'TOTAL_MISMATCH'>;
  mismatches: FigureMismatch[];
};

/** A rate as the API writes it (`21`, `5.2`) in basis points; null when it is not one. */
function basisPoints(rate: string | null | undefined): number | null {
  if (!rate || !/^-?\d+(\.\d{1,2})?$/.test(rate.trim())) return null;
  const [whole = '0', fraction = ''] = rate.trim().replace('-', '').split('.');
  const points = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return rate.trim().startsWith('-') ? -points : points;
}

/** Each breakdown line's tax (and surcharge) against its base × rate, beyond rounding. */
function rateMismatches(figures: InvoiceFigures): FigureMismatch[] {
  const tolerance = RATE_ROUNDING_CENTS + Math.floor((figures.items?.length ?? 0) / 2);
  const mismatches: FigureMismatch[] = [];
  figures.vatBreakdown.forEach((line, index) => {
    if (line.baseCents === null) return;
    const rate = basisPoints(line.rate);
    if (rate !== null && line.vatCents !== null) {
      const expected = percentOf(line.baseCents, rate);
      if (Math.abs(expected - line.vatCents) > tolerance)
        mismatches.push({
          field: 'lineVatCents',
          line: index,
          valueCents: line.vatCents,
          expectedCents: expected,
        });
    }
    const surchargeRate = basisPoints(line.surchargeRate);
    if (surchargeRate !== null && line.surchargeCents != null) {
      const expected = percentOf(line.baseCents, surchargeRate);
      if (Math.abs(expected - line.surchargeCents) > tolerance)
        mismatches.push({
          field: 'lineSurchargeCents',
          line: index,
          valueCents: line.surchargeCents,
          expectedCents: expected,
        });
    }
  });
  return mismatches;
}

/** A surcharge no recargo rate could give: above 5.2 % of the base, or of the total when no base is stated. */
function surchargeBeyondAnyRate(figures: InvoiceFigures): FigureMismatch | null {
  const surcharge = surchargeOf(figures);
  const basis = figures.taxBaseCents ?? figures.totalCents;
  if (surcharge === 0 || basis === null) return null;
  const most = Math.abs(percentOf(basis, MAX_SURCHARGE_BASIS_POINTS)) + RATE_ROUNDING_CENTS;
  return Math.abs(surcharge) > most
    ? { field: 'surchargeCents', valueCents: surcharge, expectedCents: Math.sign(surcharge) * most }
    : null;
}

/** Recargo de equivalencia: the stated total, or what the breakdown lines carry. */
export function surchargeOf(figures: Pick<InvoiceFigures, 'surchargeCents' | 'vatBreakdown'>): number {
  return figures.surchargeCents ?? sumCents(figures.vatBreakdown.map((l) => l.surchargeCents));
}

/**
 * Σ breakdown bases = tax base and Σ breakdown VAT = VAT total (when there is a breakdown), then each
 * line's VAT (and recargo) = its base × rate beyond rounding, then base + VAT + recargo − IRPF = total to
 * the cent, then a recargo no rate could give (issue 36 item 8: €1,051 on a €2.99 receipt). Figures left
 * empty are not checked (an empty VAT, IRPF or recargo counts as zero in the total); the first failing rule
 * is the answer, with every figure of that rule that disagrees.
 */
export function checkInvoiceFigures(figures: InvoiceFigures): FiguresProblem | null {
  const lines = figures.vatBreakdown;
  if (lines.length > 0) {
    const mismatches: FigureMismatch[] = [];
    const bases = sumCents(lines.map((l) => l.baseCents));
    const vat = sumCents(lines.map((l) => l.vatCents));
    if (figures.taxBaseCents !== null && bases !== figures.taxBaseCents) {
      mismatches.push({ field: 'taxBaseCents', valueCents: figures.taxBaseCents, expectedCents: bases });
    }
    // An empty VAT total is zero (the form sends 0 as null), so a breakdown with VAT disagrees with it.
    if (vat !== (figures.vatTotalCents ?? 0)) {
      mismatches.push({ field: 'vatTotalCents', valueCents: figures.vatTotalCents ?? 0, expectedCents: vat });
    }
    if (mismatches.length > 0) return { code: 'VAT_BREAKDOWN_MISMATCH', mismatches };
    const rates = rateMismatches(figures);
    if (rates.length > 0) return { code: 'VAT_RATE_MISMATCH', mismatches: rates };
  }
  if (figures.totalCents !== null && figures.taxBaseCents !== null) {
    const expected =
      figures.taxBaseCents +
      (figures.vatTotalCents ?? 0) +
      surchargeOf(figures) -
      (figures.withholdingCents ?? 0);
    if (expected !== figures.totalCents) {
      return {
        code: 'TOTAL_MISMATCH',
        mismatches: [{ field: 'totalCents', valueCents: figures.totalCents, expectedCents: expected }],
      };
    }
  }
  const surcharge = surchargeBeyondAnyRate(figures);
  if (surcharge) return { code: 'TOTAL_MISMATCH', mismatches: [surcharge] };
  return null;
}

/** An invoice's tax base: the stated one, or the sum of its breakdown's bases when none is stated. */
export function taxBaseOf(invoice: Pick<InvoiceFigures, 'taxBaseCents' | 'vatBreakdown'>): number {
  return invoice.taxBaseCents ?? sumCents(invoice.vatBreakdown.map((l) => l.baseCents));
}

/**
 * Gross income, the one definition used by the client page, the reports and the fiscal summary: the tax
 * base (VAT excluded: VAT charged is owed to the tax office, not earned) of the issued invoices, credit
 * notes subtracting. The same rule with `received` gives gross expenses.
 */
export function grossIncomeCents(
  invoices: (Pick<InvoiceFigures, 'taxBaseCents' | 'vatBreakdown'> & { type: string | null })[],
  type: 'issued' | 'received' = 'issued',
): number {
  return sumCents(invoices.filter((i) => i.type === type).map(taxBaseOf));
}

/**
 * A quantity a ticket prints before the item ("1 CREMA SETAS", "2 x CAÑA", "0,5 KG…" is not one: a unit
 * follows): the quantity as the API's decimal and the description without it; null when none leads.
 */
export function leadingQuantity(description: string): { quantity: string; description: string } | null {
  const match =
    /^\s*(\d{1,3}(?:[.,]\d{1,3})?)\s*(?:[xX×*]\s*|\s)(?!(?:gr?|kg|g|ml|cl|l|cm|mm|m|uds?|%)\b)(?=\p{L})(.+)$/iu.exec(
      description,
    );
  if (!match) return null;
  const quantity = (match[1] as string).replace(',', '.');
  if (Number(quantity) <= 0) return null;
  return { quantity, description: (match[2] as string).trim() };
}

/** Quantity × unit price, to the cent; null when either is missing or the quantity is not a decimal. */
export function lineAmountOf(quantity: string | null, unitPriceCents: number | null): number | null {
  if (quantity === null || unitPriceCents === null) return null;
  // The quantity in hundredths (toCents reads any decimal): 1.5 → 150.
  const hundredths = toCents(quantity);
  return hundredths === null ? null : roundDiv(unitPriceCents * hundredths, 100);
}

/** Whether a line's quantity, unit price and amount agree (within a cent); true when one is missing. */
export function lineAgrees(line: {
  quantity: string | null;
  unitPriceCents: number | null;
  lineTotalCents: number | null;
}): boolean {
  const amount = lineAmountOf(line.quantity, line.unitPriceCents);
  if (amount === null || line.lineTotalCents === null || Number(line.quantity) === 0) return true;
  return Math.abs(amount - line.lineTotalCents) <= 1;
}
