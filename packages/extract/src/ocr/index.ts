import { findDates } from '../text/dates.ts';
import type { Word } from '../text/layout.ts';
import { fuseWords, sameplace } from './fuse.ts';
import {
  closePpOcr,
  detectPpOcr,
  type PpBox,
  ppOcrAvailable,
  ppOcrDictionary,
  type RgbaImage,
  readPpOcrBoxes,
} from './ppocr.ts';
import {
  closeTesseract,
  type OcrEngineName,
  type OcrImage,
  recognizeTesseract,
  type TesseractResult,
  tesseractStatus,
} from './tesseract.ts';

export { hasNativeTesseract, type OcrEngineName, type OcrImage } from './tesseract.ts';

/**
 * Which OCR engines read a page: Tesseract on the whole page and PP-OCR on the lines where Tesseract is
 * unsure ('both', default), both on the whole page ('full'), or one alone.
 */
export type OcrEngines = 'both' | 'full' | 'tesseract' | 'ppocr';
export type OcrOptions = {
  /** Tesseract flavour: 'auto' = native binary when installed, else tesseract.js. */
  engine: 'auto' | OcrEngineName;
  engines: OcrEngines;
  timeoutMs: number;
  /**
   * PP-OCR's work on the same page from an earlier call (its line boxes and the lines it read, at any
   * scale of the page): a re-read for Tesseract's sake (small print enlarged) reads only the lines not
   * read yet, since PP-OCR's recognition input is 48 px high whatever the page size.
   */
  reusePpOcr?: PpReading;
  /** Tesseract's reading of this same image from an earlier call (PP-OCR asked for more lines). */
  reuseTesseract?: TesseractResult;
};
export type EngineReport = {
  words: number;
  meanConf: number;
  ms: number;
  error?: string;
  /** PP-OCR: text lines found on the page, and how many of them it read. */
  lines?: { found: number; read: number };
};
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
  /** PP-OCR's work before deskew, for `recognize(…, { reusePpOcr })`. */
  ppocr?: PpReading;
  /** Tesseract's reading before deskew, for `recognize(…, { reuseTesseract })`. */
  tesseract?: TesseractResult;
};

/**
 * PP-OCR's work on a page: the line boxes its detection found (pixels of an image `width` wide) and, per
 * box, the words read in it (page fractions, before deskew), or null while it is not read.
 */
export type PpReading = {
  boxes: PpBox[];
  width: number;
  read: (PpReadWord[] | null)[];
  slope: number | null;
  ms: number;
};

/** Tilts under 0.3 % need no correction; over 20 % the slope is a misreading, not a tilt. */
const MIN_SLOPE = 0.003;
const MAX_SLOPE = 0.2;

/**
 * A Tesseract word under this confidence makes its line worth PP-OCR's reading. Measured on 40 fitting
 * receipts (`OCR_BENCH_SWEEP=… npm run bench:ocr`, sroie 12–52): both engines on every line find the truth
 * total in 40 and the printed date in 38; at 0.9 PP-OCR reads 59 % of the lines and finds 40 and 37; at
 * 0.8, 40 % and 39 and 36; at 0.5, 22 % and 38 and 33. Totals matter most: the lowest threshold that
 * loses none. (Measured with words matched by their centre and without the date rule of `linesToRead`,
 * both added after bench:extract lost two dates to lines Tesseract was sure of.)
 */
export const UNSURE_WORD_CONF = 0.9;

/**
 * Reads one page image. Tesseract reads the whole page while PP-OCR finds its text lines (two cores);
 * then PP-OCR reads the lines where Tesseract is unsure (`linesToRead`), or every line in 'full' mode.
 * Both readings are fused by box and deskewed once. When one engine fails the other's words are used
 * alone; only when both fail does this throw.
 */
