import {
  checkSpanishTaxId,
  type FormId,
  type FormResult,
  type FormWarningCode,
  isVatLine,
} from '@cuadra/shared';
import type { FiscalVatLine } from './fiscal';

/** What the forms read from an invoice: the stored figures, never a recomputation of them. */
export type FormInvoice = {
  id: string;
  type: 'issued' | 'received' | null;
  issueDate: string | null;
  number: string | null;
  issuerName: string | null;
  issuerTaxId: string | null;
  recipientName: string | null;
  recipientTaxId: string | null;
  taxBaseCents: number | null;
  vatTotalCents: number | null;
  withholdingCents: number | null;
  withholdingRate: string | null;
  surchargeCents: number | null;
  totalCents: number | null;
  vatBreakdown: FiscalVatLine[];
  checked: boolean;
  /** What tells a foreign supplier when its tax id was not read (issue 36 item 5). */
  issuerAddress?: string | null;
  /** The language the document was written in, as the engine tells it (`es`, `en`, `other`). */
  language?: string | null;
  /** ISO 4217; EUR when not stored. */
  currency?: string;
  /** The day the bank payments matched to it settled it (features/bank); null while unpaid. */
  paidAt?: string | null;
};

/** One VAT line of the stored breakdown, the rate as a number. */
export type VatLine = {
  rate: number;
  baseCents: number;
  vatCents: number;
  surchargeRate: number | null;
  surchargeCents: number;
};

/** The stored breakdown per rate of an invoice (lines with nothing in them dropped). */
export function vatLines(invoice: FormInvoice): VatLine[] {
  return invoice.vatBreakdown
    .filter(isVatLine)
    .filter((l) => (l.baseCents ?? 0) !== 0 || (l.vatCents ?? 0) !== 0 || (l.surchargeCents ?? 0) !== 0)
    .map((l) => ({
      rate: Number(l.rate),
      baseCents: l.baseCents ?? 0,
      vatCents: l.vatCents ?? 0,
      surchargeRate: l.surchargeRate !== undefined && l.surchargeRate !== '' ? Number(l.surchargeRate) : null,
      surchargeCents: l.surchargeCents ?? 0,
    }));
}

/** EU member states' VAT-id prefixes other than Spain's (Greece is EL; XI is Northern Ireland's goods). */
const EU_VAT_ID =
  /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z+*]{2,12}$/;

export function normaliseTaxId(taxId: string | null): string | null {
  if (!taxId) return null;
  const id = taxId.toUpperCase().replace(/[\s.\-/]/g, '');
  return id === '' ? null : id;
}

/** The other party of an invoice: the recipient of an issued one, the issuer of a received one. */
export function counterparty(invoice: FormInvoice): { taxId: string | null; name: string | null } {
  return invoice.type === 'issued'
    ? { taxId: normaliseTaxId(invoice.recipientTaxId), name: invoice.recipientName }
    : { taxId: normaliseTaxId(invoice.issuerTaxId), name: invoice.issuerName };
}

/** An operation with a business in another EU member state (identified by its VAT id). */
export function isIntraEu(invoice: FormInvoice): boolean {
  const { taxId } = counterparty(invoice);
  return taxId !== null && EU_VAT_ID.test(taxId);
}

/** The VAT rates of the Spanish common territory (LIVA arts. 90–91 and the temporary 0 %, 2 %, 5 %, 7.5 %). */
export const SPANISH_VAT_RATES: readonly number[] = [0, 2, 4, 5, 7.5, 10, 21];

/**
 * A country other than Spain at the end of an address (its last line or comma-separated part), or a German
 * style postcode ("D-10115"): names in the languages invoices reach Spanish clients in.
 */
const FOREIGN_COUNTRY =
  /(?:^|[,\n])[^,\n]*\b(deutschland|germany|alemania|allemagne|france|francia|frankreich|italia|italy|italien|portugal|nederland|netherlands|pa[ií]ses bajos|holanda|belgi[eëq]u?e?|belgium|b[eé]lgica|[öo]sterreich|austria|ireland|irlanda|luxemb[ou]u?rg|polska|poland|polonia|sverige|sweden|suecia|danmark|denmark|dinamarca|schweiz|suisse|switzerland|suiza|united kingdom|reino unido|usa|united states|estados unidos)\b[^,\n]*$|\bD-\d{5}\b/i;

/**
 * Whether the VAT on an invoice was charged by a foreign supplier (issue 36 item 5): it is that country's
 * tax, neither deductible nor repercutido in Spain. The issuer must not be Spanish by its tax id, some VAT
 * must have been charged and paid (the total includes it; a reverse charge stored with its self-assessed
 * quota does not), and one of: a foreign tax id, a rate no Spanish VAT has, a foreign address, or a
 * language neither Spanish nor English.
 */
