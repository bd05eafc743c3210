import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractDocument, sniffMediaType, toSpecFormat } from '../src/index.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/xml');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(dir, name)));
const read = (name: string) => extractDocument({ bytes: fixture(name) });
const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);
const SUM_FIELDS = ['tax_base', 'vat_total', 'other_taxes_total', 'surcharge_total', 'total'] as const;

describe('every tax of a structured invoice lands somewhere', () => {
  it('Facturae IVA 18 % and IPSI 3 %, each with recargo, and IRPF', async () => {
    const r = await read('facturae-iva-ipsi-recargo.xml');
    expect(r.fields).toMatchObject({
      invoice_number: 'C101',
      tax_base: '1000.00',
      vat_total: '180.00',
      other_taxes_total: '15.00',
      surcharge_total: '42.50',
      withholding_total: '150.00',
      withholding_rate: '15',
      total: '1087.50',
    });
    expect(r.fields.vat_breakdown).toEqual([
      { rate: '18', base: '1000.00', amount: '180.00', surcharge_rate: '4', surcharge_amount: '40.00' },
      {
        rate: '3',
        base: '500.00',
        amount: '15.00',
        tax_type: 'IPSI',
        surcharge_rate: '0.5',
        surcharge_amount: '2.50',
      },
    ]);
    expect(codes(r)).toEqual([]);
    for (const f of SUM_FIELDS) expect(r.verified[f]).toBe(true);
    expect(toSpecFormat(r).factura).toMatchObject({
      IVA_total: 18000,
      otros_impuestos: 1500,
      recargo_equivalencia: 4250,
      IRPF_total: 15000,
      total_factura: 108750,
    });
  });

  it('a Facturae special tax (type 07) is an other tax, not dropped', async () => {
    const r = await read('facturae-special-tax.xml');
    expect(r.fields).toMatchObject({ vat_total: '42.00', other_taxes_total: '10.22', total: '252.22' });
    expect(r.fields.vat_breakdown?.[1]).toMatchObject({ rate: '5.11', amount: '10.22', tax_type: 'IE' });
    expect(r.fields.surcharge_total).toBeUndefined();
    expect(codes(r)).toEqual([]);
    expect(r.verified.total).toBe(true);
  });

  it('a sum that does not close warns and leaves nothing verified that it concerns', async () => {
    const r = await read('facturae-total-does-not-close.xml');
    expect(codes(r)).toContain('TOTALS_MISMATCH');
    for (const f of SUM_FIELDS) expect(r.verified[f], f).toBe(false);
    expect(r.verified.vat_breakdown).toBe(false);
    expect(r.confidence.total).toBeLessThan(1);
    // what the sum does not concern stays verified
    expect(r.verified.invoice_number).toBe(true);
    expect(r.verified.issuer_tax_id).toBe(true);
  });

  it('UBL: an IGIC subtotal (category L) is an other tax; the withholding is kept', async () => {
    const r = await read('ubl-vat-igic-withholding.xml');
    expect(r.fields).toMatchObject({
      tax_base: '1000.00',
      vat_total: '63.00',
      other_taxes_total: '49.00',
      withholding_total: '60.00',
      withholding_rate: '15',
      total: '1112.00',
      amount_due: '1052.00',
    });
    expect(r.fields.vat_breakdown?.map((e) => e.tax_type)).toEqual([undefined, 'IGIC']);
    expect(codes(r)).toEqual([]);
    expect(r.verified.total).toBe(true);
  });

  it('UBL with one TaxTotal per tax scheme: both taxes counted, each in its place', async () => {
    const r = await read('ubl-tax-total-per-scheme.xml');
    expect(r.fields).toMatchObject({ vat_total: '63.00', other_taxes_total: '49.00', total: '1112.00' });
    expect(r.fields.vat_breakdown?.map((e) => e.tax_type)).toEqual([undefined, 'IGIC']);
    expect(codes(r)).toEqual([]);
    expect(r.verified.total).toBe(true);
  });

  it('withheld lines that disagree with the stated withholding unverify only the withholding', async () => {
    const r = await read('facturae-withholding-does-not-close.xml');
    expect(codes(r)).toEqual(['WITHHOLDING_MISMATCH']);
    expect(r.verified.withholding_total).toBe(false);
    expect(r.verified.total).toBe(true);
  });

  it('CII: an IPSI category (M) is an other tax; a grand total that does not close warns', async () => {
    const ok = await read('cii-vat-ipsi.xml');
    expect(ok.fields).toMatchObject({ vat_total: '42.00', other_taxes_total: '12.00', total: '554.00' });
    expect(codes(ok)).toEqual([]);
    expect(ok.verified.total).toBe(true);
    const bad = await read('cii-total-does-not-close.xml');
    expect(codes(bad)).toContain('TOTALS_MISMATCH');
    expect(bad.verified.total).toBe(false);
    expect(bad.verified.vat_total).toBe(false);
    expect(bad.verified.invoice_number).toBe(true);
  });
});

