import {
  checkInvoiceFigures,
  checkSpanishTaxId,
  type FieldEvidence,
  type FigureMismatch,
  formatPlainAmount,
  type Invoice,
  type InvoiceFields,
  type InvoiceType,
  LOW_CONFIDENCE,
  lineAgrees,
  lineAmountOf,
  normalizeSpanishTaxId,
  parseAmount,
  percentOf,
  toCents,
  type VatLine,
} from '@cuadra/shared';
import { parseDecimal } from './amount';

/** What the edit and review forms hold: text as typed, turned into the API's fields on save. */
export type ItemForm = {
  key: string;
  description: string;
  quantity: string;
  unitPrice: string;
  lineTotal: string;
  vatRate: string;
  irpfRate: string;
};

export type InvoiceForm = {
  type: InvoiceType | '';
  number: string;
  issueDate: string;
  dueDate: string;
  issuerName: string;
  issuerAddress: string;
  issuerTaxId: string;
  recipientName: string;
  recipientAddress: string;
  recipientTaxId: string;
  taxBase: string;
  vatTotal: string;
  withholding: string;
  withholdingRate: string;
  surcharge: string;
  total: string;
  items: ItemForm[];
  vatLines: VatLineForm[];
};

/** One rate of the VAT breakdown as typed; a line's recargo travels untouched. */
export type VatLineForm = {
  key: string;
  rate: string;
  base: string;
  vat: string;
  surcharge: Pick<VatLine, 'surchargeRate' | 'surchargeCents'>;
};

export type TextField = Exclude<keyof InvoiceForm, 'type' | 'items' | 'vatLines'>;
export const AMOUNT_FIELDS = ['taxBase', 'vatTotal', 'withholding', 'surcharge', 'total'] as const;

/** The engine's name for each form field, as the invoice's `evidence` is keyed. */
export const EVIDENCE_KEYS: Record<TextField, string> = {
  number: 'invoice_number',
  issueDate: 'issue_date',
  dueDate: 'due_date',
  issuerName: 'issuer_name',
  issuerAddress: 'issuer_address',
  issuerTaxId: 'issuer_tax_id',
  recipientName: 'client_name',
  recipientAddress: 'client_address',
  recipientTaxId: 'client_tax_id',
  taxBase: 'tax_base',
  vatTotal: 'vat_total',
  withholding: 'withholding_total',
  withholdingRate: 'withholding_rate',
  surcharge: 'surcharge_total',
  total: 'total',
};

/**
 * A field as typed, with what follows from it (issue 36 item 21): an IRPF rate typed computes the
 * withholding as base × rate, which stays editable (typing the withholding afterwards keeps what was typed).
 */
export function withFieldChange(
  form: InvoiceForm,
  field: TextField,
  value: string,
  language: 'en' | 'es',
): InvoiceForm {
  const next = { ...form, [field]: value };
  if (field !== 'withholdingRate') return next;
  const rate = parseDecimal(value);
  const base = parseAmount(form.taxBase, language);
  if (typeof rate !== 'string' || base === null || Number.isNaN(base)) return next;
  // A percentage read as cents is the rate in basis points ("15" → 1500), the unit percentOf takes.
  const basisPoints = toCents(rate);
  if (basisPoints === null) return next;
  return { ...next, withholding: formatPlainAmount(percentOf(base, basisPoints), language) };
}

/**
 * What quantity × unit price makes, when it is not the line's amount (issue 36 item 7): a warning, the
 * line still saves. Null when they agree or a figure is missing or unreadable.
 */
export function lineDisagreement(item: ItemForm, language: 'en' | 'es'): number | null {
  const quantity = parseDecimal(item.quantity);
  const unitPriceCents = parseAmount(item.unitPrice, language);
  const lineTotalCents = parseAmount(item.lineTotal, language);
  if (typeof quantity !== 'string' || unitPriceCents === null || lineTotalCents === null) return null;
  if (Number.isNaN(unitPriceCents) || Number.isNaN(lineTotalCents)) return null;
  const line = { quantity, unitPriceCents, lineTotalCents };
  return lineAgrees(line) ? null : lineAmountOf(quantity, unitPriceCents);
}

/** spec-2 §5: an invoice without a number is saved as N/A. */
export const DEFAULT_NUMBER = 'N/A';
/** spec-2 §5: a line without a quantity is saved with 0. */
export const DEFAULT_QUANTITY = '0';

export function isLowConfidence(evidence: FieldEvidence | undefined): boolean {
  return evidence !== undefined && evidence.confidence < LOW_CONFIDENCE;
}

let itemCounter = 0;
export const newItemKey = () => `item-${++itemCounter}`;

export function emptyItem(): ItemForm {
  return {
    key: newItemKey(),
    description: '',
    quantity: '',
    unitPrice: '',
    lineTotal: '',
    vatRate: '',
    irpfRate: '',
  };
}

