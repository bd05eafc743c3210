import { readFileSync, writeFileSync } from 'node:fs';
import { compactRates, parseEcbCsv, parseEcbXml } from './rates';

/**
 * `npx tsx src/features/currency/build-ecb-table.ts <eurofxref-hist.csv or .xml> [from] [source note]`:
 * rewrites the table shipped with the app (ecb-rates.json beside this file) from the ECB's historical
 * reference rates, dates from `from` (default 2015-01-01) on. Run by hand when the shipped table is renewed;
 * installations update theirs with `npm run ecb:update`, which writes DATA_DIR/ecb-rates.json instead.
 */
const [file, from = '2015-01-01', note = ''] = process.argv.slice(2);
if (!file) {
  console.error('Give the ECB eurofxref-hist.csv (or its XML) to build the shipped table from.');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const rates = text.trimStart().startsWith('<') ? parseEcbXml(text) : parseEcbCsv(text);
const source = `European Central Bank euro foreign exchange reference rates (eurofxref-hist)${note ? `, ${note}` : ''}`;
const table = compactRates(rates, source, from);
if (table.days.length === 0) {
  console.error(`No ECB rates from ${from} on in ${file}.`);
  process.exit(1);
}
const out = new URL('./ecb-rates.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(table, null, 2)}\n`);
console.log(
  `${table.days.length} days (${table.first} to ${table.latest}), ${table.currencies.length} currencies.`,
);
