import { readFile } from 'node:fs/promises';
import { sniffMediaType } from '@cuadra/extract';
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../../errors';
import type { BufferedFile, IncomingFile } from '../uploads';

/** Most shots in one document: a long till receipt or a few pages of a paper invoice. */
export const MAX_PHOTOS = 20;
/** The long side of a page, in points (A4 height): the OCR renders pages at its own resolution from this. */
const PAGE_LONG_SIDE = 842;

/**
 * Several photos taken on a phone, in order, as one PDF with one page per photo: one document, one credit.
 * JPEG and PNG only; anything else is refused with UNSUPPORTED_MEDIA_TYPE before a page is made.
 */
export async function photosToPdf(photos: IncomingFile[], maxBytes: number): Promise<BufferedFile> {
  if (photos.length === 0) throw new AppError('NO_FILES');
  if (photos.length > MAX_PHOTOS) throw new AppError('TOO_MANY_FILES', { maxFiles: MAX_PHOTOS });
  const pdf = await PDFDocument.create();
  for (const photo of photos) {
    if (!photo.path) throw new AppError('PAYLOAD_TOO_LARGE', { maxFileBytes: maxBytes });
    const bytes = await readFile(photo.path);
    const type = sniffMediaType(bytes);
    if (type !== 'image/jpeg' && type !== 'image/png') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    let image: Awaited<ReturnType<PDFDocument['embedJpg']>>;
    try {
      image = type === 'image/jpeg' ? await pdf.embedJpg(bytes) : await pdf.embedPng(bytes);
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
    const scale = PAGE_LONG_SIDE / Math.max(image.width, image.height);
    const page = pdf.addPage([image.width * scale, image.height * scale]);
    page.drawImage(image, { x: 0, y: 0, width: image.width * scale, height: image.height * scale });
  }
  const document = Buffer.from(await pdf.save());
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ').replace(':', '.');
  return { filename: `photos ${stamp}.pdf`, bytes: document };
}