export async function recognize(image: OcrImage, options: OcrOptions): Promise<OcrResult> {
  const useTess = options.engines !== 'ppocr';
  const usePp = options.engines !== 'tesseract';
  const timed = async <T>(fn: () => Promise<T>) => {
    const t = performance.now();
    const value = await fn();
    return { value, ms: performance.now() - t };
  };
  const off = () => Promise.reject(new Error('off'));
  const [tess, det] = await Promise.allSettled([
    !useTess
      ? off()
      : options.reuseTesseract
        ? Promise.resolve({ value: options.reuseTesseract, ms: 0 })
        : timed(() => recognizeTesseract(image, options.engine, options.timeoutMs)),
    usePp ? timed(() => withTimeout(findPpLines(image, options.reusePpOcr), options.timeoutMs)) : off(),
  ]);
  const engines: OcrResult['engines'] = {};
  const tessWords = tess.status === 'fulfilled' ? tess.value.value.words : [];
  if (tess.status === 'fulfilled') {
    const r = tess.value.value;
    engines.tesseract = { words: r.words.length, meanConf: r.meanConf, ms: tess.value.ms };
  } else if (useTess) {
    engines.tesseract = { words: 0, meanConf: 0, ms: 0, error: String(tess.reason?.message ?? tess.reason) };
  }
  let pp: PromiseSettledResult<{ value: PpReading; ms: number }> = det;
  if (det.status === 'fulfilled') {
    const found = det.value.value;
    const everywhere = options.engines !== 'both' || tess.status === 'rejected';
    const wanted = everywhere ? found.boxes.map(() => true) : linesToRead(found, tessWords, image);
    [pp] = await Promise.allSettled([
      timed(() => withTimeout(readPpLines(image, found, wanted), options.timeoutMs)),
    ]);
    if (pp.status === 'fulfilled') pp.value.ms += det.value.ms;
  }
  if (tess.status === 'rejected' && pp.status === 'rejected') {
    throw useTess ? tess.reason : pp.reason;
  }
  const tesseract = tess.status === 'fulfilled' ? tess.value.value : undefined;
  const ppocr = pp.status === 'fulfilled' ? { ...pp.value.value, ms: pp.value.ms } : undefined;
  const fused = await fuseReadings(image, tesseract, ppocr);
  if (ppocr) {
    const ppWords = fused.raw.ppocr;
    engines.ppocr = {
      words: ppWords.length,
      meanConf: mean(ppWords.map((w) => w.conf)),
      ms: ppocr.ms,
      lines: { found: ppocr.boxes.length, read: ppocr.read.filter(Boolean).length },
    };
  } else if (usePp) {
    const reason = pp.status === 'rejected' ? pp.reason : null;
    engines.ppocr = { words: 0, meanConf: 0, ms: 0, error: String(reason?.message ?? reason) };
  }
  const engine = tesseract?.engine ?? 'tesseract.js';
  return { ...fused, engine, engines, ppocr, ...(tesseract ? { tesseract } : {}) };
}

/**
 * The two engines' readings of one page as one word list: Tesseract's words and the words of the lines
 * PP-OCR read, deskewed alike and fused by box (either alone when the other is missing).
 */
export async function fuseReadings(
  image: { width: number; height: number },
  tesseract: TesseractResult | undefined,
  ppocr: PpReading | undefined,
): Promise<Pick<OcrResult, 'words' | 'meanConf' | 'skew' | 'raw'>> {
  const tessWords: Word[] = (tesseract?.words ?? []).map((w) => ({ ...w, engine: 'tesseract' }));
  const ppWords = withShapedDates(
    (ppocr?.read ?? []).flatMap((ws) => ws ?? []),
    tessWords,
  );
  // Orientation was settled before this call; skew is measured once, on PP-OCR's fitted line boxes
  // when there are enough, else on Tesseract's lines, and taken out of both engines' words alike before
  // they are aligned: on a tilted page a long word's box spans the rows above and below it.
  const skew = ppocr?.slope ?? skewFromLines(tesseract?.lines ?? [], image);
  straighten(tessWords, skew, image);
  straighten(ppWords, skew, image);
  let words: Word[];
  if (tesseract && ppocr) {
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
    skew,
    raw: { tesseract: tessWords, ppocr: ppWords },
  };
}

