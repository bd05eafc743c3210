// kept whole: one benchmark script: loading the sets, scoring per field and printing the table read as one pipeline.
/**
 * Extraction benchmark (`npm run bench:extract`): per document kind and field, four columns.
 * - fitting set: ../shared/bench/train (175 receipts), the generator's fitted layouts and seeds, the
 *   ZUGFeRD corpus fitting documents (bench/zugferd-fit.json, embedded XML ignored) and the real entries
 *   with split `fit` (bench/real/*.json): what `scripts/fit-ranker.ts` fits on, read through the pages
 *   cache of `bench/fitting-set.ts` and run through the field and check steps;
 * - validation set: ../shared/bench/docs (read in place, never copied; e-invoice PDFs twice, with their
 *   XML and as `einvoice_pdf_visual`), the golden fixtures, the generator's held-apart layouts and seeds
 *   (`HELD_APART`: every layout at a held-apart seed, the held-apart layouts at a fitted one too; the
 *   layout grammar's held-apart regions, `grammar_pdf_held_regions`), the
 *   older generator's held-apart seed (bench-results/generated, when built) and the real entries with
 *   split `validation`, each read by `extractDocument` and timed;
 * - their difference (validation − fitting);
 * - "real, never fitted": only the hand-labelled real documents of held-apart issuers.
 * Real documents are read with their client as the known party (`party` in the extract options). Then the
 * wrong `verified` fields of each set, one line each, direction accuracy where the truth states one, the
 * speed figures (digital PDF p95, scanned page p50, p50/p95 per kind) and peak memory; the same goes to
 * bench-results/extract-bench.json.
 *
 *   npm run bench:extract                                  # every set, every document
 *   npm run bench:extract -- --set validation --limit 5    # a subset: sets fit|validation|real, N per kind
 *   npm run bench:extract -- --set fit,real --real-only    # only the hand-labelled real documents, each column
 *
 * Env: BENCH_DIR (default: the first shared/bench up the tree), BENCH_ONLY=kind1,kind2,
 * RANKER_CACHE_DIR (default $TMPDIR/cuadra-ranker), CUADRA_REAL_DOCS (a folder holding the real documents)
 * and CUADRA_MIRRORS (fetched mirrors, default /work/.mirror), CUADRA_REAL_MANIFESTS (default bench/real),
 * BENCH_VERBOSE=1 (every validation document's misses), BENCH_VERBOSE=fit (only the fitting set's: what
 * one may look at while fixing the engine; the held-apart documents' misses stay unseen),
 * BENCH_VAL_PAGES=1: read the validation set's images once into a pages cache beside the fitting one
 * (`val-pages.json`) and score them from it (fields and checks only, no timings): to measure again after a
 * field-stage change without running OCR again. Measuring only; nothing is fitted on it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  closeOcr,
  type ExtractionResult,
  type ExtractOptions,
  extractDocument,
  isExtractError,
  ocrStatus,
} from '../src/index.ts';
import {
  CACHE_DIR,
  type CachedDoc,
  extractFromPages,
  fittingDocs,
  HOLDOUT_COUNT,
  HOLDOUT_SEED,
  missingFitDocs,
} from './fitting-set.ts';
import { fieldCorrect, SCORED_FIELDS, scoreLines, type Truth } from './score.ts';
import {
  type BenchSet,
  type Direction,
  defaultBenchDir,
  directionAccuracy,
  issuersInBothSplits,
  limitPerKind,
  type Outcome,
  PKG_ROOT,
  parseBenchArgs,
  partyFor,
  readRealManifests,
  realEntrySets,
  sourceBytes,
  truthDirection,
  unreadable,
  wrongVerified,
} from './sets.ts';

const benchDir = defaultBenchDir();
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const { sets: wanted, limit, realOnly } = parseBenchArgs(process.argv.slice(2));

/**
 * The bench's deadline per document (the engine's default is 60 s): the columns measure reading, and on a
 * shared, loaded machine OCR of one receipt can pass 60 s and return nothing (`TIMEOUT`). Speed is
 * reported apart; documents that still hit this deadline are counted.
 */
