/**
 * A layout grammar for invoices: from a seed it draws a document's structure (where the parties, the
 * number and dates, the lines, the VAT summary, the totals, the payment details and the registry footer
 * go; how each label relates to its value; which synonym of which language; how numbers are written) and
 * its content (parties with valid tax ids and IBANs, several VAT rates, recargo, withholding, credit notes),
 * with amounts in integer cents that close. `invoice-grammar-html.ts` renders it.
 *
 * Held apart: whole regions of the grammar, never seeds (`GRAMMAR_HELD_APART`): the documents whose label
 * language or header arrangement is held apart are never fitted on; `isGrammarHeldApart(seed)` says which.
 */

import { isValidIban } from '../src/ids/iban.ts';
import { checkEuVat } from '../src/ids/tax-id.ts';
import {
  COUNTRY_OF,
  type Country,
  GRAMMAR_LANGS,
  type GrammarLang,
  ITEMS,
  PLACES,
  VAT_RATES,
  WITHHOLDING_RATES,
  WORDS,
  type Words,
} from './grammar-words.ts';
import { addDays, digits, makeCif, makeNie, makeNif, pick, RE_RATES, rng } from './invoice-cases.ts';

export { GRAMMAR_LANGS, type GrammarLang };

/** The layout id of every grammar document (`grammar-<seed>-<output>`). */
export const GRAMMAR_LAYOUT = 'grammar';

/**
 * Where the parties go: issuer left and client right; the client left (an envelope window) and the issuer
 * right; issuer, meta and client stacked; two boxes side by side; the client inline in one line
 * ("Datos del cliente: name, CIF X, street"); the issuer's name as a logo and its id only in the footer.
 */
export const HEADERS = [
  'issuer-left',
  'client-left',
  'stacked',
  'two-columns',
  'inline-client',
  'issuer-footer',
] as const;
export type Header = (typeof HEADERS)[number];
/**
 * How a label relates to its value: value right of the label, below it, a row of labels with the values
 * in the row under (a table), or all pairs inline on one line.
 */
export const RELATIONS = ['right', 'below', 'row', 'inline'] as const;
export type Relation = (typeof RELATIONS)[number];
/** A VAT table per rate, one "IVA 21 % s/ base" line per rate, or nothing beyond the totals. */
export const VAT_SUMMARIES = ['table', 'lines', 'none'] as const;
export type VatSummary = (typeof VAT_SUMMARIES)[number];
/** 1.234,56 · 1 234,56 · 1234,56 · 1,234.56 · 1234.56 */
export const NUMBER_FORMATS = ['dot-comma', 'space-comma', 'plain-comma', 'comma-dot', 'plain-dot'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

/**
 * Never fitted on: documents in these label languages or with these header arrangements. Whole regions,
 * so that the validation column measures layouts and words the fit never saw.
 */
export const GRAMMAR_HELD_APART = {
  langs: ['gl', 'nl'] as readonly GrammarLang[],
  headers: ['client-left'] as readonly Header[],
} as const;

export type Grammar = {
  lang: GrammarLang;
  country: Country;
  header: Header;
  /** The number and dates, and the totals: how their labels relate to the values. */
  metaRelation: Relation;
  totalsRelation: Relation;
  vatSummary: VatSummary;
  /** The client block has a heading ("Cliente", "Bill to") or starts with the name. */
  clientHeading: boolean;
  numberFormat: NumberFormat;
  currency: 'after' | 'before' | 'code' | 'none';
  dateStyle: 'numeric' | 'long';
  dateSeparator: '/' | '.' | '-';
  /** A customer number and an order reference printed beside the invoice number. */
  distractors: boolean;
  /** VAT printed per rate in the totals (several lines), and a VAT total line under them. */
  vatTotalLine: boolean;
  payment: boolean;
  registry: boolean;
  /** The tax ids carry their country prefix ("ES B12345674"), as EU VAT ids do. */
  idPrefix: boolean;
  font: string;
  accent: string;
  /** A one-line return address of the issuer over the client block, as window envelopes print it. */
  returnAddress: boolean;
  /** With the issuer in the footer: a monogram on top, the issuer's name only in the footer. */
  nameOnlyInFooter: boolean;
  /** One synonym per concept. */
  labels: { [K in keyof Words]: Words[K] extends string[] ? string : string };
};

export type GrammarParty = { name: string; taxId: string; address: string[] };
export type GrammarLine = {
  description: string;
  quantity: number;
  unitCents: number;
  rate: number;
  totalCents: number;
};
export type RateRow = { rate: number; base: number; vat: number; reRate: number; re: number };

export type GrammarCase = {
  seed: number;
  grammar: Grammar;
  docType: 'invoice' | 'credit_note';
  issuer: GrammarParty;
  client: GrammarParty;
  number: string;
  issueDate: string;
  dueDate: string | null;
  corrects: string | null;
  customerNo: string;
  orderNo: string;
  lines: GrammarLine[];
  byRate: RateRow[];
  base: number;
  vat: number;
  re: number;
  withholdingRate: number | null;
  withholding: number;
  total: number;
  iban: string;
  /** The held-apart regions this document falls in (empty: a fitting document). */
  heldApartRegions: string[];
};

const FONTS = [
  "'DejaVu Sans', sans-serif",
  "'DejaVu Serif', serif",
  "'Liberation Sans', Arial, sans-serif",
  "'DejaVu Sans Mono', monospace",
];
const ACCENTS = ['#222', '#1b5e9a', '#7a2e8c', '#2e6b3a', '#a33', '#555'];

/** Draws one of `words`, deterministic in `r`. */
function labelsOf(r: () => number, w: Words): Grammar['labels'] {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(w)) out[k] = Array.isArray(v) ? (v.length ? pick(r, v) : '') : v;
  return out as Grammar['labels'];
}

