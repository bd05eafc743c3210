import { findDates } from '../text/dates.ts';
import type { Word } from '../text/layout.ts';
import { fuseWords, sameplace } from './fuse.ts';
import { closePpOcr, ppOcrAvailable, ppOcrDictionary, type RgbaImage, recognizePpOcr } from './ppocr.ts';
import {
  closeTesseract,
  type OcrEngineName,
  type OcrImage,
  recognizeTesseract,
  tesseractStatus,
} from './tesseract.ts';

export { hasNativeTesseract, type OcrEngineName, type OcrImage } from './tesseract.ts';

/** Which OCR engines read a page: both fused (default), or one alone. */
export type OcrEngines = 'both' | 'tesseract' | 'ppocr';
export type OcrOptions = {
  /** Tesseract flavour: 'auto' = native binary when installed, else tesseract.js. */
  engine: 'auto' | OcrEngineName;
  engines: OcrEngines;
  timeoutMs: number;
  /**
   * PP-OCR's reading of the same page from an earlier call (coordinates are page fractions, so any
   * scale of the page will do): a re-read for Tesseract's sake (small print enlarged) need not run
   * PP-OCR again, whose recognition input is 48 px high whatever the page size.
   */
  reusePpOcr?: OcrResult['ppocr'];
};
export type EngineReport = { words: number; meanConf: number; ms: number; error?: string };
export type OcrResult = {
  /** Deskewed words in 0–1 page fractions, each with `engine` and `alternatives`. */
  words: Word[];
  meanConf: number;
  engine: OcrEngineName;
  engines: { tesseract?: EngineReport; ppocr?: EngineReport };
  /** The slope that was sheared out (dy/dx). */
  skew: number;
  /** Each engine's own words, deskewed the same way (for benchmarks and diagnostics). */
  raw: { tesseract: Word[]; ppocr: Word[] };
  /** PP-OCR's reading before deskew, for `recognize(…, { reusePpOcr })`. */
  ppocr?: { words: Word[]; slope: number | null; ms: number };
};

/** Tilts under 0.3 % need no correction; over 20 % the slope is a misreading, not a tilt. */
const MIN_SLOPE = 0.003;
const MAX_SLOPE = 0.2;

/**
 * Reads one page image with Tesseract and PP-OCR at once (two cores: Tesseract's worker on one, ONNX on
 * the other), fuses their words by box and deskews the result once. When one engine fails the other's
 * words are used alone; only when both fail does this throw.
 */
export async function recognize(image: OcrImage, options: OcrOptions): Promise<OcrResult> {
  const useTess = options.engines !== 'ppocr';
  const usePp = options.engines !== 'tesseract';
  const timed = async <T>(fn: () => Promise<T>) => {
    const t = performance.now();
    const value = await fn();
    return { value, ms: performance.now() - t };
  };
  const [tess, pp] = await Promise.allSettled([
    useTess
      ? timed(() => recognizeTesseract(image, options.engine, options.timeoutMs))
      : Promise.reject(new Error('off')),
    usePp && options.reusePpOcr
      ? Promise.resolve({ value: options.reusePpOcr, ms: 0 })
      : usePp
        ? timed(() => withTimeout(readPp(image), options.timeoutMs))
        : Promise.reject(new Error('off')),
  ]);
  if (tess.status === 'rejected' && pp.status === 'rejected') {
    throw useTess ? tess.reason : pp.reason;
  }
  const engines: OcrResult['engines'] = {};
  let tessWords: Word[] = [];
  let tessLines: Word[][] = [];
  let flavour: OcrEngineName = 'tesseract.js';
  if (tess.status === 'fulfilled') {
    const r = tess.value.value;
    flavour = r.engine;
    tessWords = r.words.map((w) => ({ ...w, engine: 'tesseract' }));
    tessLines = r.lines;
    engines.tesseract = { words: r.words.length, meanConf: r.meanConf, ms: tess.value.ms };
  } else if (useTess) {
    engines.tesseract = { words: 0, meanConf: 0, ms: 0, error: String(tess.reason?.message ?? tess.reason) };
  }
  let ppWords: Word[] = [];
  let ppSlope: number | null = null;
  let ppocr: OcrResult['ppocr'];
  if (pp.status === 'fulfilled') {
    ppocr = { ...pp.value.value, ms: pp.value.ms };
    ppWords = withShapedDates(pp.value.value.words, tessWords);
    ppSlope = pp.value.value.slope;
    engines.ppocr = { words: ppWords.length, meanConf: mean(ppWords.map((w) => w.conf)), ms: pp.value.ms };
  } else if (usePp) {
    engines.ppocr = { words: 0, meanConf: 0, ms: 0, error: String(pp.reason?.message ?? pp.reason) };
  }
  // Orientation was settled before this call; skew is measured once, on PP-OCR's fitted line boxes
  // when there are enough, else on Tesseract's lines, and taken out of both engines' words alike before
  // they are aligned: on a tilted page a long word's box spans the rows above and below it.
  const skew = ppSlope ?? skewFromLines(tessLines, image);
  straighten(tessWords, skew, image);
  straighten(ppWords, skew, image);
  let words: Word[];
  if (tess.status === 'fulfilled' && pp.status === 'fulfilled') {
    words = fuseWords(tessWords, ppWords, await ppOcrDictionary());
  } else {
    words = [...tessWords, ...ppWords].map((w) => ({
      ...w,
      alternatives: [{ text: w.text, conf: w.conf, engine: w.engine as 'tesseract' | 'ppocr' }],
    }));
  }
  return {
    words,
    meanConf: mean(words.map((w) => w.conf)),
    engine: flavour,
    engines,
    skew,
    raw: { tesseract: tessWords, ppocr: ppWords },
    ppocr,
  };
}

