/** HTML of a grammar document (invoice-grammar.ts): one A4 page, blocks placed as the grammar drew them. */
import type { GrammarLang } from './grammar-words.ts';
import { PLACES } from './grammar-words.ts';
import { type GrammarCase, type NumberFormat, printedTaxId, type Relation } from './invoice-grammar.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const GROUP: Record<NumberFormat, string> = {
  'dot-comma': '.',
  'space-comma': ' ',
  'plain-comma': '',
  'comma-dot': ',',
  'plain-dot': '',
};
const decimalOf = (f: NumberFormat) => (f === 'comma-dot' || f === 'plain-dot' ? '.' : ',');

/** An amount in cents in the document's number format: 1.234,56 · 1 234,56 · 1234,56 · 1,234.56 · 1234.56 */
export function formatAmount(cents: number, f: NumberFormat): string {
  const abs = Math.abs(cents);
  const int = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[f]);
  return `${cents < 0 ? '-' : ''}${int}${decimalOf(f)}${String(abs % 100).padStart(2, '0')}`;
}

function moneyOf(gc: GrammarCase): (cents: number) => string {
  const { numberFormat: f, currency, lang } = gc.grammar;
  return (v) => {
    const n = formatAmount(Math.abs(v), f);
    const s =
      currency === 'after'
        ? `${n} €`
        : currency === 'before'
          ? lang === 'en'
            ? `€${n}`
            : `€ ${n}`
          : currency === 'code'
            ? `${n} EUR`
            : n;
    return v < 0 ? `-${s}` : s;
  };
}

const rateOf = (rate: number, f: NumberFormat) => `${String(rate).replace('.', decimalOf(f))} %`;

const LOCALES: Record<GrammarLang, string> = {
  es: 'es',
  ca: 'ca',
  eu: 'eu',
  gl: 'gl',
  en: 'en-GB',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  nl: 'nl',
};

