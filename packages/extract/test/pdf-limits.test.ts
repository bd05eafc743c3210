import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractDocument, PDF_LIMITS, splitInvoicePdf } from '../src/index.ts';
import { openPdf } from '../src/pdf.ts';

/** Two pages sharing one content stream of `contentBytes` path operators, and/or 1-bit images of `side`². */
async function hostilePdf(options: { contentBytes?: number; images?: number; side?: number }) {
  const pdf = await PDFDocument.create();
  const ops = '0 0 m 9 9 l S\n';
  const content = options.contentBytes
    ? pdf.context.register(
        pdf.context.stream(deflateSync(Buffer.from(ops.repeat(options.contentBytes / ops.length))), {
          Filter: 'FlateDecode',
        }),
      )
    : null;
  const side = options.side ?? 10_000;
  const images = Array.from({ length: options.images ?? 0 }, () =>
    pdf.context.register(
      pdf.context.stream(deflateSync(Buffer.alloc(Math.ceil(side / 8) * side)), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 1,
        Filter: 'FlateDecode',
      }),
    ),
  );
  for (let p = 0; p < 2; p++) {
    const page = pdf.addPage([595, 842]);
    if (content) page.node.set(PDFName.of('Contents'), content);
    for (const image of images) page.node.newXObject('Im', image);
  }
  return pdf.save({ useObjectStreams: false });
}

const tooComplex = { name: 'ExtractError', code: 'DOCUMENT_TOO_COMPLEX', permanent: true };

describe('a PDF over the reader limits', () => {
  it('is refused before pdf.js decodes a content stream that inflates past the cap', async () => {
    const bytes = await hostilePdf({ contentBytes: PDF_LIMITS.maxStreamBytes + 1024 * 1024 });
    expect(bytes.length).toBeLessThan(200_000);
    await expect(openPdf(bytes)).rejects.toMatchObject(tooComplex);
    await expect(splitInvoicePdf(bytes)).rejects.toMatchObject(tooComplex);
    await expect(extractDocument({ bytes, filename: 'bomb.pdf' })).rejects.toMatchObject(tooComplex);
  });

  it('is refused when an embedded image declares more pixels than the cap', async () => {
    const bytes = await hostilePdf({ images: 3 });
    expect(bytes.length).toBeLessThan(100_000);
    await expect(openPdf(bytes)).rejects.toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX' });
    await expect(splitInvoicePdf(bytes)).rejects.toMatchObject(tooComplex);
  });

  it('counts every stream of the file against one budget', async () => {
    // Each stream under the per-stream cap, together over the file's.
    const pdf = await PDFDocument.create();
    const each = PDF_LIMITS.maxStreamBytes - 1024;
    const ops = deflateSync(Buffer.alloc(each, 0x20));
    const pages = Math.ceil(PDF_LIMITS.maxDecodedBytes / each) + 1;
    for (let p = 0; p < pages; p++)
      pdf
        .addPage([595, 842])
        .node.set(
          PDFName.of('Contents'),
          pdf.context.register(pdf.context.stream(ops, { Filter: 'FlateDecode' })),
        );
    await expect(openPdf(await pdf.save({ useObjectStreams: false }))).rejects.toMatchObject(tooComplex);
  });

  it('still opens an ordinary PDF with a large but plausible scan', async () => {
    const doc = await openPdf(await hostilePdf({ contentBytes: 1024 * 1024, images: 1, side: 4_000 }));
    expect(doc.numPages).toBe(2);
    await doc.destroy();
  });
});
