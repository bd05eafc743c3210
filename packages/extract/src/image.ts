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
  // Raw pixels for PP-OCR, and the same as an uncompressed BMP for Tesseract: PNG encoding costs
  // ~0.2 s of CPU per receipt, BMP ~0.02 s, and Tesseract (leptonica) reads both.
  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  return {
    png: encodeBmp(rgba, canvas.width, canvas.height),
    width: canvas.width,
    height: canvas.height,
    rgba,
  };
}

/** 24-bit top-down BMP from RGBA pixels. */
export function encodeBmp(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const row = (width * 3 + 3) & ~3;
  const out = new Uint8Array(54 + row * height);
  const view = new DataView(out.buffer);
  out[0] = 0x42; // 'B'
  out[1] = 0x4d; // 'M'
  view.setUint32(2, out.length, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, -height, true); // negative: rows top to bottom
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  view.setUint32(34, row * height, true);
  for (let y = 0; y < height; y++) {
    let s = y * width * 4;
    let d = 54 + y * row;
    for (let x = 0; x < width; x++, s += 4, d += 3) {
      out[d] = rgba[s + 2]!;
      out[d + 1] = rgba[s + 1]!;
      out[d + 2] = rgba[s]!;
    }
  }
  return out;
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
