/**
 * Checks the hand-labelled real set (bench/real/*.json): schema, unique ids, one split per issuer by the
 * seeded hash, and — where the file can be read (bench/sets.ts `sourceBytes`: $CUADRA_REAL_DOCS, else the
 * mirror under $CUADRA_MIRRORS, default /work/.mirror) — that it still has the recorded sha256. Prints
 * counts per category, split, kind and issuer. Exits 1 on any problem.
 *
 *   npx tsx scripts/check-real-manifest.ts [--quiet]
 */
import { entrySchema, manifestProblems, type RealEntry, readManifests } from '../bench/real-manifest.ts';
import { sourceBytes } from '../bench/sets.ts';

const quiet = process.argv.includes('--quiet');
const problems: string[] = [];
const entries: RealEntry[] = [];

for (const { file, entries: raw } of readManifests()) {
  if (!Array.isArray(raw)) {
    problems.push(`${file}: not an array`);
    continue;
  }
  for (const p of manifestProblems(raw)) problems.push(`${file} ${p}`);
  for (const r of raw) {
    const parsed = entrySchema.safeParse(r);
    if (parsed.success) entries.push(parsed.data);
  }
}

// Ids and blobs must also be unique across manifest files.
const seen = new Map<string, number>();
for (const e of entries) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
for (const [id, n] of seen) if (n > 1) problems.push(`${id}: appears ${n} times across manifests`);

let verified = 0;
let missing = 0;
for (const e of entries) {
  const read = sourceBytes(e.source);
  if ('missing' in read) missing++;
  else if ('differs' in read) problems.push(`${e.id}: ${read.differs}: sha256 differs from the manifest`);
  else if (read.bytes.length !== e.source.bytes)
    problems.push(`${e.id}: ${read.bytes.length} bytes, manifest says ${e.source.bytes}`);
  else verified++;
}

function count(by: (e: RealEntry) => string): [string, number][] {
  const m = new Map<string, number>();
  for (const e of entries) m.set(by(e), (m.get(by(e)) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const issuers = new Map<string, { split: string; category: string; docs: number; name: string }>();
for (const e of entries) {
  const i = issuers.get(e.issuer_key);
  if (i) i.docs++;
  else
    issuers.set(e.issuer_key, {
      split: e.split,
      category: e.category,
      docs: 1,
      name: e.fields.issuer_name ?? '',
    });
}
const issuerSplit = (s: string) => [...issuers.values()].filter((i) => i.split === s).length;

console.log(`${entries.length} documents, ${issuers.size} issuers`);
console.log(
  `split: fit ${entries.filter((e) => e.split === 'fit').length} documents / ${issuerSplit('fit')} issuers, ` +
    `validation ${entries.filter((e) => e.split === 'validation').length} documents / ${issuerSplit('validation')} issuers`,
);
console.log(
  `by category: ${count((e) => e.category)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`,
);
console.log(
  `by kind: ${count((e) => e.kind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`,
);
console.log(
  `by language: ${count((e) => e.language)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`,
);
console.log(
  `by repository: ${count((e) => e.source.repository)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`,
);
if (!quiet) {
  console.log('issuers:');
  for (const [key, i] of [...issuers].sort(
    (a, b) => a[1].split.localeCompare(b[1].split) || a[0].localeCompare(b[0]),
  ))
    console.log(
      `  ${i.split.padEnd(10)} ${key.padEnd(34)} ${String(i.docs).padStart(2)}  ${i.category.padEnd(11)} ${i.name}`,
    );
}
console.log(`files checked against sha256: ${verified}; file or mirror absent: ${missing}`);
if (problems.length) {
  console.error(`${problems.length} problem(s):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log('manifest OK');
