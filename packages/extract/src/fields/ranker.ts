import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PRIORS } from './priors.ts';

/** Named numeric features of one candidate value (absent = 0). */
export type Features = Record<string, number>;

/** The field families the ranker orders; each has its own weights. */
export const FAMILIES = ['total', 'tax_base', 'vat_total', 'withholding_total', 'surcharge_total'] as const;
/** Families the ranker orders: the amounts, the issuer's name, the issue date and the invoice number. */
export const RANKED = [...FAMILIES, 'issuer_name', 'issue_date', 'invoice_number'] as const;
export type Family = (typeof RANKED)[number];

export type RankerModel = {
  schema: 'cuadra-ranker/v1';
  /** What the weights were fitted on (documents, their hashes, the script's options). */
  fittedOn: {
    inputsSha256: string;
    featuresSha256: string;
    /** Hash of the features of `scripts/fit-probe.ts`: changes when feature extraction changes. */
    probeSha256: string;
    documents: number;
    candidates: number;
    options: Record<string, number>;
  };
  families: Record<string, Record<string, number>>;
};

const MODEL_PATH = fileURLToPath(new URL('../../models/ranker.json', import.meta.url));

let model: RankerModel | null = null;
let loaded = false;

/** The committed fitted weights; the hand-set priors when the file is absent (a fresh fit starts there). */
export function currentModel(): RankerModel | null {
  if (!loaded) {
    loaded = true;
    model = existsSync(MODEL_PATH) ? (JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as RankerModel) : null;
  }
  return model;
}

/** For tests and the fitting script: rank with these weights instead of the committed ones. */
export function useModel(m: RankerModel | null): void {
  model = m;
  loaded = true;
}

export function weightsOf(family: Family): Record<string, number> {
  return currentModel()?.families[family] ?? PRIORS[family] ?? {};
}

/**
 * Amounts read from a text layer (invoices) are ranked by weights of their own, apart from OCR-read
 * receipts': the same feature names under this prefix.
 */
export const TEXT_LAYER_PREFIX = 'pdf.';

/** A candidate's features as its family's weights name them: prefixed when read from a text layer. */
export function rankedFeatures(f: Features, ocr: boolean): Features {
  if (ocr) return f;
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [`${TEXT_LAYER_PREFIX}${k}`, v]));
}

/** Linear score (log-odds scale) of a candidate. */
export function scoreFeatures(family: Family, f: Features): number {
  const w = weightsOf(family);
  let s = 0;
  for (const [k, v] of Object.entries(f)) if (v) s += (w[k] ?? 0) * v;
  return s;
}

/** Probability of the best of several scores under a softmax (the ranker's own confidence). */
export function topProbability(scores: number[]): number {
  if (!scores.length) return 0;
  const max = Math.max(...scores);
  const z = scores.reduce((s, x) => s + Math.exp(x - max), 0);
  return 1 / z;
}
