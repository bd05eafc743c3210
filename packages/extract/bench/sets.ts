/**
 * Which document goes in which column of the benchmark, and how its bytes are found. Pure rules first
 * (tested in test/bench-sets.test.ts without any mirror), then the readers of the hand-labelled real
 * manifests (`bench/real/*.json`) and of the ZUGFeRD fitting manifest (`bench/zugferd-fit.json`).
 *
 * Columns:
 * - `fit`: what the ranker is fitted on: ../shared/bench/train, the generator's fitted layouts and seeds,
 *   real entries with split `fit`, the ZUGFeRD corpus fitting documents (visible page only);
 * - `validation`: ../shared/bench/docs, the golden fixtures, the generator's held-apart layouts and seeds
 *   (`HELD_APART`), real entries with split `validation`;
 * - `real`: "real, never fitted": only the real entries with split `validation` (issuers held apart).
 *
 * Real documents are never in the repository: their manifests' schema and split rule are
 * bench/real-manifest.ts; an entry names `source.{repository, commit, path, blob, sha256}`, and
 * `sourceBytes` reads the bytes: from `$CUADRA_REAL_DOCS` (a directory of the files themselves, by path or
 * file name) or from the fetched mirror `$CUADRA_MIRRORS/<owner>+<name>` (bare git; default /work/.mirror),
 * and they must hash to `sha256`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  entrySchema,
  type RealEntry as ManifestEntry,
  readManifests,
  schemaIssues,
  sha256,
} from './real-manifest.ts';
import { fieldCorrect, SCORED_FIELDS, type Truth } from './score.ts';

export type BenchSet = 'fit' | 'validation' | 'real';
export const BENCH_SETS: readonly BenchSet[] = ['fit', 'validation', 'real'];

const here = path.dirname(fileURLToPath(import.meta.url));
export const PKG_ROOT = path.resolve(here, '..');
export const ZUGFERD_FIT_FILE = path.join(here, 'zugferd-fit.json');

/**
 * ../shared/bench seen from the repository: the first `shared/bench/manifest.json` up the tree from the
 * repository root (a worktree sits one level deeper than the main checkout).
 */
export function defaultBenchDir(): string {
  if (process.env.BENCH_DIR) return process.env.BENCH_DIR;
  let dir = path.resolve(PKG_ROOT, '../..');
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(path.dirname(dir), 'shared/bench');
    if (existsSync(path.join(candidate, 'manifest.json'))) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve(PKG_ROOT, '../../../shared/bench');
}

export type SourceRef = { repository: string; commit?: string; path: string; blob?: string; sha256: string };

/** A hand-labelled real document as the bench counts it: the manifest entry, its id prefixed `real:`. */
export type RealEntry = Omit<ManifestEntry, 'fields'> & { fields: Truth };

export type Direction = 'issued' | 'received';

/** The columns a real entry counts in: a held-apart issuer's document is validation and "real". */
export function realEntrySets(entry: Pick<RealEntry, 'split'>): BenchSet[] {
  return entry.split === 'validation' ? ['validation', 'real'] : ['fit'];
}

/**
 * The real manifests in `dir` (bench/real-manifest.ts `readManifests`), every entry checked against
 * `entrySchema`; a manifest that is not an array of such entries throws, naming the file and entry.
 */
export function readRealManifests(dir?: string): RealEntry[] {
  return readManifests(dir).flatMap(({ file, entries }) => {
    if (!Array.isArray(entries)) throw new Error(`${file}: expected an array of entries`);
    return entries.map((raw, i) => {
      const parsed = entrySchema.safeParse(raw);
      if (!parsed.success) throw new Error(`${file}[${i}]: ${schemaIssues(parsed.error)}`);
      return { ...parsed.data, id: `real:${parsed.data.id}` };
    });
  });
}

/**
 * An issuer is held apart whole: no issuer may have documents in both splits (the validation column
 * would then measure a layout the ranker was fitted on). Returns the issuers found in both.
 */
export function issuersInBothSplits(entries: Pick<RealEntry, 'issuer_key' | 'split'>[]): string[] {
  const splits = new Map<string, Set<string>>();
  for (const e of entries) splits.set(e.issuer_key, (splits.get(e.issuer_key) ?? new Set()).add(e.split));
  return [...splits].filter(([, s]) => s.size > 1).map(([k]) => k);
}

/** Languages of Spain's documents: the Spanish targets are measured with the client as known party. */
const SPANISH_LANGUAGES = new Set(['es', 'ca', 'eu', 'gl']);

/** The known party passed for a real document: its client, when the document is Spanish (or says no language). */
export function partyFor(entry: {
  language?: string;
  fields: Truth;
}): { name?: string; taxId?: string } | null {
  return !entry.language || SPANISH_LANGUAGES.has(entry.language) ? knownParty(entry.fields) : null;
}

/** The known party of a real document: its client, as the accountant holds it (name and tax id). */
export function knownParty(fields: Truth): { name?: string; taxId?: string } | null {
  const name = typeof fields.client_name === 'string' ? fields.client_name : undefined;
  const taxId = typeof fields.client_tax_id === 'string' ? fields.client_tax_id : undefined;
  return name || taxId ? { ...(name ? { name } : {}), ...(taxId ? { taxId } : {}) } : null;
}

/**
 * The direction a real document has for the known party the bench passes (`partyFor`): that party is its
 * client, so the document is `received`; null when no party is passed (nothing to measure).
 */