function drawGrammar(r: () => number): Grammar {
  const lang = pick(r, GRAMMAR_LANGS);
  const country = COUNTRY_OF[lang];
  const numberFormat: NumberFormat =
    lang === 'en'
      ? pick(r, ['comma-dot', 'comma-dot', 'plain-dot'] as const)
      : pick(r, ['dot-comma', 'dot-comma', 'space-comma', 'plain-comma'] as const);
  return {
    lang,
    country,
    header: pick(r, HEADERS),
    metaRelation: pick(r, RELATIONS),
    totalsRelation: pick(r, RELATIONS),
    vatSummary: pick(r, VAT_SUMMARIES),
    clientHeading: r() < 0.8,
    numberFormat,
    currency: pick(r, ['after', 'after', 'before', 'code', 'none'] as const),
    dateStyle: r() < 0.75 ? 'numeric' : 'long',
    dateSeparator: lang === 'de' ? '.' : lang === 'nl' ? '-' : pick(r, ['/', '/', '.', '-'] as const),
    distractors: r() < 0.5,
    vatTotalLine: r() < 0.5,
    payment: r() < 0.8,
    registry: r() < 0.6,
    idPrefix: country !== 'ES' ? r() < 0.8 || country !== 'PT' : lang === 'en' || r() < 0.2,
    font: pick(r, FONTS),
    accent: pick(r, ACCENTS),
    // Drawn in drawGrammarCase, after everything else (so adding them changed no other draw).
    returnAddress: false,
    nameOnlyInFooter: false,
    labels: labelsOf(r, WORDS[lang]),
  };
}

/** A valid VAT id of `country` (without prefix): drawn until the country's check passes. */
function vatIdBody(r: () => number, country: Exclude<Country, 'ES'>): string {
  if (country === 'FR') {
    const siren = `${1 + Math.floor(r() * 9)}${digits(r, 8)}`;
    const key = (12 + 3 * (Number(siren) % 97)) % 97;
    return `${String(key).padStart(2, '0')}${siren}`;
  }
  const draw = () =>
    country === 'DE'
      ? `${1 + Math.floor(r() * 9)}${digits(r, 8)}`
      : country === 'IT'
        ? digits(r, 11)
        : country === 'PT'
          ? `5${digits(r, 8)}`
          : `${digits(r, 9)}B${pick(r, ['01', '02'])}`;
  for (let i = 0; i < 2000; i++) {
    const body = draw();
    if (checkEuVat(`${country}${body}`)?.valid) return body;
  }
  throw new Error(`no valid ${country} VAT id drawn`);
}

/** A valid tax id: Spanish NIF/NIE/CIF or another country's VAT id. `person`: a freelancer's. */
function taxIdOf(r: () => number, country: Country, person: boolean): string {
  if (country !== 'ES') return vatIdBody(r, country);
  if (person) return r() < 0.25 ? makeNie(r) : makeNif(r);
  return makeCif(r, r() < 0.3 ? 'A' : 'B');
}

const BBAN: Record<Country, (r: () => number) => string> = {
  ES: (r) => `${pick(r, ['2100', '0049', '0182', '2080'])}${digits(r, 16)}`,
  FR: (r) => digits(r, 23),
  DE: (r) => digits(r, 18),
  IT: (r) => `${pick(r, ['A', 'B', 'X'])}${digits(r, 22)}`,
  PT: (r) => digits(r, 21),
  NL: (r) => `${pick(r, ['ABNA', 'INGB', 'RABO'])}${digits(r, 10)}`,
};