/** A PP-OCR word with its almost-date read again as a date, if it has one (see ctc.ts). */
type PpReadWord = Word & { shaped?: string };

/**
 * PP-OCR's words with each almost-date read as the date the model rated nearly as likely (`03/0./2018`
 * as `03/02/2018`), unless Tesseract read a date at that place: a second engine's reading outweighs a
 * second guess, and a wrong date must not outvote it.
 */
export function withShapedDates(pp: PpReadWord[], tess: Word[]): Word[] {
  return pp.map(({ shaped, ...w }) =>
    shaped && !tess.some((t) => sameplace(t, w) && findDates(t.text).length) ? { ...w, text: shaped } : w,
  );
}

async function readPp(image: OcrImage): Promise<{ words: PpReadWord[]; slope: number | null }> {
  const pixels = image.rgba ? (image as RgbaImage) : await decodePng(image);
  const r = await recognizePpOcr(pixels);
  const { width, height } = image;
  const words: PpReadWord[] = r.words.map((w) => ({
    ...(w.shaped ? { shaped: w.shaped } : {}),
    text: w.text,
    page: 1,
    x: w.x / width,
    y: w.y / height,
    w: w.w / width,
    h: w.h / height,
    conf: w.conf,
    engine: 'ppocr',
  }));
  // Long lines give the page's slope: median of their fitted angles.
  const angles = r.lines
    .filter((l) => l.box.w > width * 0.15 && l.box.w > l.box.h * 4)
    .map((l) => Math.tan(l.box.angle))
    .sort((a, b) => a - b);
  const slope = angles.length >= 3 ? angles[Math.floor(angles.length / 2)]! : null;
  return { words, slope };
}

async function decodePng(image: OcrImage): Promise<RgbaImage> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const img = await loadImage(Buffer.from(image.png));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { rgba: ctx.getImageData(0, 0, img.width, img.height).data, width: img.width, height: img.height };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('OCR_TIMEOUT')), ms);
    }),
  ]);
}

/** The page's slope (dy/dx) from an engine's text lines: median over lines spanning ≥ 15 % of the width. */
export function skewFromLines(lines: Word[][], image: { width: number; height: number }): number {
  const slopes: number[] = [];
  for (const line of lines) {
    if (line.length < 2) continue;
    const a = line[0]!;
    const b = line[line.length - 1]!;
    const dx = (b.x + b.w / 2 - (a.x + a.w / 2)) * image.width;
    if (dx < image.width * 0.15) continue;
    const dy = (b.y + b.h - (a.y + a.h)) * image.height;
    slopes.push(dy / dx);
  }
  if (slopes.length < 3) return 0;
  slopes.sort((p, q) => p - q);
  return slopes[Math.floor(slopes.length / 2)]!;
}

/**
 * Scans are rarely straight. Word positions are sheared back (y' = y − slope·x, in pixels) so that later
 * row grouping sees level lines, and each box loses the height the tilt gave it (a word w pixels wide
 * rises slope·w across its box), keeping its middle: the box is the print's again. In place.
 */
export function straighten(words: Word[], slope: number, image: { width: number; height: number }): void {
  if (Math.abs(slope) < MIN_SLOPE || Math.abs(slope) > MAX_SLOPE) return;
  for (const w of words) {
    const cx = (w.x + w.w / 2) * image.width;
    const mid = w.y + w.h / 2 - (slope * cx) / image.height;
    const rise = (Math.abs(slope) * w.w * image.width) / image.height;
    // Never below 0.4 of the box: a slope misjudged on a short page must not flatten its words.
    w.h = Math.max(w.h - rise, w.h * 0.4);
    w.y = mid - w.h / 2;
  }
}

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

/**
 * Cheap readiness check for a health endpoint: Tesseract's binary or npm data, and PP-OCR's runtime and
 * models. Never runs OCR.
 */
export async function ocrStatus(): Promise<{ engine: OcrEngineName; ready: boolean; ppocr: boolean }> {
  const [tess, ppocr] = await Promise.all([tesseractStatus(), ppOcrAvailable()]);
  return { ...tess, ppocr };
}

/** Releases the OCR engines (Tesseract workers, ONNX sessions): server shutdown, end of CLI runs/tests. */
export async function closeOcr(): Promise<void> {
  await Promise.all([closeTesseract(), closePpOcr()]);
}
