import { describe, expect, it } from 'vitest';
import {
  entrySchema,
  fnv1a32,
  issuerKeyOf,
  manifestProblems,
  readManifests,
  SPLIT_MODULUS,
  SPLIT_SEED,
  splitOf,
} from '../bench/real-manifest.ts';

/** Issue #34 item 5: at least 150 real documents, from many issuers. */
const MIN_DOCUMENTS = 150;
const MIN_ISSUERS = 100;
/** The kinds of issuer item 5 lists: utilities, telecoms, fuel, supermarkets, restaurants, professionals, marketplaces, hotels. */
const NAMED_CATEGORIES = [
  'utility',
  'telecom',
  'fuel',
  'supermarket',
  'restaurant',
  'professional',
  'marketplace',
  'hotel',
] as const;

const manifests = readManifests();
const entries = manifests.flatMap((m) => m.entries);

describe('hand-labelled real set manifest', () => {
  it('has manifests, each an array of entries of the truth schema', () => {
    expect(manifests.length).toBeGreaterThan(0);
    for (const m of manifests) expect(Array.isArray(m.entries), m.file).toBe(true);
    const bad = entries.filter((e) => !entrySchema.safeParse(e).success);
    expect(bad).toEqual([]);
  });

  it('has no problems: unique ids and files, issuer keys from the fields, one split per issuer by the hash', () => {
    expect(manifestProblems(entries)).toEqual([]);
  });

  it('puts every document of one issuer in one split', () => {
    const splitByIssuer = new Map<string, Set<string>>();
    for (const e of entries.map((x) => entrySchema.parse(x))) {
      const s = splitByIssuer.get(e.issuer_key) ?? new Set();
      s.add(e.split);
      splitByIssuer.set(e.issuer_key, s);
    }
    for (const [key, splits] of splitByIssuer) expect([key, [...splits]]).toEqual([key, [splitOf(key)]]);
  });

  it('holds some issuers apart and fits on the others', () => {
    const keys = [...new Set(entries.map((x) => entrySchema.parse(x).issuer_key))];
    const held = keys.filter((k) => splitOf(k) === 'validation').length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(keys.length);
  });

  it('meets the size issue #34 asks for: 150 documents or more, from many issuers, most of them Spanish', () => {
    const parsed = entries.map((x) => entrySchema.parse(x));
    expect(parsed.length).toBeGreaterThanOrEqual(MIN_DOCUMENTS);
    expect(new Set(parsed.map((e) => e.issuer_key)).size).toBeGreaterThanOrEqual(MIN_ISSUERS);
    expect(parsed.filter((e) => e.language === 'es').length * 2).toBeGreaterThan(parsed.length);
  });

  it('has a document of every kind of issuer the issue names', () => {
    const categories = new Set(entries.map((x) => entrySchema.parse(x).category));
    for (const c of NAMED_CATEGORIES) expect([c, categories.has(c)]).toEqual([c, true]);
  });

  it('closes every total as base + VAT − withholding, unless its notes say why it does not', () => {
    const cents = (s: string | undefined) => Math.round(Number(s ?? '0') * 100);
    for (const e of entries.map((x) => entrySchema.parse(x))) {
      const f = e.fields;
      if (!f.tax_base || !f.vat_total || !f.total) continue;
      const closes =
        cents(f.tax_base) + cents(f.vat_total) + cents(f.surcharge_total) - cents(f.withholding_total) ===
        cents(f.total);
      const explained = e.notes.some((n) => /does not close/i.test(n));
      expect([e.id, closes || explained]).toEqual([e.id, true]);
    }
  });
});

describe('split rule', () => {
  it('is FNV-1a over "<seed>:<issuer_key>" modulo 3, validation on 0', () => {
    // Reference values of 32-bit FNV-1a.
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    for (const key of ['A46103834', 'B20099586', 'NAME:JIMELUZ EMPRENDEDORES S L']) {
      const expected = fnv1a32(`${SPLIT_SEED}:${key}`) % SPLIT_MODULUS === 0 ? 'validation' : 'fit';
      expect(splitOf(key)).toBe(expected);
    }
  });

  it('gives about a third of many issuers to validation', () => {
    const keys = Array.from({ length: 3000 }, (_, i) => `B${String(10_000_000 + i * 7919).slice(0, 8)}`);
    const held = keys.filter((k) => splitOf(k) === 'validation').length / keys.length;
    expect(held).toBeGreaterThan(0.3);
    expect(held).toBeLessThan(0.37);
  });

  it('keys an issuer by its tax id, or by its name without accents and punctuation', () => {
    expect(issuerKeyOf({ issuer_tax_id: 'B-79/992079', issuer_name: 'Fabeiro S.L.' })).toBe('B79992079');
    expect(issuerKeyOf({ issuer_name: 'Jimeluz Emprendedores, S.L.' })).toBe(
      'NAME:JIMELUZ EMPRENDEDORES S L',
    );
    expect(issuerKeyOf({ issuer_name: 'Compañía Vinícola' })).toBe('NAME:COMPANIA VINICOLA');
    expect(issuerKeyOf({})).toBeNull();
  });

  it('reports an entry whose split disagrees with its issuer, and a duplicated id', () => {
    const good = entrySchema.parse(entries[0]);
    const wrongSplit = { ...good, split: good.split === 'fit' ? 'validation' : 'fit' };
    expect(manifestProblems([wrongSplit]).join()).toMatch(/breaks the issuer rule/);
    const twin = { ...good, source: { ...good.source, blob: 'f'.repeat(40) } };
    expect(manifestProblems([good, twin]).join()).toMatch(/duplicate id/);
  });
});