/** A valid IBAN of `country` (ISO 13616 check digits, drawn again while the country's own check fails). */
function ibanOf(r: () => number, country: Country): string {
  for (let i = 0; i < 2000; i++) {
    const bban = BBAN[country](r);
    const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
    let rem = 0;
    for (const ch of numeric) rem = (rem * 10 + Number(ch)) % 97;
    const iban = `${country}${String(98 - rem).padStart(2, '0')}${bban}`;
    if (isValidIban(iban)) return iban;
  }
  throw new Error(`no valid ${country} IBAN drawn`);
}

function partyOf(r: () => number, lang: GrammarLang, person: boolean, not?: string): GrammarParty {
  const place = PLACES[lang];
  const names = (person ? place.people : place.companies).filter((n) => n !== not);
  const [postcode, city] = pick(r, place.cities);
  const street = `${pick(r, place.streets)} ${1 + Math.floor(r() * 120)}`;
  const address =
    lang === 'de' || lang === 'nl' || lang === 'fr'
      ? [
          lang === 'fr' ? `${1 + Math.floor(r() * 90)} ${pick(r, place.streets)}` : street,
          `${postcode} ${city}`,
        ]
      : [
          lang === 'en' ? `${pick(r, place.streets)}, ${1 + Math.floor(r() * 120)}` : street,
          `${postcode} ${city}`,
        ];
  return { name: pick(r, names), taxId: taxIdOf(r, COUNTRY_OF[lang], person), address };
}

/** `sign × round(|x|)`: a credit note rounds as its invoice would, then turns negative. */
const roundSigned = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** Per-rate bases, VAT (and recargo) rounded per rate, the withholding on the whole base, and the total. */
export function closeTotals(lines: GrammarLine[], surcharge: boolean, withholdingRate: number | null) {
  const rates = [...new Set(lines.map((l) => l.rate))].sort((a, b) => b - a);
  const byRate: RateRow[] = rates.map((rate) => {
    const base = lines.filter((l) => l.rate === rate).reduce((s, l) => s + l.totalCents, 0);
    const reRate = surcharge ? (RE_RATES[rate] ?? 0) : 0;
    return {
      rate,
      base,
      vat: roundSigned((base * rate) / 100),
      reRate,
      re: roundSigned((base * reRate) / 100),
    };
  });
  const base = byRate.reduce((s, x) => s + x.base, 0);
  const vat = byRate.reduce((s, x) => s + x.vat, 0);
  const re = byRate.reduce((s, x) => s + x.re, 0);
  const withholding = withholdingRate ? roundSigned((base * withholdingRate) / 100) : 0;
  return { byRate, base, vat, re, withholding, total: base + vat + re - withholding };
}

function heldApartRegions(g: Grammar): string[] {
  const regions: string[] = [];
  if (GRAMMAR_HELD_APART.langs.includes(g.lang)) regions.push(`lang:${g.lang}`);
  if (GRAMMAR_HELD_APART.headers.includes(g.header)) regions.push(`header:${g.header}`);
  return regions;
}

