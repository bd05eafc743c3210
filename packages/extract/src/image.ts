import { ExtractError } from './errors.ts';
import type { OcrImage } from './ocr/tesseract.ts';

type CanvasModule = typeof import('@napi-rs/canvas');
let canvasModule: Promise<CanvasModule> | null = null;
function loadCanvas(): Promise<CanvasModule> {
  canvasModule ??= import('@napi-rs/canvas');
  return canvasModule;
}

/**
 * Decodes a PNG/JPEG and scales it for OCR: read at its own size where it can be (`ocrScale`), tiny images
 * enlarged, big photos reduced so OCR time stays bounded. Rotation is in degrees, clockwise.
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
  // An upload read as it is goes to Tesseract as it came (its JPEG or PNG): no encoding here, and the
  // binary decodes a JPEG faster than the PNG it would become. (Handing Tesseract an uncompressed BMP
  // instead saves the encoding but made tesseract.js ~4x slower in CPU and memory: PNG it is otherwise.)
  const asIs = w === img.width && h === img.height && !rotate && isJpegOrPng(bytes);
  const file = asIs ? bytes : new Uint8Array(canvas.toBuffer('image/png'));
  // The same pixels for PP-OCR, so it need not decode the file again.
  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  return { file, width: canvas.width, height: canvas.height, rgba };
}

function isJpegOrPng(bytes: Uint8Array): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  return jpeg || png;
}

/**
 * Narrower than this, an image is read enlarged (twice its size). Wider ones are read as they are: on 20
 * fitting receipts 460–930 px wide, Tesseract at the original size found the same totals and dates in
 * the fused text as at ~1100 px (20 and 18 against 20 and 17) for 18 % less CPU, and small print still
 * gets its enlarged second reading in the pipeline. Below this width no receipt was measured.
 */
const MIN_AS_IS_WIDTH_PX = 400;

/** 1.0 for sensible sizes; enlarges very narrow images 2×, shrinks to ≤ 4.5 MP. */
export function ocrScale(width: number, height: number): number {
  let scale = 1;
  if (width < MIN_AS_IS_WIDTH_PX) scale = 2;
  const pixels = width * height * scale * scale;
  const max = 4_500_000;
  if (pixels > max) scale *= Math.sqrt(max / pixels);
  return scale;
}
