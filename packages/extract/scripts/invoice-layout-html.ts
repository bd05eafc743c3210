/** HTML of a layout case: one parametric renderer for the non-legacy layouts (see invoice-layouts.ts). */
import { RE_RATES } from './invoice-cases.ts';
import { formatDate, formatMoney, renderHtml } from './invoice-html.ts';
import { type LayoutCase, paperOf } from './invoice-layouts.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const pct = (r: number, lang: 'es' | 'en') => (lang === 'es' ? String(r).replace('.', ',') : String(r));

function qrBlock(qr: string | null): string {
  if (!qr) return '';
  return `<div style="text-align:center;width:140px"><div style="font-size:9px;font-weight:bold">QR tributario:</div>
    <img src="${qr}" style="width:110px;height:110px"/><div style="font-size:9px;font-weight:bold">VERI*FACTU</div></div>`;
}

/** Prints an amount in cents the way the layout prints money: its sign style and currency. */
function moneyOf(lc: LayoutCase): (cents: number) => string {
  const { c, layout: L } = lc;
  const currency = L.currency ?? 'symbol';
  return (v) => {
    const digits = formatMoney(Math.abs(v), c.numberStyle, currency === 'symbol');
    return signed(lc, v, currency === 'code' ? `EUR ${digits}` : digits);
  };
}

/** `text` (an absolute value) with the sign of `v` in the layout's style. */
function signed(lc: LayoutCase, v: number, text: string): string {
  if (v >= 0) return text;
  const style = lc.layout.negatives ?? 'minus';
  return style === 'parens' ? `(${text})` : style === 'trailing' ? `${text}-` : `-${text}`;
}

const quantityOf = (lc: LayoutCase, q: number) => signed(lc, q, String(Math.abs(q)));

export function renderLayoutHtml(lc: LayoutCase, qr: string | null): string {
  if (lc.layout.legacy) return renderHtml(lc.c, qr);
  if (lc.layout.ticketItems === 'two-line') return rollTicketHtml(lc, qr);
  return lc.layout.family === 'ticket' ? ticketHtml(lc, qr) : invoiceHtml(lc, qr);
}