/** The grammar document of `seed`: deterministic, valid ids and IBAN, totals that close in cents. */
export function drawGrammarCase(seed: number): GrammarCase {
  const r = rng((seed * 2654435761) ^ 0x9e3779b9);
  const grammar = drawGrammar(r);
  const { lang, country } = grammar;
  const withholdingRates = WITHHOLDING_RATES[country];
  const freelancer = !!withholdingRates && WORDS[lang].withholding.length > 0 && r() < 0.3;
  const issuer = partyOf(r, lang, freelancer);
  // Recargo: a Spanish wholesaler's invoice to a retailer who is a person (recargo de equivalencia).
  const surcharge = country === 'ES' && !freelancer && WORDS[lang].surcharge.length > 0 && r() < 0.3;
  const client = partyOf(r, lang, surcharge, issuer.name);
  const credit = r() < 0.15;
  const year = 2023 + Math.floor(r() * 3);
  const issueDate = addDays(`${year}-01-01`, Math.floor(r() * 360));
  const dueDate = r() < 0.75 ? addDays(issueDate, pick(r, [0, 15, 30, 30, 60])) : null;
  const seq = 1 + Math.floor(r() * 9999);
  const series = credit ? pick(r, ['R', 'RE', 'AB', 'CN']) : pick(r, ['F', 'FA', 'A', 'INV', 'RE']);
  const number = pick(r, [
    `${series}${year}/${String(seq).padStart(4, '0')}`,
    `${series}-${year}-${String(seq).padStart(5, '0')}`,
    `${year}${String(seq).padStart(5, '0')}`,
    `${series}${String(year).slice(2)}${String(seq).padStart(6, '0')}`,
  ]);
  const corrects = credit ? `F${year}/${String(1 + Math.floor(r() * 999)).padStart(4, '0')}` : null;
  const customerNo = `${digits(r, 5)}`;
  const orderNo = `${pick(r, ['PO', 'P', 'ALB'])}-${digits(r, 4)}`;
  const rates = VAT_RATES[country];
  const severalRates = !freelancer && r() < 0.55;
  const items = ITEMS[lang];
  const nLines = 1 + Math.floor(r() * 7);
  const sign = credit ? -1 : 1;
  const lines: GrammarLine[] = [];
  for (let i = 0; i < nLines; i++) {
    // Each item once while the list lasts; then again, numbered.
    const goods = items.goods.filter(([d]) => !lines.some((l) => l.description === d));
    const [good, klass] = pick(r, goods.length ? goods : items.goods);
    let description = freelancer ? pick(r, items.services) : good;
    if (lines.some((l) => l.description === description)) description = `${description} (${i + 1})`;
    const rate = freelancer || !severalRates ? rates[0] : rates[klass];
    // Hours may be fractional ("1,5"): the line total is rounded to the cent.
    const quantity =
      sign * (freelancer ? pick(r, [1, 1, 2, 1.5, 7.5]) : 1 + Math.floor(r() * (r() < 0.2 ? 1200 : 30)));
    const unitCents = freelancer ? 4000 + Math.floor(r() * 150000) : 50 + Math.floor(r() * 40000);
    lines.push({ description, quantity, unitCents, rate, totalCents: roundSigned(quantity * unitCents) });
  }
  const withholdingRate = freelancer ? pick(r, withholdingRates) : null;
  const totals = closeTotals(lines, surcharge, withholdingRate);
  const iban = ibanOf(r, country);
  grammar.returnAddress =
    grammar.header !== 'two-columns' && grammar.header !== 'issuer-footer' && r() < 0.35;
  grammar.nameOnlyInFooter = grammar.header === 'issuer-footer' && r() < 0.5;
  return {
    seed,
    grammar,
    docType: credit ? 'credit_note' : 'invoice',
    issuer,
    client,
    number,
    issueDate,
    dueDate,
    corrects,
    customerNo,
    orderNo,
    lines,
    ...totals,
    withholdingRate,
    iban,
    heldApartRegions: heldApartRegions(grammar),
  };
}

/** Never fit on the grammar document of `seed`: it falls in a held-apart region. */
export function isGrammarHeldApart(seed: number): boolean {
  return drawGrammarCase(seed).heldApartRegions.length > 0;
}

/** A tax id as the document prints it (country prefix or not); the truth is the same, without spaces. */
export function printedTaxId(gc: GrammarCase, id: string): string {
  const { country, idPrefix } = gc.grammar;
  if (!idPrefix) return id;
  return country === 'FR' || gc.seed % 2 ? `${country} ${id}` : `${country}${id}`;
}

const cents = (n: number) => (n / 100).toFixed(2);

/** The truth fields (`invoice-bench-truth/v1` names): what the page prints, amounts as decimals. */
export function grammarTruthFields(gc: GrammarCase): Record<string, unknown> {
  const id = (x: string) => printedTaxId(gc, x).replace(/\s/g, '');
  const t: Record<string, unknown> = {
    invoice_number: gc.number,
    issue_date: gc.issueDate,
    issuer_name: gc.issuer.name,
    issuer_tax_id: id(gc.issuer.taxId),
    client_name: gc.client.name,
    client_tax_id: id(gc.client.taxId),
    currency: 'EUR',
    tax_base: cents(gc.base),
    vat_total: cents(gc.vat),
    total: cents(gc.total),
    vat_breakdown: gc.byRate.map((x) => ({
      rate: String(x.rate),
      base: cents(x.base),
      amount: cents(x.vat),
      ...(x.re ? { surcharge_rate: String(x.reRate), surcharge_amount: cents(x.re) } : {}),
    })),
    line_items: gc.lines.map((l) => ({
      description: l.description,
      quantity: String(l.quantity),
      unit_price: String(l.unitCents / 100),
      line_total: cents(l.totalCents),
      vat_rate: String(l.rate),
    })),
  };
  if (gc.dueDate) t.due_date = gc.dueDate;
  if (gc.withholding) t.withholding_total = cents(gc.withholding);
  if (gc.re) t.surcharge_total = cents(gc.re);
  if (gc.grammar.payment) t.iban = gc.iban;
  return t;
}
