/**
 * The fitting set, as the ranker was fitted on it: the 175 train receipts (../shared/bench/train) and the
 * generated Spanish invoices of the fitting seed, read once (OCR is slow) into a pages cache outside the
 * repository, then run through the field and check steps exactly as `extractDocument` would.
 *
 * Generator seeds: FIT_SEED for fitting, HOLDOUT_SEED for validation (never fitted on). The generator has
 * four layouts today, so the held-apart documents are held-apart seeds of the same layouts.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Ctx } from '../src/ctx.ts';
import type { FieldMap } from '../src/evidence.ts';
import { DEFAULT_OPTIONS } from '../src/extract.ts';
import { STEPS } from '../src/pipeline.ts';
import type { PageText } from '../src/text/layout.ts';
import type { QrInfo } from '../src/types.ts';

export const FIT_SEED = 1717;
export const FIT_COUNT = 24;
export const HOLDOUT_SEED = 4242;
export const HOLDOUT_COUNT = 16;

export const CACHE_DIR = process.env.RANKER_CACHE_DIR ?? path.join(os.tmpdir(), 'cuadra-ranker');

export type CachedDoc = {
  id: string;
  kind: string;
  sha256: string;
  truth: Record<string, unknown>;
  pages: PageText[];
  qr: QrInfo | null;
};

/** Runs the `fields` and `checks` steps on cached pages: the result `extractDocument` would give. */
export async function extractFromPages(
  doc: CachedDoc,
): Promise<{ fields: Record<string, unknown>; verified: Record<string, boolean> }> {
  const ctx: Ctx = {
    bytes: new Uint8Array(),
    mediaType: 'application/pdf',
    options: { ...DEFAULT_OPTIONS, today: '2030-01-01' },
    deadline: Date.now() + 60_000,
    kind: 'digital_pdf',
    format: null,
    pageCount: doc.pages.length,
    pdf: null,
    pages: doc.pages,
    images: new Map(),
    textPagesMissing: [],
    fields: {},
    text: null,
    qr: doc.qr,
    language: null,
    warnings: [],
    timingsMs: {},
  };
  for (const step of STEPS) if (step.name === 'fields' || step.name === 'checks') await step.run(ctx);
  const fields: Record<string, unknown> = {};
  const verified: Record<string, boolean> = {};
  for (const [k, ev] of Object.entries(ctx.fields as FieldMap)) {
    if (!ev) continue;
    fields[k] = ev.value;
    verified[k] = ev.verified;
  }
  return { fields, verified };
}

/** Reads the cache files; builds a missing one (train receipts: OCR, a few minutes; generated: Chromium). */
export async function fittingDocs(benchDir: string, generated = true): Promise<CachedDoc[]> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const { readPagesInto } = await import('../scripts/fit-cache-pages.ts');
  const trainFile = path.join(CACHE_DIR, 'train-pages.json');
  const manifest = path.join(benchDir, 'train-manifest.json');
  if (existsSync(manifest)) {
    console.log(`bench: fitting set, train receipts → ${trainFile}`);
    await readPagesInto(trainFile, { manifest });
  }
  const genDir = path.join(CACHE_DIR, 'gen-fit');
  const genFile = path.join(CACHE_DIR, 'gen-fit-pages.json');
  if (generated && !existsSync(path.join(genDir, `gen-000-classic-pdf.expected.json`))) {
    try {
      const { generate, randomSpecs } = await import('../scripts/generate-fixtures.ts');
      await generate(randomSpecs(FIT_COUNT, FIT_SEED), genDir);
    } catch (e) {
      console.warn(`bench: generated fitting documents unavailable (${(e as Error).message})`);
    }
  }
  if (generated && existsSync(genDir)) await readPagesInto(genFile, { dir: genDir });
  const docs: CachedDoc[] = [];
  for (const f of generated ? [trainFile, genFile] : [trainFile])
    if (existsSync(f)) docs.push(...(JSON.parse(readFileSync(f, 'utf8')) as CachedDoc[]));
  return docs;
}
