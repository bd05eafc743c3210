import { centsToString, toCents } from '../text/numbers.ts';
import type { ExtractWarning, FieldName, FieldValues, VatBreakdownEntry } from '../types.ts';

/**
 * Totals a format states apart from the fields, which the checks compare the fields against. A format
 * sets only what it carries.
 */
export type DeclaredTotals = {
  /** Σ of every output tax (VAT, other taxes, recargo) as the document states it. */
  taxOutputs?: string;
  /** Σ of the withheld taxes' lines, to compare with the stated withholding total. */
  withheldLines?: string;
  /**
   * Whether the format's `total` is after withholdings (Facturae's InvoiceTotal) or before (UBL's
   * TaxInclusiveAmount, withholding reported apart). `either` accepts both readings.
   */
  totalAfterWithholding: boolean | 'either';
};

/** One invoice read from a structured file, with what the checks need. */
export type ParsedInvoice = { fields: FieldValues; declared: DeclaredTotals };

/** Facturae 3.2.x TaxTypeCode → tax name (schema `TaxTypeCodeType`). 01 is IVA (VAT). */
export const FACTURAE_TAX_TYPES: Record<string, string> = {
  '01': 'IVA',
  '02': 'IPSI',
  '03': 'IGIC',
  '04': 'IRPF',
  '05': 'OTHER',
  '06': 'ITPAJD',
  '07': 'IE',
  '08': 'RA',
  '09': 'IGTECM',
  '10': 'IECDPCAC',
  '11': 'IIIMAB',
  '12': 'ICIO',
  '13': 'IMVDN',
  '14': 'IMSN',
  '15': 'IMGSN',
  '16': 'IMPN',
  '17': 'REIVA',
  '18': 'REIGIC',
  '19': 'REIPSI',
  '20': 'IPS',
  '21': 'RLEA',
  '22': 'IVPEE',
  '23': 'IPCNG',
  '24': 'IACNG',
  '25': 'IDEC',
  '26': 'ILTCAC',
  '27': 'IGFEI',
  '28': 'IRNR',
  '29': 'ISS',
};

/**
 * The tax of a UBL/CII tax subtotal when it is not VAT: a tax scheme other than VAT, or the EN 16931 VAT
 * categories that are Spanish regional taxes (UNCL 5305 `L` = IGIC, `M` = IPSI). Undefined means VAT.
 */
export function nonVatTaxType(scheme: string | undefined, category: string | undefined): string | undefined {
  const s = scheme?.trim().toUpperCase();
  if (s && s !== 'VAT' && s !== 'IVA' && s !== 'TVA' && s !== 'MWST' && s !== 'USTG') return s;
  const c = category?.trim().toUpperCase();
  if (c === 'L') return 'IGIC';
  if (c === 'M') return 'IPSI';
  return undefined;
}

/**
 * Splits a breakdown into VAT and other taxes. When other taxes are present, `vat_total` becomes the Σ of
 * the VAT entries and `other_taxes_total` the Σ of the others; the stated tax total is kept in `declared`
 * for the check. Without other taxes the stated `vat_total` is left as the document gives it.
 */
export function splitTaxes(out: FieldValues, declared: DeclaredTotals): void {
  const entries = out.vat_breakdown ?? [];
  const others = entries.filter((e) => e.tax_type);
  if (!others.length) return;
  if (out.vat_total != null && declared.taxOutputs == null) declared.taxOutputs = out.vat_total;
  out.vat_total = centsToString(
    sumCents(
      entries.filter((e) => !e.tax_type),
      'amount',
    ),
  );
  out.other_taxes_total = centsToString(sumCents(others, 'amount'));
}

export function sumCents(entries: VatBreakdownEntry[], key: 'amount' | 'base' | 'surcharge_amount'): number {
  return entries.reduce((s, e) => s + (toCents(e[key]) ?? 0), 0);
}

/** Fields that the sum base + taxes + recargo − withholdings = total concerns. */
const SUM_FIELDS: FieldName[] = [
  'tax_base',
  'vat_total',
  'other_taxes_total',
  'surcharge_total',
  'withholding_total',
  'total',
  'amount_due',
  'vat_breakdown',
];
const TAX_FIELDS: FieldName[] = ['vat_total', 'other_taxes_total', 'surcharge_total', 'vat_breakdown'];

/** 1 cent: the rounding a correct document may carry between its stated totals. */
const TOLERANCE_CENTS = 1;

/**
 * Checks the arithmetic of a structured invoice: Σ breakdown = stated taxes, stated withholding = Σ of its
 * lines, and base + VAT + other taxes + recargo − withholdings = total. Every sum that does not close
 * leaves a warning and the fields it concerns are returned in `unverified`.
 */
export function checkStructuredTotals(inv: ParsedInvoice): {
  warnings: ExtractWarning[];
  unverified: Set<FieldName>;
} {
  const f = inv.fields;
  const d = inv.declared;
  const warnings: ExtractWarning[] = [];
  const unverified = new Set<FieldName>();
  const fail = (code: string, message: string, fields: FieldName[]) => {
    warnings.push({ code, message });
    for (const name of fields) unverified.add(name);
  };
  const c = (v: string | undefined) => (v == null ? null : toCents(v));
  const close = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE_CENTS;
  const entries = f.vat_breakdown ?? [];
  const vatEntries = entries.filter((e) => !e.tax_type);
  const vat = c(f.vat_total) ?? (vatEntries.length ? sumCents(vatEntries, 'amount') : null);
  const other = c(f.other_taxes_total) ?? 0;
  const surcharge = c(f.surcharge_total) ?? 0;
  const withholding = c(f.withholding_total) ?? 0;

  if (
    f.vat_total != null &&
    vat != null &&
    vatEntries.length &&
    !close(sumCents(vatEntries, 'amount'), vat)
  ) {
    fail(
      'VAT_BREAKDOWN_MISMATCH',
      `The VAT per rate adds up to ${centsToString(sumCents(vatEntries, 'amount'))}, the document states ${f.vat_total}`,
      ['vat_total', 'vat_breakdown'],
    );
  }
  const taxes = (vat ?? 0) + other + surcharge;
  const stated = c(d.taxOutputs);
  if (stated != null && !close(stated, taxes)) {
    fail(
      'TAX_TOTAL_MISMATCH',
      `The taxes add up to ${centsToString(taxes)}, the document states ${d.taxOutputs}`,
      TAX_FIELDS,
    );
  }
  const lines = c(d.withheldLines);
  if (lines != null && f.withholding_total != null && !close(lines, withholding)) {
    fail(
      'WITHHOLDING_MISMATCH',
      `The withheld taxes add up to ${d.withheldLines}, the document states ${f.withholding_total}`,
      ['withholding_total', 'withholding_rate'],
    );
  }
  const base = c(f.tax_base);
  const total = c(f.total);
  if (base != null && total != null && (vat != null || entries.length)) {
    const before = base + taxes;
    const ok =
      d.totalAfterWithholding === 'either'
        ? close(before, total) || close(before - withholding, total)
        : close(d.totalAfterWithholding ? before - withholding : before, total);
    if (!ok) {
      const expected = d.totalAfterWithholding === false ? before : before - withholding;
      fail(
        'TOTALS_MISMATCH',
        `Base + taxes + recargo − withholdings = ${centsToString(expected)}, the document states a total of ${f.total}`,
        SUM_FIELDS,
      );
    }
  }
  return { warnings, unverified };
}
