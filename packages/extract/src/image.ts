import { ExtractError } from './errors.ts';
import type { OcrImage } from './ocr/tesseract.ts';

type CanvasModule = typeof import('@napi-rs/canvas');
let canvasModule: Promise<CanvasModule> | null = null;
function loadCanvas(): Promise<CanvasModule> {
  canvasModule ??= import('@napi-rs/canvas');
  return canvasModule;
}

/**
 * Decodes a PNG/JPEG and scales it for OCR: small scans are enlarged (tesseract wants ~30 px capitals),
 * big photos reduced so OCR time stays bounded. Rotation is in degrees, clockwise.
 */
export async function prepareImageForOcr(bytes: Uint8Array, rotate = 0, enlarge = 1): Promise<OcrImage> {
  const { createCanvas, loadImage } = await loadCanvas();
  let img: Awaited<ReturnType<CanvasModule['loadImage']>>;
  try {
    img = await loadImage(Buffer.from(bytes));
  } catch (error) {
    throw new ExtractError('IMAGE_MALFORMED', `The image cannot be decoded: ${(error as Error).message}`);
  }
  if (!img.width || !img.height) throw new ExtractError('IMAGE_MALFORMED', 'The image has no pixels');
  // `enlarge`: a second read of small print, bounded at 9 MP.
  let scale = ocrScale(img.width, img.height) * enlarge;
  if (enlarge > 1) scale = Math.min(scale, Math.sqrt(9_000_000 / (img.width * img.height)));
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const swap = rotate === 90 || rotate === 270;
  const canvas = createCanvas(swap ? h : w, swap ? w : h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (rotate) {
    ctx.translate(canvas.width / 2, canvas.height / 2);
    ctx.rotate((rotate * Math.PI) / 180);
    ctx.drawImage(img, -w / 2, -h / 2, w, h);
  } else ctx.drawImage(img, 0, 0, w, h);
  const png = canvas.toBuffer('image/png');
  // The same pixels for PP-OCR, so it need not decode the PNG again. (Handing Tesseract an uncompressed
  // BMP instead saves the encoding but made tesseract.js ~4x slower in CPU and memory: PNG it is.)
  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  return { png: new Uint8Array(png), width: canvas.width, height: canvas.height, rgba };
}

/** 1.0 for sensible sizes; enlarges narrow scans to ~1100 px width, shrinks to ≤ 4.5 MP. */
export function ocrScale(width: number, height: number): number {
  let scale = 1;
  if (width < 1000) scale = Math.min(2, 1100 / width);
  const pixels = width * height * scale * scale;
  const max = 4_500_000;
  if (pixels > max) scale *= Math.sqrt(max / pixels);
  return scale;
}
