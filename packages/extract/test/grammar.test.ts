import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateGrammarDocuments } from '../scripts/generate-documents.ts';
import { GRAMMAR_LANGS, WORDS } from '../scripts/grammar-words.ts';
import {
  drawGrammarCase,
  GRAMMAR_HELD_APART,
  grammarTruthFields,
  HEADERS,
  isGrammarHeldApart,
  NUMBER_FORMATS,
  RELATIONS,
  VAT_SUMMARIES,
} from '../scripts/invoice-grammar.ts';
import { formatAmount, renderGrammarHtml } from '../scripts/invoice-grammar-html.ts';
import { assertNoHeldApart, heldApartDoc, isHeldApart } from '../scripts/invoice-layouts.ts';
import { isValidIban } from '../src/ids/iban.ts';
import { checkTaxId } from '../src/ids/tax-id.ts';
import { openPdf, pdfPageText } from '../src/pdf.ts';

const cents = (v: unknown) => Math.round(Number(v) * 100);
const roundSigned = (x: number) => Math.sign(x) * Math.round(Math.abs(x));
const SEEDS = Array.from({ length: 400 }, (_, i) => i + 1);
const CASES = SEEDS.map(drawGrammarCase);

describe('invoice grammar: structure and truth', () => {
  it('is deterministic per seed, and seeds differ', () => {
    for (const seed of [1, 7, 42, 399]) {
      expect(drawGrammarCase(seed)).toEqual(drawGrammarCase(seed));
      expect(renderGrammarHtml(drawGrammarCase(seed))).toBe(renderGrammarHtml(drawGrammarCase(seed)));
    }
    expect(grammarTruthFields(drawGrammarCase(1))).not.toEqual(grammarTruthFields(drawGrammarCase(2)));
  });

  it('every truth closes: lines, per-rate VAT and recargo, withholding and total, in cents', () => {
    for (const gc of CASES) {
      const t = grammarTruthFields(gc);
      const where = `grammar-${gc.seed}`;
      const base = cents(t.tax_base);
      const vat = cents(t.vat_total);
      const re = t.surcharge_total ? cents(t.surcharge_total) : 0;
      const withheld = t.withholding_total ? cents(t.withholding_total) : 0;
      expect(base + vat + re - withheld, where).toBe(cents(t.total));
      const lines = t.line_items as { quantity: string; unit_price: string; line_total: string }[];
      for (const l of lines)
        expect(roundSigned(Number(l.quantity) * cents(l.unit_price)), where).toBe(cents(l.line_total));
      expect(
        lines.reduce((s, l) => s + cents(l.line_total), 0),
        where,
      ).toBe(base);
      const rows = t.vat_breakdown as {
        rate: string;
        base: string;
        amount: string;
        surcharge_rate?: string;
        surcharge_amount?: string;
      }[];
      expect(
        rows.reduce((s, x) => s + cents(x.base), 0),
        where,
      ).toBe(base);
      expect(
        rows.reduce((s, x) => s + cents(x.amount), 0),
        where,
      ).toBe(vat);
      expect(
        rows.reduce((s, x) => s + cents(x.surcharge_amount ?? 0), 0),
        where,
      ).toBe(re);
      for (const x of rows) {
        expect(roundSigned((cents(x.base) * Number(x.rate)) / 100), where).toBe(cents(x.amount));
        if (x.surcharge_rate)
          expect(roundSigned((cents(x.base) * Number(x.surcharge_rate)) / 100), where).toBe(
            cents(x.surcharge_amount),
          );
      }
      if (gc.withholdingRate) expect(roundSigned((base * gc.withholdingRate) / 100), where).toBe(withheld);
      if (gc.docType === 'credit_note') expect(cents(t.total), where).toBeLessThan(0);
      else expect(cents(t.total), where).toBeGreaterThan(0);
      // A Portuguese NIF may be printed without its prefix; it is checked as the VAT id it is.
      const prefixed = (id: string) =>
        gc.grammar.country === 'ES' || id.startsWith(gc.grammar.country) ? id : `${gc.grammar.country}${id}`;
      for (const key of ['issuer_tax_id', 'client_tax_id'] as const)
        expect(checkTaxId(prefixed(String(t[key])))?.valid, `${where} ${key} ${t[key]}`).toBe(true);
      expect(isValidIban(gc.iban), `${where} ${gc.iban}`).toBe(true);
    }
  });

  it('reaches every label language, arrangement, number format and tax case', () => {
    const seen = (f: (gc: (typeof CASES)[number]) => string) => new Set(CASES.map(f));
    expect(seen((gc) => gc.grammar.lang)).toEqual(new Set(GRAMMAR_LANGS));
    expect(seen((gc) => gc.grammar.header)).toEqual(new Set(HEADERS));
    expect(seen((gc) => gc.grammar.metaRelation)).toEqual(new Set(RELATIONS));
    expect(seen((gc) => gc.grammar.totalsRelation)).toEqual(new Set(RELATIONS));
    expect(seen((gc) => gc.grammar.vatSummary)).toEqual(new Set(VAT_SUMMARIES));
    expect(seen((gc) => gc.grammar.numberFormat)).toEqual(new Set(NUMBER_FORMATS));
    expect(seen((gc) => gc.docType)).toEqual(new Set(['invoice', 'credit_note']));
    expect(CASES.some((gc) => gc.grammar.returnAddress)).toBe(true);
    expect(CASES.some((gc) => gc.grammar.nameOnlyInFooter)).toBe(true);
    expect(CASES.some((gc) => gc.byRate.length >= 3)).toBe(true);
    expect(CASES.some((gc) => gc.re !== 0 && gc.byRate.length > 1)).toBe(true);
    for (const country of ['ES', 'IT', 'PT'])
      expect(
        CASES.some((gc) => gc.grammar.country === country && gc.withholding !== 0),
        country,
      ).toBe(true);
    // Every synonym of every concept, in every language, is printed by some seed.
    for (const lang of GRAMMAR_LANGS)
      for (const [concept, words] of Object.entries(WORDS[lang]))
        for (const word of Array.isArray(words) ? words : [])
          expect(
            CASES.some(
              (gc) =>
                gc.grammar.lang === lang && (gc.grammar.labels as Record<string, string>)[concept] === word,
            ),
            `${lang}.${concept}: ${word}`,
          ).toBe(true);
  });

  it('prints thousands with dots, spaces or nothing, and English with commas', () => {
    expect(NUMBER_FORMATS.map((f) => formatAmount(123456789, f))).toEqual([
      '1.234.567,89',
      '1 234 567,89',
      '1234567,89',
      '1,234,567.89',
      '1234567.89',
    ]);
    expect(formatAmount(-5, 'dot-comma')).toBe('-0,05');
  });
});