const BENCH_TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 600_000);

/** Seeds of the held-apart generated validation set: 4 is a held-apart seed (every layout), 1 a fitted one (held-apart layouts only). */
export const HELD_APART_SEEDS = [1, 4];
/** Grammar seeds whose held-apart regions (label languages, header arrangements) are validated. */
export const HELD_APART_GRAMMAR_SEEDS = '1-120';

type Doc = {
  id: string;
  kind: string;
  truth: Truth;
  sets: BenchSet[];
  file?: string;
  bytes?: () => Uint8Array | null;
  options?: Partial<ExtractOptions>;
  direction?: Direction | null;
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
    docs.push({ id: d.id, kind, file, truth: truth.fields, sets: ['validation'] });
    if (kind === 'einvoice_pdf')
      docs.push({
        id: `${d.id}#visual`,
        kind: 'einvoice_pdf_visual',
        file,
        truth: truth.fields,
        sets: ['validation'],
        options: { ignoreEmbeddedXml: true },
      });
  }
  return docs;
}

/** `<dir>/*.expected.json` as documents (generated sets: golden fixtures, held-apart layouts). */
function expectedDocs(dir: string): Doc[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((x) => x.endsWith('.expected.json'))
    .sort()
    .map((f) => {
      const e = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as {
        file: string;
        kind: string;
        truth: Truth;
      };
      return {
        id: `gen:${f.replace('.expected.json', '')}`,
        kind: `es_${e.kind}`,
        file: path.join(dir, e.file),
        truth: e.truth,
        sets: ['validation'] as BenchSet[],
      };
    });
}

/** The generator's held-apart documents (text-layer PDFs), generated once into the cache directory. */
async function heldApartGenerated(): Promise<Doc[]> {
  const dir = path.join(CACHE_DIR, 'gen-held');
  if (!existsSync(path.join(dir, 'complete'))) {
    try {
      const { generateDocuments, writeDocuments } = await import('../scripts/generate-documents.ts');
      console.log(`bench: held-apart generated layouts (seeds ${HELD_APART_SEEDS.join(',')}) → ${dir}`);
      const docs = await generateDocuments({ seeds: HELD_APART_SEEDS, outputs: ['pdf'], heldApart: 'only' });
      writeDocuments(docs, dir);
      writeFileSync(path.join(dir, 'complete'), `${docs.length}\n`);
    } catch (e) {
      console.warn(`bench: held-apart generated documents unavailable (${(e as Error).message})`);
    }
  }
  const grammarDir = path.join(CACHE_DIR, 'gen-held-grammar');
  if (!existsSync(path.join(grammarDir, 'complete'))) {
    try {
      const { generateGrammarDocuments, writeDocuments } = await import('../scripts/generate-documents.ts');
      console.log(
        `bench: layout grammar's held-apart regions (seeds ${HELD_APART_GRAMMAR_SEEDS}) → ${grammarDir}`,
      );
      const [from, to] = HELD_APART_GRAMMAR_SEEDS.split('-').map(Number) as [number, number];
      const seeds = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const docs = await generateGrammarDocuments({ seeds, outputs: ['pdf'], heldApart: 'only' });
      writeDocuments(docs, grammarDir);
      writeFileSync(path.join(grammarDir, 'complete'), `${docs.length}\n`);
    } catch (e) {
      console.warn(`bench: held-apart grammar documents unavailable (${(e as Error).message})`);
    }
  }
  return [
    ...expectedDocs(dir).map((d) => ({ ...d, kind: 'es_pdf_held_layouts' })),
    ...expectedDocs(grammarDir).map((d) => ({ ...d, kind: 'grammar_pdf_held_regions' })),
  ];
}

function generatedDocs(): Doc[] {
  const older = path.join(PKG_ROOT, 'bench-results/generated');
  if (!existsSync(older) && process.env.BENCH_VERBOSE)
    console.warn(
      `bench: no older generator's held-apart seed; npm run fixtures -w packages/extract -- --count ${HOLDOUT_COUNT} --seed ${HOLDOUT_SEED} --out bench-results/generated`,
    );
  return [...expectedDocs(path.join(PKG_ROOT, 'test/fixtures/golden')), ...expectedDocs(older)];
}

