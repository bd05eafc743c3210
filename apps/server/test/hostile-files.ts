import { createDeflate } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

/**
 * `size` bytes of `pattern` repeated, deflated as it is made: a few hundred KB on disk and in the test's
 * memory, however large it inflates.
 */
export function deflatedRepeat(pattern: string, size: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflate({ level: 9 });
    const out: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => out.push(chunk));
    deflate.on('end', () => resolve(Buffer.concat(out)));
    deflate.on('error', reject);
    const block = Buffer.from(pattern.repeat(Math.ceil((1 << 20) / pattern.length)).slice(0, 1 << 20));
    let left = size;
    const write = () => {
      while (left > 0) {
        const chunk = left >= block.length ? block : block.subarray(0, left);
        left -= chunk.length;
        if (!deflate.write(chunk)) return deflate.once('drain', write);
      }
      deflate.end();
    };
    write();
  });
}

/**
 * A PDF that is small on disk and huge once read: pages whose content stream inflates to `contentBytes`
 * (path operators, over and over), and/or `images` 1-bit images of `imageSide` × `imageSide` pixels.
 */
export async function hostilePdf(options: {
  pages?: number;
  contentBytes?: number;
  images?: number;
  imageSide?: number;
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const content = options.contentBytes
    ? pdf.context.register(
        pdf.context.stream(await deflatedRepeat('0 0 m 9 9 l S\n', options.contentBytes), {
          Filter: 'FlateDecode',
        }),
      )
    : null;
  const side = options.imageSide ?? 10_000;
  const images = [];
  for (let i = 0; i < (options.images ?? 0); i++) {
    const bits = await deflatedRepeat('\0', Math.ceil(side / 8) * side);
    images.push(
      pdf.context.register(
        pdf.context.stream(bits, {
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
  }
  for (let p = 0; p < (options.pages ?? 2); p++) {
    const page = pdf.addPage([595, 842]);
    if (content) page.node.set(PDFName.of('Contents'), content);
    for (const image of images) {
      const name = page.node.newXObject('Im', image);
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(595, 0, 0, 842, 0, 0),
        drawObject(name),
        popGraphicsState(),
      );
    }
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
