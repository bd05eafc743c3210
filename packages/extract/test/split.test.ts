import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  countPdfPages,
  cutPdf,
  planInvoiceSplit,
  readPageClues,
  separatorSheetPdf,
  splitInvoicePdf,
} from '../src/index.ts';
import { openPdf, renderPdfPage } from '../src/pdf.ts';

const page = (lines: string[]) => readPageClues(lines);

describe('reading where invoices begin and end', () => {
  it('reads the number, the grand total and a page-count hint', () => {
    expect(
      page([
        'Factura nº F-2026/031',
        'Fecha 01/02/2026',
        'Subtotal 10,00',
        'Total factura 1.210,00 €',
        'Página 1 de 2',
      ]),
    ).toEqual({ blank: false, number: 'F-2026/031', totalCents: 121000, pageOf: { index: 1, count: 2 } });
    expect(page(['Invoice no. INV-77', 'Amount due 99.50', '2/3'])).toMatchObject({
      number: 'INV-77',
      totalCents: 9950,
      pageOf: { index: 2, count: 3 },
    });
    // A labelled amount is not the invoice's number: a bill's detail page restating its total continues it.
    expect(page(['Datos de factura', 'Total factura: 390,87 €']).number).toBeNull();
    expect(page(['Importe factura 1.250,00']).number).toBeNull();
    expect(page(['Total invoice 99.50']).number).toBeNull();
    // A date is not a page hint.
    expect(page(['Fecha 01/02/2026']).pageOf).toBeNull();
    expect(readPageClues([], false).blank).toBe(true);
    expect(readPageClues([], true).blank).toBe(false);
  });

  it('starts an invoice where the number changes, at "1/n", after a blank page, or at a second total', () => {
    const p = (number: string | null, totalCents: number | null, pageOf: [number, number] | null = null) => ({
      blank: false,
      number,
      totalCents,
      pageOf: pageOf ? { index: pageOf[0], count: pageOf[1] } : null,
    });
    const blank = { blank: true, number: null, totalCents: null, pageOf: null };
    expect(planInvoiceSplit([p('A1', 100), p('A2', 200), p('A3', 300)])).toEqual([[1], [2], [3]]);
    // The second invoice runs over two pages: "2/2" continues even without a number.
    expect(
      planInvoiceSplit([p('A1', 100), p('A2', null, [1, 2]), p(null, 200, [2, 2]), p('A3', 300)]),
    ).toEqual([[1], [2, 3], [4]]);
    expect(planInvoiceSplit([p(null, null), p(null, 100), blank, p(null, null), p(null, 50)])).toEqual([
      [1, 2],
      [4, 5],
    ]);
    expect(planInvoiceSplit([p(null, 100), p(null, 200)])).toEqual([[1], [2]]);
    // The same number on every page is one invoice.
    expect(planInvoiceSplit([p('A1', null), p('A1', 100)])).toEqual([[1, 2]]);
  });
});

async function pdfOf(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const sheet = pdf.addPage([595, 842]);
    lines.forEach((text, row) => {
      sheet.drawText(text, { x: 50, y: 780 - row * 24, size: 12, font });
    });
  }
  return pdf.save();
}

describe('splitting a PDF', () => {
  it('cuts a PDF of two invoices and a blank separator into two PDFs', async () => {
    const bytes = await pdfOf([
      ['Factura nº B-1', 'Total 121,00 €'],
      [],
      ['Factura nº B-2', 'Pág. 1/2'],
      ['Total 242,00 €', 'Pág. 2/2'],
    ]);
    const parts = await splitInvoicePdf(bytes);
    expect(parts?.map((part) => part.pages)).toEqual([[1], [3, 4]]);
    const second = await PDFDocument.load(parts![1]!.bytes);
    expect(second.getPageCount()).toBe(2);
    // Cut again, the same file gives the same bytes: a file dropped twice is found by its hash.
    const again = await splitInvoicePdf(bytes);
    expect(Buffer.from(again![1]!.bytes).equals(Buffer.from(parts![1]!.bytes))).toBe(true);
  });

  it('cuts the pages a person chose, and counts pages', async () => {
    const bytes = await pdfOf([['A'], ['B'], ['C']]);
    const parts = await cutPdf(bytes, [[1, 2], [3]]);
    expect(await Promise.all(parts.map((part) => countPdfPages(part.bytes)))).toEqual([2, 1]);
    expect(await countPdfPages(bytes)).toBe(3);
    expect(await countPdfPages(new TextEncoder().encode('%PDF-1.4 broken'))).toBeNull();
  });

  it('cuts a scanned stack at the separator sheets, whose pages cost nothing', async () => {
    const sheet = await openPdf(await separatorSheetPdf());
    const separator = (await renderPdfPage(sheet, 1, 150, 4_000_000)).png;
    await sheet.destroy();
    const receipt = readFileSync(new URL('fixtures/golden/classic-png.png', import.meta.url));
    const stack = await PDFDocument.create();
    for (const png of [receipt, separator, receipt, receipt, separator, receipt]) {
      const image = await stack.embedPng(png);
      stack.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    }
    const parts = await splitInvoicePdf(await stack.save());
    expect(parts?.map((part) => part.pages)).toEqual([[1], [3, 4], [6]]);

    // The same scans without a separator give nothing to cut by: the engine reads the file whole.
    const plain = await PDFDocument.create();
    for (const png of [receipt, receipt]) {
      const image = await plain.embedPng(png);
      plain.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    }
    expect(await splitInvoicePdf(await plain.save())).toBeNull();
  }, 60_000);

  it('leaves one invoice, and a PDF without text, whole', async () => {
    expect(await splitInvoicePdf(await pdfOf([['Factura nº C-1'], ['Total 10,00 €']]))).toBeNull();
    expect(await splitInvoicePdf(await pdfOf([[], []]))).toBeNull();
    expect(await splitInvoicePdf(new TextEncoder().encode('%PDF-1.4 broken'))).toBeNull();
  });
});
