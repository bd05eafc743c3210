/**
 * Extraction benchmark, two sets side by side:
 * - fitting set: ../shared/bench/train (175 receipts), generated Spanish invoices of the fitting seed and
 *   text-layer PDFs of every fitted layout (seeds FIT_LAYOUT_SEEDS),
 *   what `scripts/fit-ranker.ts` fits on (read through the pages cache of `bench/fitting-set.ts`);
 * - validation set: ../shared/bench/docs (read in place, never copied) and the generated Spanish set
 *   held apart (test/fixtures/golden + bench-results/generated, seed HOLDOUT_SEED), never fitted on.
 * Prints per kind and field the accuracy on each set and their difference (fitted to its data when the
 * difference is more than a few points), line recall/precision, verified share and accuracy, p50/p95
 * seconds per document (validation set) and peak memory; writes the same to bench-results/extract-bench.json.
 *
 * Env: BENCH_DIR (default <repo>/../shared/bench), BENCH_ONLY=kind1,kind2, BENCH_LIMIT=n per kind,
 * BENCH_SETS=fit,val (default both), RANKER_CACHE_DIR (default $TMPDIR/cuadra-ranker),
 * BENCH_VAL_PAGES=1: read the validation set's images once into a pages cache beside the fitting one
 * (`val-pages.json`) and score them from it (fields and checks only, no timings): to measure again after a
 * field-stage change without running OCR again. Measuring only; nothing is fitted on it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeOcr, type ExtractionResult, extractDocument, isExtractError, ocrStatus } from '../src/index.ts';
import {
  CACHE_DIR,
  type CachedDoc,
  extractFromPages,
  fittingDocs,
  HOLDOUT_COUNT,
  HOLDOUT_SEED,
} from './fitting-set.ts';
import { fieldCorrect, SCORED_FIELDS, scoreLines, type Truth } from './score.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgRoot = path.resolve(here, '..');
const repoRoot = path.resolve(pkgRoot, '../..');
const benchDir = process.env.BENCH_DIR ?? path.resolve(repoRoot, '../shared/bench');
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const limit = Number(process.env.BENCH_LIMIT ?? 0);
const sets = (process.env.BENCH_SETS ?? 'fit,val').split(',');

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
  const heldApart = path.join(pkgRoot, 'bench-results/generated');
  if (!existsSync(heldApart))
    console.warn(
      `bench: no held-apart generated set; npm run fixtures -w packages/extract -- --count ${HOLDOUT_COUNT} --seed ${HOLDOUT_SEED} --out bench-results/generated`,
    );
  const dirs = [path.join(pkgRoot, 'test/fixtures/golden'), heldApart];
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
  set: 'fit' | 'val';
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

function keep<T extends { kind: string }>(docs: T[]): T[] {
  let out = only ? docs.filter((d) => only.includes(d.kind)) : docs;
  if (limit) {
    const seen: Record<string, number> = {};
    out = out.filter((d) => {
      seen[d.kind] = (seen[d.kind] ?? 0) + 1;
      return seen[d.kind]! <= limit;
    });
  }
  return out;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  if (sets.includes('fit')) {
    const generated = !only || only.some((k) => k.startsWith('es_'));
    for (const doc of keep(await fittingDocs(benchDir, generated))) {
      const r = await extractFromPages(doc);
      rows.push({
        set: 'fit',
        id: doc.id,
        kind: doc.kind,
        seconds: 0,
        result: { fields: r.fields, verified: r.verified } as unknown as ExtractionResult,
        error: null,
        truth: doc.truth,
      });
      if (process.env.BENCH_VERBOSE === 'fit') printDoc(rows[rows.length - 1]!);
    }
  }
  let docs = sets.includes('val') ? keep([...benchDocs(), ...generatedDocs()]) : [];
  if (process.env.BENCH_VAL_PAGES) {
    const images = docs.filter((d) => /image$/.test(d.kind));
    const file = path.join(CACHE_DIR, 'val-pages.json');
    const { readPagesInto } = await import('../scripts/fit-cache-pages.ts');
    await readPagesInto(file, { docs: images });
    const cached = (JSON.parse(readFileSync(file, 'utf8')) as CachedDoc[]).filter((c) =>
      images.some((d) => d.id === c.id),
    );
    for (const doc of cached) {
      const r = await extractFromPages(doc);
      const row: Row = {
        set: 'val',
        id: doc.id,
        kind: doc.kind,
        seconds: 0,
        result: { fields: r.fields, verified: r.verified } as unknown as ExtractionResult,
        error: null,
        truth: doc.truth,
      };
      rows.push(row);
      if (process.env.BENCH_VERBOSE) printDoc(row);
    }
    docs = docs.filter((d) => !/image$/.test(d.kind));
  }
  const status = await ocrStatus();
  console.log(`bench: ${docs.length} documents · OCR ${status.engine} ready=${status.ready} · ${benchDir}`);
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  // Warm up module loading (pdf.js, zxing, one OCR worker) so it is not billed to the first document.
  const warm = docs.find((d) => d.kind.includes('image'));
  if (docs[0]) await extractDocument({ bytes: new Uint8Array(readFileSync(docs[0].file)) }).catch(() => null);
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
    rows.push({ set: 'val', id: doc.id, kind: doc.kind, seconds, result, error, truth: doc.truth });
    if (process.env.BENCH_VERBOSE) printDoc(rows[rows.length - 1]!);
  }
  clearInterval(sampler);
  await closeOcr();
  peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
  const report = {
    generatedAt: new Date().toISOString(),
    benchDir,
    peakRssMb: Math.round(peakRss / 1048576),
    fit: summarize(rows.filter((r) => r.set === 'fit')),
    val: summarize(rows.filter((r) => r.set === 'val')),
  };
  printReport(report);
  const outDir = path.join(pkgRoot, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'extract-bench.json'),
    `${JSON.stringify({ ...report, documents: rows.map((r) => ({ set: r.set, id: r.id, kind: r.kind, seconds: r.seconds, error: r.error, fields: r.result?.fields, verified: r.result?.verified, warnings: r.result?.warnings?.map((w) => w.code) })) }, null, 2)}\n`,
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

function summarize(rows: Row[]) {
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
  return kinds;
}

type Report = {
  peakRssMb: number;
  fit: Record<string, KindReport>;
  val: Record<string, KindReport>;
};

function printReport(report: Report): void {
  const p = (x: number | null | undefined) => (x == null ? '   –  ' : `${(x * 100).toFixed(1).padStart(5)}%`);
  const d = (a: number | null | undefined, b: number | null | undefined) =>
    a == null || b == null ? '   –  ' : `${(b - a >= 0 ? '+' : '') + ((b - a) * 100).toFixed(1)}`.padStart(6);
  const kinds = [...new Set([...Object.keys(report.fit), ...Object.keys(report.val)])];
  for (const kind of kinds) {
    const f = report.fit[kind];
    const v = report.val[kind];
    console.log(
      `\n== ${kind}: fitting ${f?.docs ?? 0} docs · validation ${v?.docs ?? 0} docs, ${v?.errors ?? 0} errors` +
        (v ? ` · p50 ${v.p50.toFixed(2)} s · p95 ${v.p95.toFixed(2)} s` : ''),
    );
    console.log(
      `   verified share fit ${p(f?.verifiedShare)} val ${p(v?.verifiedShare)} · verified right fit ${p(f?.verifiedAccuracy)} val ${p(v?.verifiedAccuracy)} · lines recall fit ${p(f?.lines.recall)} val ${p(v?.lines.recall)}`,
    );
    console.log(
      `   ${'field'.padEnd(20)} ${'n fit'.padStart(5)} ${'fitting'.padStart(7)} ${'n val'.padStart(5)} ${'valid.'.padStart(7)} ${'diff'.padStart(6)}  ${'ver.val'.padStart(7)} ${'ver.ok'.padStart(7)}`,
    );
    const names = [...new Set([...Object.keys(f?.fields ?? {}), ...Object.keys(v?.fields ?? {})])];
    for (const name of names) {
      const a = f?.fields[name];
      const b = v?.fields[name];
      const fa = a ? a.correct / a.n : null;
      const va = b ? b.correct / b.n : null;
      console.log(
        `   ${name.padEnd(20)} ${String(a?.n ?? '').padStart(5)} ${p(fa).padStart(7)} ${String(b?.n ?? '').padStart(5)} ${p(va).padStart(7)} ${d(fa, va)}  ${p(b ? b.verified / b.n : null).padStart(7)} ${p(b?.verified ? b.verifiedCorrect / b.verified : null).padStart(7)}`,
      );
    }
  }
  console.log(`\npeak RSS ${report.peakRssMb} MB`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
