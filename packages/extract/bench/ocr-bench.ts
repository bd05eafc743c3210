/**
 * OCR benchmark on the scanned receipts of ../shared/bench/train/sroie (the fitting set, read in place,
 * never copied).
 *
 * 1. Timing, on the first OCR_BENCH_TIMING pages (default 12), alternated page by page: the reference
 *    (the native `tesseract` binary on the image file, with the product's own models, one thread) and the
 *    product's modes (image decode + OCR, as the pipeline does it): Tesseract alone, PP-OCR alone, both on
 *    every line ('full') and the default ('both': PP-OCR on the lines Tesseract is unsure of). Wall and
 *    CPU p50/p95; CPU counts this process's threads and its child processes (native Tesseract). Then
 *    **the ratio**: the default mode's CPU per receipt ÷ the reference's. On a shared, loaded machine wall
 *    time mostly measures the neighbours, so a further figure estimates the wall time on two idle cores
 *    from the CPU seconds of each thread (/proc/self/task), children included.
 * 2. Text: on OCR_BENCH_LIMIT pages (default all), each page read once with both engines on every line;
 *    how often the truth total and date (as printed) appear verbatim in Tesseract's text, PP-OCR's, the
 *    fused text, and the default mode's fused text at each word-confidence threshold of the sweep
 *    (OCR_BENCH_SWEEP, default the constant and a few around it), with the share of lines PP-OCR reads.
 *
 * Env: BENCH_DIR (default <repo>/../shared/bench), OCR_BENCH_OFFSET, OCR_BENCH_LIMIT, OCR_BENCH_TIMING
 * (0: text only), OCR_BENCH_TEXT (0: timing only), OCR_BENCH_SWEEP (comma-separated thresholds),
 * OCR_BENCH_MODES (default reference,tesseract,ppocr,full,both), OCR_BENCH_ENGINE (Tesseract's flavour:
 * auto, native or tesseract.js; `tesseract.js` with mode `full` is how every page was read before issue
 * 37), CUADRA_ORT_THREADS.
 * Writes bench-results/ocr-bench.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareImageForOcr } from '../src/image.ts';
import {
  closeOcr,
  fuseReadings,
  hasNativeTesseract,
  linesToRead,
  type OcrEngines,
  recognize,
  UNSURE_WORD_CONF,
} from '../src/ocr/index.ts';
import { nativeTessdataDir } from '../src/ocr/tesseract.ts';
import { type Word, wordsToLines } from '../src/text/layout.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgRoot = path.resolve(here, '..');
const benchDir = process.env.BENCH_DIR ?? path.resolve(pkgRoot, '../../../shared/bench'); // <repo>/../shared
const dir = path.join(benchDir, 'train/sroie');
const limit = Number(process.env.OCR_BENCH_LIMIT ?? 0);
const offset = Number(process.env.OCR_BENCH_OFFSET ?? 0);
const timingPages = Number(process.env.OCR_BENCH_TIMING ?? 12);
const textPages = process.env.OCR_BENCH_TEXT === '0' ? 0 : Number.POSITIVE_INFINITY;
/** Tesseract's flavour for the product's modes ('auto': native when installed, as the product runs). */
const flavour = (process.env.OCR_BENCH_ENGINE ?? 'auto') as 'auto' | 'native' | 'tesseract.js';
const sweep = (process.env.OCR_BENCH_SWEEP ?? `0.5,0.7,0.8,${UNSURE_WORD_CONF},0.95`)
  .split(',')
  .map(Number)
  .filter((x, i, a) => Number.isFinite(x) && a.indexOf(x) === i)
  .sort((a, b) => a - b);

if (!existsSync(dir)) {
  console.error(`ocr-bench: ${dir} not found`);
  process.exit(1);
}
let ids = readdirSync(dir)
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => f.replace(/\.jpg$/, ''))
  .sort();
ids = ids.slice(offset, limit > 0 ? offset + limit : undefined);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : Number.NaN;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const text = (words: Word[]) =>
  wordsToLines(words, 1, 1)
    .map((l) => l.text)
    .join('\n');
/** The value as printed, not part of a longer number. */
const contains = (hay: string, value: string) =>
  new RegExp(`(?<![\\d.,])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d])`).test(hay);

const TICK = 100; // USER_HZ
/** CPU seconds so far of each thread of this process, and of its waited-for children (Linux; empty elsewhere). */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(f[11]) + Number(f[12])) / TICK); // utime, stime
    }
  } catch {}
  return out;
}
/** CPU seconds of this process's children that have ended (native tesseract). */
function childCpu(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) / TICK; // cutime, cstime
  } catch {
    return 0;
  }
}

