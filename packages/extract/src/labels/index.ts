import { CA } from './ca.ts';
import { DE } from './de.ts';
import { EN } from './en.ts';
import { ES } from './es.ts';
import { EU } from './eu.ts';
import { FR } from './fr.ts';
import { GL } from './gl.ts';
import { IT } from './it.ts';
import { MY } from './ms.ts';
import { NL } from './nl.ts';
import { PT } from './pt.ts';
import type { Concept, LabelWords } from './types.ts';

export type { Concept, LabelWords } from './types.ts';

/** The languages read on every document: EU invoices mix them (an English invoice of a German seller). */
export const BASE_LANGUAGES: Record<string, LabelWords> = {
  es: ES,
  ca: CA,
  eu: EU,
  gl: GL,
  en: EN,
  fr: FR,
  de: DE,
  it: IT,
  pt: PT,
  nl: NL,
};
/** Region words, on only when the document's country or currency calls for them. */
export const REGIONS: Record<string, LabelWords> = { my: MY };

type Wrap = { pre: string; post: string; flags: string };
const word = (flags = 'i'): Wrap => ({ pre: '\\b(?:', post: ')\\b', flags });
const labelled = (flags = 'i'): Wrap => ({ pre: '\\b(?:', post: ')\\s*:?', flags });
const bare: Wrap = { pre: '(?:', post: ')', flags: 'i' };

/** How each tier's alternatives are bounded. */
const WRAPS: Record<Concept, Wrap[]> = {
  number: [
    labelled(),
    labelled(),
    labelled('iu'),
    labelled(),
    // A word of its own: "Nº" and "No" label a number, the "No" of "Norte S.A." does not.
    { pre: '(?:^|\\s)(?:', post: ')(?![a-zà-ÿ])\\s*:?', flags: 'i' },
    // A header row of cells ("Klant   Order   Factuur   Datum") with the values in the row below.
    { pre: '(?:^|\\s{3})(?:', post: ')(?=\\s{3}|$)', flags: 'i' },
    // The number sign alone ("Nº 14"), a word of its own: last, under every title and label.
    { pre: '(?:^|\\s)(?:', post: ')(?![a-zà-ÿ])\\s*:?', flags: 'i' },
  ],
  issueDate: [labelled(), labelled()],
  dueDate: [labelled()],
  taxBase: [bare],
  vatTotal: [bare],
  total: [word(), word()],
  amountDue: [word()],
  prepaid: [word()],
  discount: [word()],
  tendered: [word()],
  change: [word()],
  withholding: [word()],
  surcharge: [{ pre: '\\b(?:', post: ')', flags: 'i' }],
  issuerBlock: [{ pre: '(?:^|\\s{2,})(?:', post: ')\\b\\s*:?', flags: 'i' }],
  clientBlock: [labelled()],
  otherReference: [labelled()],
  otherDate: [labelled()],
};

export type Labels = Record<Concept, RegExp[]>;

const cache = new Map<string, Labels>();

/** One expression per concept and tier over the base languages plus the given regions. */
export function buildLabels(regions: string[] = []): Labels {
  const key = [...regions].sort().join(',');
  const hit = cache.get(key);
  if (hit) return hit;
  const sets = [...Object.values(BASE_LANGUAGES), ...regions.map((r) => REGIONS[r]!).filter(Boolean)];
  const out = {} as Labels;
  for (const concept of Object.keys(WRAPS) as Concept[]) {
    out[concept] = WRAPS[concept].map((wrap, tier) => {
      const alts = [...new Set(sets.flatMap((s) => s[concept][tier] ?? []))];
      return new RegExp(`${wrap.pre}${alts.join('|') || '(?!)'}${wrap.post}`, wrap.flags);
    });
  }
  cache.set(key, out);
  return out;
}

/** Which language's label matched a line (for the ranker's "label language" feature). */
export function labelLanguage(concept: Concept, tier: number, text: string): string | null {
  for (const [lang, set] of Object.entries({ ...BASE_LANGUAGES, ...REGIONS })) {
    const alts = set[concept][tier] ?? [];
    if (!alts.length) continue;
    const wrap = WRAPS[concept][tier]!;
    if (new RegExp(`${wrap.pre}${alts.join('|')}${wrap.post}`, wrap.flags).test(text)) return lang;
  }
  return null;
}
