/**
 * Place memory on real documents (issue #34 item 6): "the second document of an issuer after one
 * correction: every corrected field ≥ 98 %". For every issuer of the hand-labelled real set with two
 * documents or more, the first (by id) is read and every wrong place field is corrected to its truth (the
 * engine told the values with `learn`); the issuer's later documents are then read with the places learned
 * and without, and each corrected field labelled on them is scored. The issuer's name also comes from the
 * server's value memory (the name as corrected, for invoices of that issuer's tax id), as in the product.
 * Nothing here is fitted.
 *
 *   npm run bench:memory -w packages/extract [-- --json out.json]
 */
import { writeFileSync } from 'node:fs';
import { closeOcr, extractDocument, PLACE_FIELDS, type PlaceField, type PlaceHint } from '../src/index.ts';
import { fieldCorrect, normId } from './score.ts';
import { partyFor, type RealEntry, readRealManifests, sourceBytes, unreadable } from './sets.ts';

type Row = { field: PlaceField; n: number; before: number; after: number };

async function main(): Promise<void> {
  const jsonOut = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1] : null;
  const byIssuer = new Map<string, RealEntry[]>();
  for (const entry of readRealManifests()) {
    const list = byIssuer.get(entry.issuer_key) ?? [];
    list.push(entry);
    byIssuer.set(entry.issuer_key, list);
  }
  const rows = new Map<PlaceField, Row>(
    PLACE_FIELDS.map((field) => [field, { field, n: 0, before: 0, after: 0 }]),
  );
  const missing: string[] = [];
  const misses: string[] = [];
  let issuers = 0;
  let laterDocs = 0;
  for (const [issuer, entries] of [...byIssuer].filter(([, list]) => list.length >= 2)) {
    const [first, ...later] = entries.sort((a, b) => a.id.localeCompare(b.id));
    const read = (entry: RealEntry, extra: Parameters<typeof extractDocument>[1] = {}) => {
      const bytes = sourceBytes(entry.source);
      if (!('bytes' in bytes)) {
        missing.push(`${entry.id}: ${unreadable(bytes)}`);
        return null;
      }
      const party = partyFor(entry);
      return extractDocument({ bytes: bytes.bytes }, { ...(party ? { party } : {}), ...extra });
    };
    const plain = await read(first!);
    if (!plain) continue;
    // The accountant corrects every labelled place field the engine got wrong on the first document.
    const corrections = PLACE_FIELDS.flatMap((field) => {
      const truth = first!.fields[field];
      if (typeof truth !== 'string') return [];
      return fieldCorrect(field, truth, plain.fields[field], first!.fields) ? [] : [{ field, value: truth }];
    });
    if (!corrections.length) continue;
    const taught = await read(first!, { learn: corrections });
    const hints: PlaceHint[] = (taught?.learned ?? []).map((hint, i) => ({
      ...hint,
      id: `${issuer}-${i}`,
      supplier: issuer.startsWith('NAME:') ? { name: issuer.slice(5) } : { taxId: issuer },
    }));
    issuers++;
    for (const entry of later) {
      const without = await read(entry);
      const withMemory = await read(entry, { hints });
      if (!without || !withMemory) continue;
      laterDocs++;
      // The server's value memory: the issuer's name as corrected, for an invoice of that issuer's tax id.
      const name = corrections.find((c) => c.field === 'issuer_name');
      const readTaxId = withMemory.fields.issuer_tax_id;
      const predicted: Record<string, unknown> = {
        ...withMemory.fields,
        ...(name && readTaxId && normId(readTaxId) === normId(issuer) ? { issuer_name: name.value } : {}),
      };
      for (const { field } of corrections) {
        const truth = entry.fields[field];
        if (truth === undefined) continue;
        const row = rows.get(field)!;
        row.n++;
        if (fieldCorrect(field, truth, without.fields[field], entry.fields)) row.before++;
        if (fieldCorrect(field, truth, predicted[field], entry.fields)) row.after++;
        else
          misses.push(
            `${entry.id} ${field}: ${JSON.stringify(predicted[field])} (${withMemory.source[field] ?? '-'}) ≠ ${JSON.stringify(truth)}${hints.some((h) => h.field === field) ? '' : ' [no place learned]'}`,
          );
      }
    }
  }
  await closeOcr();
  const pct = (k: number, n: number) => (n ? `${((100 * k) / n).toFixed(1)} %` : '—');
  const used = [...rows.values()].filter((row) => row.n > 0);
  const total = used.reduce(
    (s, r) => ({ n: s.n + r.n, before: s.before + r.before, after: s.after + r.after }),
    {
      n: 0,
      before: 0,
      after: 0,
    },
  );
  console.log(
    `\nSecond document of an issuer after one correction (${issuers} issuers, ${laterDocs} later documents)\n`,
  );
  console.log('| corrected field | n | without memory | with memory |');
  console.log('|---|---|---|---|');
  for (const row of used)
    console.log(`| ${row.field} | ${row.n} | ${pct(row.before, row.n)} | ${pct(row.after, row.n)} |`);
  console.log(`| **all** | ${total.n} | ${pct(total.before, total.n)} | ${pct(total.after, total.n)} |`);
  if (misses.length) console.log(`\nStill wrong with memory:\n${misses.map((m) => `- ${m}`).join('\n')}`);
  if (missing.length)
    console.log(`\nNot read (${missing.length}):\n${missing.map((m) => `- ${m}`).join('\n')}`);
  if (jsonOut)
    writeFileSync(jsonOut, JSON.stringify({ issuers, laterDocs, rows: used, total, misses }, null, 2));
}

await main();