export function formFromInvoice(invoice: Invoice, language: 'en' | 'es'): InvoiceForm {
  const money = (cents: number | null) => (cents === null ? '' : formatPlainAmount(cents, language));
  const decimal = (value: string | null) =>
    value === null ? '' : language === 'es' ? value.replace('.', ',') : value;
  return {
    type: invoice.type ?? '',
    number: invoice.number ?? DEFAULT_NUMBER,
    issueDate: invoice.issueDate ?? '',
    dueDate: invoice.dueDate ?? '',
    issuerName: invoice.issuerName ?? '',
    issuerAddress: invoice.issuerAddress ?? '',
    issuerTaxId: invoice.issuerTaxId ?? '',
    recipientName: invoice.recipientName ?? '',
    recipientAddress: invoice.recipientAddress ?? '',
    recipientTaxId: invoice.recipientTaxId ?? '',
    taxBase: money(invoice.taxBaseCents),
    vatTotal: money(invoice.vatTotalCents),
    withholding: money(invoice.withholdingCents),
    withholdingRate: decimal(invoice.withholdingRate),
    surcharge: money(invoice.surchargeCents),
    total: money(invoice.totalCents),
    items: invoice.items.map((item) => ({
      key: newItemKey(),
      description: item.description,
      quantity: decimal(item.quantity),
      unitPrice: money(item.unitPriceCents),
      lineTotal: money(item.lineTotalCents),
      vatRate: decimal(item.vatRate),
      irpfRate: decimal(item.irpfRate),
    })),
    vatLines: invoice.vatBreakdown.map(({ rate, baseCents, vatCents, ...surcharge }) => ({
      key: newItemKey(),
      rate: decimal(rate),
      base: money(baseCents),
      vat: money(vatCents),
      surcharge,
    })),
  };
}

export function emptyVatLine(): VatLineForm {
  return { key: newItemKey(), rate: '', base: '', vat: '', surcharge: {} };
}

export type FormErrorKey =
  | 'review.typeRequired'
  | 'fields.invalidAmount'
  | 'fields.invalidNumber'
  | 'fields.numberRequired';
/** A figure that disagrees with the others, and what they make it (issue 14, issue 36 item 8). */
export type FigureError = {
  key:
    | 'fields.breakdownMismatch'
    | 'fields.totalMismatch'
    | 'fields.rateMismatch'
    | 'fields.surchargeMismatch';
  expectedCents: number;
};
/** Field name (`total`, `items.2.quantity`) → the message key of what is wrong with it. */
export type FormErrors = Record<string, FormErrorKey | FigureError>;

/** The form field a mismatch is about: a total, or a line of the VAT breakdown (`vatLines.1.vat`). */
function figureField(m: FigureMismatch): string {
  switch (m.field) {
    case 'taxBaseCents':
      return 'taxBase';
    case 'vatTotalCents':
      return 'vatTotal';
    case 'totalCents':
      return 'total';
    case 'surchargeCents':
    case 'lineSurchargeCents':
      return 'surcharge';
    case 'lineVatCents':
      return `vatLines.${m.line ?? 0}.vat`;
  }
}

function figureKey(m: FigureMismatch): FigureError['key'] {
  if (m.field === 'totalCents') return 'fields.totalMismatch';
  if (m.field === 'surchargeCents') return 'fields.surchargeMismatch';
  if (m.field === 'lineVatCents' || m.field === 'lineSurchargeCents') return 'fields.rateMismatch';
  return 'fields.breakdownMismatch';
}

/**
 * The API's `VAT_BREAKDOWN_MISMATCH` / `VAT_RATE_MISMATCH` / `TOTAL_MISMATCH` details on the form fields
 * they name; the form runs the same check before sending, so these show whether the browser or the server
 * found them.
 */
export function figureErrors(mismatches: FigureMismatch[]): FormErrors {
  return Object.fromEntries(
    mismatches.map((m) => [figureField(m), { key: figureKey(m), expectedCents: m.expectedCents }]),
  );
}

/**
 * Whether what stops a save is only figures that do not add up: those the accountant may confirm, in a
 * second explicit step, when the document really says so (issue 36 item 8).
 */
export function isOnlyFigures(errors: FormErrors): boolean {
  const values = Object.values(errors);
  return values.length > 0 && values.every((error) => typeof error !== 'string');
}

/**
 * The breakdown to send: as typed, except that a single rate left as it came follows the base and VAT
 * typed above it (with one rate the breakdown is the totals; correcting a total should not need two edits).
 */
function breakdownFor(
  typed: VatLine[],
  original: Invoice['vatBreakdown'],
  baseCents: number | null,
  vatCents: number | null,
): VatLine[] {
  const [only] = typed;
  const [before] = original;
  const untouched =
    typed.length === 1 &&
    original.length === 1 &&
    only?.baseCents === before?.baseCents &&
    only?.vatCents === before?.vatCents;
  if (!untouched || !only || baseCents === null) return typed;
  return [{ ...only, baseCents, vatCents: vatCents ?? 0 }];
}