/** Known party of a Spanish real document (its client), passed as `party`. */
const partyOptions = (entry: { language?: string; fields: Truth }): Partial<ExtractOptions> => {
  const party = partyFor(entry);
  return party ? { party } : {};
};

/** The real entries of held-apart issuers (validation and "real"); bytes read from mirrors when run. */
function realValidationDocs(): Doc[] {
  return readRealManifests()
    .filter((e) => e.split === 'validation')
    .map((e) => ({
      id: e.id,
      kind: e.kind,
      truth: e.fields,
      sets: realEntrySets(e),
      bytes: () => {
        const read = sourceBytes(e.source);
        if ('bytes' in read) return read.bytes;
        missing.push(`${e.id}: ${unreadable(read)}`);
        return null;
      },
      options: partyOptions(e),
      direction: truthDirection(e),
    }));
}

const missing: string[] = [];

type Row = Outcome & {
  warnings?: string[];
  seconds: number;
  timed: boolean;
  error: string | null;
  resultKind?: string;
  pages?: number;
};

function pct(xs: number[], p: number): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

const keep = <T extends { kind: string }>(docs: T[]): T[] =>
  limitPerKind(only ? docs.filter((d) => only.includes(d.kind)) : docs, limit);

async function fittingRows(): Promise<Row[]> {
  const rows: Row[] = [];
  const generated = !realOnly && (!only || only.some((k) => k.startsWith('es_')));
  const real = new Map(readRealManifests().map((e) => [e.id, e]));
  const fitting = await fittingDocs(benchDir, generated, { limit, train: !realOnly });
  for (const doc of keep(realOnly ? fitting.filter((d) => real.has(d.id)) : fitting)) {
    const entry = real.get(doc.id);
    const r = await extractFromPages(doc, entry ? partyOptions({ ...entry, fields: doc.truth }) : {});
    const row: Row = {
      id: doc.id,
      kind: doc.kind,
      sets: ['fit'],
      fields: r.fields,
      verified: r.verified,
      truth: doc.truth,
      direction: entry ? { truth: truthDirection(entry), got: r.direction } : undefined,
      seconds: 0,
      timed: false,
      error: null,
    };
    rows.push(row);
    printIfVerbose(row);
  }
  return rows;
}

