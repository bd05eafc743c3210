import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr, extractDocument } from '../src/index.ts';
import { openPdf, pdfPageText } from '../src/pdf.ts';

// A digital invoice often carries pages that are pictures: a chart of the consumption, an environmental
// label, a scanned annex. OCR costs seconds a page, so it reads them only when the text pages fall short.

const golden = (file: string) =>
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/golden', file));

/** A PDF of `first` (a text page, or a heading alone) followed by a page holding only a photo. */
async function withPicturePage(first: 'invoice' | 'heading'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (first === 'invoice') {
    const invoice = await PDFDocument.load(golden('classic-company-mixed-vat.pdf'));
    const [page] = await pdf.copyPages(invoice, [0]);
    pdf.addPage(page);
  } else {
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf
      .addPage([595, 842])
      .drawText('Documentación adjunta: factura escaneada', { x: 50, y: 780, size: 14, font });
  }
  const photo = await pdf.embedJpg(golden('modern-scan.jpg'));
  const scale = Math.min(595 / photo.width, 842 / photo.height);
  pdf
    .addPage([595, 842])
    .drawImage(photo, { x: 0, y: 0, width: photo.width * scale, height: photo.height * scale });
  return pdf.save();
}

afterAll(closeOcr);

describe('picture pages of a text PDF', () => {
  it('reads a whole invoice from its text page and leaves the picture page unread', async () => {
    const result = await extractDocument(
      { bytes: await withPicturePage('invoice') },
      { today: '2030-01-01' },
    );
    expect(result.kind).toBe('digital_pdf');
    expect(result.fields).toMatchObject({ invoice_number: 'FV2024/0435', total: '4222.47' });
    expect(result.verified.total).toBe(true);
    expect(result.timingsMs.ocr).toBeUndefined();
  });

  it('reads the picture page when the text pages hold no invoice', async () => {
    const result = await extractDocument(
      { bytes: await withPicturePage('heading') },
      { today: '2030-01-01' },
    );
    expect(result.timingsMs.ocr).toBeGreaterThan(0);
    expect(result.fields.total).toBe('4007.19');
  }, 120_000);
});

describe('the text layer of a PDF', () => {
  it('reads a name drawn twice on itself (bold by overprint) once, and a name repeated elsewhere twice', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    for (const dx of [0, 0.4]) page.drawText('Naturgy Iberia, S.A.', { x: 50 + dx, y: 790, size: 12, font });
    page.drawText('Naturgy Iberia, S.A.', { x: 50, y: 60, size: 6, font });
    const doc = await openPdf(await pdf.save());
    const lines = (await pdfPageText(doc, 1)).lines.map((l) => l.text);
    expect(lines).toEqual(['Naturgy Iberia, S.A.', 'Naturgy Iberia, S.A.']);
  });
});