function invoiceHtml(lc: LayoutCase, qr: string | null): string {
  const { c, layout: L, labels: T } = lc;
  const lang = L.lang;
  const d = (iso: string) => formatDate(iso, c.dateStyle);
  const accent = L.accent ?? '#333';
  const font = L.font ?? "'DejaVu Sans', sans-serif";
  const idLine = (label: string | undefined, id: string) => `<div>${esc(label ?? 'NIF')}: ${esc(id)}</div>`;
  const issuerBlock = (align: 'left' | 'right' | 'center') =>
    `<div style="text-align:${align}"><div style="font-size:19px;font-weight:bold;color:${accent}">${esc(c.issuer.name)}</div>
      ${idLine(L.issuerIdLabel, lc.issuerIdPrinted)}<div>${esc(c.issuer.address[0]!)}</div><div>${esc(c.issuer.address[1]!)}${lang === 'en' ? ', Spain' : ''}</div></div>`;
  const clientInner = () =>
    `${L.clientLabel ? `<div style="font-weight:bold;${L.clientLabel === L.clientLabel.toUpperCase() ? '' : `color:${accent};`}margin-bottom:3px">${esc(L.clientLabel)}</div>` : ''}
      <div style="font-weight:bold">${esc(c.client!.name)}</div>${idLine(L.clientIdLabel, lc.clientIdPrinted!)}
      <div>${esc(c.client!.address[0]!)}</div><div>${esc(c.client!.address[1]!)}</div>`;
  const meta = () => {
    const rows: [string, string][] = [
      [T.number, c.number],
      [T.date, d(c.issueDate)],
    ];
    if (c.dueDate) rows.push([T.due, d(c.dueDate)]);
    if (lc.corrects) rows.push([T.corrects, lc.corrects]);
    if (L.meta === 'inline')
      return `<div style="margin-top:6px">${rows.map(([k, v]) => `${esc(k)}: <b>${esc(v)}</b>`).join(' &nbsp;·&nbsp; ')}</div>`;
    if (L.meta === 'boxes')
      return `<div style="display:flex;gap:10px;margin-top:8px">${rows
        .map(
          ([k, v]) =>
            `<div style="border:1px solid #bbb;padding:5px 9px"><div style="font-size:10px;color:#666">${esc(k)}</div><div style="font-weight:bold">${esc(v)}</div></div>`,
        )
        .join('')}</div>`;
    if (L.meta === 'title-box') {
      const [numberLabel, number] = rows[0]!;
      const rest = rows.slice(1);
      return `<div style="display:inline-block;border:2px solid ${accent};padding:8px 14px;margin-top:4px"><div style="font-size:20px;font-weight:bold;color:${accent}">${esc(T.title)} ${esc(numberLabel)} ${esc(number)}</div>${rest.map(([k, v]) => `<div style="font-weight:bold">${esc(k)} ${esc(v)}</div>`).join('')}</div>`;
    }
    if (L.meta === 'table')
      return `<table style="width:auto;margin-top:8px"><tr>${rows.map(([k]) => `<th style="border:1px solid #888;background:#eee;padding:3px 10px;font-size:11px;text-align:left">${esc(k)}</th>`).join('')}</tr><tr>${rows.map(([, v]) => `<td style="border:1px solid #888;padding:3px 10px">${esc(v)}</td>`).join('')}</tr></table>`;
    if (L.meta === 'captions')
      return `<div style="display:flex;gap:22px;margin-top:8px">${rows
        .map(
          ([k, v]) =>
            `<div><div style="font-weight:bold;font-size:14px">${esc(v)}</div><div style="border-top:1px solid #999;font-size:9px;color:#666;padding-top:1px">${esc(k)}</div></div>`,
        )
        .join('')}</div>`;
    return `<table style="width:auto">${rows.map(([k, v]) => `<tr><td style="padding:1px 10px 1px 0">${esc(k)}:</td><td style="padding:1px 0"><b>${esc(v)}</b></td></tr>`).join('')}</table>`;
  };
  // A title block carries the title itself ("FACTURA Nº …").
  const title =
    L.meta === 'title-box'
      ? ''
      : `<div style="font-size:26px;font-weight:bold;letter-spacing:1px;color:${accent}">${esc(T.title)}</div>`;

  // Header: issuer, title, meta and (for some places) the client.
  let header = '';
  const place = L.clientPlace ?? 'right';
  const clientBox = () => `<div style="width:46%;border:1px solid #999;padding:10px">${clientInner()}</div>`;
  if (L.issuerPlace === 'logo') {
    header = `<div style="text-align:center"><div style="font-size:34px;font-weight:bold;letter-spacing:3px;color:${accent}">${esc(c.issuer.name)}</div>
      <div style="font-size:11px;color:#555;margin-top:4px">${esc(c.issuer.address.join(' · '))}</div><div style="font-size:11px;color:#555">${esc(L.issuerIdLabel ?? 'CIF')}: ${esc(lc.issuerIdPrinted)}</div></div>
      <div style="display:flex;justify-content:space-between;align-items:flex-start;margin-top:26px"><div>${title}${meta()}</div>${clientBox()}</div>`;
  } else if (L.issuerPlace === 'center') {
    header = `${issuerBlock('center')}<div style="border-top:2px solid ${accent};margin:12px 0"></div>
      <div style="display:flex;justify-content:space-between"><div>${title}${meta()}</div>
      ${place === 'right' ? `<div style="width:42%">${clientInner()}</div>` : qrBlock(qr)}</div>`;
  } else if (L.issuerPlace === 'footer') {
    header = `<div style="display:flex;justify-content:space-between"><div>${title}${meta()}</div>${qrBlock(qr)}</div>`;
  } else if (L.issuerPlace === 'top-right') {
    header = `<div style="display:flex;justify-content:space-between"><div>${title}${meta()}</div><div style="width:45%">${issuerBlock('right')}</div></div>`;
  } else {
    header = `<div style="display:flex;justify-content:space-between"><div style="width:52%">${issuerBlock('left')}</div>
      ${place === 'right' ? `<div style="width:42%">${clientInner()}</div>` : `<div style="text-align:right">${title}${meta()}</div>`}</div>
      ${place === 'right' ? `<div style="display:flex;justify-content:space-between;margin-top:18px"><div>${title}${meta()}</div>${qrBlock(qr)}</div>` : ''}`;
  }
  let clientSection = '';
  if (place === 'below') clientSection = `<div style="margin-top:22px">${clientInner()}</div>`;
  else if (place === 'box-right' && L.issuerPlace !== 'logo')
    clientSection = `<div style="display:flex;justify-content:flex-end;margin-top:18px">${clientBox()}</div>`;
  else if (place === 'bill-ship' && lc.shipTo)
    clientSection = `<div style="display:flex;gap:30px;margin-top:24px"><div style="width:48%;border-top:2px solid ${accent};padding-top:6px">${clientInner()}</div>
      <div style="width:48%;border-top:2px solid ${accent};padding-top:6px"><div style="font-weight:bold;color:${accent};margin-bottom:3px">${lang === 'es' ? 'Enviar a' : 'Ship to'}</div>
      <div style="font-weight:bold">${esc(c.client!.name)}</div><div>${esc(lc.shipTo[0]!)}</div><div>${esc(lc.shipTo[1]!)}</div></div></div>`;
  else if (place === 'two-col')
    clientSection = `<div style="display:flex;gap:30px;margin-top:22px"><div style="width:48%;background:#f4f4f4;padding:8px"><div style="font-weight:bold;color:${accent}">${lang === 'es' ? 'Emisor' : 'From'}</div>
      <div>${esc(c.issuer.name)}</div>${idLine(L.issuerIdLabel, lc.issuerIdPrinted)}</div><div style="width:48%;background:#f4f4f4;padding:8px">${clientInner()}</div></div>`;
  if (place === 'right' && L.issuerPlace !== 'center' && L.issuerPlace !== 'top-left' && L.issuerPlace)
    clientSection = `<div style="margin-top:20px;margin-left:auto;width:45%">${clientInner()}</div>`;

  const totals = totalsHtml(lc);
  const payment = c.iban
    ? `<div style="margin-top:26px;font-size:11px">${lang === 'es' ? 'Forma de pago: transferencia bancaria. IBAN' : 'Payment by bank transfer to IBAN'} ${c.iban.replace(/(.{4})/g, '$1 ').trim()}</div>`
    : '';
  const bottomClient =
    place === 'bottom'
      ? `<div style="margin-top:26px;border-top:1px solid #999;padding-top:8px;width:55%">${clientInner()}</div>`
      : '';
  const footer =
    L.issuerPlace === 'footer'
      ? `<div style="margin-top:40px;border-top:1px solid #ccc;padding-top:6px;font-size:10px;color:#444">${esc(c.issuer.name)} · ${esc(L.issuerIdLabel ?? 'CIF')} ${esc(lc.issuerIdPrinted)} · ${esc(c.issuer.address.join(', '))}</div>`
      : L.issuerPlace === 'center'
        ? `<div style="margin-top:30px;font-size:9px;color:#666;text-align:center">Inscrita en el Registro Mercantil, tomo ${1000 + (lc.seed % 9000)}, folio ${10 + (lc.seed % 200)}, hoja ${lc.seed % 99999}</div>`
        : '';
  const tail = `${totals}${bottomClient}${payment}${L.issuerPlace === 'top-left' && place !== 'right' ? qrBlock(qr) : ''}${footer}`;
  const body =
    place === 'sidebar'
      ? `<div style="display:flex;gap:24px"><div style="width:200px;background:#f2eef5;padding:12px;font-size:12px">${clientInner()}<div style="margin-top:18px">${meta()}</div>${qrBlock(qr)}</div>
         <div style="flex:1">${L.issuerPlace === 'top-right' ? issuerBlock('right') : issuerBlock('left')}<div style="margin:14px 0 0">${title}</div>${itemsTable(lc, c.lines)}${totals}${payment}</div></div>`
      : L.carry
        ? carriedSheets(lc, `${header}${clientSection}`, tail)
        : `${header}${clientSection}${itemsTable(lc, c.lines)}${tail}`;
  const a5 = paperOf(L) === 'a5';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; } body { font-family: ${font}; color: #222; margin: 0; }
    table { border-collapse: collapse; width: 100%; } .num { text-align: right; white-space: nowrap; }
    .page { width: ${a5 ? 560 : 794}px; padding: ${L.carry ? '0' : a5 ? '26px 30px' : '44px 52px'}; font-size: ${a5 ? 9.5 : 12.5}px; }
    ${L.carry ? `.sheet { position: relative; height: ${SHEET_HEIGHT}px; padding: 44px 52px; break-after: page; }\n    ` : ''}thead { display: table-header-group; } tr { page-break-inside: avoid; }
    @page { size: ${a5 ? 'A5' : 'A4'}; margin: 0; }
  </style></head><body><div class="page">${body}</div></body></html>`;
}

/** A4 at 96 dpi in CSS pixels, rounded down so a sheet never spills onto a blank page. */
const SHEET_HEIGHT = 1122;
/** Rows on the first sheet (under the header), on a full middle sheet, and on the last (above the totals). */
const FIRST_ROWS = 16;
const MIDDLE_ROWS = 30;
const LAST_ROWS = 22;

/** The lines cut into sheets, the way an ERP paginates: the last sheet keeps room for the totals. */
function sheetsOf<T>(lines: T[]): T[][] {
  const sheets = [lines.slice(0, FIRST_ROWS)];
  let rest = lines.slice(FIRST_ROWS);
  while (rest.length) {
    const n = rest.length <= LAST_ROWS ? rest.length : Math.min(MIDDLE_ROWS, rest.length - 1);
    sheets.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  return sheets;
}

/**
 * A multi-page invoice laid out sheet by sheet: each sheet's table ends with the running sum ("Suma y
 * sigue") and the next opens with it ("Suma anterior"), as paginated ERP invoices print them.
 */
function carriedSheets(lc: LayoutCase, head: string, tail: string): string {
  const sheets = sheetsOf(lc.c.lines);
  let carried = 0;
  return sheets
    .map((lines, i) => {
      const before = carried;
      carried += lines.reduce((s, l) => s + l.totalCents, 0);
      const last = i === sheets.length - 1;
      const table = itemsTable(lc, lines, {
        before: i > 0 ? before : null,
        after: last ? null : carried,
      });
      return `<div class="sheet">${i === 0 ? head : ''}${table}${last ? tail : ''}<div style="position:absolute;bottom:22px;right:52px;font-size:10px;color:#555">Página ${i + 1} de ${sheets.length}</div></div>`;
    })
    .join('');
}

/** The items table of `lines`; `carry` adds the running sum carried in from and on to other sheets. */
function itemsTable(
  lc: LayoutCase,
  lines: LayoutCase['c']['lines'],
  carry: { before: number | null; after: number | null } = { before: null, after: null },
): string {
  const { layout: L, labels: T } = lc;
  const m = moneyOf(lc);
  const q = (n: number) => quantityOf(lc, n);
  const lang = L.lang;
  const style = L.table ?? 'ruled';
  const cell =
    style === 'grid' ? 'border:1px solid #888;' : style === 'ruled' ? 'border-bottom:1px solid #ccc;' : '';
  const th =
    style === 'grid'
      ? 'border:1px solid #888;background:#e6e6e6;'
      : style === 'header-rule'
        ? `border-bottom:2px solid ${L.accent ?? '#333'};`
        : style === 'striped'
          ? 'background:#333;color:#fff;'
          : style === 'dashes'
            ? 'border-top:1px dashed #000;border-bottom:1px dashed #000;'
            : style === 'ruled'
              ? 'background:#eee;'
              : '';
  const cols = L.columns ?? 'std';
  const head: string[] =
    cols === 'code'
      ? [
          'Ref.',
          T.description,
          lang === 'es' ? 'Uds.' : 'Qty',
          lang === 'es' ? 'P. unit.' : 'Price',
          'Dto.',
          `% ${T.vat}`,
          T.amount,
        ]
      : cols === 'qty-first'
        ? [
            T.quantity.toUpperCase(),
            T.description.toUpperCase(),
            T.price.toUpperCase(),
            T.amount.toUpperCase(),
          ]
        : cols === 'hours'
          ? [T.description, lang === 'es' ? 'Horas' : 'Hours', lang === 'es' ? 'Tarifa' : 'Rate', T.amount]
          : cols === 'recargo'
            ? [T.description, 'Cant.', T.price, `% ${T.vat}`, '% R.E.', T.amount]
            : [T.description, T.quantity, T.price, T.vat, T.amount];
  const rows = lines.map((l, i) => {
    const v =
      cols === 'code'
        ? [
            `${String(100 + ((lc.seed + i * 37) % 900))}`,
            esc(l.description),
            q(l.quantity),
            m(l.unitCents),
            '0%',
            `${pct(l.rate, lang)}%`,
            m(l.totalCents),
          ]
        : cols === 'qty-first'
          ? [q(l.quantity), esc(l.description.toUpperCase()), m(l.unitCents), m(l.totalCents)]
          : cols === 'hours'
            ? [esc(l.description), q(l.quantity), m(l.unitCents), m(l.totalCents)]
            : [
                esc(l.description),
                q(l.quantity),
                m(l.unitCents),
                `${pct(l.rate, lang)}%`,
                ...(cols === 'recargo' ? [`${pct(RE_RATES[l.rate] ?? 0, lang)}%`] : []),
                m(l.totalCents),
              ];
    const bg = style === 'striped' && i % 2 ? 'background:#f1f1f1;' : '';
    return `<tr>${v.map((x, j) => `<td class="${j === 1 && cols === 'code' ? '' : j === 0 && cols !== 'qty-first' ? '' : cols === 'qty-first' && j === 1 ? '' : 'num'}" style="${cell}${bg}padding:5px 6px">${x}</td>`).join('')}</tr>`;
  });
  const headRow = `<tr>${head.map((h, j) => `<th class="${j === 0 || (cols === 'code' && j === 1) || (cols === 'qty-first' && j === 1) ? '' : 'num'}" style="${th}padding:6px;text-align:${j === 0 || (cols === 'code' && j === 1) || (cols === 'qty-first' && j === 1) ? 'left' : 'right'};font-size:11.5px">${esc(h)}</th>`).join('')}</tr>`;
  const carryRow = (label: string, v: number) =>
    `<tr style="font-weight:bold"><td colspan="${head.length - 1}" style="${cell}padding:5px 6px;text-align:right">${label}</td><td class="num" style="${cell}padding:5px 6px">${m(v)}</td></tr>`;
  const body = [
    ...(carry.before !== null ? [carryRow('Suma anterior', carry.before)] : []),
    ...rows,
    ...(carry.after !== null ? [carryRow('Suma y sigue', carry.after)] : []),
  ];
  const end = style === 'dashes' ? '<div style="border-top:1px dashed #000;margin-top:2px"></div>' : '';
  // Amounts printed without a currency say once which it is.
  const note =
    L.currency === 'none'
      ? `<div style="margin-top:18px;font-size:11px">${lang === 'es' ? 'Importes en euros' : 'Amounts in euros'}</div>`
      : '';
  return `${note}<table style="margin-top:${note ? 4 : 24}px"><thead>${headRow}</thead><tbody>${body.join('')}</tbody></table>${end}`;
}

function totalsHtml(lc: LayoutCase): string {
  const { c, layout: L, labels: T } = lc;
  const lang = L.lang;
  const m = moneyOf(lc);
  const t = c.totals;
  const kind = L.totals ?? 'stack';
  const totalRow = (big: boolean) =>
    `<tr style="font-weight:bold;font-size:${big ? 16 : 14}px"><td style="padding:5px 6px">${esc(T.total)}</td><td class="num" style="padding:5px 6px">${m(t.total)}</td></tr>`;
  if (kind === 'vat-table') {
    const re = c.recargo;
    const head = [
      T.base,
      `% ${T.vat}`,
      `${lang === 'es' ? 'Cuota' : 'Amount'} ${T.vat}`,
      ...(re ? ['% R.E.', 'Cuota R.E.'] : []),
    ];
    const rows = t.byRate
      .map(
        (x) =>
          `<tr>${[m(x.base), `${pct(x.rate, lang)}%`, m(x.vat), ...(re ? [`${pct(x.reRate, lang)}%`, m(x.re)] : [])].map((v) => `<td class="num" style="border:1px solid #aaa;padding:4px 6px">${v}</td>`).join('')}</tr>`,
      )
      .join('');
    const extra = [
      ...(c.irpfRate ? [[`${T.irpf} ${c.irpfRate}%`, `-${m(t.irpf)}`]] : []),
      [T.total, m(t.total)],
    ];
    return `<table style="margin-top:22px;width:70%;margin-left:auto"><tr>${head.map((h) => `<th class="num" style="border:1px solid #aaa;background:#eee;padding:4px 6px;font-size:11px">${esc(h)}</th>`).join('')}</tr>${rows}</table>
      <table style="width:45%;margin:8px 0 0 auto">${extra.map(([k, v], i) => `<tr style="${i === extra.length - 1 ? 'font-weight:bold;font-size:15px' : ''}"><td style="padding:4px 6px">${esc(k!)}</td><td class="num" style="padding:4px 6px">${v}</td></tr>`).join('')}</table>`;
  }
  if (kind === 'inline') {
    const cols: [string, string][] = [[T.base, m(t.base)]];
    for (const x of t.byRate) cols.push([`${T.vat} ${pct(x.rate, lang)}%`, m(x.vat)]);
    for (const x of t.byRate.filter((y) => y.re)) cols.push([`${T.re} ${pct(x.reRate, lang)}%`, m(x.re)]);
    if (c.irpfRate) cols.push([`${T.irpf} ${c.irpfRate}%`, `-${m(t.irpf)}`]);
    cols.push([T.total, m(t.total)]);
    return `<table style="margin-top:24px;border-top:1px solid #000;border-bottom:1px solid #000"><tr>${cols.map(([k]) => `<td class="num" style="font-size:11px;padding:4px 6px">${esc(k)}</td>`).join('')}</tr>
      <tr>${cols.map(([, v], i) => `<td class="num" style="padding:4px 6px;${i === cols.length - 1 ? 'font-weight:bold' : ''}">${v}</td>`).join('')}</tr></table>`;
  }
  const rows: string[] = [
    `<tr><td style="padding:4px 6px">${esc(T.base)}</td><td class="num" style="padding:4px 6px">${m(t.base)}</td></tr>`,
  ];
  for (const x of t.byRate)
    rows.push(
      `<tr><td style="padding:4px 6px">${esc(T.vat)} ${pct(x.rate, lang)}%${t.byRate.length > 1 ? ` (${lang === 'es' ? 'base' : 'on'} ${m(x.base)})` : ''}</td><td class="num" style="padding:4px 6px">${m(x.vat)}</td></tr>`,
    );
  for (const x of t.byRate.filter((y) => y.re))
    rows.push(
      `<tr><td style="padding:4px 6px">${esc(T.re)} ${pct(x.reRate, lang)}%</td><td class="num" style="padding:4px 6px">${m(x.re)}</td></tr>`,
    );
  if (c.irpfRate)
    rows.push(
      `<tr><td style="padding:4px 6px">${esc(T.irpf)} ${c.irpfRate}%</td><td class="num" style="padding:4px 6px">-${m(t.irpf)}</td></tr>`,
    );
  if (kind === 'boxed')
    return `<table style="width:45%;margin:22px 0 0 auto">${rows.join('')}</table>
      <div style="width:45%;margin:6px 0 0 auto;border:2px solid #222;padding:8px;display:flex;justify-content:space-between;font-weight:bold;font-size:16px"><span>${esc(T.total)}</span><span>${m(t.total)}</span></div>`;
  return `<table style="width:48%;margin:22px 0 0 auto">${rows.join('')}${totalRow(true)}</table>`;
}

function ticketHtml(lc: LayoutCase, qr: string | null): string {
  const { c, layout: L } = lc;
  const m = (v: number) => formatMoney(v, 'es', false);
  const wide = !L.pricesIncludeVat;
  const d = formatDate(c.issueDate, c.dateStyle);
  const rows = c.lines
    .map(
      (l) =>
        `<tr><td>${wide ? '' : `${l.quantity} x `}${esc(l.description)}</td>${wide ? `<td class="num">${l.quantity}</td><td class="num">${m(l.unitCents)}</td><td class="num">${l.rate}%</td>` : ''}<td class="num">${m(l.totalCents)}</td></tr>`,
    )
    .join('');
  const breakdown = c.totals.byRate
    .map(
      (x) => `<tr><td>${x.rate}%</td><td class="num">${m(x.base)}</td><td class="num">${m(x.vat)}</td></tr>`,
    )
    .join('');
  const summary = L.pricesIncludeVat
    ? `<table><tr style="font-weight:bold;font-size:14px"><td>TOTAL (IVA incluido)</td><td class="num">${m(c.totals.total)} €</td></tr></table>
       <table style="margin-top:6px;font-size:11px"><tr><td>Tipo IVA</td><td class="num">Base imponible</td><td class="num">Cuota</td></tr>${breakdown}</table>`
    : `<table style="margin-top:6px"><tr><td>Base imponible</td><td class="num">${m(c.totals.base)}</td></tr>
       ${c.totals.byRate.map((x) => `<tr><td>IVA ${x.rate}% s/ ${m(x.base)}</td><td class="num">${m(x.vat)}</td></tr>`).join('')}
       <tr style="font-weight:bold;font-size:15px"><td>TOTAL</td><td class="num">${m(c.totals.total)} €</td></tr></table>`;
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; } body { margin: 0; color: #111; }
    table { border-collapse: collapse; width: 100%; } .num { text-align: right; white-space: nowrap; } td { padding: 1px 2px; }
    .page { width: ${wide ? 560 : 302}px; padding: ${wide ? 28 : 14}px; font-family: ${wide ? "'DejaVu Sans', sans-serif" : "'DejaVu Sans Mono', monospace"}; font-size: 12px; }
  </style></head><body><div class="page">
  <div style="text-align:${wide ? 'left' : 'center'}"><div style="font-weight:bold;font-size:15px">${esc(c.issuer.name)}</div>
  <div>${esc(L.issuerIdLabel ?? 'NIF')}: ${esc(lc.issuerIdPrinted)}</div><div>${esc(c.issuer.address.join(wide ? ' · ' : ', '))}</div></div>
  <div style="margin-top:10px;font-weight:bold;${wide ? 'font-size:16px' : 'text-align:center'}">FACTURA SIMPLIFICADA</div>
  <div>${wide ? 'Número' : 'Nº'}: ${esc(c.number)}</div><div>Fecha: ${d}${wide ? '' : ` ${String(9 + (lc.seed % 12)).padStart(2, '0')}:${String(lc.seed % 60).padStart(2, '0')}`}</div>
  <div style="border-top:1px dashed #000;margin:6px 0"></div>
  <table>${wide ? '<tr style="font-weight:bold"><td>Artículo</td><td class="num">Uds.</td><td class="num">Precio</td><td class="num">IVA</td><td class="num">Importe</td></tr>' : ''}${rows}</table>
  <div style="border-top:1px dashed #000;margin:6px 0"></div>
  ${summary}
  ${qr ? `<div style="margin-top:8px;display:flex;justify-content:center">${qrBlock(qr)}</div>` : ''}
  <div style="text-align:center;margin-top:8px">Gracias por su compra</div>
  </div></body></html>`;
}