/**
 * The PP-OCR line boxes Tesseract's reading leaves in doubt: a line where Tesseract read nothing (it
 * missed text, or the box is a speck), a word under `unsureConf`, or a date. Lines read already are not
 * asked again. `tess` in page fractions; the boxes in pixels of an image `found.width` wide.
 */
export function linesToRead(
  found: Pick<PpReading, 'boxes' | 'width' | 'read'>,
  tess: Word[],
  image: { width: number; height: number },
  unsureConf = UNSURE_WORD_CONF,
): boolean[] {
  const k = image.width / found.width;
  return found.boxes.map((b, i) => {
    if (found.read[i]) return false;
    // The box's upright extent (image pixels): the rotated rectangle's bounds, its tight height.
    const c = Math.abs(Math.cos(b.angle));
    const s = Math.abs(Math.sin(b.angle));
    const halfW = ((b.w * c + b.tightH * s) / 2) * k;
    const halfH = ((b.w * s + b.tightH * c) / 2) * k;
    // Tesseract's words on the line: most of the shorter height shared, and some width.
    const [top, bottom] = [b.cy * k - halfH, b.cy * k + halfH];
    const inside = tess.filter((w) => {
      const [y0, y1] = [w.y * image.height, (w.y + w.h) * image.height];
      const [x0, x1] = [w.x * image.width, (w.x + w.w) * image.width];
      const oy = Math.min(y1, bottom) - Math.max(y0, top);
      return oy >= Math.min(y1 - y0, bottom - top) / 2 && x1 > b.cx * k - halfW && x0 < b.cx * k + halfW;
    });
    if (!inside.length || inside.some((w) => w.conf < unsureConf)) return true;
    // A date is one line a page and no sum checks it (an amount has base + VAT = total): its line is
    // read by both however sure Tesseract is (on a fitting scan a sure `2028` was PP-OCR's `2023`).
    return findDates(inside.map((w) => w.text).join(' ')).length > 0;
  });
}

/** PP-OCR's line boxes on this image: found now, or those of an earlier reading of the page. */
async function findPpLines(image: OcrImage, earlier?: PpReading): Promise<PpReading> {
  if (earlier) return { ...earlier, read: [...earlier.read], ms: 0 };
  const boxes = await detectPpOcr(await pixelsOf(image));
  // Long lines give the page's slope: median of their fitted angles.
  const angles = boxes
    .filter((b) => b.w > image.width * 0.15 && b.w > b.h * 4)
    .map((b) => Math.tan(b.angle))
    .sort((a, b) => a - b);
  const slope = angles.length >= 3 ? angles[Math.floor(angles.length / 2)]! : null;
  return { boxes, width: image.width, read: boxes.map(() => null), slope, ms: 0 };
}

/** Reads the `wanted` lines not read yet; the boxes are scaled to this image when found on another size. */
async function readPpLines(image: OcrImage, found: PpReading, wanted: boolean[]): Promise<PpReading> {
  const todo = found.boxes.map((_, i) => i).filter((i) => wanted[i] && !found.read[i]);
  if (!todo.length) return found;
  const k = image.width / found.width;
  const boxes = todo.map((i) => {
    const b = found.boxes[i]!;
    return k === 1 ? b : { ...b, cx: b.cx * k, cy: b.cy * k, w: b.w * k, h: b.h * k, tightH: b.tightH * k };
  });
  const r = await readPpOcrBoxes(await pixelsOf(image), boxes);
  const read = [...found.read];
  for (const i of todo) read[i] = [];
  const { width, height } = image;
  for (const w of r.words) {
    read[todo[w.line]!]!.push({
      ...(w.shaped ? { shaped: w.shaped } : {}),
      text: w.text,
      page: 1,
      x: w.x / width,
      y: w.y / height,
      w: w.w / width,
      h: w.h / height,
      conf: w.conf,
      engine: 'ppocr',
    });
  }
  return { ...found, read };
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

async function pixelsOf(image: OcrImage): Promise<RgbaImage> {
  if (image.rgba) return image as RgbaImage;
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
