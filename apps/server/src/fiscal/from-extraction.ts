import type { ExtractionResult, FieldValues } from '@cuadra/extract';
import { leadingQuantity, MAX_CENTS, toCents } from '@cuadra/shared';
import type { invoiceItems, invoices } from '../db/schema';

type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'clientId'>;
type ItemValues = Omit<typeof invoiceItems.$inferInsert, 'id' | 'invoiceId'>;

/**
 * The engine's decimal strings → cents (the money module's rule, half away from zero); null when absent,
 * malformed, or beyond what an invoice can hold (OCR noise such as 2,008,047,616.00 must not fail the
 * whole document).
 */
export function toInvoiceCents(money: string | undefined): number | null {
  const cents = toCents(money);
  return cents === null || Math.abs(cents) > MAX_CENTS ? null : cents;
}

/**
 * UNTDID 1001 codes of documents that take money back: credit note (381), self-billed credit note (261)
 * and the Facturae rectificativa the engine maps to 381. Their XML states amounts as positive figures.
 */
const CREDIT_NOTE_CODES = new Set(['381', '261', '396', '532']);

/** A credit note keeps its money negative, whatever sign the document printed it with (issue 14). */
function signed(cents: number | null, creditNote: boolean): number | null {
  return cents !== null && creditNote ? -Math.abs(cents) : cents;
}

/** Tax ids compared without spaces, dots, dashes or a country prefix's case: `es-b12.345.678` = `ESB12345678`. */
export function normalizeTaxId(id: string | null | undefined): string | null {
  const clean = (id ?? '').replace(/[\s.\-/]/g, '').toUpperCase();
  return clean || null;
}

/** `ES` + NIF and the NIF alone are the same taxpayer. */
function sameTaxpayer(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const strip = (id: string) => id.replace(/^ES(?=[0-9A-Z]{9}$)/, '');
  return strip(a) === strip(b);
}

const LEGAL_FORMS =
  /\b(s\.?\s?l\.?(u\.?)?|s\.?\s?a\.?(u\.?)?|s\.?\s?c\.?|s\.?\s?l\.?\s?n\.?\s?e\.?|c\.?\s?b\.?|ltd|gmbh|inc)\b/g;

function normalizeName(name: string | null | undefined): string {
  return (name ?? '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(LEGAL_FORMS, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Issued when the client is the issuer, received when the client is the recipient: by tax id first, then by
 * name. Null when neither matches (the reviewer decides).
 */
export function suggestInvoiceType(
  client: { taxId: string | null; name: string },
  invoice: {
    issuerTaxId?: string | null;
    recipientTaxId?: string | null;
    issuerName?: string | null;
    recipientName?: string | null;
  },
): 'issued' | 'received' | null {
  const clientTaxId = normalizeTaxId(client.taxId);
  if (sameTaxpayer(clientTaxId, invoice.issuerTaxId ?? null)) return 'issued';
  if (sameTaxpayer(clientTaxId, invoice.recipientTaxId ?? null)) return 'received';
  const clientName = normalizeName(client.name);
  if (clientName && clientName === normalizeName(invoice.issuerName)) return 'issued';
  if (clientName && clientName === normalizeName(invoice.recipientName)) return 'received';
  // No recipient read at all, and the issuer is another taxpayer: what the client bought (a shop's ticket,
  // a simplified invoice). A recipient read that is not the client leaves it to the reviewer.
  if (clientTaxId && invoice.issuerTaxId && !invoice.recipientTaxId && !normalizeName(invoice.recipientName))
    return 'received';
  return null;
}

/** The invoice row and its lines from the engine's result, money in cents, with the evidence per field. */
export function invoiceFromExtraction(result: ExtractionResult): {
  invoice: InvoiceValues;
  items: ItemValues[];
} {
  const evidence = Object.fromEntries(
    Object.keys(result.confidence).map((field) => [
      field,
      {
        confidence: result.confidence[field],
        verified: result.verified[field] ?? false,
        source: result.source[field] ?? null,
        box: result.boxes[field] ?? null,
      },
    ]),
  );
  const { invoice, items } = invoiceFromFields(result.fields);
  return { invoice: { ...invoice, evidence }, items };
}

/** The invoice's figures and lines from the engine's field values alone (money in cents, credit notes negative). */
export function invoiceFromFields(f: FieldValues) {
  const credit = CREDIT_NOTE_CODES.has(f.document_type_code ?? '');
  const money = (value: string | undefined) => signed(toInvoiceCents(value), credit);
  const invoice = {
    number: f.invoice_number?.trim() || null,
    issueDate: f.issue_date ?? null,
    dueDate: f.due_date ?? null,
    issuerName: f.issuer_name ?? null,
    issuerAddress: f.issuer_address ?? null,
    issuerTaxId: normalizeTaxId(f.issuer_tax_id),
    recipientName: f.client_name ?? null,
    recipientAddress: f.client_address ?? null,
    recipientTaxId: normalizeTaxId(f.client_tax_id),
    currency: f.currency ?? 'EUR',
    taxBaseCents: money(f.tax_base),
    vatTotalCents: money(f.vat_total),
    withholdingCents: money(f.withholding_total),
    withholdingRate: f.withholding_rate ?? null,
    surchargeCents: money(f.surcharge_total),
    otherTaxesCents: money(f.other_taxes_total),
    totalCents: money(f.total),
    vatBreakdown: (f.vat_breakdown ?? []).map((entry) => ({
      rate: entry.rate,
      baseCents: money(entry.base),
      vatCents: money(entry.amount),
      ...(entry.surcharge_rate ? { surchargeRate: entry.surcharge_rate } : {}),
      ...(entry.surcharge_amount ? { surchargeCents: money(entry.surcharge_amount) } : {}),
      ...(entry.tax_type ? { taxType: entry.tax_type } : {}),
    })),
  };
  const items = (f.line_items ?? []).map((item, position) => {
    // A ticket prints the quantity before the item ("1 CREMA SETAS"): it is the line's quantity.
    const leading = item.quantity === undefined ? leadingQuantity(item.description) : null;
    const quantity = item.quantity ?? leading?.quantity ?? null;
    const lineTotalCents = money(item.line_total);
    let unitPriceCents = item.unit_price === undefined ? null : toInvoiceCents(item.unit_price);
    const hundredths = quantity === null ? null : toCents(quantity);
    // The unit price a ticket leaves out is the amount over the quantity, when that is a whole cent.
    if (
      unitPriceCents === null &&
      lineTotalCents !== null &&
      hundredths &&
      (lineTotalCents * 100) % hundredths === 0
    )
      unitPriceCents = (lineTotalCents * 100) / hundredths;
    return {
      position,
      description: leading?.description ?? item.description,
      quantity,
      unitPriceCents,
      lineTotalCents,
      vatRate: item.vat_rate ?? null,
      irpfRate: null,
    };
  });
  return { invoice, items };
}
