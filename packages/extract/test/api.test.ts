import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ExtractError,
  extractDocument,
  ocrStatus,
  parseInvoiceQr,
  sniffMediaType,
  toSpecFormat,
} from '../src/index.ts';
import type { ExtractionResult } from '../src/types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const golden = (f: string) => new Uint8Array(readFileSync(path.join(here, 'fixtures/golden', f)));
const enc = (s: string) => new TextEncoder().encode(s);

async function rejects(p: Promise<unknown>, code: string): Promise<void> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractError);
  expect((error as ExtractError).code).toBe(code);
  expect((error as ExtractError).permanent).toBe(true);
}

describe('sniffing and limits', () => {
  it('sniffs by magic bytes', () => {
    expect(sniffMediaType(golden('classic-recargo.pdf'))).toBe('application/pdf');
    expect(sniffMediaType(golden('classic-png.png'))).toBe('image/png');
    expect(sniffMediaType(golden('modern-scan.jpg'))).toBe('image/jpeg');
    expect(sniffMediaType(enc('<?xml version="1.0"?><Invoice/>'))).toBe('application/xml');
    expect(sniffMediaType(enc('GIF89a....'))).toBeNull();
    expect(sniffMediaType(enc('PK\u0003\u0004zip'))).toBeNull();
  });
  it('rejects empty, unsupported, oversized and malformed files with codes', async () => {
    await rejects(extractDocument({ bytes: new Uint8Array() }), 'EMPTY_FILE');
    await rejects(extractDocument({ bytes: enc('hello world, not an invoice') }), 'UNSUPPORTED_TYPE');
    await rejects(
      extractDocument({ bytes: golden('classic-recargo.pdf') }, { maxBytes: 1000 }),
      'FILE_TOO_LARGE',
    );
    await rejects(extractDocument({ bytes: enc('%PDF-1.7\nthis is not a pdf') }), 'PDF_MALFORMED');
    await rejects(
      extractDocument({ bytes: enc('<?xml version="1.0"?><Invoice><ID>1</Invoice>') }),
      'XML_INVALID',
    );
    await rejects(extractDocument({ bytes: enc('<?xml version="1.0"?><Order/>') }), 'XML_UNSUPPORTED');
    await rejects(
      extractDocument({ bytes: golden('classic-recargo.pdf') }, { maxPages: 0 }),
      'TOO_MANY_PAGES',
    );
    await rejects(
      extractDocument({ bytes: golden('classic-png.png') }, { maxPixels: 1000 }),
      'TOO_MANY_PIXELS',
    );
  });
  it('refuses XML entity declarations (no expansion)', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><Invoice><ID>&lol2;</ID></Invoice>`;
    await rejects(extractDocument({ bytes: enc(bomb) }), 'XML_INVALID');
  });
  it('reports OCR readiness without running OCR', async () => {
    const status = await ocrStatus();
    expect(['tesseract.js', 'native']).toContain(status.engine);
    expect(status.ready).toBe(true);
  });
});

const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>F2024/0042</cbc:ID><cbc:IssueDate>2024-03-15</cbc:IssueDate><cbc:DueDate>2024-04-14</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>ESB12345674</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Talleres G&#243;mez S.L. &amp; Hijos</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Cliente Ejemplo S.A.</cbc:RegistrationName><cbc:CompanyID>A46103834</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">231.00</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">1000.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">210.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">210.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">21.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>10</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">1210.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">1210.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">1441.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">1441.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">4</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">1000.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Reparación</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">250.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>`;

const FACTURAE = `<?xml version="1.0" encoding="UTF-8"?>
<fe:Facturae xmlns:fe="http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml">
 <FileHeader><SchemaVersion>3.2.2</SchemaVersion><Batch><InvoiceCurrencyCode>EUR</InvoiceCurrencyCode></Batch></FileHeader>
 <Parties>
  <SellerParty><TaxIdentification><PersonTypeCode>F</PersonTypeCode><TaxIdentificationNumber>12345678Z</TaxIdentificationNumber></TaxIdentification>
   <Individual><Name>María</Name><FirstSurname>López</FirstSurname><SecondSurname>García</SecondSurname></Individual></SellerParty>
  <BuyerParty><TaxIdentification><PersonTypeCode>J</PersonTypeCode><TaxIdentificationNumber>B82356981</TaxIdentificationNumber></TaxIdentification>
   <LegalEntity><CorporateName>Comercial Vidal S.L.</CorporateName></LegalEntity></BuyerParty>
 </Parties>
 <Invoices><Invoice>
  <InvoiceHeader><InvoiceNumber>0007</InvoiceNumber><InvoiceSeriesCode>A2024-</InvoiceSeriesCode><InvoiceDocumentType>FC</InvoiceDocumentType></InvoiceHeader>
  <InvoiceIssueData><IssueDate>2024-05-02</IssueDate><InvoiceCurrencyCode>EUR</InvoiceCurrencyCode></InvoiceIssueData>
  <TaxesOutputs><Tax><TaxTypeCode>01</TaxTypeCode><TaxRate>21.00</TaxRate><TaxableBase><TotalAmount>1000.00</TotalAmount></TaxableBase><TaxAmount><TotalAmount>210.00</TotalAmount></TaxAmount>
   <EquivalenceSurcharge>5.20</EquivalenceSurcharge><EquivalenceSurchargeAmount><TotalAmount>52.00</TotalAmount></EquivalenceSurchargeAmount></Tax></TaxesOutputs>
  <TaxesWithheld><Tax><TaxTypeCode>04</TaxTypeCode><TaxRate>15.00</TaxRate><TaxableBase><TotalAmount>1000.00</TotalAmount></TaxableBase><TaxAmount><TotalAmount>150.00</TotalAmount></TaxAmount></Tax></TaxesWithheld>
  <InvoiceTotals><TotalGrossAmountBeforeTaxes>1000.00</TotalGrossAmountBeforeTaxes><TotalTaxOutputs>262.00</TotalTaxOutputs><TotalTaxesWithheld>150.00</TotalTaxesWithheld><InvoiceTotal>1112.00</InvoiceTotal><TotalExecutableAmount>1112.00</TotalExecutableAmount></InvoiceTotals>
  <Items><InvoiceLine><ItemDescription>Asesoría</ItemDescription><Quantity>1.0</Quantity><UnitPriceWithoutTax>1000.000000</UnitPriceWithoutTax><TotalCost>1000.00</TotalCost><GrossAmount>1000.00</GrossAmount>
   <TaxesOutputs><Tax><TaxTypeCode>01</TaxTypeCode><TaxRate>21.00</TaxRate></Tax></TaxesOutputs></InvoiceLine></Items>
  <PaymentDetails><Installment><InstallmentDueDate>2024-06-01</InstallmentDueDate><InstallmentAmount>1112.00</InstallmentAmount><PaymentMeans>04</PaymentMeans>
   <AccountToBeCredited><IBAN>ES9121000418450200051332</IBAN></AccountToBeCredited></Installment></PaymentDetails>
 </Invoice></Invoices>
</fe:Facturae>`;

const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocument><ram:ID>471102</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20180305</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedTradeProduct><ram:Name>Trennblätter A4</ram:Name></ram:SpecifiedTradeProduct>
   <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>9.90</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
   <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="H87">20.0000</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
   <ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:RateApplicablePercent>19.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>
    <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>198.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>
  <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Lieferant GmbH</ram:Name><ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">201/113/40209</ram:ID></ram:SpecifiedTaxRegistration><ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
   <ram:BuyerTradeParty><ram:Name>Kunden AG Mitte</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
   <ram:ApplicableTradeTax><ram:CalculatedAmount>37.62</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>198.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>198.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>198.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">37.62</ram:TaxTotalAmount><ram:GrandTotalAmount>235.62</ram:GrandTotalAmount><ram:DuePayableAmount>235.62</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

describe('e-invoice XML files', () => {
  it('reads UBL 2.1 exactly', async () => {
    const r = await extractDocument({ bytes: enc(UBL) });
    expect(r.kind).toBe('einvoice_xml');
    expect(r.format).toBe('ubl');
    expect(r.fields).toMatchObject({
      invoice_number: 'F2024/0042',
      issue_date: '2024-03-15',
      due_date: '2024-04-14',
      issuer_name: 'Talleres Gómez S.L. & Hijos',
      issuer_tax_id: 'ESB12345674',
      client_name: 'Cliente Ejemplo S.A.',
      client_tax_id: 'A46103834',
      tax_base: '1210.00',
      vat_total: '231.00',
      total: '1441.00',
      vat_breakdown: [
        { rate: '21', base: '1000.00', amount: '210.00', category: 'S' },
        { rate: '10', base: '210.00', amount: '21.00', category: 'S' },
      ],
      line_items: [
        {
          description: 'Reparación',
          quantity: '4',
          unit_price: '250',
          line_total: '1000.00',
          vat_rate: '21',
        },
      ],
    });
    expect(r.verified.total).toBe(true);
    expect(r.source.total).toBe('xml');
  });
  it('reads Facturae 3.2.2 with IRPF and recargo', async () => {
    const r = await extractDocument({ bytes: enc(FACTURAE) });
    expect(r.format).toBe('facturae');
    expect(r.fields).toMatchObject({
      invoice_number: 'A2024-0007',
      issue_date: '2024-05-02',
      due_date: '2024-06-01',
      issuer_name: 'María López García',
      issuer_tax_id: '12345678Z',
      client_tax_id: 'B82356981',
      tax_base: '1000.00',
      vat_total: '210.00',
      surcharge_total: '52.00',
      withholding_total: '150.00',
      withholding_rate: '15',
      total: '1112.00',
      iban: 'ES9121000418450200051332',
    });
    const spec = toSpecFormat(r, 'B82356981');
    expect(spec.factura).toMatchObject({
      numero: 'A2024-0007',
      tipo: 'recibida',
      base_imponible: 100000,
      IVA_total: 21000,
      total_factura: 111200,
    });
    expect(spec.conceptos[0]).toMatchObject({
      descripcion: 'Asesoría',
      precio_unitario: 100000,
      porcentaje_IVA: 21,
      IVA: 21000,
      porcentaje_IRPF: 15,
      IRPF: 15000,
    });
  });
  it('reads a CII (Factur-X / XRechnung) file', async () => {
    const r = await extractDocument({ bytes: enc(CII) });
    expect(r.format).toBe('cii');
    expect(r.fields).toMatchObject({
      invoice_number: '471102',
      issue_date: '2018-03-05',
      issuer_tax_id: 'DE123456789',
      issuer_tax_ids: [
        { scheme: 'FC', id: '201/113/40209' },
        { scheme: 'VA', id: 'DE123456789' },
      ],
      total: '235.62',
      line_items: [
        {
          description: 'Trennblätter A4',
          quantity: '20',
          unit_price: '9.9',
          line_total: '198.00',
          vat_rate: '19',
        },
      ],
    });
  });
});

describe('QR codes', () => {
  it('parses VeriFactu and TicketBAI URLs', () => {
    const v = parseInvoiceQr(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678-G33&fecha=01-09-2024&importe=241.4',
      1,
    );
    expect(v).toMatchObject({
      kind: 'verifactu',
      values: { nif: '89890001K', number: '12345678-G33', date: '2024-09-01', total: '241.40' },
    });
    const t = parseInvoiceQr(
      'https://batuz.eus/QRTBAI/?id=TBAI-00000006Y-251019-btFpwP8dcLGAF-237&s=B&nf=27174&i=4.70&cr=007',
      1,
    );
    expect(t).toMatchObject({
      kind: 'ticketbai',
      values: { nif: '00000006Y', date: '2019-10-25', number: 'B27174', total: '4.70' },
    });
  });
});

describe('optional LLM pass', () => {
  it('fills gaps through an OpenAI-compatible endpoint and never overrides verified fields', async () => {
    const requests: { url?: string; body: { model: string; messages: { content: string }[] } }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        requests.push({ url: req.url, body: JSON.parse(body) });
        const answer = {
          invoice_number: 'WRONG-1',
          client_name: 'Nombre Del Modelo S.L.',
          total: '1.00',
          due_date: '2031-01-01',
        };
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(answer) } }] }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const bytes = new Uint8Array(readFileSync(path.join(here, 'fixtures/golden/ticket-simplificada.pdf')));
      const truth = JSON.parse(
        readFileSync(path.join(here, 'fixtures/golden/ticket-simplificada.expected.json'), 'utf8'),
      ).truth;
      const r = await extractDocument(
        { bytes },
        { llm: { url: `http://127.0.0.1:${port}/v1`, model: 'fake' }, today: '2030-01-01' },
      );
      expect(requests).toHaveLength(1);
      expect(requests[0]!.url).toBe('/v1/chat/completions');
      expect(requests[0]!.body.model).toBe('fake');
      expect(requests[0]!.body.messages[1]!.content).toContain('FACTURA SIMPLIFICADA');
      // verified by QR and arithmetic: the model's wrong values are ignored
      expect(r.fields.invoice_number).toBe(truth.invoice_number);
      expect(r.fields.total).toBe(truth.total);
      // a gap the model fills is marked as such, unverified
      expect(r.fields.client_name).toBe('Nombre Del Modelo S.L.');
      expect(r.source.client_name).toBe('llm');
      expect(r.verified.client_name).toBe(false);
    } finally {
      server.close();
    }
  });
});