export function truthDirection(entry: { language?: string; fields: Truth }): Direction | null {
  return partyFor(entry) ? 'received' : null;
}

/** Where a fetched mirror of `owner/name` lives: `<root>/<owner>+<name>`, its git dir there or in `repo/`. */
export function mirrorGitDir(
  repository: string,
  root = process.env.CUADRA_MIRRORS ?? '/work/.mirror',
): string {
  const dir = path.join(root, repository.replace('/', '+'));
  return existsSync(path.join(dir, 'repo', 'HEAD')) ? path.join(dir, 'repo') : dir;
}

/**
 * A document's bytes; `missing` when no file or mirror holds it (a reason), `differs` when the bytes found
 * do not hash to the manifest's sha256 (where they were found).
 */
export type Bytes = { bytes: Uint8Array } | { missing: string } | { differs: string };

/** Why a document could not be read, or null when `read` holds its bytes. */
export function unreadable(read: Bytes): string | null {
  return 'missing' in read ? read.missing : 'differs' in read ? `${read.differs}: sha256 differs` : null;
}

/**
 * A document's bytes: from `$CUADRA_REAL_DOCS` (a directory of the files: its path, or its file name) or
 * from the mirror of its repository (by blob, else by commit:path), checked against `sha256`.
 */
export function sourceBytes(source: SourceRef, docsDir = process.env.CUADRA_REAL_DOCS): Bytes {
  const check = (bytes: Uint8Array, where: string): Bytes =>
    sha256(bytes) === source.sha256 ? { bytes } : { differs: where };
  if (docsDir)
    for (const p of [path.join(docsDir, source.path), path.join(docsDir, path.basename(source.path))])
      if (existsSync(p)) return check(new Uint8Array(readFileSync(p)), p);
  const gitDir = mirrorGitDir(source.repository);
  if (!existsSync(path.join(gitDir, 'HEAD'))) return { missing: `no mirror of ${source.repository}` };
  const object = source.blob ?? `${source.commit ?? 'HEAD'}:${source.path}`;
  let out: Buffer;
  try {
    out = execFileSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', object], {
      maxBuffer: 256 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return { missing: `${source.repository}:${source.path} not in the mirror` };
  }
  return check(new Uint8Array(out), `${source.repository}:${source.path}`);
}

/** One document's outcome, as the tables count it. */
export type Outcome = {
  id: string;
  kind: string;
  sets: BenchSet[];
  fields: Record<string, unknown>;
  verified: Record<string, boolean>;
  truth: Truth;
  direction?: { truth: Direction | null; got: unknown };
};

export type WrongVerified = { set: BenchSet; id: string; field: string; value: unknown; truth: unknown };

/** Every field marked verified whose value is not the truth's: the worst error, listed one by one. */
export function wrongVerified(outcomes: Outcome[]): WrongVerified[] {
  const out: WrongVerified[] = [];
  for (const o of outcomes)
    for (const field of SCORED_FIELDS) {
      if (!(field in o.truth) || !o.verified[field] || o.fields[field] == null) continue;
      if (fieldCorrect(field, o.truth[field], o.fields[field], o.truth)) continue;
      for (const set of o.sets)
        out.push({ set, id: o.id, field, value: o.fields[field], truth: o.truth[field] });
    }
  return out;
}

/** Direction right / stated, per set, over the documents whose truth states one. */
export function directionAccuracy(
  outcomes: Outcome[],
): Record<string, { n: number; correct: number; wrong: number }> {
  const out: Record<string, { n: number; correct: number; wrong: number }> = {};
  for (const o of outcomes) {
    if (!o.direction?.truth) continue;
    for (const set of o.sets) {
      out[set] ??= { n: 0, correct: 0, wrong: 0 };
      out[set].n++;
      if (o.direction.got === o.direction.truth) out[set].correct++;
      // A direction given and not the truth's (null, none given, is neither right nor wrong).
      else if (o.direction.got != null) out[set].wrong++;
    }
  }
  return out;
}

/** At most `limit` documents per kind (0: all), in order. */
export function limitPerKind<T extends { kind: string }>(docs: T[], limit: number): T[] {
  if (!limit) return docs;
  const seen: Record<string, number> = {};
  return docs.filter((d) => {
    seen[d.kind] = (seen[d.kind] ?? 0) + 1;
    return seen[d.kind]! <= limit;
  });
}

/**
 * `--set fit|validation|real` (repeatable or comma-separated), `--limit N` (per kind) and `--real-only`
 * (every column counts only the hand-labelled real documents: fit issuers' and held-apart issuers').
 */
export function parseBenchArgs(args: string[]): { sets: BenchSet[]; limit: number; realOnly: boolean } {
  const sets: BenchSet[] = [];
  let limit = 0;
  let realOnly = false;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--set')
      for (const s of (value() ?? '').split(',')) {
        const name = s === 'val' ? 'validation' : s;
        if (!BENCH_SETS.includes(name as BenchSet))
          throw new Error(`--set takes fit, validation or real, not ${s}`);
        if (!sets.includes(name as BenchSet)) sets.push(name as BenchSet);
      }
    else if (flag === '--limit') {
      limit = Number(value());
      if (!Number.isInteger(limit) || limit < 0) throw new Error('--limit takes a whole number');
    } else if (flag === '--real-only' && inline === undefined) realOnly = true;
    else throw new Error(`unknown option ${args[i]}`);
  }
  return { sets: sets.length ? sets : [...BENCH_SETS], limit, realOnly };
}
