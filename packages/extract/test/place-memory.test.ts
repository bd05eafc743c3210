import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractDocument, type PlaceHint } from '../src/index.ts';

/** A one-page PDF with text cells at (x, row) on an A4 page: rows 22 pt apart from the top. */
async function pdfOf(rows: [number, string][][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sheet = pdf.addPage([595, 842]);
  rows.forEach((cells, row) => {
    for (const [x, text] of cells) sheet.drawText(text, { x, y: 790 - row * 22, size: 10, font });
  });
  return pdf.save();
}

/**
 * One supplier's layout: the number under "Documento" in a row of labels, the due date under "Cargo en
 * cuenta", beside an order reference and a customer code the rules could take instead.
 */
const invoice = (v: {
  number: string;
  order: string;
  due: string;
  base: string;
  vat: string;
  total: string;
}) =>
  pdfOf([
    [
      [50, 'TALLERES NORTE S.L.'],
      [400, 'CIF B12345674'],
    ],
    [[50, 'Calle Mayor 4, 28001 Madrid']],
    [
      [50, `Pedido ${v.order}`],
      [250, 'Albarán 77'],
    ],
    [
      [50, 'Documento'],
      [170, 'Cliente'],
      [290, 'Emitido'],
      [410, 'Cargo en cuenta'],
    ],
    [
      [50, v.number],
      [170, 'C-0042'],
      [290, '12/03/2024'],
      [410, v.due],
    ],
    [
      [50, 'Concepto'],
      [450, 'Importe'],
    ],
    [
      [50, 'Reparación de bomba'],
      [450, v.base],
    ],
    [
      [50, 'Base'],
      [120, v.base],
      [250, 'IVA 21%'],
      [330, v.vat],
    ],
    [
      [50, 'Líquido a abonar'],
      [200, v.total],
    ],
  ]);

const FIRST = {
  number: 'A/7781',
  order: 'P-2231',
  due: '11/04/2024',
  base: '100,00',
  vat: '21,00',
  total: '121,00',
};
const SECOND = {
  number: 'A/7790',
  order: 'P-2240',
  due: '02/05/2024',
  base: '200,00',
  vat: '42,00',
  total: '242,00',
};
const SUPPLIER = { taxId: 'B12345674' };
const read = async (bytes: Uint8Array, options: Parameters<typeof extractDocument>[1] = {}) =>
  extractDocument({ bytes }, { ocr: false, qr: 'never', today: '2024-06-01', ...options });

/** What the accountant's correction of the first document teaches, as the server keeps it. */
async function learnFromFirst(): Promise<PlaceHint[]> {
  const first = await read(await invoice(FIRST), {
    learn: [
      { field: 'invoice_number', value: 'A/7781' },
      { field: 'due_date', value: '2024-04-11' },
    ],
  });
  return (first.learned ?? []).map((hint, i) => ({ ...hint, id: `hint-${i}`, supplier: SUPPLIER }));
}

describe('place memory: the second document of a supplier after one correction', () => {
  it('misreads the first document, learns where the corrected values are printed', async () => {
    const first = await read(await invoice(FIRST));
    expect(first.fields.invoice_number).not.toBe('A/7781');
    expect(first.fields.due_date).not.toBe('2024-04-11');
    const hints = await learnFromFirst();
    expect(hints.map((h) => [h.field, h.label, h.relation])).toEqual([
      ['invoice_number', 'documento', 'below'],
      ['due_date', 'cargo en cuenta', 'below'],
    ]);
  });

  it('reads the second document at the learned places, from memory and not verified by it', async () => {
    const hints = await learnFromFirst();
    const second = await read(await invoice(SECOND), { hints });
    expect(second.fields.invoice_number).toBe('A/7790');
    expect(second.fields.due_date).toBe('2024-05-02');
    expect(second.source.invoice_number).toBe('memory');
    expect(second.verified.invoice_number).toBe(false);
    expect(second.verified.due_date).toBe(false);
    expect(second.hintsUsed).toEqual({ invoice_number: 'hint-0', due_date: 'hint-1' });
    // The amounts the document proves itself stay proved.
    expect(second.fields.total).toBe('242.00');
    expect(second.verified.total).toBe(true);
  });

  it('learns an amount: read from memory, verified only because the sums close', async () => {
    const first = await read(await invoice(FIRST), { learn: [{ field: 'total', value: '121.00' }] });
    const [hint] = first.learned ?? [];
    expect(hint).toMatchObject({ field: 'total', label: 'liquido a abonar', relation: 'right' });
    const second = await read(await invoice(SECOND), { hints: [{ ...hint!, id: 't', supplier: SUPPLIER }] });
    expect(second.fields.total).toBe('242.00');
    expect(second.source.total).toBe('memory');
    expect(second.verified.total).toBe(true);
  });

  it('learns that a trailing dash of this supplier is no minus when the accountant says so', async () => {
    const first = await read(await invoice({ ...FIRST, total: '121,00-' }), {
      learn: [{ field: 'total', value: '121.00' }],
    });
    const [hint] = first.learned ?? [];
    expect(hint).toMatchObject({ field: 'total', negate: true });
    const second = await read(await invoice({ ...SECOND, total: '242,00-' }), {
      hints: [{ ...hint!, id: 't', supplier: SUPPLIER }],
    });
    expect(second.fields.total).toBe('242.00');
    expect(second.source.total).toBe('memory');
  });

  it('changes nothing when the learned label is not on the page', async () => {
    const hints = await learnFromFirst();
    const other = await pdfOf([
      [
        [50, 'TALLERES NORTE S.L.'],
        [400, 'CIF B12345674'],
      ],
      [
        [50, 'Factura nº F-2024-118'],
        [300, 'Fecha 12/03/2024'],
      ],
      [[50, 'Vencimiento 30/04/2024']],
      [
        [50, 'Total factura'],
        [200, '121,00'],
      ],
    ]);
    const plain = await read(other);
    const hinted = await read(other, { hints });
    expect(hinted.fields).toEqual(plain.fields);
    expect(hinted.source).toEqual(plain.source);
    expect(hinted.hintsUsed).toBeUndefined();
  });

  it('knows the supplier by its layout when its tax id is printed only as an image', async () => {
    const hints = await learnFromFirst();
    const page = await pdfOf([
      [[50, 'Calle Mayor 4, 28001 Madrid']],
      [[50, 'Calle Mayor 4, 28001 Madrid']],
      [
        [50, 'Pedido P-2240'],
        [250, 'Albarán 77'],
      ],
      [
        [50, 'Documento'],
        [170, 'Cliente'],
        [290, 'Emitido'],
        [410, 'Cargo en cuenta'],
      ],
      [
        [50, 'A/7790'],
        [170, 'C-0042'],
        [290, '12/03/2024'],
        [410, '02/05/2024'],
      ],
      [
        [50, 'Líquido a abonar'],
        [200, '242,00'],
      ],
    ]);
    const read2 = await read(page, { hints });
    expect(read2.fields.invoice_number).toBe('A/7790');
    expect(read2.source.invoice_number).toBe('memory');
    // The page names no issuer: the supplier whose layout it is, from memory, not verified.
    expect(read2.fields.issuer_tax_id).toBe('B12345674');
    expect(read2.verified.issuer_tax_id).toBe(false);
    // One learned label in place is not a layout: nothing is applied.
    const one = await read(page, { hints: hints.filter((h) => h.field === 'invoice_number') });
    expect(one.hintsUsed).toBeUndefined();
  });

  it("leaves another supplier's documents alone", async () => {
    const hints = (await learnFromFirst()).map((h) => ({ ...h, supplier: { taxId: 'A58818501' } }));
    const second = await read(await invoice(SECOND), { hints });
    expect(second.fields.invoice_number).not.toBe('A/7790');
    expect(second.hintsUsed).toBeUndefined();
  });
});
