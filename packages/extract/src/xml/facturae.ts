import { parseDateValue } from '../text/dates.ts';
import { minimalDecimal, moneyString } from '../text/numbers.ts';
import type { FieldValues, LineItem, VatBreakdownEntry } from '../types.ts';
import { stripUndefined } from './cii.ts';
import { child, children, text, type XmlNode } from './dom.ts';
import { FACTURAE_TAX_TYPES, type ParsedInvoice } from './totals.ts';

/**
 * Spanish Facturae 3.2 / 3.2.1 / 3.2.2: every invoice of the file (a batch, `Modality` L, holds several;
 * the parties are shared).
 */
export function parseFacturae(root: XmlNode): ParsedInvoice[] {
  const invoices = children(root, 'Invoices', 'Invoice');
  return (invoices.length ? invoices : [undefined]).map((invoice) => parseInvoice(root, invoice));
}

function parseInvoice(root: XmlNode, invoice: XmlNode | undefined): ParsedInvoice {
  const out: FieldValues = {};
  const seller = child(root, 'Parties', 'SellerParty');
  const buyer = child(root, 'Parties', 'BuyerParty');
  const header = child(invoice, 'InvoiceHeader');
  const series = text(header, 'InvoiceSeriesCode');
  const number = text(header, 'InvoiceNumber');
  out.invoice_number = series && number && !number.startsWith(series) ? `${series}${number}` : number;
  const corrective = child(header, 'Corrective');
  out.document_type_code = corrective ? '381' : '380';
  const issueData = child(invoice, 'InvoiceIssueData');
  const issue = text(issueData, 'IssueDate');
  if (issue) out.issue_date = parseDateValue(issue) ?? undefined;
  const currency =
    text(issueData, 'InvoiceCurrencyCode') ?? text(root, 'FileHeader', 'Batch', 'InvoiceCurrencyCode');
  if (currency) out.currency = currency.toUpperCase();

  const partyName = (p: XmlNode | undefined) => {
    const legal = text(p, 'LegalEntity', 'CorporateName');
    if (legal) return legal;
    const ind = child(p, 'Individual');
    const parts = [text(ind, 'Name'), text(ind, 'FirstSurname'), text(ind, 'SecondSurname')].filter(Boolean);
    return parts.length ? parts.join(' ') : undefined;
  };
  const partyAddress = (p: XmlNode | undefined) => {
    const a = child(p, 'LegalEntity', 'AddressInSpain') ?? child(p, 'Individual', 'AddressInSpain');
    if (!a) return undefined;
    return [
      text(a, 'Address'),
      [text(a, 'PostCode'), text(a, 'Town')].filter(Boolean).join(' '),
      text(a, 'Province'),
    ]
      .filter((x) => x)
      .join(', ');
  };
  out.issuer_name = partyName(seller);
  out.issuer_tax_id = text(seller, 'TaxIdentification', 'TaxIdentificationNumber');
  out.issuer_address = partyAddress(seller);
  out.client_name = partyName(buyer);
  out.client_tax_id = text(buyer, 'TaxIdentification', 'TaxIdentificationNumber');
  out.client_address = partyAddress(buyer);

  const amount = (n: XmlNode | undefined, ...path: string[]) => {
    const t = text(n, ...path);
    return t ? moneyString(t) : undefined;
  };
  const totals = child(invoice, 'InvoiceTotals');
  out.tax_base = amount(totals, 'TotalGrossAmountBeforeTaxes');
  out.total = amount(totals, 'InvoiceTotal');
  out.amount_due = amount(totals, 'TotalExecutableAmount');
  const withheld = amount(totals, 'TotalTaxesWithheld');
  const withheldTaxes = children(invoice, 'TaxesWithheld', 'Tax');
  const withheldLines = withheldTaxes.reduce(
    (s, t) => s + Math.round(Number(text(t, 'TaxAmount', 'TotalAmount') ?? 0) * 100),
    0,
  );
  const withholding = withheld ?? (withheldTaxes.length ? moneyString(withheldLines / 100) : undefined);
  if (withholding && Number(withholding) !== 0) out.withholding_total = withholding;
  const withheldTax = withheldTaxes[0];
  if (withheldTax) out.withholding_rate = minimalDecimal(text(withheldTax, 'TaxRate') ?? '0');

  // Every output tax lands somewhere: IVA per rate in vat_total, every other tax (IPSI, IGIC, special
  // taxes…) in other_taxes_total, each with its entry in the breakdown; recargo of any of them in
  // surcharge_total.
  const breakdown: VatBreakdownEntry[] = [];
  let vat = 0;
  let other = 0;
  let surcharge = 0;
  for (const tax of children(invoice, 'TaxesOutputs', 'Tax')) {
    const code = text(tax, 'TaxTypeCode') ?? '01';
    const entry: VatBreakdownEntry = {
      rate: minimalDecimal(text(tax, 'TaxRate') ?? '0'),
      base: moneyString(text(tax, 'TaxableBase', 'TotalAmount') ?? '0'),
      amount: moneyString(text(tax, 'TaxAmount', 'TotalAmount') ?? '0'),
    };
    if (code !== '01') entry.tax_type = FACTURAE_TAX_TYPES[code] ?? code;
    const sRate = text(tax, 'EquivalenceSurcharge');
    const sAmount = text(tax, 'EquivalenceSurchargeAmount', 'TotalAmount');
    if (sAmount && Number(sAmount) !== 0) {
      entry.surcharge_rate = minimalDecimal(sRate ?? '0');
      entry.surcharge_amount = moneyString(sAmount);
      surcharge += Math.round(Number(sAmount) * 100);
    }
    const cents = Math.round(Number(entry.amount) * 100);
    if (entry.tax_type) other += cents;
    else vat += cents;
    breakdown.push(entry);
  }
  if (breakdown.length) {
    out.vat_breakdown = breakdown;
    out.vat_total = moneyString(vat / 100);
    if (other || breakdown.some((e) => e.tax_type)) out.other_taxes_total = moneyString(other / 100);
    if (surcharge) out.surcharge_total = moneyString(surcharge / 100);
  } else out.vat_total = amount(totals, 'TotalTaxOutputs');

  const installment = children(invoice, 'PaymentDetails', 'Installment')[0];
  const due = text(installment, 'InstallmentDueDate');
  if (due) out.due_date = parseDateValue(due) ?? undefined;
  const iban = text(installment, 'AccountToBeCredited', 'IBAN');
  if (iban) out.iban = iban.replace(/\s/g, '');

  const lines: LineItem[] = children(invoice, 'Items', 'InvoiceLine').map((l) => {
    const line: LineItem = { description: text(l, 'ItemDescription') ?? '' };
    const qty = text(l, 'Quantity');
    if (qty) line.quantity = minimalDecimal(qty);
    const price = text(l, 'UnitPriceWithoutTax');
    if (price) line.unit_price = minimalDecimal(price);
    const total = text(l, 'GrossAmount') ?? text(l, 'TotalCost');
    if (total) line.line_total = moneyString(total);
    const rate = text(l, 'TaxesOutputs', 'Tax', 'TaxRate');
    if (rate) line.vat_rate = minimalDecimal(rate);
    return line;
  });
  if (lines.length) out.line_items = lines;
  return {
    fields: stripUndefined(out),
    declared: {
      taxOutputs: breakdown.length ? amount(totals, 'TotalTaxOutputs') : undefined,
      withheldLines: withheld && withheldTaxes.length ? moneyString(withheldLines / 100) : undefined,
      totalAfterWithholding: true,
    },
  };
}
