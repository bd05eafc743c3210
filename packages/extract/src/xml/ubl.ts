import { parseDateValue } from '../text/dates.ts';
import { minimalDecimal, moneyString } from '../text/numbers.ts';
import type { FieldValues, LineItem, VatBreakdownEntry } from '../types.ts';
import { stripUndefined } from './cii.ts';
import { child, children, text, type XmlNode } from './dom.ts';
import { type DeclaredTotals, nonVatTaxType, type ParsedInvoice, splitTaxes } from './totals.ts';

/** UBL 2.1 Invoice / CreditNote (Peppol BIS Billing 3.0). */
export function parseUbl(root: XmlNode): ParsedInvoice {
  const credit = root.name === 'CreditNote';
  const out: FieldValues = {};
  out.invoice_number = text(root, 'ID');
  out.document_type_code =
    text(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode') ?? (credit ? '381' : '380');
  const issue = text(root, 'IssueDate');
  if (issue) out.issue_date = parseDateValue(issue) ?? undefined;
  const due = text(root, 'DueDate') ?? text(root, 'PaymentMeans', 'PaymentDueDate');
  if (due) out.due_date = parseDateValue(due) ?? undefined;
  const currency = text(root, 'DocumentCurrencyCode');
  if (currency) out.currency = currency.toUpperCase();

  const party = (role: string) => child(root, role, 'Party');
  const seller = party('AccountingSupplierParty');
  const buyer = party('AccountingCustomerParty');
  const name = (p: XmlNode | undefined) =>
    text(p, 'PartyLegalEntity', 'RegistrationName') ?? text(p, 'PartyName', 'Name');
  const ids = (p: XmlNode | undefined) => {
    const list = children(p, 'PartyTaxScheme')
      .map((s) => ({
        scheme: text(s, 'TaxScheme', 'ID') === 'VAT' ? 'VA' : 'FC',
        id: text(s, 'CompanyID') ?? '',
      }))
      .filter((x) => x.id);
    const legal = text(p, 'PartyLegalEntity', 'CompanyID');
    if (legal && !list.some((x) => x.id === legal)) list.push({ scheme: 'FC', id: legal });
    return list;
  };
  const addr = (p: XmlNode | undefined) => {
    const a = child(p, 'PostalAddress');
    if (!a) return undefined;
    const parts = [
      text(a, 'StreetName'),
      text(a, 'AdditionalStreetName'),
      [text(a, 'PostalZone'), text(a, 'CityName')].filter(Boolean).join(' '),
      text(a, 'Country', 'IdentificationCode'),
    ].filter((x) => x);
    return parts.length ? parts.join(', ') : undefined;
  };
  const sellerIds = ids(seller);
  const buyerIds = ids(buyer);
  out.issuer_name = name(seller);
  out.issuer_tax_ids = sellerIds.length ? sellerIds : undefined;
  out.issuer_tax_id = (sellerIds.find((x) => x.scheme === 'VA') ?? sellerIds[0])?.id;
  out.issuer_address = addr(seller);
  out.client_name = name(buyer);
  out.client_tax_ids = buyerIds.length ? buyerIds : undefined;
  out.client_tax_id = (buyerIds.find((x) => x.scheme === 'VA') ?? buyerIds[0])?.id;
  out.client_address = addr(buyer);

  const totals = child(root, 'LegalMonetaryTotal');
  const m = (n: XmlNode | undefined, ...path: string[]) => {
    const t = text(n, ...path);
    return t ? moneyString(t) : undefined;
  };
  out.tax_base = m(totals, 'TaxExclusiveAmount');
  out.total = m(totals, 'TaxInclusiveAmount');
  out.amount_due = m(totals, 'PayableAmount');
  // Peppol gives one TaxTotal with subtotals in the document currency (and maybe one more, without
  // subtotals, in the accounting currency); general UBL may give one TaxTotal per tax scheme.
  const taxTotals = children(root, 'TaxTotal');
  const inCurrency = taxTotals.filter((t) => {
    const cur = child(t, 'TaxAmount')?.attrs.currencyID;
    return !cur || !currency || cur === currency;
  });
  const used = inCurrency.length ? inCurrency : taxTotals.slice(0, 1);
  const withSubtotals = used.filter((t) => children(t, 'TaxSubtotal').length);
  const counted = withSubtotals.length ? withSubtotals : used.slice(0, 1);
  const stated = counted.reduce((s, t) => s + Math.round(Number(text(t, 'TaxAmount') ?? 0) * 100), 0);
  if (counted.some((t) => text(t, 'TaxAmount'))) out.vat_total = moneyString(stated / 100);
  const breakdown: VatBreakdownEntry[] = counted.flatMap((t) =>
    children(t, 'TaxSubtotal').map((s) => {
      const category = text(s, 'TaxCategory', 'ID');
      const entry: VatBreakdownEntry = {
        rate: minimalDecimal(text(s, 'TaxCategory', 'Percent') ?? text(s, 'Percent') ?? '0'),
        base: moneyString(text(s, 'TaxableAmount') ?? '0'),
        amount: moneyString(text(s, 'TaxAmount') ?? '0'),
        category,
      };
      const taxType = nonVatTaxType(text(s, 'TaxCategory', 'TaxScheme', 'ID'), category);
      if (taxType) entry.tax_type = taxType;
      return entry;
    }),
  );
  if (breakdown.length) out.vat_breakdown = breakdown;
  const declared: DeclaredTotals = { totalAfterWithholding: 'either' };
  splitTaxes(out, declared);
  const withholdings = children(root, 'WithholdingTaxTotal').filter((t) => {
    const cur = child(t, 'TaxAmount')?.attrs.currencyID;
    return !cur || !currency || cur === currency;
  });
  if (withholdings.length) {
    const cents = withholdings.reduce((s, t) => s + Math.round(Number(text(t, 'TaxAmount') ?? 0) * 100), 0);
    if (cents) out.withholding_total = moneyString(cents / 100);
    const rate = text(withholdings[0], 'TaxSubtotal', 'TaxCategory', 'Percent');
    if (cents && rate) out.withholding_rate = minimalDecimal(rate);
  }
  const iban = text(root, 'PaymentMeans', 'PayeeFinancialAccount', 'ID');
  if (iban && /^[A-Z]{2}\d{2}/.test(iban.replace(/\s/g, ''))) out.iban = iban.replace(/\s/g, '');

  const lines: LineItem[] = children(root, credit ? 'CreditNoteLine' : 'InvoiceLine').map((l) => {
    const line: LineItem = { description: text(l, 'Item', 'Name') ?? text(l, 'Item', 'Description') ?? '' };
    const qty = text(l, credit ? 'CreditedQuantity' : 'InvoicedQuantity');
    if (qty) line.quantity = minimalDecimal(qty);
    const price = text(l, 'Price', 'PriceAmount');
    if (price) line.unit_price = minimalDecimal(price);
    const total = text(l, 'LineExtensionAmount');
    if (total) line.line_total = moneyString(total);
    const rate = text(l, 'Item', 'ClassifiedTaxCategory', 'Percent');
    if (rate) line.vat_rate = minimalDecimal(rate);
    return line;
  });
  if (lines.length) out.line_items = lines;
  return { fields: stripUndefined(out), declared };
}
