/**
 * Reads documents up to the field stage (text layer or OCR, QR) and writes their positioned text to a JSON
 * file, so the ranker can be fitted and the fitting set scored without running OCR again.
 *
 *   npx tsx scripts/fit-cache-pages.ts --out /tmp/cuadra-ranker/train-pages.json [--manifest ../shared/bench/train-manifest.json] [--limit n]
 *   npx tsx scripts/fit-cache-pages.ts --out … --dir DIR     # generated documents: DIR/*.expected.json
 *
 * Each entry: { id, kind, file, sha256, truth, pages, qr }. The cache lives outside the repository.
 * A fitting cache never holds a held-apart generated document (`heldApart` in its expected.json, or a
 * held-apart layout or seed by `isHeldApart`): `--dir` skips them, and a cache that holds one is refused.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newCtx } from '../src/ctx.ts';
import { DEFAULT_OPTIONS } from '../src/extract.ts';
import { closeOcr } from '../src/index.ts';
import { STEPS } from '../src/pipeline.ts';
import { sniffMediaType } from '../src/sniff.ts';
import type { PageText } from '../src/text/layout.ts';
import type { QrInfo } from '../src/types.ts';
import { assertNoHeldApart, heldApartDoc } from './invoice-layouts.ts';

export { assertNoHeldApart, heldApartDoc };

export type CachedDoc = {
  id: string;
  kind: string;
  file: string;
  sha256: string;
  truth: Record<string, unknown>;
  pages: PageText[];
  qr: QrInfo | null;
};

const TEXT_STEPS = new Set(['fields', 'checks', 'llm']);

/** The pages and QR the pipeline would hand to the field stage. */
export async function readPages(
  bytes: Uint8Array,
): Promise<{ pages: PageText[]; qr: QrInfo | null; kind: string }> {
  const mediaType = sniffMediaType(bytes);
  if (!mediaType) throw new Error('unsupported type');
  const ctx = newCtx({
    bytes,
    mediaType,
    options: { ...DEFAULT_OPTIONS, ignoreEmbeddedXml: true, today: '2030-01-01' },
    deadline: Date.now() + 120_000,
    kind: mediaType === 'application/pdf' ? 'digital_pdf' : 'image',
  });
  try {
    for (const step of STEPS) {
      if (TEXT_STEPS.has(step.name) || !step.when(ctx)) continue;
      await step.run(ctx);
    }
  } finally {
    await ctx.pdf?.destroy().catch(() => {});
  }
  return { pages: ctx.pages, qr: ctx.qr, kind: ctx.kind };
}

export type SourceDoc = { id: string; kind: string; file: string; truth: Record<string, unknown> };

/** A bench manifest's documents, each with its file's path and its truth's fields. */
export function manifestDocs(manifestFile: string): SourceDoc[] {
  const root = path.dirname(manifestFile);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    documents: { id: string; kind: string; file: string; truth: string }[];
  };
  return manifest.documents.map((d) => ({
    id: d.id,
    kind: d.kind,
    file: path.join(root, d.file),
    truth: JSON.parse(readFileSync(path.join(root, d.truth), 'utf8')).fields,
  }));
}

/** The value after `name` on the command line, if given. */
export function cliOption(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Adds to `out` (a JSON cache) every document not yet in it: a bench manifest's, or a generated dir's. */
export async function readPagesInto(
  out: string,
  from: { manifest?: string; dir?: string; docs?: SourceDoc[] },
  limit = 0,
): Promise<void> {
  const docs: SourceDoc[] = [...(from.docs ?? [])];
  let skipped = 0;
  if (from.dir) {
    for (const f of readdirSync(from.dir)
      .filter((x) => x.endsWith('.expected.json'))
      .sort()) {
      const e = JSON.parse(readFileSync(path.join(from.dir, f), 'utf8'));
      const id = `gen:${f.replace('.expected.json', '')}`;
      if (heldApartDoc(id, e)) {
        skipped++;
        continue;
      }
      docs.push({
        id,
        kind: `es_${e.kind}`,
        file: path.join(from.dir, e.file),
        truth: e.truth,
      });
    }
  } else if (from.manifest) docs.push(...manifestDocs(from.manifest));
  if (skipped) console.log(`${from.dir}: ${skipped} held-apart document(s) left out`);
  mkdirSync(path.dirname(out), { recursive: true });
  const done: CachedDoc[] = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : [];
  assertNoHeldApart(done, out);
  const have = new Set(done.map((d) => d.id));
  let n = 0;
  let added = 0;
  for (const d of docs) {
    if (limit && n >= limit) break;
    n++;
    if (have.has(d.id)) continue;
    const bytes = new Uint8Array(readFileSync(d.file));
    const t = performance.now();
    const { pages, qr } = await readPages(bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    done.push({ id: d.id, kind: d.kind, file: path.basename(d.file), sha256, truth: d.truth, pages, qr });
    assertNoHeldApart(done.slice(-1), out);
    added++;
    console.log(`${d.id} ${((performance.now() - t) / 1000).toFixed(1)} s`);
    if (added % 10 === 0) writeFileSync(out, JSON.stringify(done));
  }
  if (added || !existsSync(out)) writeFileSync(out, JSON.stringify(done));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => cliOption(args, name);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const out = opt('--out');
  if (!out) throw new Error('--out FILE is required');
  const dir = opt('--dir');
  const manifest = path.resolve(
    opt('--manifest') ??
      path.join(process.env.BENCH_DIR ?? path.join(here, '../../../../shared/bench'), 'train-manifest.json'),
  );
  await readPagesInto(out, dir ? { dir } : { manifest }, Number(opt('--limit') ?? 0));
  await closeOcr();
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain)
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