describe('CLI', () => {
  it('prints one JSON object per file, bench and spec formats', async () => {
    const bin = path.join(here, '../bin/cuadra-extract.mjs');
    const files = [path.join(here, 'fixtures/golden/classic-recargo.pdf'), path.join(here, 'checks.test.ts')];
    const { stdout } = await promisify(execFile)(process.execPath, [bin, ...files], { timeout: 60_000 });
    const [first, second] = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(first.fields.total).toBeDefined();
    expect(first.confidence.total).toBeGreaterThan(0.9);
    expect(first.verified.total).toBe(true);
    expect(first.source.total).toBe('text');
    expect(first.boxes.total.page).toBe(1);
    expect(first.timingsMs.total).toBeGreaterThan(0);
    expect(second.error.code).toBe('UNSUPPORTED_TYPE');
    const spec = await promisify(execFile)(process.execPath, [bin, '--format', 'spec', files[0]!], {
      timeout: 60_000,
    });
    const s = JSON.parse(spec.stdout);
    expect(Number.isInteger(s.factura.total_factura)).toBe(true);
    expect(s.empresa.nombre).toBeTruthy();
    expect(Array.isArray(s.conceptos)).toBe(true);
  });
});

describe('spec format: amount due and direction', () => {
  it('carries amount_due and direction, and types the invoice by the direction without an own tax id', () => {
    const result = {
      fields: { total: '121.00', amount_due: '100.00' },
      direction: 'received',
    } as unknown as ExtractionResult;
    const spec = toSpecFormat(result);
    expect(spec.direction).toBe('received');
    expect(spec.factura.amount_due).toBe(10000);
    expect(spec.factura.tipo).toBe('recibida');
  });
});