/**
 * The form as the API's fields (spec-2 §5): amounts parsed to cents, number N/A when blank, quantity 0
 * when blank, VAT and IRPF totals null when 0 (spec-2 §5 said "above 0"; a credit note's negative VAT
 * and IRPF must survive, issue 14). The currency goes back as it came; the breakdown as typed (see
 * breakdownFor). Figures that disagree are errors on their fields, before any request.
 */
export function fieldsFromForm(
  form: InvoiceForm,
  original: Pick<Invoice, 'currency' | 'vatBreakdown'>,
  /** The page language: in Spanish `1.234` is a thousand, in English `1,234` is. */
  language?: 'en' | 'es',
  /** The accountant confirmed figures that do not add up (a second, explicit step). */
  options: { confirmFigures?: boolean } = {},
): { ok: true; fields: InvoiceFields } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const amount = (name: string, text: string): number | null => {
    const cents = parseAmount(text, language);
    if (cents !== null && Number.isNaN(cents)) {
      errors[name] = 'fields.invalidAmount';
      return null;
    }
    return cents;
  };
  const decimal = (name: string, text: string): string | null => {
    const value = parseDecimal(text);
    if (value === false) {
      errors[name] = 'fields.invalidNumber';
      return null;
    }
    return value;
  };
  const nonZeroOrNull = (cents: number | null) => (cents !== null && cents !== 0 ? cents : null);
  const text = (value: string) => value.trim() || null;

  if (form.type === '') errors.type = 'review.typeRequired';
  const number = form.number.trim() || DEFAULT_NUMBER;
  if (number.length > 100) errors.number = 'fields.numberRequired';

  const items = form.items.map((item, index) => ({
    description: item.description.trim(),
    quantity: decimal(`items.${index}.quantity`, item.quantity) ?? DEFAULT_QUANTITY,
    unitPriceCents: amount(`items.${index}.unitPrice`, item.unitPrice),
    lineTotalCents: amount(`items.${index}.lineTotal`, item.lineTotal),
    vatRate: decimal(`items.${index}.vatRate`, item.vatRate),
    irpfRate: decimal(`items.${index}.irpfRate`, item.irpfRate),
  }));

  const fields: Omit<InvoiceFields, 'type'> = {
    number,
    issueDate: text(form.issueDate),
    dueDate: text(form.dueDate),
    issuerName: text(form.issuerName),
    issuerAddress: text(form.issuerAddress),
    issuerTaxId: text(form.issuerTaxId),
    recipientName: text(form.recipientName),
    recipientAddress: text(form.recipientAddress),
    recipientTaxId: text(form.recipientTaxId),
    currency: original.currency,
    taxBaseCents: amount('taxBase', form.taxBase),
    vatTotalCents: nonZeroOrNull(amount('vatTotal', form.vatTotal)),
    withholdingCents: nonZeroOrNull(amount('withholding', form.withholding)),
    withholdingRate: decimal('withholdingRate', form.withholdingRate),
    surchargeCents: amount('surcharge', form.surcharge),
    totalCents: amount('total', form.total),
    vatBreakdown: original.vatBreakdown,
    items,
  };
  const typedLines = form.vatLines.map((line, index) => ({
    ...line.surcharge,
    rate: decimal(`vatLines.${index}.rate`, line.rate) ?? '0',
    baseCents: amount(`vatLines.${index}.base`, line.base),
    vatCents: amount(`vatLines.${index}.vat`, line.vat),
  }));
  fields.vatBreakdown = breakdownFor(
    typedLines,
    original.vatBreakdown,
    fields.taxBaseCents,
    fields.vatTotalCents,
  );
  if (Object.keys(errors).length === 0 && !options.confirmFigures) {
    const problem = checkInvoiceFigures(fields);
    if (problem) Object.assign(errors, figureErrors(problem.mismatches));
  }
  if (Object.keys(errors).length > 0 || form.type === '') return { ok: false, errors };
  return { ok: true, fields: { ...fields, type: form.type } };
}

/**
 * A warning for a tax id field, never an error: the form still saves what was typed (a foreign id or an
 * odd one kept on purpose). `fields.taxIdCheck` when it is shaped like a Spanish NIF, NIE or CIF but its
 * check character is wrong; `fields.taxIdUnknown` when it is neither Spanish nor shaped like an EU VAT id
 * (a two-letter country prefix and 2–13 letters or digits); null when it is empty or checks out.
 */
export function taxIdWarning(value: string): 'fields.taxIdCheck' | 'fields.taxIdUnknown' | null {
  if (!value.trim()) return null;
  const spanish = checkSpanishTaxId(value);
  if (spanish) return spanish.valid ? null : 'fields.taxIdCheck';
  const id = normalizeSpanishTaxId(value);
  if (/^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(id) && !id.startsWith('ES') && /\d/.test(id)) return null;
  return 'fields.taxIdUnknown';
}

export const TAX_ID_FIELDS: readonly TextField[] = ['issuerTaxId', 'recipientTaxId'];