describe('structured files others write', () => {
  it('accepts a UBL file that opens with a licence comment and no XML declaration', async () => {
    const bytes = fixture('ubl-licence-comment-no-declaration.xml');
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('<!--');
    expect(sniffMediaType(bytes)).toBe('application/xml');
    const r = await extractDocument({ bytes });
    expect(r.format).toBe('ubl');
    expect(r.fields).toMatchObject({ invoice_number: 'UB-2025-17', total: '484.00', vat_total: '84.00' });
    expect(r.verified.total).toBe(true);
  });

  it('sniffs XML behind a BOM, whitespace, processing instructions, comments and a DOCTYPE', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    const utf16 = (s: string) =>
      new Uint8Array([
        0xff,
        0xfe,
        ...Array.from(s).flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8]),
      ]);
    expect(sniffMediaType(enc('\uFEFF\n  <?xml version="1.0"?><Invoice/>'))).toBe('application/xml');
    expect(sniffMediaType(enc('<?xml-stylesheet href="x.xsl"?>\n<!-- a -->\n<!-- b --><Invoice/>'))).toBe(
      'application/xml',
    );
    expect(sniffMediaType(enc('<!DOCTYPE Invoice>\n<ubl:Invoice xmlns:ubl="urn:x"/>'))).toBe(
      'application/xml',
    );
    expect(sniffMediaType(utf16('<!-- licence --><Invoice/>'))).toBe('application/xml');
    expect(sniffMediaType(enc(`<!--${' long licence text '.repeat(200)}-->\n<Invoice/>`))).toBe(
      'application/xml',
    );
    expect(sniffMediaType(enc('<!-- a comment and then prose'))).toBeNull();
    expect(sniffMediaType(enc('Invoice <ID>1</ID>'))).toBeNull();
  });

  it('returns every invoice of a Facturae batch and warns that the fields are the first', async () => {
    const r = await read('facturae-batch-two-invoices.xml');
    expect(r.fields).toMatchObject({ invoice_number: 'C201', total: '1210.00' });
    expect(codes(r)).toContain('MULTIPLE_INVOICES');
    expect(r.invoices?.map((i) => [i.fields.invoice_number, i.fields.total])).toEqual([
      ['C201', '1210.00'],
      ['C202', '363.00'],
    ]);
    expect(r.invoices?.[1]).toMatchObject({
      fields: { issuer_tax_id: 'B12345674', client_name: 'Ana Prueba Ruiz', vat_total: '63.00' },
      verified: { total: true },
      source: { total: 'xml' },
    });
  });

  it('warns when a batch header announces more invoices than the file holds', async () => {
    const bytes = new TextEncoder().encode(
      new TextDecoder()
        .decode(fixture('facturae-batch-two-invoices.xml'))
        .replace('<InvoicesCount>2<', '<InvoicesCount>3<'),
    );
    const r = await extractDocument({ bytes });
    expect(codes(r)).toEqual(['MULTIPLE_INVOICES', 'BATCH_COUNT_MISMATCH']);
    expect(r.invoices).toHaveLength(2);
  });

  it('a single invoice has no invoices list (the result keeps its shape)', async () => {
    const r = await read('facturae-special-tax.xml');
    expect(r.invoices).toBeUndefined();
    expect(Object.keys(r)).not.toContain('invoices');
  });
});
