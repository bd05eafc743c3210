/**
 * OCR benchmark: Tesseract alone, PP-OCR alone and both fused, on the scanned receipts of
 * ../shared/bench/train/sroie (read in place, never copied).
 *
 * 1. Timing: seconds per page (image decode + OCR, as the pipeline does it) for each mode on the first
 *    OCR_BENCH_TIMING pages (default 12), p50/p95, wall and CPU, plus the process's peak memory. On a
 *    shared, loaded machine wall time mostly measures the neighbours, so a third figure estimates the
 *    wall time on two idle cores from the CPU seconds of each thread (/proc/self/task): the busiest
 *    thread's, or half the total when that is more.
 * 2. Text: on OCR_BENCH_LIMIT pages (default all), how often the truth total appears verbatim (not inside
 *    a longer number) in Tesseract's text, PP-OCR's text and the fused text (one fused run gives all three).
 *
 * Env: BENCH_DIR (default <repo>/../shared/bench), OCR_BENCH_OFFSET, OCR_BENCH_LIMIT, OCR_BENCH_TIMING
 * (0: text only), CUADRA_ORT_THREADS.
 * Writes bench-results/ocr-bench.json.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareImageForOcr } from '../src/image.ts';
import { closeOcr, type OcrEngines, recognize } from '../src/ocr/index.ts';
import { type Word, wordsToLines } from '../src/text/layout.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgRoot = path.resolve(here, '..');
const benchDir = process.env.BENCH_DIR ?? path.resolve(pkgRoot, '../../../shared/bench'); // <repo>/../shared
const dir = path.join(benchDir, 'train/sroie');
const limit = Number(process.env.OCR_BENCH_LIMIT ?? 0);
const offset = Number(process.env.OCR_BENCH_OFFSET ?? 0);
const timingPages = Number(process.env.OCR_BENCH_TIMING ?? 12);

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
const text = (words: Word[]) =>
  wordsToLines(words, 1, 1)
    .map((l) => l.text)
    .join('\n');
/** The amount as printed, not part of a longer number. */
const contains = (hay: string, total: string) =>
  new RegExp(`(?<![\\d.,])${total.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d])`).test(hay);

/** CPU seconds so far of each thread of this process (Linux; empty elsewhere). */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  try {
    const tick = 100; // USER_HZ
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(f[11]) + Number(f[12])) / tick); // utime, stime
    }
  } catch {}
  return out;
}

async function readPage(id: string, engines: OcrEngines) {
  const bytes = new Uint8Array(readFileSync(path.join(dir, `${id}.jpg`)));
  const t = performance.now();
  const cpu = process.cpuUsage();
  const before = threadCpu();
  const image = await prepareImageForOcr(bytes);
  const r = await recognize(image, { engine: 'auto', engines, timeoutMs: 120_000 });
  const used = process.cpuUsage(cpu);
  // CPU seconds of this process (ONNX threads and the tesseract.js worker threads included): on a shared,
  // loaded machine wall time mostly measures the neighbours; CPU time is the page's own cost.
  const total = (used.user + used.system) / 1e6;
  // Wall time on two idle cores, estimated: no less than the busiest thread's CPU, nor than half the
  // total (both cores busy throughout).
  const after = threadCpu();
  let busiest = 0;
  for (const [tid, s] of after) busiest = Math.max(busiest, s - (before.get(tid) ?? 0));
  return { r, seconds: (performance.now() - t) / 1000, cpu: total, idle: Math.max(busiest, total / 2) };
}

const load = () => os.loadavg()[0]!.toFixed(1);
console.log(`ocr-bench: ${ids.length} receipts, ${os.cpus().length} cores, load ${load()}`);

// Warm-up: workers and ONNX sessions are created once per process and reused, as in the server.
if (timingPages > 0) await readPage(ids[0]!, 'both');

const timing: Record<OcrEngines, number[]> = { tesseract: [], ppocr: [], both: [] };
const cpuTime: Record<OcrEngines, number[]> = { tesseract: [], ppocr: [], both: [] };
const idleTime: Record<OcrEngines, number[]> = { tesseract: [], ppocr: [], both: [] };
const loads: number[] = [];
for (const id of ids.slice(0, timingPages)) {
  for (const mode of ['tesseract', 'ppocr', 'both'] as const) {
    const { seconds, cpu, idle } = await readPage(id, mode);
    timing[mode].push(seconds);
    cpuTime[mode].push(cpu);
    idleTime[mode].push(idle);
  }
  loads.push(os.loadavg()[0]!);
}

const hits = { tesseract: 0, ppocr: 0, fused: 0, either: 0 };
const misses: { id: string; total: string }[] = [];
const perDoc: { id: string; total: string; tesseract: boolean; ppocr: boolean; fused: boolean }[] = [];
let n = 0;
for (const id of ids) {
  const truth = JSON.parse(readFileSync(path.join(dir, `${id}.truth.json`), 'utf8')) as {
    fields: { total?: string };
  };
  const total = truth.fields.total;
  if (!total) continue;
  const { r } = await readPage(id, 'both');
  n++;
  const t = contains(text(r.raw.tesseract), total);
  const p = contains(text(r.raw.ppocr), total);
  const f = contains(text(r.words), total);
  hits.tesseract += Number(t);
  hits.ppocr += Number(p);
  hits.fused += Number(f);
  hits.either += Number(t || p);
  if (!f) misses.push({ id, total });
  perDoc.push({ id, total, tesseract: t, ppocr: p, fused: f });
  console.log(`  ${id} total ${total}: tesseract ${t} ppocr ${p} fused ${f}`);
}
await closeOcr();

const peakMb = process.resourceUsage().maxRSS / 1024;
const row = (name: string, xs: number[], cpu: number[]) =>
  `${name.padEnd(10)} wall p50 ${quantile(xs, 0.5).toFixed(2)} s  p95 ${quantile(xs, 0.95).toFixed(2)} s   ` +
  `cpu p50 ${quantile(cpu, 0.5).toFixed(2)} s  p95 ${quantile(cpu, 0.95).toFixed(2)} s   (n=${xs.length})`;
console.log(
  `\nseconds per scanned page (decode + OCR), load avg during timing ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}:`,
);
console.log(row('tesseract', timing.tesseract, cpuTime.tesseract));
console.log(row('ppocr', timing.ppocr, cpuTime.ppocr));
console.log(row('fused', timing.both, cpuTime.both));
const idle = idleTime.both;
console.log(
  `${'fused'.padEnd(10)} on 2 idle cores (est. from per-thread CPU): p50 ${quantile(idle, 0.5).toFixed(2)} s  p95 ${quantile(idle, 0.95).toFixed(2)} s`,
);
console.log(`peak memory (max RSS) ${peakMb.toFixed(0)} MB`);
console.log(`\ntruth total verbatim in the text, ${n} receipts:`);
for (const k of ['tesseract', 'ppocr', 'fused', 'either'] as const) {
  console.log(`  ${k.padEnd(10)} ${hits[k]}/${n} (${((100 * hits[k]) / Math.max(1, n)).toFixed(1)} %)`);
}
mkdirSync(path.join(pkgRoot, 'bench-results'), { recursive: true });
writeFileSync(
  path.join(pkgRoot, 'bench-results/ocr-bench.json'),
  JSON.stringify({ timing, cpuTime, idleTime, loads, peakMb, n, hits, misses, perDoc }, null, 2),
);
