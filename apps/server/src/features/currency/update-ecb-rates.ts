import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig } from '../../config';
import { parseEcbCsv, parseEcbXml, ratesFile, readTable } from './rates';

/**
 * `npm run ecb:update -w apps/server -- <file or URL>`: reads the ECB's reference rates, as XML
 * (eurofxref-daily/-hist) or CSV (eurofxref.csv, eurofxref-hist.csv), from a file saved from the ECB or its
 * URL (`ECB_RATES_URL` when no argument is given), and merges its days into DATA_DIR/ecb-rates.json, which
 * reports and forms read over the table shipped with the app. Nothing else fetches rates: the app starts without
 * a network, and an amount without a rate is listed apart.
 */
async function main() {
  const source = process.argv[2] ?? process.env.ECB_RATES_URL;
  if (!source) {
    console.error('Give the ECB XML or CSV as a file or URL, or set ECB_RATES_URL.');
    process.exit(2);
  }
  const text = /^https?:\/\//.test(source)
    ? await (await fetch(source)).text()
    : readFileSync(source, 'utf8');
  const fresh = text.trimStart().startsWith('<') ? parseEcbXml(text) : parseEcbCsv(text);
  const days = Object.keys(fresh).length;
  if (days === 0) {
    console.error('No dated rates found: not an ECB reference-rate XML or CSV.');
    process.exit(1);
  }
  const { DATA_DIR } = loadConfig(process.env);
  // Only DATA_DIR's own days: the shipped table is read under them, not copied into them.
  const merged = { ...readTable(ratesFile(DATA_DIR)), ...fresh };
  mkdirSync(dirname(ratesFile(DATA_DIR)), { recursive: true });
  writeFileSync(
    ratesFile(DATA_DIR),
    `${JSON.stringify({ source: 'European Central Bank euro foreign exchange reference rates', rates: merged }, null, 1)}\n`,
  );
  console.log(`${days} day(s) of ECB rates merged into ${ratesFile(DATA_DIR)}.`);
}

void main();
