/**
 * Extraction benchmark: scores the engine on ../shared/bench (real documents, read in place, never
 * copied) and on the generated Spanish set (test/fixtures/golden + bench-results/generated if present).
 * Prints per kind and per field accuracy, line recall/precision, verified share and accuracy,
 * p50/p95 seconds per document and peak memory; writes the same to bench-results/extract-bench.json.
 *
 * Env: BENCH_DIR (default <repo>/../shared/bench), BENCH_ONLY=kind1,kind2, BENCH_LIMIT=n per kind.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeOcr, type ExtractionResult, extractDocument, isExtractError, ocrStatus } from '../src/index.ts';
import { fieldCorrect, SCORED_FIELDS, scoreLines, type Truth } from './score.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgRoot = path.resolve(here, '..');
const repoRoot = path.resolve(pkgRoot, '../..');
const benchDir = process.env.BENCH_DIR ?? path.resolve(repoRoot, '../shared/bench');
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const limit = Number(process.env.BENCH_LIMIT ?? 0);

type Doc = {
  id: string;
  kind: string;
  file: string;
  truth: Truth;
  options?: Parameters<typeof extractDocument>[1];
};

function benchDocs(): Doc[] {
  if (!existsSync(path.join(benchDir, 'manifest.json'))) {
    console.warn(`bench: ${benchDir}/manifest.json not found, skipping the shared set`);
    return [];
  }
  const manifest = JSON.parse(readFileSync(path.join(benchDir, 'manifest.json'), 'utf8')) as {
    documents: { id: string; kind: string; file: string; truth: string }[];
  };
  const docs: Doc[] = [];
  for (const d of manifest.documents) {
    const truthFile = path.join(benchDir, d.truth ?? d.file.replace(/\.[a-z]+$/, '.truth.json'));
    const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as {
      fields: Truth;
      kind: string;
      file: string;
    };
    const kind = truth.kind ?? d.kind;
    const file = path.join(benchDir, truth.file ?? d.file);
    docs.push({ id: d.id, kind, file, truth: truth.fields });
    if (kind === 'einvoice_pdf') {
      docs.push({
        id: `${d.id}#visual`,
        kind: 'einvoice_pdf_visual',
        file,
        truth: truth.fields,
        options: { ignoreEmbeddedXml: true },
      });
    }
  }
  return docs;
}

function generatedDocs(): Doc[] {
  const dirs = [path.join(pkgRoot, 'test/fixtures/golden'), path.join(pkgRoot, 'bench-results/generated')];
  const docs: Doc[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.expected.json'))) {
      const expected = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as {
        file: string;
        kind: string;
        truth: Truth;
      };
      docs.push({
        id: `gen:${f.replace('.expected.json', '')}`,
        kind: `es_${expected.kind}`,
        file: path.join(dir, expected.file),
        truth: expected.truth,
      });
    }
  }
  return docs;
}

type Row = {
  id: string;
  kind: string;
  seconds: number;
  result: ExtractionResult | null;
  error: string | null;
  truth: Truth;
};

function pct(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function main(): Promise<void> {
  let docs = [...benchDocs(), ...generatedDocs()];
  if (only) docs = docs.filter((d) => only.includes(d.kind));
  if (limit) {
    const seen: Record<string, number> = {};
    docs = docs.filter((d) => {
      seen[d.kind] = (seen[d.kind] ?? 0) + 1;
      return seen[d.kind]! <= limit;
    });
  }
  const status = await ocrStatus();
  console.log(`bench: ${docs.length} documents · OCR ${status.engine} ready=${status.ready} · ${benchDir}`);
  const rows: Row[] = [];
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  // Warm up module loading (pdf.js, zxing, one OCR worker) so it is not billed to the first document.
  const warm = docs.find((d) => d.kind.includes('image'));
  await extractDocument({ bytes: new Uint8Array(readFileSync(docs[0]!.file)) }).catch(() => null);
  if (warm) await extractDocument({ bytes: new Uint8Array(readFileSync(warm.file)) }).catch(() => null);
  for (const doc of docs) {
    const bytes = new Uint8Array(readFileSync(doc.file));
    const t = performance.now();
    let result: ExtractionResult | null = null;
    let error: string | null = null;
    try {
      result = await extractDocument(
        { bytes, filename: path.basename(doc.file) },
        { today: '2030-01-01', ...doc.options },
      );
    } catch (e) {
      error = isExtractError(e) ? e.code : String(e);
    }
    const seconds = (performance.now() - t) / 1000;
    rows.push({ id: doc.id, kind: doc.kind, seconds, result, error, truth: doc.truth });
    if (process.env.BENCH_VERBOSE) printDoc(rows[rows.length - 1]!);
  }
  clearInterval(sampler);
  await closeOcr();
  peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
  const report = summarize(rows, peakRss);
  printReport(report);
  const outDir = path.join(pkgRoot, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'extract-bench.json'),
    `${JSON.stringify({ ...report, documents: rows.map((r) => ({ id: r.id, kind: r.kind, seconds: r.seconds, error: r.error, fields: r.result?.fields, verified: r.result?.verified, warnings: r.result?.warnings.map((w) => w.code) })) }, null, 2)}\n`,
  );
  console.log(`\nwritten: ${path.relative(process.cwd(), path.join(outDir, 'extract-bench.json'))}`);
}

function printDoc(r: Row): void {
  const wrong: string[] = [];
  for (const f of SCORED_FIELDS) {
    if (!(f in r.truth)) continue;
    const p = (r.result?.fields as Record<string, unknown> | undefined)?.[f];
    if (!fieldCorrect(f, r.truth[f], p, r.truth))
      wrong.push(`${f}: ${JSON.stringify(p)} ≠ ${JSON.stringify(r.truth[f])}`);
  }
  console.log(
    `${r.id} ${r.seconds.toFixed(2)}s ${r.error ?? ''}${wrong.length ? `\n   ${wrong.join('\n   ')}` : ' ✓'}`,
  );
}

type FieldStat = { n: number; correct: number; verified: number; verifiedCorrect: number };
type KindReport = {
  docs: number;
  errors: number;
  p50: number;
  p95: number;
  fields: Record<string, FieldStat>;
  lines: { recall: number | null; precision: number | null };
  verifiedShare: number;
  verifiedAccuracy: number | null;
};

function summarize(rows: Row[], peakRss: number) {
  const kinds: Record<string, KindReport> = {};
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    groups.set(r.kind, [...(groups.get(r.kind) ?? []), r]);
    if (/image$/.test(r.kind) && !r.kind.startsWith('es_'))
      groups.set('image (all)', [...(groups.get('image (all)') ?? []), r]);
  }
  for (const [kind, list] of groups) {
    const fields: Record<string, FieldStat> = {};
    let lc = 0;
    let lt = 0;
    let lp = 0;
    let predFields = 0;
    let verified = 0;
    let verifiedCorrect = 0;
    for (const r of list) {
      const pred = (r.result?.fields ?? {}) as Record<string, unknown>;
      const ver = (r.result?.verified ?? {}) as Record<string, boolean>;
      for (const f of SCORED_FIELDS) {
        if (!(f in r.truth)) continue;
        fields[f] ??= { n: 0, correct: 0, verified: 0, verifiedCorrect: 0 };
        const s = fields[f]!;
        const ok = fieldCorrect(f, r.truth[f], pred[f], r.truth);
        s.n++;
        if (ok) s.correct++;
        if (pred[f] != null) predFields++;
        if (ver[f] && pred[f] != null) {
          s.verified++;
          verified++;
          if (ok) {
            s.verifiedCorrect++;
            verifiedCorrect++;
          }
        }
      }
      if (Array.isArray(r.truth.line_items)) {
        const s = scoreLines(r.truth.line_items as never, pred.line_items as never);
        lc += s.correct;
        lt += s.truth;
        lp += s.pred;
      }
    }
    const secs = list.map((r) => r.seconds);
    kinds[kind] = {
      docs: list.length,
      errors: list.filter((r) => r.error).length,
      p50: pct(secs, 50),
      p95: pct(secs, 95),
      fields,
      lines: { recall: lt ? lc / lt : null, precision: lt ? (lp ? lc / lp : 0) : null },
      verifiedShare: predFields ? verified / predFields : 0,
      verifiedAccuracy: verified ? verifiedCorrect / verified : null,
    };
  }
  return { generatedAt: new Date().toISOString(), benchDir, peakRssMb: Math.round(peakRss / 1048576), kinds };
}

function printReport(report: ReturnType<typeof summarize>): void {
  const p = (x: number | null) => (x == null ? '  –  ' : `${(x * 100).toFixed(1).padStart(5)}%`);
  for (const [kind, k] of Object.entries(report.kinds)) {
    console.log(
      `\n== ${kind}: ${k.docs} docs, ${k.errors} errors · p50 ${k.p50.toFixed(2)} s · p95 ${k.p95.toFixed(2)} s · verified share ${p(k.verifiedShare)} accuracy ${p(k.verifiedAccuracy)} · lines recall ${p(k.lines.recall)} precision ${p(k.lines.precision)}`,
    );
    console.log(
      `   ${'field'.padEnd(20)} ${'n'.padStart(4)} ${'accuracy'.padStart(8)} ${'verified'.padStart(9)} ${'ver.acc'.padStart(8)}`,
    );
    for (const [f, s] of Object.entries(k.fields)) {
      console.log(
        `   ${f.padEnd(20)} ${String(s.n).padStart(4)} ${p(s.correct / s.n).padStart(8)} ${p(s.verified / s.n).padStart(9)} ${p(s.verified ? s.verifiedCorrect / s.verified : null).padStart(8)}`,
      );
    }
  }
  console.log(`\npeak RSS ${report.peakRssMb} MB`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
