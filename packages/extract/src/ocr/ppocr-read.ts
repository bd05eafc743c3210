import { type DateRepair, repairDates } from './ctc.ts';
import type { PpBox, RgbaImage } from './ppocr-detect.ts';

/**
 * PP-OCR's text recognition: each line box sampled into a 48-px-high strip, read by the CTC model, and
 * split into words placed by the time steps of their characters.
 */

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

/** What recognition runs on: the ONNX runtime, the recognition session and the model's dictionary. */
export type Reader = {
  ort: typeof import('onnxruntime-node');
  rec: () => Promise<import('onnxruntime-node').InferenceSession>;
  dict: string[];
  /** The classes that write each character, after folding (`０` and `0` both write 0). */
  classOf: Map<string, number[]>;
};

const REC_HEIGHT = 48; // PP-OCRv4 recognition input height
const REC_MAX_WIDTH = 1920; // 40:1 lines; longer ones are squeezed rather than cut
/** Dictionary look-alikes that NFKC leaves: CJK 'one' and dashes read on rules and minus signs. */
const FOLD: Record<string, string> = { 一: '-', '—': '-', '–': '-', '−': '-', '·': '.', '。': '.' };

/** A dictionary entry as printed: NFKC turns the full-width forms （ ： ， into ( : , and FOLD the rest. */
export function fold(entry: string): string {
  const char = entry.normalize('NFKC');
  return FOLD[char] ?? char;
}

/** Reads the line boxes, `batchSize` per ONNX run; lines that read as nothing are left out. */
export async function recognizeBoxes(
  m: Reader,
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
export function lineWords(line: PpLine): Omit<PpWord, 'line'>[] {
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