/** The cash a customer hands over: the next 5 € above the total, so the ticket prints change. */
const cashGiven = (total: number) => Math.ceil((total + 1) / 500) * 500;

/**
 * An 80 mm till roll: each item's description over its `qty x price` line, prices with VAT included, the
 * VAT breakdown per rate under the total, and the cash handed over with its change.
 */
function rollTicketHtml(lc: LayoutCase, qr: string | null): string {
  const { c, layout: L } = lc;
  const m = (v: number) => formatMoney(v, 'es', false);
  const time = `${String(8 + (lc.seed % 13)).padStart(2, '0')}:${String((lc.seed * 7) % 60).padStart(2, '0')}`;
  const rows = c.lines
    .map(
      (l) =>
        `<tr><td colspan="2">${esc(l.description)}</td></tr><tr><td style="padding-left:16px">${l.quantity} x ${m(l.unitCents)}</td><td class="num">${m(l.totalCents)}</td></tr>`,
    )
    .join('');
  const breakdown = c.totals.byRate
    .map(
      (x) =>
        `<tr><td>${x.rate}%</td><td class="num">${m(x.base)}</td><td class="num">${m(x.vat)}</td><td class="num">${m(x.base + x.vat)}</td></tr>`,
    )
    .join('');
  const cash = cashGiven(c.totals.total);
  const rule = '<div style="border-top:1px dashed #000;margin:6px 0"></div>';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; } body { margin: 0; color: #111; }
    table { border-collapse: collapse; width: 100%; } .num { text-align: right; white-space: nowrap; } td { padding: 1px 2px; }
    .page { width: 302px; padding: 12px; font-family: 'DejaVu Sans Mono', monospace; font-size: 11.5px; }
  </style></head><body><div class="page">
  <div style="text-align:center"><div style="font-weight:bold;font-size:16px">${esc(c.issuer.name)}</div>
  <div>${esc(c.issuer.address[0]!)}</div><div>${esc(c.issuer.address[1]!)}</div><div>${esc(L.issuerIdLabel ?? 'NIF')} ${esc(lc.issuerIdPrinted)}</div></div>
  ${rule}
  <div>Fra. simplificada: ${esc(c.number)}</div><div>Fecha: ${formatDate(c.issueDate, c.dateStyle)} Hora: ${time}</div>
  ${rule}
  <table><tr style="font-weight:bold"><td>Artículo</td><td class="num">Importe</td></tr>${rows}</table>
  ${rule}
  <table><tr style="font-weight:bold;font-size:15px"><td>TOTAL</td><td class="num">${m(c.totals.total)} EUR</td></tr>
  <tr><td>Efectivo</td><td class="num">${m(cash)}</td></tr><tr><td>Cambio</td><td class="num">${m(cash - c.totals.total)}</td></tr></table>
  ${rule}
  <div style="text-align:center;font-size:10.5px">IVA incluido</div>
  <table style="font-size:10.5px"><tr><td>IVA</td><td class="num">Base</td><td class="num">Cuota</td><td class="num">Total</td></tr>${breakdown}</table>
  ${qr ? `<div style="margin-top:8px;display:flex;justify-content:center">${qrBlock(qr)}</div>` : ''}
  <div style="text-align:center;margin-top:8px">*** Gracias por su compra ***</div>
  </div></body></html>`;
}