/** `BENCH_VERBOSE=fit` prints the fitting set's misses only; any other value, the validation set's. */
function printIfVerbose(row: Row): void {
  const verbose = process.env.BENCH_VERBOSE;
  if (!verbose) return;
  const fitting = row.sets.includes('fit');
  if (verbose === 'fit' ? fitting : !fitting) printDoc(row);
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  if (wanted.includes('fit')) rows.push(...(await fittingRows()));
  let docs: Doc[] = [];
  if (wanted.includes('validation') && !realOnly)
    // The limit applies per source and kind, so real documents are not crowded out by the shared set's.
    docs = [
      ...keep(benchDocs()),
      ...keep(generatedDocs()),
      ...keep(await heldApartGenerated()),
      ...keep(realValidationDocs()),
    ];
  else if (wanted.includes('validation') || wanted.includes('real')) docs = keep(realValidationDocs());
  // A document counts only in the columns asked for (a real validation document is validation and real).
  docs = docs.map((d) => ({ ...d, sets: d.sets.filter((s) => wanted.includes(s)) }));
  if (process.env.BENCH_VAL_PAGES) {
    const images = docs.filter((d) => /image$/.test(d.kind) && d.file && !d.id.startsWith('real:'));
    const file = path.join(CACHE_DIR, 'val-pages.json');
    const { readPagesInto } = await import('../scripts/fit-cache-pages.ts');
    await readPagesInto(file, {
      docs: images.map((d) => ({ id: d.id, kind: d.kind, file: d.file!, truth: d.truth })),
    });
    const cached = (JSON.parse(readFileSync(file, 'utf8')) as CachedDoc[]).filter((c) =>
      images.some((d) => d.id === c.id),
    );
    for (const doc of cached) {
      const r = await extractFromPages(doc);
      const row: Row = {
        id: doc.id,
        kind: doc.kind,
        sets: ['validation'],
        fields: r.fields,
        verified: r.verified,
        truth: doc.truth,
        seconds: 0,
        timed: false,
        error: null,
      };
      rows.push(row);
      printIfVerbose(row);
    }
    docs = docs.filter((d) => !images.includes(d));
  }
  const status = await ocrStatus();
  console.log(
    `bench: ${docs.length} documents to read · OCR ${status.engine} ready=${status.ready} · ${benchDir}`,
  );
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  // Warm up module loading (pdf.js, zxing, one OCR worker) so it is not billed to the first document.
  const readBytes = (d: Doc) => (d.file ? new Uint8Array(readFileSync(d.file)) : (d.bytes?.() ?? null));
  for (const warm of [docs.find((d) => d.file), docs.find((d) => d.file && d.kind.includes('image'))]) {
    const bytes = warm && readBytes(warm);
    if (bytes) await extractDocument({ bytes }).catch(() => null);
  }
  for (const doc of docs) {
    const bytes = readBytes(doc);
    if (!bytes) continue;
    const t = performance.now();
    let result: ExtractionResult | null = null;
    let error: string | null = null;
    try {
      result = await extractDocument(
        { bytes, filename: doc.file ? path.basename(doc.file) : undefined },
        {
          today: '2030-01-01',
          timeoutMs: BENCH_TIMEOUT_MS,
          ...doc.options,
        },
      );
    } catch (e) {
      error = isExtractError(e) ? e.code : String(e);
    }
    const seconds = (performance.now() - t) / 1000;
    const row: Row = {
      id: doc.id,
      kind: doc.kind,
      sets: doc.sets,
      fields: (result?.fields ?? {}) as Record<string, unknown>,
      verified: result?.verified ?? {},
      truth: doc.truth,
      direction:
        doc.direction !== undefined ? { truth: doc.direction, got: result?.direction ?? null } : undefined,
      seconds,
      timed: true,
      error,
      resultKind: result?.kind,
      pages: result?.pages,
      warnings: result?.warnings.map((w) => w.code) ?? [],
    };
    rows.push(row);
    printIfVerbose(row);
  }
  clearInterval(sampler);
  await closeOcr();
  peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
  const skipped = [...missingFitDocs, ...missing];
  if (skipped.length)
    console.log(
      `bench: skipped ${skipped.length} document(s) whose file could not be read (${[...new Set(skipped.map((s) => s.replace(/^[^:]+:[^:]*: /, '')))].slice(0, 3).join('; ')}${skipped.length > 3 ? '; …' : ''})`,
    );
  const report = {
    generatedAt: new Date().toISOString(),
    benchDir,
    args: { sets: wanted, limit, realOnly, only: only ?? null },
    peakRssMb: Math.round(peakRss / 1048576),
    skipped,
    columns: Object.fromEntries(wanted.map((s) => [s, summarize(rows.filter((r) => r.sets.includes(s)))])),
    wrongVerified: wrongVerified(rows),
    direction: directionAccuracy(rows),
    speed: speed(rows),
    timedOut: rows.filter((r) => r.warnings?.includes('TIMEOUT')).map((r) => r.id),
    realDocuments: realCounts(),
  };
  printReport(report);
  const outDir = path.join(PKG_ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'extract-bench.json'),
    `${JSON.stringify(
      {
        ...report,
        documents: rows.map((r) => ({
          sets: r.sets,
          id: r.id,
          kind: r.kind,
          seconds: r.seconds,
          error: r.error,
          fields: r.fields,
          verified: r.verified,
          warnings: r.warnings,
          direction: r.direction,
        })),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten: ${path.relative(process.cwd(), path.join(outDir, 'extract-bench.json'))}`);
}

