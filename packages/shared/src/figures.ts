/**
 * The figures of an invoice that must agree, and the one definition of gross income. Browser-safe so the
 * review form, the API and the reports apply the same rules. Credit notes (rectificativas) carry negative
 * amounts, and every rule here holds for them unchanged: nothing takes an absolute value.
 */
import type { ErrorCode } from './errors';
import { sumCents } from './money';

type Line = { baseCents: number | null; vatCents: number | null; surchargeCents?: number | null };

export type InvoiceFigures = {
  taxBaseCents: number | null;
  vatTotalCents: number | null;
  withholdingCents: number | null;
  surchargeCents: number | null;
  totalCents: number | null;
  vatBreakdown: Line[];
};

/** One figure that disagrees: what the invoice says and what the other figures make it. */
export type FigureMismatch = {
  field: 'taxBaseCents' | 'vatTotalCents' | 'totalCents';
  valueCents: number;
  expectedCents: number;
};

export type FiguresProblem = {
  code: Extract<ErrorCode, 'VAT_BREAKDOWN_MISMATCH' | 'TOTAL_MISMATCH'>;
  mismatches: FigureMismatch[];
};

/** Recargo de equivalencia: the stated total, or what the breakdown lines carry. */
export function surchargeOf(figures: Pick<InvoiceFigures, 'surchargeCents' | 'vatBreakdown'>): number {
  return figures.surchargeCents ?? sumCents(figures.vatBreakdown.map((l) => l.surchargeCents));
}

/**
 * Σ breakdown bases = tax base and Σ breakdown VAT = VAT total (when there is a breakdown), then
 * base + VAT + recargo − IRPF = total, all to the cent. Figures left empty are not checked (an empty VAT,
 * IRPF or recargo counts as zero in the total); the first failing rule is the answer, with every figure of
 * that rule that disagrees.
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
