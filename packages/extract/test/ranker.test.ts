import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { probeDocs } from '../scripts/fit-probe.ts';
import {
  collectFeatures,
  type FeatureFile,
  fitRanker,
  pageFromLinesCsv,
  stringifyModel,
  type TrainingDoc,
} from '../scripts/fit-ranker.ts';
import { rng } from '../scripts/invoice-cases.ts';
import { amountCandidates } from '../src/fields/amounts/index.ts';
import { extractFromText, readingContext } from '../src/fields/index.ts';
import { PRIORS } from '../src/fields/priors.ts';
import { FAMILIES, RANKED, type RankerModel, useModel } from '../src/fields/ranker.ts';
import { page } from './text-page.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const models = path.join(here, '../models');

/** Small receipts with a known total, a subtotal, a tax line, payment lines: seeded, so always the same. */
function receipts(n: number, seed: number): TrainingDoc[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const base = 500 + Math.floor(r() * 20000);
    const tax = Math.round(base * 0.06);
    const total = base + tax;
    const cash = Math.ceil(total / 1000) * 1000 + (r() < 0.5 ? 1000 : 0);
    const m = (c: number) => (c / 100).toFixed(2);
    const rows = [
      'KEDAI CONTOH SDN BHD',
      'NO 1, JALAN SATU, 81100 JOHOR BAHRU, JOHOR',
      `Date: 0${1 + (i % 9)}/03/2019`,
      `ITEM A   1   ${m(base)}`,
      r() < 0.5 ? `Sub Total   ${m(base)}` : `Total Excl GST   ${m(base)}`,
      `GST 6%   ${m(tax)}`,
      r() < 0.5 ? `TOTAL   RM ${m(total)}` : `Total Amount   ${m(total)}`,
      `CASH   RM ${m(cash)}`,
      `CHANGE   RM ${m(cash - total)}`,
    ];
    return {
      id: `synthetic-${seed}-${i}`,
      sha256: String(seed * 1000 + i),
      source: 'ocr',
      pages: [page(rows)],
      truth: { total: m(total), tax_base: m(base), vat_total: m(tax) },
    };
  });
}

describe('amount ranker', () => {
  it('fits deterministically on a fixed set, and ranks its truths first', () => {
    const docs = receipts(24, 7);
    const a = fitRanker(collectFeatures(docs), { steps: 60, learningRate: 0.05, l2: 0.02 });
    const b = fitRanker(collectFeatures([...docs].reverse()), { steps: 60, learningRate: 0.05, l2: 0.02 });
    expect(stringifyModel(a)).toBe(stringifyModel(b));
    useModel(a);
    try {
      for (const d of docs) {
        const r = extractFromText(d.pages, 'ocr');
        expect(r.fields.total?.value).toBe(d.truth.total);
      }
    } finally {
      useModel(null);
    }
  });

  it('the committed weights are what the script fits from the committed feature file', () => {
    const features = JSON.parse(
      readFileSync(path.join(models, 'ranker-features.generated.json'), 'utf8'),
    ) as FeatureFile;
    const committed = readFileSync(path.join(models, 'ranker.json'), 'utf8');
    const model = JSON.parse(committed) as RankerModel;
    expect(model.fittedOn.inputsSha256).toBe(features.inputsSha256);
    expect(stringifyModel(fitRanker(features, model.fittedOn.options as never))).toBe(committed);
  });

  it('was fitted on features the code still computes (probe hash)', () => {
    const model = JSON.parse(readFileSync(path.join(models, 'ranker.json'), 'utf8')) as RankerModel;
    const probe = createHash('sha256')
      .update(JSON.stringify(collectFeatures(probeDocs(), true)))
      .digest('hex');
    expect(probe, 'feature extraction changed: refit with scripts/fit-ranker.ts').toBe(
      model.fittedOn.probeSha256,
    );
  });

  it('has a weight for every feature the candidates carry, and none the code no longer makes', () => {
    const model = JSON.parse(readFileSync(path.join(models, 'ranker.json'), 'utf8')) as RankerModel;
    const seen = new Set<string>();
    for (const d of receipts(12, 11)) {
      const { cands } = amountCandidates(readingContext(d.pages, 'ocr').ctx);
      for (const f of FAMILIES)
        for (const c of cands[f]) for (const k of Object.keys(c.features ?? {})) seen.add(k);
    }
    for (const f of FAMILIES) {
      const names = Object.keys(model.families[f] ?? {});
      for (const k of seen) expect(names, `${f}.${k}`).toContain(k);
    }
    for (const f of RANKED) {
      const names = Object.keys(model.families[f] ?? {});
      expect(names.length, f).toBeGreaterThan(0);
      for (const k of names) expect(Object.keys(PRIORS[f]!), `${f}.${k} is stale`).toContain(k);
      for (const k of Object.keys(PRIORS[f]!)) expect(names, `${f}.${k} has no fitted weight`).toContain(k);
    }
  });

  it('reads line-level OCR truth into positioned lines', () => {
    const p = pageFromLinesCsv(
      '10,10,200,10,200,30,10,30,TOTAL\n400,12,500,12,500,30,400,30,RM 12.30\n10,50,300,50,300,70,10,70,CASH, 20.00',
      600,
      1000,
    );
    expect(p.lines.map((l) => l.text)).toEqual(['TOTAL   RM 12.30', 'CASH, 20.00']);
  });
});