export function formatGrammarDate(gc: GrammarCase, iso: string): string {
  const { dateStyle, dateSeparator, lang } = gc.grammar;
  if (dateStyle === 'long')
    return (
      new Intl.DateTimeFormat(LOCALES[lang], {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
        .format(new Date(`${iso}T00:00:00Z`))
        // ICU writes Basque suffixes as options ("2025(e)ko … 30(a)"); invoices print "2025eko … 30a".
        .replace(/\((\p{L})\)/gu, '$1')
    );
  const [y, m, d] = iso.split('-');
  return [d, m, y].join(dateSeparator);
}

/** Label/value pairs in one of the four relations. `colon`: "Label:" or "Label". */
function pairsHtml(pairs: [string, string, boolean?][], relation: Relation, colon: boolean): string {
  const lbl = (k: string) => esc(colon ? `${k}:` : k);
  const strong = (v: string, bold?: boolean) => (bold ? `<b>${esc(v)}</b>` : esc(v));
  switch (relation) {
    case 'right':
      return `<table style="width:auto">${pairs
        .map(
          ([k, v, b]) =>
            `<tr${b ? ' style="font-size:14px"' : ''}><td style="padding:1px 16px 1px 0">${lbl(k)}</td><td style="padding:1px 0;text-align:right;white-space:nowrap">${strong(v, b)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'below':
      return `<div style="display:flex;gap:12px;flex-wrap:wrap">${pairs
        .map(
          ([k, v, b]) =>
            `<div style="border:1px solid #bbb;padding:4px 9px"><div style="font-size:10px;color:#555">${esc(k)}</div><div style="font-weight:bold;white-space:nowrap${b ? ';font-size:14px' : ''}">${esc(v)}</div></div>`,
        )
        .join('')}</div>`;
    case 'row':
      return `<table style="width:auto;border-collapse:collapse"><tr>${pairs
        .map(
          ([k]) =>
            `<th style="border:1px solid #888;background:#eee;padding:3px 10px;font-size:11px;text-align:left">${esc(k)}</th>`,
        )
        .join('')}</tr><tr>${pairs
        .map(
          ([, v, b]) =>
            `<td style="border:1px solid #888;padding:3px 10px;white-space:nowrap">${strong(v, b)}</td>`,
        )
        .join('')}</tr></table>`;
    case 'inline':
      return `<div>${pairs.map(([k, v, b]) => `${lbl(k)} ${strong(v, b)}`).join(' &nbsp;·&nbsp; ')}</div>`;
  }
}

/** A logo's letters: the initials of the name's first two words ("Müller Logistik GmbH" → "ML"). */
const monogram = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');

export function renderGrammarHtml(gc: GrammarCase): string {
  const g = gc.grammar;
  const L = g.labels;
  const money = moneyOf(gc);
  const date = (iso: string) => formatGrammarDate(gc, iso);
  const colon = gc.seed % 3 !== 0;
  const id = (x: string) => esc(printedTaxId(gc, x));
  const idLine = (x: string) => `<div>${esc(L.taxId)}${colon ? ':' : ''} ${id(x)}</div>`;
  const title = gc.docType === 'credit_note' ? L.creditTitle : L.title;

  const issuerBlock = (align: 'left' | 'right' | 'center') =>
    `<div style="text-align:${align}"><div style="font-size:16px;font-weight:bold;white-space:nowrap;color:${g.accent}">${esc(gc.issuer.name)}</div>
      ${gc.issuer.address.map((a) => `<div>${esc(a)}</div>`).join('')}${idLine(gc.issuer.taxId)}</div>`;
  const idFirst = gc.seed % 4 === 1;
  const returnAddress = g.returnAddress
    ? `<div style="font-size:8px;color:#555;text-decoration:underline;margin-bottom:6px">${esc([gc.issuer.name, ...gc.issuer.address].join(' · '))}</div>`
    : '';
  const clientInner = () =>
    `${returnAddress}${g.clientHeading ? `<div style="font-weight:bold;color:${g.accent};margin-bottom:3px">${esc(L.client)}</div>` : ''}
      <div style="font-weight:bold">${esc(gc.client.name)}</div>${idFirst ? idLine(gc.client.taxId) : ''}
      ${gc.client.address.map((a) => `<div>${esc(a)}</div>`).join('')}${idFirst ? '' : idLine(gc.client.taxId)}`;
  const clientBox = (width: string) =>
    `<div style="width:${width};border:1px solid #999;padding:9px">${clientInner()}</div>`;
  const inlineClient = () =>
    `<div style="margin-top:16px">${returnAddress}<b>${esc(L.client)}:</b> ${esc(gc.client.name)}, ${esc(L.taxId)} ${id(gc.client.taxId)}, ${esc(gc.client.address.join(', '))}</div>`;

  const metaPairs: [string, string][] = [];
  if (g.distractors && gc.seed % 2) metaPairs.push([L.customerNo, gc.customerNo]);
  metaPairs.push([L.number, gc.number], [L.date, date(gc.issueDate)]);
  if (gc.dueDate) metaPairs.push([L.due, date(gc.dueDate)]);
  if (gc.corrects) metaPairs.push([L.corrects, gc.corrects]);
  if (g.distractors) {
    if (!(gc.seed % 2)) metaPairs.push([L.customerNo, gc.customerNo]);
    metaPairs.push([L.order, gc.orderNo]);
  }
  const titleHtml = `<div style="font-size:24px;font-weight:bold;letter-spacing:1px;color:${g.accent};margin-bottom:6px">${esc(title)}</div>`;
  const meta = `${titleHtml}${pairsHtml(metaPairs, g.metaRelation, colon)}`;

  let header: string;
  switch (g.header) {
    case 'issuer-left':
      header = `<div style="display:flex;justify-content:space-between;gap:20px"><div style="width:58%">${issuerBlock('left')}</div>${clientBox('38%')}</div>
        <div style="margin-top:22px">${meta}</div>`;
      break;
    case 'client-left':
      header = `<div style="display:flex;justify-content:space-between;gap:20px"><div style="width:40%;margin-top:40px">${clientInner()}</div><div style="width:56%">${issuerBlock('right')}</div></div>
        <div style="margin-top:22px">${meta}</div>`;
      break;
    case 'stacked':
      header = `${issuerBlock('left')}<div style="margin-top:18px">${meta}</div><div style="margin-top:18px">${clientInner()}</div>`;
      break;
    case 'two-columns':
      header = `${meta}<div style="display:flex;gap:24px;margin-top:20px">
        <div style="width:48%;background:#f3f3f3;padding:8px"><div style="font-weight:bold;color:${g.accent};margin-bottom:3px">${esc(L.issuer)}</div>${issuerBlock('left')}</div>
        <div style="width:48%;background:#f3f3f3;padding:8px">${clientInner()}</div></div>`;
      break;
    case 'inline-client':
      header = `<div style="display:flex;justify-content:space-between;gap:20px"><div style="width:58%">${issuerBlock('left')}</div><div style="width:38%">${meta}</div></div>${inlineClient()}`;
      break;
    case 'issuer-footer':
      header = `<div style="text-align:center;font-size:30px;font-weight:bold;letter-spacing:2px;color:${g.accent}">${esc(g.nameOnlyInFooter ? monogram(gc.issuer.name) : gc.issuer.name)}</div>
        <div style="display:flex;justify-content:space-between;gap:20px;margin-top:24px"><div>${meta}</div>${clientBox('44%')}</div>`;
      break;
  }

  const severalRates = gc.byRate.length > 1;
  const rateColumn = severalRates || gc.seed % 3 === 1;
  const th = (s: string, right = false) =>
    `<th style="border-bottom:1px solid #444;padding:4px 6px;text-align:${right ? 'right' : 'left'};font-size:11px">${esc(s)}</th>`;
  const td = (s: string, right = false) =>
    `<td style="padding:3px 6px;border-bottom:1px solid #ddd;${right ? 'text-align:right;white-space:nowrap' : ''}">${esc(s)}</td>`;
  const qty = (q: number) => String(q).replace('.', decimalOf(g.numberFormat));
  const table = `<table style="width:100%;border-collapse:collapse;margin-top:22px"><tr>${th(L.description)}${th(L.quantity, true)}${th(L.price, true)}${rateColumn ? th(L.rate, true) : ''}${th(L.amount, true)}</tr>
    ${gc.lines
      .map(
        (l) =>
          `<tr>${td(l.description)}${td(qty(l.quantity), true)}${td(money(l.unitCents), true)}${rateColumn ? td(rateOf(l.rate, g.numberFormat), true) : ''}${td(money(l.totalCents), true)}</tr>`,
      )
      .join('')}</table>`;

  const on = L.on;
  let summary = '';
  if (g.vatSummary === 'table') {
    const re = gc.re !== 0;
    summary = `<table style="width:auto;border-collapse:collapse;margin-top:16px"><tr>${th(L.base, true)}${th(`% ${L.vat}`, true)}${th(L.vat, true)}${re ? `${th(`% ${L.surcharge}`, true)}${th(L.surcharge, true)}` : ''}</tr>
      ${gc.byRate
        .map(
          (x) =>
            `<tr>${td(money(x.base), true)}${td(rateOf(x.rate, g.numberFormat), true)}${td(money(x.vat), true)}${re ? `${td(rateOf(x.reRate, g.numberFormat), true)}${td(money(x.re), true)}` : ''}</tr>`,
        )
        .join('')}</table>`;
  } else if (g.vatSummary === 'lines') {
    const rows = gc.byRate.flatMap((x) => [
      [`${L.vat} ${rateOf(x.rate, g.numberFormat)} ${on} ${money(x.base)}`, money(x.vat)],
      ...(x.re
        ? [[`${L.surcharge} ${rateOf(x.reRate, g.numberFormat)} ${on} ${money(x.base)}`, money(x.re)]]
        : []),
    ]);
    summary = `<table style="width:auto;margin-top:16px">${rows.map(([k, v]) => `<tr><td style="padding:1px 18px 1px 0">${esc(k!)}</td><td style="text-align:right">${esc(v!)}</td></tr>`).join('')}</table>`;
  }

  const totals: [string, string, boolean?][] = [[L.base, money(gc.base)]];
  if (severalRates && g.vatSummary !== 'table') {
    for (const x of gc.byRate) totals.push([`${L.vat} ${rateOf(x.rate, g.numberFormat)}`, money(x.vat)]);
    if (g.vatTotalLine) totals.push([L.vatTotal, money(gc.vat)]);
  } else
    totals.push([
      severalRates ? L.vat : `${L.vat} ${rateOf(gc.byRate[0]!.rate, g.numberFormat)}`,
      money(gc.vat),
    ]);
  if (gc.re)
    totals.push([
      severalRates ? L.surcharge : `${L.surcharge} ${rateOf(gc.byRate[0]!.reRate, g.numberFormat)}`,
      money(gc.re),
    ]);
  if (gc.withholdingRate)
    totals.push([`${L.withholding} ${rateOf(gc.withholdingRate, g.numberFormat)}`, money(-gc.withholding)]);
  totals.push([L.total, money(gc.total), true]);
  const wide = g.totalsRelation === 'row' || g.totalsRelation === 'inline';
  const totalsHtml = `<div style="display:flex;justify-content:${wide && gc.seed % 2 ? 'flex-start' : 'flex-end'};margin-top:18px">${pairsHtml(totals, g.totalsRelation, colon && g.totalsRelation !== 'right')}</div>`;

  const grouped = gc.iban.replace(/(.{4})/g, '$1 ').trim();
  const payment = g.payment
    ? `<div style="margin-top:24px;font-size:11px">${esc(L.payment)}. ${esc(L.iban)}: ${grouped}</div>`
    : '';
  const city = gc.issuer.address[1]!.replace(/^[\d\sA-Z-]+\s/, '');
  const registry = g.registry
    ? L.registry
        .replace('{city}', city)
        .replace('{a}', String(1000 + (gc.seed % 8000)))
        .replace('{b}', String(100 + (gc.seed % 800)))
        .replace('{c}', String(10000 + ((gc.seed * 7) % 80000)))
        .replace('{person}', PLACES[g.lang].people[gc.seed % PLACES[g.lang].people.length]!)
    : '';
  const issuerFooter =
    g.header === 'issuer-footer'
      ? `${esc(gc.issuer.name)} · ${esc(L.taxId)} ${id(gc.issuer.taxId)} · ${esc(gc.issuer.address.join(', '))}`
      : '';
  const footer =
    registry || issuerFooter
      ? `<div style="margin-top:36px;border-top:1px solid #ccc;padding-top:6px;font-size:9px;color:#555;text-align:center">${[issuerFooter, esc(registry)].filter(Boolean).join('<br>')}</div>`
      : '';

  return `<!doctype html><html lang="${g.lang}"><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; } body { margin: 0; color: #222; font-family: ${g.font}; }
    .page { width: 794px; padding: 40px 48px; font-size: 12px; }
  </style></head><body><div class="page">${header}${table}${summary}${totalsHtml}${payment}${footer}</div></body></html>`;
}