export function hasForeignVat(invoice: FormInvoice): boolean {
  const lines = vatLines(invoice).filter((l) => l.vatCents !== 0);
  if (lines.length === 0) return false;
  const issuerId = normaliseTaxId(invoice.issuerTaxId);
  // Spanish-shaped, even with a check character misread: a Spanish supplier charges Spanish VAT.
  if (issuerId && checkSpanishTaxId(issuerId.replace(/^ES(?=[0-9A-Z]{9}$)/, ''))) return false;
  const vat = lines.reduce((sum, l) => sum + l.vatCents, 0);
  const base = invoice.taxBaseCents ?? lines.reduce((sum, l) => sum + l.baseCents, 0);
  const paid = invoice.totalCents === null || Math.abs(invoice.totalCents - base) > Math.abs(vat) / 2;
  if (!paid) return false;
  return (
    (issuerId !== null && /^[A-Z]{2}/.test(issuerId) && !issuerId.startsWith('ES')) ||
    lines.some((l) => !SPANISH_VAT_RATES.includes(l.rate)) ||
    FOREIGN_COUNTRY.test(invoice.issuerAddress ?? '') ||
    invoice.language === 'other'
  );
}

/** A rectifying invoice that reduces an earlier one (negative base or total). */
export function isCreditNote(invoice: FormInvoice): boolean {
  return (invoice.taxBaseCents ?? 0) < 0 || (invoice.totalCents ?? 0) < 0;
}

/**
 * The largest total a simplified invoice may have (art. 4.1 RD 1619/2012: €3,000 in the sectors that may
 * issue them above the general €400).
 */
export const SIMPLIFIED_INVOICE_CEILING_CENTS = 300_000;

/**
 * A simplified invoice (a ticket, "factura simplificada"): it does not identify the recipient by tax id,
 * which a full invoice must (art. 6.1.d RD 1619/2012), and stays within the simplified ceiling.
 */
export function isSimplified(invoice: Pick<FormInvoice, 'recipientTaxId' | 'totalCents'>): boolean {
  return (
    !invoice.recipientTaxId?.trim() &&
    invoice.totalCents !== null &&
    Math.abs(invoice.totalCents) <= SIMPLIFIED_INVOICE_CEILING_CENTS
  );
}

/** The IRPF rate withheld, in whole percent as stored, or derived from the amounts when not stored. */
export function withholdingRateOf(invoice: FormInvoice): number | null {
  if ((invoice.withholdingCents ?? 0) === 0) return null;
  const stored = Number(invoice.withholdingRate);
  if (invoice.withholdingRate && Number.isFinite(stored)) return stored;
  const base = invoice.taxBaseCents ?? 0;
  return base === 0 ? null : Math.round(((invoice.withholdingCents ?? 0) * 100) / base);
}

/** 19 %: the withholding rate on the rent of urban premises (art. 101.8 LIRPF), declared in Modelo 115. */
export const RENT_WITHHOLDING_RATE = 19;

/** Boxes, the invoices behind each, and warnings, gathered while a form is built. */
export class Sheet {
  private readonly boxes = new Map<string, number>();
  private readonly ids = new Map<string, Set<string>>();
  private readonly warnings = new Map<FormWarningCode, Set<string>>();

  add(box: string, amount: number, invoiceId?: string): void {
    this.boxes.set(box, (this.boxes.get(box) ?? 0) + amount);
    if (invoiceId) {
      const set = this.ids.get(box) ?? new Set<string>();
      set.add(invoiceId);
      this.ids.set(box, set);
    }
  }

  set(box: string, amount: number, invoiceIds: Iterable<string> = []): void {
    this.boxes.set(box, amount);
    this.ids.set(box, new Set(invoiceIds));
  }

  get(box: string): number {
    return this.boxes.get(box) ?? 0;
  }

  invoicesOf(...boxes: string[]): Set<string> {
    const all = new Set<string>();
    for (const box of boxes) for (const id of this.ids.get(box) ?? []) all.add(id);
    return all;
  }

  /** A box that sums others (added, or subtracted when prefixed with `-`), with all their invoices. */
  total(box: string, parts: string[]): number {
    let sum = 0;
    for (const part of parts) sum += part.startsWith('-') ? -this.get(part.slice(1)) : this.get(part);
    this.set(box, sum, this.invoicesOf(...parts.map((p) => p.replace(/^-/, ''))));
    return sum;
  }

  warn(code: FormWarningCode, invoiceId?: string): void {
    const set = this.warnings.get(code) ?? new Set<string>();
    if (invoiceId) set.add(invoiceId);
    this.warnings.set(code, set);
  }

  result(form: FormId, year: number, period: string): FormResult {
    const order = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);
    const boxes: Record<string, number> = {};
    const invoices: Record<string, string[]> = {};
    for (const box of [...this.boxes.keys()].sort(order)) {
      boxes[box] = this.boxes.get(box) ?? 0;
      invoices[box] = [...(this.ids.get(box) ?? [])].sort();
    }
    return {
      form,
      year,
      period,
      boxes,
      invoices,
      warnings: [...this.warnings.entries()].map(([code, ids]) => ({ code, invoiceIds: [...ids].sort() })),
    };
  }
}