type Mode = OcrEngines | 'reference';
const MODES = (process.env.OCR_BENCH_MODES ?? 'reference,tesseract,ppocr,full,both').split(',') as Mode[];
const file = (id: string) => path.join(dir, `${id}.jpg`);

async function readPage(id: string, engines: OcrEngines) {
  const bytes = new Uint8Array(readFileSync(file(id)));
  const t = performance.now();
  const cpu = process.cpuUsage();
  const children = childCpu();
  const before = threadCpu();
  const image = await prepareImageForOcr(bytes);
  const r = await recognize(image, { engine: flavour, engines, timeoutMs: 120_000 });
  const used = process.cpuUsage(cpu);
  // CPU seconds of this process (ONNX threads and the tesseract.js worker threads included) and of the
  // native tesseract processes: on a shared, loaded machine wall time mostly measures the neighbours; CPU
  // time is the page's own cost.
  const child = childCpu() - children;
  const total = (used.user + used.system) / 1e6 + child;
  // Wall time on two idle cores, estimated: no less than the busiest thread's (or child's) CPU, nor than
  // half the total (both cores busy throughout).
  const after = threadCpu();
  let busiest = child;
  for (const [tid, s] of after) busiest = Math.max(busiest, s - (before.get(tid) ?? 0));
  return {
    r,
    image,
    seconds: (performance.now() - t) / 1000,
    cpu: total,
    idle: Math.max(busiest, total / 2),
  };
}

