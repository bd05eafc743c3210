import { parseDateValue } from '../text/dates.ts';
import { minimalDecimal, moneyString } from '../text/numbers.ts';
import type { FieldValues, LineItem, VatBreakdownEntry } from '../types.ts';
import { child, children, text, type XmlNode } from './dom.ts';
import { type DeclaredTotals, nonVatTaxType, type ParsedInvoice, splitTaxes } from './totals.ts';

/**
 * UN/CEFACT CII: Factur-X / ZUGFeRD 2.x / XRechnung (`CrossIndustryInvoice`) and ZUGFeRD 1.0
 * (`CrossIndustryDocument`, whose element names differ slightly).
 */
export function parseCii(root: XmlNode): ParsedInvoice {
  const v1 = root.name === 'CrossIndustryDocument';
  const doc = child(root, v1 ? 'HeaderExchangedDocument' : 'ExchangedDocument');
  const tx = child(root, v1 ? 'SpecifiedSupplyChainTradeTransaction' : 'SupplyChainTradeTransaction');
  const agreement = child(tx, v1 ? 'ApplicableSupplyChainTradeAgreement' : 'ApplicableHeaderTradeAgreement');
  const settlement = child(
    tx,
    v1 ? 'ApplicableSupplyChainTradeSettlement' : 'ApplicableHeaderTradeSettlement',
  );
  const seller = child(agreement, 'SellerTradeParty');
  const buyer = child(agreement, 'BuyerTradeParty');
  const currency = text(settlement, 'InvoiceCurrencyCode');
  const sums = child(
    settlement,
    v1 ? 'SpecifiedTradeSettlementMonetarySummation' : 'SpecifiedTradeSettlementHeaderMonetarySummation',
  );

  const out: FieldValues = {};
  out.invoice_number = text(doc, 'ID');
  out.document_type_code = text(doc, 'TypeCode');
  const issue = text(doc, 'IssueDateTime', 'DateTimeString');
  if (issue) out.issue_date = parseDateValue(issue) ?? undefined;
  const due = text(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString');
  if (due) out.due_date = parseDateValue(due) ?? undefined;

  const sellerIds = taxIds(seller);
  out.issuer_name = text(seller, 'Name');
  out.issuer_tax_ids = sellerIds.length ? sellerIds : undefined;
  out.issuer_tax_id = preferredTaxId(sellerIds);
  out.issuer_address = address(seller);
  const buyerIds = taxIds(buyer);
  out.client_name = text(buyer, 'Name');
  out.client_tax_ids = buyerIds.length ? buyerIds : undefined;
  out.client_tax_id = preferredTaxId(buyerIds);
  out.client_address = address(buyer);
  if (currency) out.currency = currency.toUpperCase();

  const amount = (name: string): string | undefined => {
    const nodes = children(sums, name);
    // TaxTotalAmount may be given twice (invoice and accounting currency): take the invoice currency.
    const node = nodes.find((n) => !n.attrs.currencyID || n.attrs.currencyID === currency) ?? nodes[0];
    return node?.text ? moneyString(node.text) : undefined;
  };
  out.tax_base = amount('TaxBasisTotalAmount');
  out.vat_total = amount('TaxTotalAmount');
  out.total = amount('GrandTotalAmount');
  out.amount_due = amount('DuePayableAmount');

  const breakdown: VatBreakdownEntry[] = [];
  for (const tax of children(settlement, 'ApplicableTradeTax')) {
    const rate =
      text(tax, v1 ? 'ApplicablePercent' : 'RateApplicablePercent') ?? text(tax, 'ApplicablePercent');
    const base = text(tax, 'BasisAmount');
    const calc = text(tax, 'CalculatedAmount');
    if (base == null && calc == null) continue;
    const category = text(tax, 'CategoryCode');
    const entry: VatBreakdownEntry = {
      rate: minimalDecimal(rate ?? '0'),
      base: moneyString(base ?? '0'),
      amount: moneyString(calc ?? '0'),
      category,
    };
    const taxType = nonVatTaxType(text(tax, 'TypeCode'), category);
    if (taxType) entry.tax_type = taxType;
    breakdown.push(entry);
  }
  if (breakdown.length) out.vat_breakdown = breakdown;
  // GrandTotalAmount = TaxBasisTotalAmount + TaxTotalAmount (EN 16931 BR-CO-15); no withholding in CII.
  const declared: DeclaredTotals = { totalAfterWithholding: false };
  splitTaxes(out, declared);

  const iban = text(
    settlement,
    'SpecifiedTradeSettlementPaymentMeans',
    'PayeePartyCreditorFinancialAccount',
    'IBANID',
  );
  if (iban) out.iban = iban.replace(/\s/g, '');

  const lines: LineItem[] = [];
  for (const item of children(tx, 'IncludedSupplyChainTradeLineItem')) {
    const lineAgreement = child(
      item,
      v1 ? 'SpecifiedSupplyChainTradeAgreement' : 'SpecifiedLineTradeAgreement',
    );
    const lineDelivery = child(item, v1 ? 'SpecifiedSupplyChainTradeDelivery' : 'SpecifiedLineTradeDelivery');
    const lineSettlement = child(
      item,
      v1 ? 'SpecifiedSupplyChainTradeSettlement' : 'SpecifiedLineTradeSettlement',
    );
    const description = text(item, 'SpecifiedTradeProduct', 'Name');
    const line: LineItem = { description: description ?? '' };
    const qty = text(lineDelivery, 'BilledQuantity');
    if (qty) line.quantity = minimalDecimal(qty);
    const price = text(lineAgreement, 'NetPriceProductTradePrice', 'ChargeAmount');
    if (price) line.unit_price = minimalDecimal(price);
    const total = text(
      lineSettlement,
      v1 ? 'SpecifiedTradeSettlementMonetarySummation' : 'SpecifiedTradeSettlementLineMonetarySummation',
      'LineTotalAmount',
    );
    if (total) line.line_total = moneyString(total);
    const rate =
      text(lineSettlement, 'ApplicableTradeTax', v1 ? 'ApplicablePercent' : 'RateApplicablePercent') ??
      text(lineSettlement, 'ApplicableTradeTax', 'ApplicablePercent');
    if (rate) line.vat_rate = minimalDecimal(rate);
    // Group headers (EXTENDED profile) carry neither a name nor an amount.
    if (line.description || line.line_total) lines.push(line);
  }
  if (lines.length) out.line_items = lines;
  return { fields: stripUndefined(out), declared };
}

function taxIds(party: XmlNode | undefined): { scheme: string; id: string }[] {
  return children(party, 'SpecifiedTaxRegistration')
    .map((reg) => {
      const id = child(reg, 'ID');
      return { scheme: id?.attrs.schemeID ?? '', id: id?.text.trim() ?? '' };
    })
    .filter((x) => x.id);
}

function preferredTaxId(ids: { scheme: string; id: string }[]): string | undefined {
  return (ids.find((x) => x.scheme === 'VA') ?? ids[0])?.id;
}

function address(party: XmlNode | undefined): string | undefined {
  const a = child(party, 'PostalTradeAddress');
  if (!a) return undefined;
  const parts = [
    text(a, 'LineOne'),
    text(a, 'LineTwo'),
    text(a, 'LineThree'),
    [text(a, 'PostcodeCode'), text(a, 'CityName')].filter(Boolean).join(' '),
    text(a, 'CountryID'),
  ].filter((x) => x);
  return parts.length ? parts.join(', ') : undefined;
}

export function stripUndefined<T extends Record<string, unknown>>(obj: T): T {
  for (const key of Object.keys(obj)) if (obj[key] === undefined || obj[key] === '') delete obj[key];
  return obj;
}
