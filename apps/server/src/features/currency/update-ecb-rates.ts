import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig } from '../../config';
import { loadRates, parseEcbXml, ratesFile } from './rates';

/**
 * `npm run ecb:update -w apps/server -- <file or URL>`: reads the ECB's reference-rate XML (a file saved
 * from the ECB, or its URL; `ECB_RATES_URL` when no argument is given) and merges its days into
 * DATA_DIR/ecb-rates.json, which reports and forms read. Nothing else fetches rates: the app starts without
 * a network, and an amount without a rate is listed apart.
 */
async function main() {
  const source = process.argv[2] ?? process.env.ECB_RATES_URL;
  if (!source) {
    console.error('Give the ECB XML as a file or URL, or set ECB_RATES_URL.');
    process.exit(2);
  }
  const xml = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : readFileSync(source, 'utf8');
  const fresh = parseEcbXml(xml);
  const days = Object.keys(fresh).length;
  if (days === 0) {
    console.error('No <Cube time=…> with rates found: not an ECB reference-rate XML.');
    process.exit(1);
  }
  const { DATA_DIR } = loadConfig(process.env);
  const merged = { ...loadRates(DATA_DIR), ...fresh };
  mkdirSync(dirname(ratesFile(DATA_DIR)), { recursive: true });
  writeFileSync(
    ratesFile(DATA_DIR),
    `${JSON.stringify({ source: 'European Central Bank euro foreign exchange reference rates', rates: merged }, null, 1)}\n`,
  );
  console.log(`${days} day(s) of ECB rates merged into ${ratesFile(DATA_DIR)}.`);
}

void main();