describe('invoice grammar: held-apart regions', () => {
  it('holds apart whole languages and header arrangements, and nothing else', () => {
    const held = CASES.filter((gc) => isGrammarHeldApart(gc.seed));
    const fit = CASES.filter((gc) => !isGrammarHeldApart(gc.seed));
    expect(held.length).toBeGreaterThan(50);
    expect(fit.length).toBeGreaterThan(200);
    for (const gc of fit) {
      expect(GRAMMAR_HELD_APART.langs).not.toContain(gc.grammar.lang);
      expect(GRAMMAR_HELD_APART.headers).not.toContain(gc.grammar.header);
    }
    for (const gc of held)
      expect(
        GRAMMAR_HELD_APART.langs.includes(gc.grammar.lang) ||
          GRAMMAR_HELD_APART.headers.includes(gc.grammar.header),
      ).toBe(true);
    // The fitting side still covers every other language and arrangement.
    const fitLangs = new Set(fit.map((gc) => gc.grammar.lang));
    for (const lang of GRAMMAR_LANGS)
      expect(fitLangs.has(lang)).toBe(!GRAMMAR_HELD_APART.langs.includes(lang));
    const fitHeaders = new Set(fit.map((gc) => gc.grammar.header));
    for (const h of HEADERS) expect(fitHeaders.has(h)).toBe(!GRAMMAR_HELD_APART.headers.includes(h));
  });

  it('a fitting cache holding a held-apart grammar document is refused, a fitted one passes', () => {
    const heldSeed = CASES.find((gc) => gc.heldApartRegions.length)!.seed;
    const fitSeed = CASES.find((gc) => !gc.heldApartRegions.length)!.seed;
    expect(isHeldApart('grammar', heldSeed)).toBe(true);
    // Grammar seeds are never held apart by the fixed layouts' seed rule, only by region.
    const fitAtHeldSeed = CASES.find((gc) => !gc.heldApartRegions.length && gc.seed % 5 === 4)!.seed;
    expect(isHeldApart('grammar', fitAtHeldSeed)).toBe(false);
    expect(heldApartDoc(`gen:grammar-${heldSeed}-pdf`)).toBe(true);
    expect(() => assertNoHeldApart([{ id: `gen:grammar-${heldSeed}-scan` }], 'cache')).toThrow(/held-apart/);
    expect(() => assertNoHeldApart([{ id: `gen:grammar-${fitSeed}-pdf` }], 'cache')).not.toThrow();
  });
});

describe.skipIf(!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))(
  'invoice grammar: rendering',
  () => {
    it('renders one-page PDFs whose text holds the truth; fitting output has no held-apart document', async () => {
      // One seed per header arrangement, so that every placement is rendered.
      const seeds = HEADERS.map((h) => CASES.find((gc) => gc.grammar.header === h)!.seed);
      const docs = await generateGrammarDocuments({ seeds, outputs: ['pdf'] });
      expect(docs.map((d) => d.structure?.header)).toEqual([...HEADERS]);
      for (const d of docs) {
        expect(d.id).toBe(`grammar-${d.seed}-pdf`);
        expect(d.truth.split).toBe(d.heldApart ? 'validation' : 'fit');
        const pdf = await openPdf(d.bytes);
        try {
          expect(pdf.numPages, d.id).toBe(1);
          const text = (await pdfPageText(pdf, 1)).lines.map((l) => l.text).join('\n');
          const flat = text.replace(/\s/g, '');
          const f = d.truth.fields;
          expect(text, d.id).toContain(String(f.invoice_number));
          expect(flat, d.id).toContain(String(f.issuer_tax_id));
          expect(flat, d.id).toContain(String(f.client_tax_id));
          expect(flat, d.id).toContain(String(f.issuer_name).replace(/\s/g, ''));
          // The total as the document's number format writes it (1.234,56 · 1 234,56 · 1,234.56 …).
          const gc = drawGrammarCase(d.seed);
          expect(text, d.id).toContain(formatAmount(Math.abs(gc.total), gc.grammar.numberFormat));
        } finally {
          await pdf.destroy();
        }
      }
      const fitting = await generateGrammarDocuments({ seeds: seeds.slice(0, 4), heldApart: 'exclude' });
      expect(fitting.every((d) => !d.heldApart && !d.structure?.heldApartRegions.length)).toBe(true);
    }, 120_000);
  },
);
