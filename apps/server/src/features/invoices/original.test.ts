import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { newId } from '../../lib/ids';
import { insertClient } from '../clients/repo';
import { seedDocuments } from '../review/seed';

/** A UBL invoice with two VAT rates, and markup in a name that must come back as text. */
const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>FV-2026-031</cbc:ID><cbc:IssueDate>2026-02-03</cbc:IssueDate><cbc:DueDate>2026-03-05</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>ESA58818501</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Suministros &lt;b&gt;Norte&lt;/b&gt; SL</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>ESB12345674</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Talleres Gómez S.L.</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">22.00</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">21.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">10.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">1.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>10</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">110.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">110.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">132.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">132.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">4</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Tornillería</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">25.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
  <cac:InvoiceLine><cbc:ID>2</cbc:ID><cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">10.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Manual</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>10</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">10.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>`;

describe(`an uploaded e-invoice XML, read for the viewer (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function invoiceWithFile(bytes: string, mediaType: string) {
    const owner = await createSignedInUser(ctx);
    const client = await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Talleres Gómez',
      taxId: null,
    });
    if (!client) throw new Error('no client');
    const fileKey = `originals/${newId()}`;
    await ctx.services.files.put(fileKey, new TextEncoder().encode(bytes));
    const [seeded] = await seedDocuments(ctx.db, { clientId: client.id, payerUserId: owner.user.id }, [
      { filename: 'factura.xml', fileKey, mediaType, invoice: { number: 'edited-by-reviewer' } },
    ]);
    return { headers: owner.headers, invoiceId: seeded?.invoiceId as string };
  }

  it('gives issuer, client, number, dates, lines, VAT per rate and totals as read from the XML', async () => {
    const { headers, invoiceId } = await invoiceWithFile(UBL, 'application/xml');
    const res = await ctx.request(`/api/v1/invoices/${invoiceId}/original`, { headers });
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body.format).toBe('ubl');
    expect(body.invoices).toHaveLength(1);
    const [invoice] = body.invoices;
    // The original's number, not the reviewed one; markup in a name stays text.
    expect(invoice).toMatchObject({
      number: 'FV-2026-031',
      issueDate: '2026-02-03',
      dueDate: '2026-03-05',
      issuerName: 'Suministros <b>Norte</b> SL',
      issuerTaxId: 'ESA58818501',
      recipientName: 'Talleres Gómez S.L.',
      taxBaseCents: 11000,
      vatTotalCents: 2200,
      totalCents: 13200,
      currency: 'EUR',
    });
    expect(
      invoice.vatBreakdown.map((l: { rate: string; baseCents: number; vatCents: number }) => [
        l.rate,
        l.baseCents,
        l.vatCents,
      ]),
    ).toEqual([
      ['21', 10000, 2100],
      ['10', 1000, 100],
    ]);
    expect(
      invoice.items.map((i: { description: string; quantity: string; lineTotalCents: number }) => [
        i.description,
        i.quantity,
        i.lineTotalCents,
      ]),
    ).toEqual([
      ['Tornillería', '4', 10000],
      ['Manual', '1', 1000],
    ]);
  });

  it('refuses a file that is not an e-invoice XML, and another user', async () => {
    const pdf = await invoiceWithFile('%PDF-1.4', 'application/pdf');
    const res = await ctx.request(`/api/v1/invoices/${pdf.invoiceId}/original`, { headers: pdf.headers });
    expect(res.status).toBe(415);
    expect((await bodyOf(res)).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await invoiceWithFile('<html><script>x</script></html>', 'application/xml');
    expect(
      (await ctx.request(`/api/v1/invoices/${broken.invoiceId}/original`, { headers: broken.headers }))
        .status,
    ).toBe(415);
    const xml = await invoiceWithFile(UBL, 'application/xml');
    const other = await createSignedInUser(ctx);
    expect(
      (await ctx.request(`/api/v1/invoices/${xml.invoiceId}/original`, { headers: other.headers })).status,
    ).toBe(404);
  });
});
