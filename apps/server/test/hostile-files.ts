import { crc32, createDeflate, deflateRawSync } from 'node:zlib';
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

/**
 * A zip written by hand, so one deflated blob can stand for many entries without being inflated here:
 * `entries` as [name, data as stored, its inflated size, its CRC-32, deflated or stored].
 */
export function rawZip(entries: [string, Buffer, number, number, boolean][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data, size, crc, deflated] of entries) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflated ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflated ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Zips inside a zip, each inner zip holding `perZip` files of `fileBytes` that deflate just under 100:1
 * (under a per-file ratio check): `zips × perZip × fileBytes` once inflated, about a thousandth as sent.
 */
export function nestedZips(options: { zips: number; perZip: number; fileBytes: number }): Buffer {
  const file = Buffer.alloc(options.fileBytes);
  // One varied byte in every 300: deflate keeps the ratio just under 100:1, not the 1000:1 of pure zeros.
  for (let i = 0; i < file.length; i += 300) file[i] = (i * 2654435761) >>> 24;
  const blob = deflateRawSync(file, { level: 9 });
  const crc = crc32(file);
  const inner = rawZip(
    Array.from({ length: options.perZip }, (_, i) => [`factura-${i}.pdf`, blob, file.length, crc, true]),
  );
  // The inner zips deflate again (about 9:1): the two ratios multiply, as in the red team's 108 KB mail.
  const innerCrc = crc32(inner);
  const innerBlob = deflateRawSync(inner, { level: 9 });
  return rawZip(
    Array.from({ length: options.zips }, (_, i) => [
      `lote-${i}.zip`,
      innerBlob,
      inner.length,
      innerCrc,
      true,
    ]),
  );
}

/**
 * A mail whose only part is `bytes` of HTML that reads like a receipt (an amount, then table rows): within
 * the size limit, but laying it out as a receipt took seconds of CPU on the receiver's thread (issue #35).
 */
export function bulkyReceiptMail(options: { from: string; to: string; bytes: number }): Buffer {
  const row = '<tr><td>Gracias</td><td>por su compra</td></tr><br/>';
  const rows = row.repeat(Math.floor(options.bytes / row.length));
  const html = `<html><body><p>Pedido 1: total 12,50 &euro;</p><table>${rows}</table></body></html>`;
  const body = Buffer.from(html).toString('base64').replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    [
      `From: ${options.from}`,
      `To: ${options.to}`,
      'Subject: Pedido',
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      body,
      '',
    ].join('\r\n'),
  );
}
