/**
 * The documents `bench:pipeline` sends: the real ones in ../shared/bench (read in place, each at most
 * once), then fresh Spanish invoices from our generator, dealt into batches of one client each.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('../../..', import.meta.url).pathname;
const BENCH = join(ROOT, '..', 'shared', 'bench');
const TOTAL = Number(process.env.BENCH_DOCS ?? 100);
export const BATCH = Number(process.env.BENCH_BATCH ?? 10);
const USE_REAL = process.env.BENCH_REAL !== '0';
/** Seeds of the generated invoices: far from the ones fitting and the extraction benchmark use. */
const FIRST_SEED = 70_001;
const GENERATED_CACHE = join(tmpdir(), 'cuadra-pipeline-bench-docs');

export type Doc = { name: string; kind: string; bytes: Buffer; key: string | null };

/** The invoice a truth file names (issuer and number), when it names both: documents of one go apart. */
function truthKey(fields: Record<string, unknown>): string | null {
  const issuer = fields.issuer_tax_id;
  const number = fields.invoice_number;
  return typeof issuer === 'string' && typeof number === 'string' ? `${issuer}|${number}` : null;
}

function realDocuments(): Doc[] {
  if (!USE_REAL || !existsSync(join(BENCH, 'manifest.json'))) {
    if (USE_REAL) console.warn(`(no ${BENCH}: using generated documents only)`);
    return [];
  }
  const manifest = JSON.parse(readFileSync(join(BENCH, 'manifest.json'), 'utf8')) as {
    documents: { id: string; kind: string; file: string; truth: string }[];
  };
  return manifest.documents.map((entry) => {
    const truth = JSON.parse(readFileSync(join(BENCH, entry.truth), 'utf8')) as {
      fields: Record<string, unknown>;
    };
    return {
      name: entry.file.split('/').pop()!,
      kind: entry.kind,
      bytes: readFileSync(join(BENCH, entry.file)),
      key: truthKey(truth.fields),
    };
  });
}

/** `count` distinct generated invoices: seed FIRST_SEED + i, layout and output rotating (cached on disk). */
async function generatedDocuments(count: number): Promise<Doc[]> {
  if (count <= 0) return [];
  const { LAYOUTS, generateDocuments, supportsOutput } = await import(
    '../../../packages/extract/scripts/generate-documents.ts'
  );
  const outputs = ['scan', 'pdf', 'png'] as const;
  const wanted = Array.from({ length: count }, (_, i) => {
    const layout = LAYOUTS[i % LAYOUTS.length]!.id;
    const output = outputs[i % outputs.length]!;
    return { layout, seed: FIRST_SEED + i, output: supportsOutput(layout, output) ? output : 'pdf' };
  });
  mkdirSync(GENERATED_CACHE, { recursive: true });
  const cached = (w: (typeof wanted)[number]) => {
    const prefix = `${w.layout}-${w.seed}-${w.output}.`;
    const file = readdirSync(GENERATED_CACHE).find((f) => f.startsWith(prefix) && !f.endsWith('.json'));
    return file ? join(GENERATED_CACHE, file) : null;
  };
  const missing = wanted.filter((w) => !cached(w));
  if (missing.length) {
    console.log(`generating ${missing.length} invoices (cached in ${GENERATED_CACHE}) …`);
    const started = performance.now();
    for (const w of missing) {
      const [doc] = await generateDocuments({ layouts: [w.layout], seeds: [w.seed], outputs: [w.output] });
      if (!doc) throw new Error(`the generator made nothing for ${w.layout} ${w.seed} ${w.output}`);
      const base = `${w.layout}-${w.seed}-${w.output}`;
      writeFileSync(join(GENERATED_CACHE, `${base}.truth.json`), JSON.stringify(doc.truth));
      writeFileSync(join(GENERATED_CACHE, `${base}.${doc.ext}`), doc.bytes);
    }
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return wanted.map((w) => {
    const file = cached(w)!;
    const truth = JSON.parse(
      readFileSync(join(GENERATED_CACHE, `${w.layout}-${w.seed}-${w.output}.truth.json`), 'utf8'),
    ) as { kind: string; fields: Record<string, unknown> };
    return {
      name: file.split('/').pop()!,
      kind: `generated ${truth.kind}`,
      bytes: readFileSync(file),
      key: truthKey(truth.fields),
    };
  });
}

/**
 * The burst: real documents first (each once), generated ones after, interleaved by kind so each batch is
 * mixed, then dealt into batches so that no batch (one client each) gets two documents of one invoice.
 */
export async function loadBatches(): Promise<Doc[][]> {
  const interleave = (docs: Doc[]) => {
    const byKind = new Map<string, Doc[]>();
    for (const doc of docs) byKind.set(doc.kind, [...(byKind.get(doc.kind) ?? []), doc]);
    const mixed: Doc[] = [];
    for (let round = 0; mixed.length < docs.length; round++) {
      for (const queue of byKind.values()) if (queue[round]) mixed.push(queue[round]!);
    }
    return mixed;
  };
  const allReal = realDocuments();
  // A smaller burst keeps the default burst's share of real documents (71 of 100), of every kind.
  const realCount = Math.min(allReal.length, Math.round((TOTAL * allReal.length) / Math.max(TOTAL, 100)));
  const real = interleave(allReal).slice(0, realCount);
  const mixed = interleave([...real, ...(await generatedDocuments(TOTAL - real.length))]);
  const batches: Doc[][] = Array.from({ length: Math.ceil(mixed.length / BATCH) }, () => []);
  for (const doc of mixed) {
    const open = batches.filter((b) => b.length < BATCH);
    const target =
      open.find((b) => !doc.key || !b.some((d) => d.key === doc.key)) ??
      open.reduce((a, b) => (a.length <= b.length ? a : b));
    target.push(doc);
  }
  return batches;
}