function printDoc(r: Row): void {
  const wrong: string[] = [];
  for (const f of SCORED_FIELDS) {
    if (!(f in r.truth)) continue;
    const p = r.fields[f];
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
  p50: number | null;
  p95: number | null;
  fields: Record<string, FieldStat>;
  lines: { recall: number | null; precision: number | null };
  verifiedShare: number;
  verifiedAccuracy: number | null;
};

function summarize(rows: Row[]): Record<string, KindReport> {
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
      for (const f of SCORED_FIELDS) {
        if (!(f in r.truth)) continue;
        fields[f] ??= { n: 0, correct: 0, verified: 0, verifiedCorrect: 0 };
        const s = fields[f]!;
        const ok = fieldCorrect(f, r.truth[f], r.fields[f], r.truth);
        s.n++;
        if (ok) s.correct++;
        if (r.fields[f] != null) predFields++;
        if (r.verified[f] && r.fields[f] != null) {
          s.verified++;
          verified++;
          if (ok) {
            s.verifiedCorrect++;
            verifiedCorrect++;
          }
        }
      }
      if (Array.isArray(r.truth.line_items)) {
        const s = scoreLines(r.truth.line_items as never, r.fields.line_items as never);
        lc += s.correct;
        lt += s.truth;
        lp += s.pred;
      }
    }
    const secs = list.filter((r) => r.timed).map((r) => r.seconds);
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

/** The issue's speed figures: digital PDF p95 (seconds per document), scanned page p50 (seconds per page). */
function speed(rows: Row[]) {
  const timed = rows.filter((r) => r.timed && !r.error);
  const digital = timed.filter((r) => r.resultKind === 'digital_pdf').map((r) => r.seconds);
  const scanned = timed
    .filter((r) => r.resultKind === 'image' || r.resultKind === 'scanned_pdf')
    .map((r) => r.seconds / Math.max(1, r.pages ?? 1));
  return {
    digitalPdf: { n: digital.length, p50: pct(digital, 50), p95: pct(digital, 95) },
    scannedPage: { n: scanned.length, p50: pct(scanned, 50), p95: pct(scanned, 95) },
  };
}

/** How many real documents are labelled, from how many issuers, and which issuers are held apart. */
function realCounts() {
  const entries = readRealManifests();
  const issuers = (split?: string) =>
    [...new Set(entries.filter((e) => !split || e.split === split).map((e) => e.issuer_key))].sort();
  const both = issuersInBothSplits(entries);
  if (both.length)
    console.warn(
      `bench: issuers with documents in both splits (hold each issuer apart whole): ${both.join(', ')}`,
    );
  return {
    documents: entries.length,
    issuers: issuers().length,
    fit: { documents: entries.filter((e) => e.split === 'fit').length, issuers: issuers('fit').length },
    heldApart: {
      documents: entries.filter((e) => e.split === 'validation').length,
      issuers: issuers('validation'),
    },
  };
}

type Report = {
  peakRssMb: number;
  columns: Record<string, Record<string, KindReport>>;
  wrongVerified: ReturnType<typeof wrongVerified>;
  direction: ReturnType<typeof directionAccuracy>;
  speed: ReturnType<typeof speed>;
  timedOut: string[];
  realDocuments: ReturnType<typeof realCounts>;
};

function printReport(report: Report): void {
  const p = (x: number | null | undefined) => (x == null ? '   –  ' : `${(x * 100).toFixed(1).padStart(5)}%`);
  const d = (a: number | null | undefined, b: number | null | undefined) =>
    a == null || b == null ? '   –  ' : `${(b - a >= 0 ? '+' : '') + ((b - a) * 100).toFixed(1)}`.padStart(6);
  const s = (x: number | null | undefined) => (x == null ? '–' : `${x.toFixed(2)} s`);
  const fit = report.columns.fit ?? {};
  const val = report.columns.validation ?? {};
  const real = report.columns.real ?? {};
  const kinds = [...new Set([...Object.keys(fit), ...Object.keys(val), ...Object.keys(real)])];
  for (const kind of kinds) {
    const f = fit[kind];
    const v = val[kind];
    const r = real[kind];
    console.log(
      `\n== ${kind}: fitting ${f?.docs ?? 0} · validation ${v?.docs ?? 0} (${v?.errors ?? 0} errors) · real never fitted ${r?.docs ?? 0}` +
        (v?.p50 != null ? ` · p50 ${s(v.p50)} · p95 ${s(v.p95)}` : ''),
    );
    console.log(
      `   verified right fit ${p(f?.verifiedAccuracy)} val ${p(v?.verifiedAccuracy)} real ${p(r?.verifiedAccuracy)} · lines recall fit ${p(f?.lines.recall)} val ${p(v?.lines.recall)} real ${p(r?.lines.recall)}`,
    );
    console.log(
      `   ${'field'.padEnd(18)} ${'n'.padStart(4)} ${'fitting'.padStart(7)} ${'n'.padStart(4)} ${'valid.'.padStart(7)} ${'diff'.padStart(6)} ${'n'.padStart(4)} ${'real'.padStart(7)}  ${'ver.val'.padStart(7)}`,
    );
    const names = SCORED_FIELDS.filter((n) => f?.fields[n] || v?.fields[n] || r?.fields[n]);
    for (const name of names) {
      const a = f?.fields[name];
      const b = v?.fields[name];
      const c = r?.fields[name];
      const fa = a ? a.correct / a.n : null;
      const va = b ? b.correct / b.n : null;
      console.log(
        `   ${name.padEnd(18)} ${String(a?.n ?? '').padStart(4)} ${p(fa).padStart(7)} ${String(b?.n ?? '').padStart(4)} ${p(va).padStart(7)} ${d(fa, va)} ${String(c?.n ?? '').padStart(4)} ${p(c ? c.correct / c.n : null).padStart(7)}  ${p(b ? b.verified / b.n : null).padStart(7)}`,
      );
    }
  }
  console.log('\n== wrong `verified` fields (there must be none)');
  for (const set of Object.keys(report.columns)) {
    const list = report.wrongVerified.filter((w) => w.set === set);
    console.log(`   ${set}: ${list.length}`);
    for (const w of list)
      console.log(`      ${w.id} ${w.field}: ${JSON.stringify(w.value)} ≠ truth ${JSON.stringify(w.truth)}`);
  }
  const dir = Object.entries(report.direction);
  console.log(
    `\n== direction (where the truth states it): ${dir.length ? dir.map(([k, x]) => `${k} ${x.correct}/${x.n} (${x.wrong} wrong)`).join(' · ') : 'no document states one'}`,
  );
  if (report.timedOut.length)
    console.log(
      `\n== ${report.timedOut.length} document(s) hit the ${BENCH_TIMEOUT_MS / 1000} s deadline (read in part): ${report.timedOut.join(', ')}`,
    );
  const sp = report.speed;
  console.log(
    `\n== speed (validation, timed): digital PDF p50 ${s(sp.digitalPdf.p50)} p95 ${s(sp.digitalPdf.p95)} (${sp.digitalPdf.n}) · scanned page p50 ${s(sp.scannedPage.p50)} p95 ${s(sp.scannedPage.p95)} (${sp.scannedPage.n})`,
  );
  const rd = report.realDocuments;
  console.log(
    `== real documents labelled: ${rd.documents} from ${rd.issuers} issuers; fit ${rd.fit.documents} (${rd.fit.issuers} issuers), held apart ${rd.heldApart.documents} (${rd.heldApart.issuers.length} issuers${rd.heldApart.issuers.length ? `: ${rd.heldApart.issuers.join(', ')}` : ''})`,
  );
  const cpu = process.cpuUsage();
  console.log(
    `peak RSS ${report.peakRssMb} MB · wall ${(performance.now() / 60000).toFixed(1)} min · CPU ${((cpu.user + cpu.system) / 6e7).toFixed(1)} min (all threads: on two idle cores the wall time is between half of it and all of it)`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