/** The reference: native Tesseract on the image file, the product's models, LSTM, one thread. */
function readReference(id: string) {
  const t = performance.now();
  const children = childCpu();
  const args = [file(id), 'stdout', '--tessdata-dir', nativeTessdataDir(), '-l', 'spa+eng', '--oem', '1'];
  const r = spawnSync('tesseract', [...args, '--psm', '3', '-c', 'tessedit_create_tsv=1'], {
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  if (r.status !== 0) throw new Error(`reference tesseract exited with ${r.status}`);
  const cpu = childCpu() - children;
  return { seconds: (performance.now() - t) / 1000, cpu, idle: cpu };
}

const load = () => os.loadavg()[0]!.toFixed(1);
const hasReference = hasNativeTesseract();
console.log(
  `ocr-bench: ${ids.length} receipts, ${os.cpus().length} cores, load ${load()}, ` +
    `Tesseract ${hasReference ? 'native' : 'tesseract.js (no binary: no reference run)'}`,
);

// Warm-up: workers and ONNX sessions are created once per process and reused, as in the server.
if (timingPages > 0) await readPage(ids[0]!, 'full');

const ALL_MODES: Mode[] = ['reference', 'tesseract', 'ppocr', 'full', 'both'];
const series = () => Object.fromEntries(ALL_MODES.map((m) => [m, [] as number[]])) as Record<Mode, number[]>;
const timing = series();
const cpuTime = series();
const idleTime = series();
const linesRead: number[] = [];
const loads: number[] = [];
for (const id of ids.slice(0, timingPages)) {
  for (const mode of MODES) {
    if (mode === 'reference' && !hasReference) continue;
    const page = mode === 'reference' ? null : await readPage(id, mode);
    const run = page ?? readReference(id);
    timing[mode].push(run.seconds);
    cpuTime[mode].push(run.cpu);
    idleTime[mode].push(run.idle);
    const lines = page?.r.engines.ppocr?.lines;
    if (mode === 'both' && lines) linesRead.push(lines.read / Math.max(1, lines.found));
  }
  loads.push(os.loadavg()[0]!);
}

type Truth = { fields: { total?: string }; raw?: { date?: string } };
const hits = { tesseract: 0, ppocr: 0, full: 0, either: 0 };
const dateHits = { tesseract: 0, ppocr: 0, full: 0 };
const swept = sweep.map((conf) => ({ conf, total: 0, date: 0, read: 0, found: 0 }));
const misses: { id: string; total: string }[] = [];
const perDoc: { id: string; total: string; tesseract: boolean; ppocr: boolean; fused: boolean }[] = [];
let n = 0;
let nDates = 0;
for (const id of ids.slice(0, textPages)) {
  const truth = JSON.parse(readFileSync(path.join(dir, `${id}.truth.json`), 'utf8')) as Truth;
  const total = truth.fields.total;
  if (!total) continue;
  const date = truth.raw?.date;
  const { r, image } = await readPage(id, 'full');
  n++;
  if (date) nDates++;
  const t = contains(text(r.raw.tesseract), total);
  const p = contains(text(r.raw.ppocr), total);
  const f = contains(text(r.words), total);
  hits.tesseract += Number(t);
  hits.ppocr += Number(p);
  hits.full += Number(f);
  hits.either += Number(t || p);
  if (date) {
    dateHits.tesseract += Number(contains(text(r.raw.tesseract), date));
    dateHits.ppocr += Number(contains(text(r.raw.ppocr), date));
    dateHits.full += Number(contains(text(r.words), date));
  }
  // The default mode at each threshold, from the same two readings: PP-OCR's words only on the lines
  // the threshold would have it read.
  const pp = r.ppocr!;
  const none = { ...pp, read: pp.read.map(() => null) };
  for (const row of swept) {
    const wanted = linesToRead(none, r.tesseract?.words ?? [], image, row.conf);
    const partial = { ...pp, read: pp.read.map((ws, i) => (wanted[i] ? ws : null)) };
    const words = (await fuseReadings(image, r.tesseract, partial)).words;
    row.total += Number(contains(text(words), total));
    if (date) row.date += Number(contains(text(words), date));
    row.read += wanted.filter(Boolean).length;
    row.found += wanted.length;
  }
  if (!f) misses.push({ id, total });
  perDoc.push({ id, total, tesseract: t, ppocr: p, fused: f });
  console.log(`  ${id} total ${total}: tesseract ${t} ppocr ${p} fused ${f}`);
}
await closeOcr();

const peakMb = process.resourceUsage().maxRSS / 1024;
const row = (name: string, xs: number[], cpu: number[]) =>
  `${name.padEnd(10)} wall p50 ${quantile(xs, 0.5).toFixed(2)} s  p95 ${quantile(xs, 0.95).toFixed(2)} s   ` +
  `cpu p50 ${quantile(cpu, 0.5).toFixed(2)} s  p95 ${quantile(cpu, 0.95).toFixed(2)} s  ` +
  `mean ${(sum(cpu) / Math.max(1, cpu.length)).toFixed(2)} s   (n=${xs.length})`;
if (timingPages > 0) {
  console.log(
    `\nseconds per scanned page (decode + OCR), load avg during timing ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}:`,
  );
  for (const mode of MODES) if (cpuTime[mode].length) console.log(row(mode, timing[mode], cpuTime[mode]));
  const idle = idleTime.both;
  if (idle.length) {
    console.log(
      `${'both'.padEnd(10)} on 2 idle cores (est. from per-thread CPU): p50 ${quantile(idle, 0.5).toFixed(2)} s  p95 ${quantile(idle, 0.95).toFixed(2)} s`,
    );
    console.log(
      `PP-OCR read ${((100 * sum(linesRead)) / Math.max(1, linesRead.length)).toFixed(0)} % of the lines it found (mean per page)`,
    );
  }
  if (cpuTime.reference.length) {
    // The same pages, alternated: the modes' summed CPU over the reference's.
    const ratios = MODES.filter((m) => m !== 'reference' && cpuTime[m].length).map(
      (m) => `${m} ${(sum(cpuTime[m]) / Math.max(1e-9, sum(cpuTime.reference))).toFixed(2)}×`,
    );
    console.log(
      `OCR CPU per receipt, product ÷ native Tesseract with the same models (one thread), Tesseract ${flavour}: ${ratios.join(' · ')}`,
    );
  }
}
console.log(`peak memory (max RSS) ${peakMb.toFixed(0)} MB`);
console.log(`\ntruth total verbatim in the text, ${n} receipts:`);
for (const k of ['tesseract', 'ppocr', 'full', 'either'] as const) {
  console.log(`  ${k.padEnd(10)} ${hits[k]}/${n} (${((100 * hits[k]) / Math.max(1, n)).toFixed(1)} %)`);
}
console.log(`truth date as printed, verbatim, ${nDates} receipts:`);
for (const k of ['tesseract', 'ppocr', 'full'] as const)
  console.log(`  ${k.padEnd(10)} ${dateHits[k]}/${nDates}`);
console.log('default mode by word-confidence threshold (PP-OCR reads the lines with a word under it):');
for (const s of swept) {
  const mark = s.conf === UNSURE_WORD_CONF ? ' ← UNSURE_WORD_CONF' : '';
  console.log(
    `  < ${s.conf.toFixed(2)}  lines read ${((100 * s.read) / Math.max(1, s.found)).toFixed(0)} %  ` +
      `total ${s.total}/${n}  date ${s.date}/${nDates}${mark}`,
  );
}
mkdirSync(path.join(pkgRoot, 'bench-results'), { recursive: true });
writeFileSync(
  path.join(pkgRoot, 'bench-results/ocr-bench.json'),
  JSON.stringify(
    { timing, cpuTime, idleTime, loads, peakMb, n, hits, dateHits, swept, linesRead, misses, perDoc },
    null,
    2,
  ),
);
