import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Word } from '../text/layout.ts';

const require = createRequire(import.meta.url);

export type OcrEngineName = 'tesseract.js' | 'native';
/** Words in 0–1 page fractions, not yet deskewed, grouped by the engine's text lines. */
export type TesseractResult = { words: Word[]; lines: Word[][]; meanConf: number; engine: OcrEngineName };
/** A page image for OCR: an image file for Tesseract and, when at hand, the same pixels as RGBA. */
export type OcrImage = {
  png: Uint8Array;
  width: number;
  height: number;
  rgba?: Uint8Array | Uint8ClampedArray;
};

/** Language data from the npm packages (never a CDN). */
function npmLangFile(lang: 'spa' | 'eng'): string {
  const pkg = require(`@tesseract.js-data/${lang}`) as { langPath: string };
  return path.join(`${pkg.langPath}_best_int`, `${lang}.traineddata.gz`);
}

let langDir: string | null = null;
/**
 * tesseract.js reads every language from one `langPath` directory, while the npm data lives in two
 * packages; a private directory with copies of both files is prepared once per machine.
 */
function prepareLangDir(): string {
  if (langDir) return langDir;
  const dir = path.join(os.tmpdir(), 'cuadra-tessdata-4.0.0_best_int');
  mkdirSync(dir, { recursive: true });
  for (const lang of ['spa', 'eng'] as const) {
    const target = path.join(dir, `${lang}.traineddata.gz`);
    if (!existsSync(target)) {
      const tmp = `${target}.${process.pid}.tmp`;
      copyFileSync(npmLangFile(lang), tmp);
      renameSync(tmp, target);
    }
  }
  langDir = dir;
  return dir;
}

type TessWorker = import('tesseract.js').Worker;
type Slot = { worker: Promise<TessWorker>; busy: boolean };

const LANGS = 'spa+eng';
/**
 * Tesseract prints its diagnostics ("Estimating resolution as 248") straight to the console, one or more
 * per page, and a logger option does not stop it. Unless EXTRACT_DEBUG=1 asks for them, they are sent to
 * the result's `debug` output instead, which is dropped (native tesseract's stderr is ignored likewise).
 */
const SHOW_OCR_DIAGNOSTICS = /^(1|true)$/i.test(process.env.EXTRACT_DEBUG ?? '');
const MAX_WORKERS = Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length));
const slots: Slot[] = [];
const waiting: ((slot: Slot) => void)[] = [];

async function createTessWorker(): Promise<TessWorker> {
  const { createWorker, OEM } = await import('tesseract.js');
  const worker = await createWorker(LANGS, OEM.LSTM_ONLY, {
    langPath: prepareLangDir(),
    cacheMethod: 'none',
    gzip: true,
    logger: () => {},
    errorHandler: () => {},
  });
  await worker.setParameters({ tessedit_pageseg_mode: '3' as never, preserve_interword_spaces: '1' });
  return worker;
}

function acquire(): Promise<Slot> {
  const free = slots.find((s) => !s.busy);
  if (free) {
    free.busy = true;
    return Promise.resolve(free);
  }
  if (slots.length < MAX_WORKERS) {
    const slot: Slot = { worker: createTessWorker(), busy: true };
    slots.push(slot);
    return Promise.resolve(slot);
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(slot: Slot): void {
  const next = waiting.shift();
  if (next) next(slot);
  else slot.busy = false;
}

async function discard(slot: Slot): Promise<void> {
  const i = slots.indexOf(slot);
  if (i >= 0) slots.splice(i, 1);
  const worker = await slot.worker.catch(() => null);
  await worker?.terminate().catch(() => {});
  const next = waiting.shift();
  if (next) acquire().then(next);
}

async function recognizeJs(image: OcrImage, timeoutMs: number): Promise<TesseractResult> {
  const slot = await acquire();
  let timer: NodeJS.Timeout | undefined;
  try {
    const worker = await slot.worker;
    const job = worker.recognize(Buffer.from(image.png), {}, {
      blocks: true,
      text: false,
      debug: !SHOW_OCR_DIAGNOSTICS,
    } as never);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('OCR_TIMEOUT')), timeoutMs);
    });
    const result = await Promise.race([job, timeout]);
    clearTimeout(timer);
    release(slot);
    const words: Word[] = [];
    const groups: Word[][] = [];
    for (const block of result.data.blocks ?? []) {
      for (const para of block.paragraphs) {
        for (const line of para.lines) {
          const group: Word[] = [];
          groups.push(group);
          for (const w of line.words) {
            if (!w.text.trim()) continue;
            group.push({
              text: w.text,
              page: 1,
              x: w.bbox.x0 / image.width,
              y: w.bbox.y0 / image.height,
              w: (w.bbox.x1 - w.bbox.x0) / image.width,
              h: (w.bbox.y1 - w.bbox.y0) / image.height,
              conf: Math.max(0, Math.min(1, w.confidence / 100)),
            });
          }
          words.push(...group);
        }
      }
    }
    return { words, lines: groups, meanConf: mean(words.map((w) => w.conf)), engine: 'tesseract.js' };
  } catch (error) {
    clearTimeout(timer);
    // A timed-out or crashed worker is replaced, so a bad page cannot wedge the pool.
    await discard(slot);
    throw error;
  }
}

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

let nativeTessdata: string | null = null;
/**
 * The product's own models (the npm `best_int` data tesseract.js reads) for the native binary, which
 * reads them uncompressed from one directory: unpacked once per machine. So no Debian language package
 * is needed, and both flavours read with the same models.
 */
