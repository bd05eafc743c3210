/** HTML renderings of an invoice case in four layouts (classic, modern, english, ticket). */
import type { DateStyle, InvoiceCase } from './invoice-cases.ts';

const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-');
  switch (style) {
    case 'slash':
      return `${d}/${m}/${y}`;
    case 'dash':
      return `${d}-${m}-${y}`;
    case 'dot':
      return `${d}.${m}.${y}`;
    case 'long_es':
      return `${Number(d)} de ${MONTHS_ES[Number(m) - 1]} de ${y}`;
    case 'long_en':
      return `${MONTHS_EN[Number(m) - 1]} ${Number(d)}, ${y}`;
  }
}

export function formatMoney(centsValue: number, style: 'es' | 'en', symbol = true): string {
  const neg = centsValue < 0;
  const abs = Math.abs(centsValue);
  const int = Math.floor(abs / 100);
  const dec = String(abs % 100).padStart(2, '0');
  const grouped = String(int).replace(/\B(?=(\d{3})+(?!\d))/g, style === 'es' ? '.' : ',');
  const n = style === 'es' ? `${grouped},${dec}` : `${grouped}.${dec}`;
  const s = symbol ? (style === 'es' ? `${n} €` : `€${n}`) : n;
  return neg ? `-${s}` : s;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const rateStr = (r: number, style: 'es' | 'en') => (style === 'es' ? String(r).replace('.', ',') : String(r));

const BASE_CSS = `
  * { box-sizing: border-box; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; color: #222; margin: 0; }
  table { border-collapse: collapse; width: 100%; }
  .num { text-align: right; white-space: nowrap; }
`;

export function renderHtml(c: InvoiceCase, qrDataUrl: string | null): string {
  switch (c.layout) {
    case 'classic':
      return classic(c, qrDataUrl);
    case 'modern':
      return modern(c, qrDataUrl);
    case 'english':
      return english(c);
    case 'ticket':
      return ticket(c, qrDataUrl);
  }
}

function qrBlock(qr: string | null): string {
  if (!qr) return '';
  return `<div style="text-align:center;width:150px"><div style="font-size:10px;font-weight:bold">QR tributario:</div>
    <img src="${qr}" style="width:120px;height:120px"/><div style="font-size:10px;font-weight:bold">VERI*FACTU</div></div>`;
}

function totalsRows(c: InvoiceCase, s: 'es' | 'en'): string {
  const m = (v: number) => formatMoney(v, s);
  const rows: string[] = [];
  rows.push(`<tr><td>Base imponible</td><td class="num">${m(c.totals.base)}</td></tr>`);
  for (const x of c.totals.byRate) {
    rows.push(
      `<tr><td>IVA ${rateStr(x.rate, s)}% sobre ${m(x.base)}</td><td class="num">${m(x.vat)}</td></tr>`,
    );
  }
  for (const x of c.totals.byRate.filter((y) => y.re)) {
    rows.push(
      `<tr><td>Recargo equivalencia ${rateStr(x.reRate, s)}%</td><td class="num">${m(x.re)}</td></tr>`,
    );
  }
  if (c.irpfRate)
    rows.push(`<tr><td>Retención IRPF ${c.irpfRate}%</td><td class="num">-${m(c.totals.irpf)}</td></tr>`);
  rows.push(
    `<tr style="font-weight:bold;font-size:15px"><td>TOTAL FACTURA</td><td class="num">${m(c.totals.total)}</td></tr>`,
  );
  return rows.join('');
}

function classic(c: InvoiceCase, qr: string | null): string {
  const d = (iso: string) => formatDate(iso, c.dateStyle);
  const m = (v: number) => formatMoney(v, 'es');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><style>${BASE_CSS}
    .page { width: 794px; padding: 48px 56px; font-size: 13px; }
    th { background: #eee; text-align: left; padding: 6px; font-size: 12px; } td { padding: 5px 6px; }
    .items td { border-bottom: 1px solid #ddd; }
  </style></head><body><div class="page">
  <div style="display:flex;justify-content:space-between;align-items:flex-start">
    <div><div style="font-size:20px;font-weight:bold">${esc(c.issuer.name)}</div>
      <div>NIF: ${c.issuer.taxId}</div><div>${esc(c.issuer.address[0]!)}</div><div>${esc(c.issuer.address[1]!)}</div></div>
    ${qrBlock(qr)}
  </div>
  <div style="display:flex;justify-content:space-between;margin-top:28px">
    <div style="width:48%;border:1px solid #ccc;padding:10px"><div style="font-weight:bold">Cliente</div>
      <div>${esc(c.client!.name)}</div><div>CIF/NIF: ${c.client!.taxId}</div>
      <div>${esc(c.client!.address[0]!)}</div><div>${esc(c.client!.address[1]!)}</div></div>
    <div style="width:44%"><div style="font-size:22px;font-weight:bold;margin-bottom:6px">FACTURA</div>
      <div>Nº Factura: ${c.number}</div><div>Fecha: ${d(c.issueDate)}</div>
      ${c.dueDate ? `<div>Vencimiento: ${d(c.dueDate)}</div>` : ''}</div>
  </div>
  <table class="items" style="margin-top:28px"><tr><th>Descripción</th><th class="num">Cantidad</th><th class="num">Precio</th><th class="num">IVA</th><th class="num">Importe</th></tr>
  ${c.lines.map((l) => `<tr><td>${esc(l.description)}</td><td class="num">${l.quantity}</td><td class="num">${m(l.unitCents)}</td><td class="num">${l.rate}%</td><td class="num">${m(l.totalCents)}</td></tr>`).join('')}
  </table>
  <table style="width:50%;margin:24px 0 0 auto">${totalsRows(c, 'es')}</table>
  <div style="margin-top:40px;font-size:11px">Forma de pago: transferencia bancaria · IBAN: ${c.iban?.replace(/(.{4})/g, '$1 ').trim()}</div>
  ${qr ? '<div style="font-size:10px;margin-top:6px">Factura verificable en la sede electrónica de la AEAT</div>' : ''}
  </div></body></html>`;
}

function modern(c: InvoiceCase, qr: string | null): string {
  const d = (iso: string) => formatDate(iso, c.dateStyle);
  const m = (v: number) => formatMoney(v, 'es');
  const label = 'font-size:10px;color:#666;text-transform:uppercase;letter-spacing:1px';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><style>${BASE_CSS}
    .page { width: 794px; padding: 40px 48px; font-size: 13px; }
    th { text-align: left; padding: 8px 4px; border-bottom: 2px solid #2a6; font-size: 11px; color:#2a6 } td { padding: 6px 4px; }
  </style></head><body><div class="page">
  <div style="display:flex;justify-content:space-between">
    <div style="font-size:30px;color:#2a6;font-weight:bold">Factura</div>
    <div style="text-align:right"><div style="font-weight:bold;font-size:15px">${esc(c.issuer.name)}</div>
      <div>${esc(c.issuer.address.join(' · '))}</div><div>NIF ${c.issuer.taxId}</div></div>
  </div>
  <div style="display:flex;gap:40px;margin-top:30px">
    <div><div style="${label}">Número de factura</div><div style="font-size:15px">${c.number}</div></div>
    <div><div style="${label}">Fecha de emisión</div><div style="font-size:15px">${d(c.issueDate)}</div></div>
    ${c.dueDate ? `<div><div style="${label}">Fecha de vencimiento</div><div style="font-size:15px">${d(c.dueDate)}</div></div>` : ''}
  </div>
  <div style="margin-top:26px"><div style="${label}">Facturar a</div>
    <div style="font-weight:bold">${esc(c.client!.name)}</div><div>NIF: ${c.client!.taxId}</div><div>${esc(c.client!.address.join(', '))}</div></div>
  <table style="margin-top:26px"><tr><th>Concepto</th><th class="num">Uds.</th><th class="num">Precio unit.</th><th class="num">% IVA</th><th class="num">Total</th></tr>
  ${c.lines.map((l) => `<tr><td>${esc(l.description)}</td><td class="num">${l.quantity}</td><td class="num">${m(l.unitCents)}</td><td class="num">${l.rate}</td><td class="num">${m(l.totalCents)}</td></tr>`).join('')}
  </table>
  <div style="display:flex;justify-content:space-between;margin-top:26px">
    <div>${qrBlock(qr)}</div>
    <table style="width:45%">${totalsRows(c, 'es')}</table>
  </div>
  <div style="margin-top:30px;font-size:11px;color:#555">Pago por transferencia a ${c.iban}</div>
  </div></body></html>`;
}

function english(c: InvoiceCase): string {
  const d = (iso: string) => formatDate(iso, c.dateStyle);
  const m = (v: number) => formatMoney(v, 'en');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${BASE_CSS}
    .page { width: 794px; padding: 48px 56px; font-size: 13px; }
    th { background: #234; color: #fff; text-align: left; padding: 6px; font-size: 12px; } td { padding: 5px 6px; border-bottom: 1px solid #eee }
  </style></head><body><div class="page">
  <div style="display:flex;justify-content:space-between">
    <div><div style="font-size:20px;font-weight:bold">${esc(c.issuer.name)}</div><div>${esc(c.issuer.address[0]!)}</div>
      <div>${esc(c.issuer.address[1]!)}, Spain</div><div>VAT ID: ES${c.issuer.taxId}</div></div>
    <div style="text-align:right"><div style="font-size:26px;font-weight:bold">INVOICE</div>
      <div>Invoice No.: ${c.number}</div><div>Invoice date: ${d(c.issueDate)}</div>${c.dueDate ? `<div>Due date: ${d(c.dueDate)}</div>` : ''}</div>
  </div>
  <div style="margin-top:30px"><div style="font-weight:bold">Bill to:</div><div>${esc(c.client!.name)}</div>
    <div>${esc(c.client!.address.join(', '))}</div><div>VAT ID: ES${c.client!.taxId}</div></div>
  <table style="margin-top:26px"><tr><th>Description</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">VAT</th><th class="num">Amount</th></tr>
  ${c.lines.map((l) => `<tr><td>${esc(l.description)}</td><td class="num">${l.quantity}</td><td class="num">${m(l.unitCents)}</td><td class="num">${l.rate}%</td><td class="num">${m(l.totalCents)}</td></tr>`).join('')}
  </table>
  <table style="width:45%;margin:24px 0 0 auto">
    <tr><td>Subtotal</td><td class="num">${m(c.totals.base)}</td></tr>
    ${c.totals.byRate.map((x) => `<tr><td>VAT ${x.rate}%</td><td class="num">${m(x.vat)}</td></tr>`).join('')}
    ${c.irpfRate ? `<tr><td>Withholding (IRPF ${c.irpfRate}%)</td><td class="num">-${m(c.totals.irpf)}</td></tr>` : ''}
    <tr style="font-weight:bold;font-size:15px"><td>Total due</td><td class="num">${m(c.totals.total)}</td></tr>
  </table>
  <div style="margin-top:40px;font-size:11px">Payment by bank transfer to IBAN ${c.iban?.replace(/(.{4})/g, '$1 ').trim()}</div>
  </div></body></html>`;
}

function ticket(c: InvoiceCase, qr: string | null): string {
  const d = formatDate(c.issueDate, c.dateStyle);
  const m = (v: number) => formatMoney(v, 'es', false);
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><style>${BASE_CSS}
    .page { width: 302px; padding: 14px; font-family: 'DejaVu Sans Mono', monospace; font-size: 12px; }
    td { padding: 1px 0; }
  </style></head><body><div class="page">
  <div style="text-align:center;font-weight:bold;font-size:14px">${esc(c.issuer.name)}</div>
  <div style="text-align:center">NIF: ${c.issuer.taxId}</div>
  <div style="text-align:center">${esc(c.issuer.address[0]!)}</div><div style="text-align:center">${esc(c.issuer.address[1]!)}</div>
  <div style="text-align:center;margin-top:8px;font-weight:bold">FACTURA SIMPLIFICADA</div>
  <div>Nº: ${c.number}</div><div>Fecha: ${d} 12:${String(10 + ((c.lines.length * 7) % 50))}</div>
  <div>--------------------------------</div>
  <table>${c.lines.map((l) => `<tr><td>${l.quantity} x ${esc(l.description)}</td><td class="num">${m(l.totalCents)}</td></tr>`).join('')}</table>
  <div>--------------------------------</div>
  <table><tr style="font-weight:bold;font-size:14px"><td>TOTAL</td><td class="num">${m(c.totals.total)} €</td></tr></table>
  <table style="margin-top:6px;font-size:11px"><tr><td>IVA</td><td class="num">Base</td><td class="num">Cuota</td></tr>
  ${c.totals.byRate.map((x) => `<tr><td>${x.rate}%</td><td class="num">${m(x.base)}</td><td class="num">${m(x.vat)}</td></tr>`).join('')}
  </table>
  ${qr ? `<div style="margin-top:8px;display:flex;justify-content:center">${qrBlock(qr)}</div>` : ''}
  <div style="text-align:center;margin-top:8px">Gracias por su visita</div>
  </div></body></html>`;
}