export function nativeTessdataDir(): string {
  if (nativeTessdata) return nativeTessdata;
  const dir = path.join(os.tmpdir(), 'cuadra-tessdata-native-4.0.0_best_int');
  mkdirSync(dir, { recursive: true });
  for (const lang of ['spa', 'eng'] as const) {
    const target = path.join(dir, `${lang}.traineddata`);
    if (!existsSync(target)) {
      const tmp = `${target}.${process.pid}.tmp`;
      writeFileSync(tmp, gunzipSync(readFileSync(npmLangFile(lang))));
      renameSync(tmp, target);
    }
  }
  nativeTessdata = dir;
  return dir;
}

/** Tesseract 4 is the first with the LSTM engine the models are for. */
const MIN_NATIVE_MAJOR = 4;

let nativeAvailable: boolean | null = null;
/**
 * True when a `tesseract` binary (4 or later) is on PATH. Its own language data does not matter: it is
 * pointed at the product's models. Asked once per process, on the first page (never at start-up).
 */
export function hasNativeTesseract(): boolean {
  if (nativeAvailable != null) return nativeAvailable;
  try {
    const r = spawnSync('tesseract', ['--version'], { encoding: 'utf8', timeout: 5000 });
    const major = Number(/tesseract\s+v?(\d+)/i.exec(`${r.stdout}${r.stderr}`)?.[1] ?? 0);
    nativeAvailable = r.status === 0 && major >= MIN_NATIVE_MAJOR;
  } catch {
    nativeAvailable = false;
  }
  return nativeAvailable;
}

let nativeRunning = 0;
const nativeWaiting: (() => void)[] = [];

/** Native tesseract through stdin/stdout, TSV word boxes; one thread per process, at most MAX_WORKERS. */
async function recognizeNative(image: OcrImage, timeoutMs: number): Promise<TesseractResult> {
  if (nativeRunning >= MAX_WORKERS) await new Promise<void>((r) => nativeWaiting.push(r));
  nativeRunning++;
  try {
    const tsv = await new Promise<string>((resolve, reject) => {
      // The same settings as tesseract.js's worker (LSTM only, automatic layout, spaces kept); TSV asked
      // for by parameter, since the `tsv` config file lives in the system's tessdata, not in ours.
      const args = ['stdin', 'stdout', '--tessdata-dir', nativeTessdataDir(), '-l', LANGS, '--oem', '1'];
      args.push('--psm', '3', '-c', 'preserve_interword_spaces=1', '-c', 'tessedit_create_tsv=1');
      const child = spawn('tesseract', args, {
        // One thread per process: OpenMP's threads spin on a shared machine and cost more CPU than they save.
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        stdio: ['pipe', 'pipe', SHOW_OCR_DIAGNOSTICS ? 'inherit' : 'ignore'],
      });
      let out = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('OCR_TIMEOUT'));
      }, timeoutMs);
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d: string) => {
        out += d;
      });
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(out);
        else reject(new Error(`tesseract exited with ${code}`));
      });
      child.stdin.on('error', () => {});
      child.stdin.end(Buffer.from(image.png));
    });
    const words: Word[] = [];
    const byLine = new Map<string, Word[]>();
    for (const row of tsv.split('\n').slice(1)) {
      const c = row.split('\t');
      if (c.length < 12 || c[0] !== '5' || !c[11]?.trim()) continue;
      const [left, top, width, height, conf] = [c[6], c[7], c[8], c[9], c[10]].map(Number) as number[];
      const key = `${c[2]}:${c[3]}:${c[4]}`;
      if (!byLine.has(key)) byLine.set(key, []);
      const word: Word = {
        text: c[11],
        page: 1,
        x: left! / image.width,
        y: top! / image.height,
        w: width! / image.width,
        h: height! / image.height,
        conf: Math.max(0, Math.min(1, conf! / 100)),
      };
      byLine.get(key)!.push(word);
      words.push(word);
    }
    return { words, lines: [...byLine.values()], meanConf: mean(words.map((w) => w.conf)), engine: 'native' };
  } finally {
    nativeRunning--;
    nativeWaiting.shift()?.();
  }
}

/** Runs Tesseract with the chosen engine ('auto' = native when installed). */
export function recognizeTesseract(
  image: OcrImage,
  engine: 'auto' | OcrEngineName,
  timeoutMs: number,
): Promise<TesseractResult> {
  const useNative = engine === 'native' || (engine === 'auto' && hasNativeTesseract());
  return useNative ? recognizeNative(image, timeoutMs) : recognizeJs(image, timeoutMs);
}

/**
 * Cheap readiness check for a health endpoint: the npm language data (which both flavours read) is present,
 * and the binary answers or tesseract.js resolves. Never runs OCR.
 */
export async function tesseractStatus(): Promise<{ engine: OcrEngineName; ready: boolean }> {
  try {
    const data = existsSync(npmLangFile('spa')) && existsSync(npmLangFile('eng'));
    if (hasNativeTesseract()) return { engine: 'native', ready: data };
    require.resolve('tesseract.js');
    return { engine: 'tesseract.js', ready: data };
  } catch {
    return { engine: 'tesseract.js', ready: false };
  }
}

/** Terminates the reused tesseract.js workers. */
export async function closeTesseract(): Promise<void> {
  const all = slots.splice(0);
  await Promise.all(
    all.map(async (s) => {
      const w = await s.worker.catch(() => null);
      await w?.terminate().catch(() => {});
    }),
  );
}
