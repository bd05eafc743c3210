// kept whole: most of it is one data table (LAYOUTS, ~640 lines, one entry per layout) that the few functions after it read; a case is a pure function of (layout, seed).
/**
 * Spanish invoice layouts that differ the way real ones do: where the client block sits and how it is
 * labelled, how tax ids are written, tables with and without rules, totals as a stack or a VAT table,
 * several VAT rates, IRPF, recargo, credit notes, multi-page invoices, simplified tickets, English
 * invoices of Spanish companies. A case is a pure function of (layout, seed); `HELD_APART` names the
 * layouts and seeds that fitting must never see.
 */
import {
  addDays,
  address,
  type CaseLine,
  COMPANIES,
  digits,
  EN_SERVICES,
  GOODS,
  type InvoiceCase,
  type Layout as LegacyLayout,
  makeCase,
  makeCif,
  makeIban,
  makeNie,
  makeNif,
  PEOPLE,
  pick,
  RE_RATES,
  RETAILERS,
  rng,
  SERVICES,
  truthOf,
} from './invoice-cases.ts';
import { GRAMMAR_LAYOUT, isGrammarHeldApart } from './invoice-grammar.ts';

export type Family =
  | 'invoice'
  | 'freelancer'
  | 'recargo'
  | 'credit'
  | 'multipage'
  | 'ticket'
  | 'english'
  /** Drawn by the layout grammar (invoice-grammar.ts), not a fixed layout. */
  | 'grammar';
export type IdStyle = 'bare' | 'dash' | 'dotted' | 'spaced' | 'es' | 'es-space' | 'es-dash';
export type ClientPlace =
  | 'right'
  | 'below'
  | 'box-right'
  | 'two-col'
  | 'sidebar'
  | 'bottom'
  | 'bill-ship'
  | 'none';
/** The sheet: A4, A5 (half a page), or an 80 mm till roll. */
export type Paper = 'a4' | 'a5' | 'roll';

export type LayoutDef = {
  id: string;
  family: Family;
  lang: 'es' | 'en';
  /** The four original layouts keep their own case builder and HTML. */
  legacy?: LegacyLayout;
  issuer?: 'company' | 'freelancer' | 'any';
  /** Which Spanish id a freelancer issuer has (the label must fit: DNI → NIF, NIE → NIE). */
  personId?: 'nif' | 'nie';
  /** A private person as the client (a DNI), instead of a company. */
  clientKind?: 'company' | 'person';
  /** `logo`: the name set large and centred like a logo, the id and address centred under it. */
  issuerPlace?: 'top-left' | 'top-right' | 'center' | 'footer' | 'logo';
  clientPlace?: ClientPlace;
  clientLabel?: string | null;
  issuerIdLabel?: string;
  clientIdLabel?: string;
  idStyle?: IdStyle;
  table?: 'ruled' | 'grid' | 'plain' | 'striped' | 'header-rule' | 'dashes';
  /** `recargo`: the recargo de equivalencia rate is a column of the items table. */
  columns?: 'std' | 'code' | 'qty-first' | 'hours' | 'recargo';
  totals?: 'stack' | 'vat-table' | 'inline' | 'boxed';
  /**
   * How number and dates are printed: label-value rows, one inline line, label-over-value boxes, a
   * bordered title block ("FACTURA Nº … / FECHA …"), a ruled table (labels row, values row under it), or
   * values with their captions printed under them.
   */
  meta?: 'rows' | 'inline' | 'boxes' | 'title-box' | 'table' | 'captions';
  font?: string;
  accent?: string;
  rates?: 'single' | 'mixed' | 'maybe';
  recargo?: 'never' | 'always' | 'maybe';
  /** Ticket prices include VAT (the breakdown is printed below). */
  pricesIncludeVat?: boolean;
  qr?: boolean;
  /** A4 unless said; tickets that print VAT-inclusive prices are rolls, other tickets A5. */
  paper?: Paper;
  /** How a negative amount is printed: `-1,00`, `(1,00)` or `1,00-` (ERP style). */
  negatives?: 'minus' | 'parens' | 'trailing';
  /** The currency as a symbol (`1,00 €`), as its code (`EUR 1.00`), or not at all (said once above the table). */
  currency?: 'symbol' | 'code' | 'none';
  /** Multi-page: each page ends with a "Suma y sigue" carry line and the next opens with it. */
  carry?: boolean;
  /** Ticket items: one line each, or the description over a `qty x price` line. */
  ticketItems?: 'one-line' | 'two-line';
  labels?: Partial<Labels>;
};

export type Labels = {
  title: string;
  number: string;
  date: string;
  due: string;
  base: string;
  vat: string;
  irpf: string;
  re: string;
  total: string;
  description: string;
  quantity: string;
  price: string;
  amount: string;
  /** The label of the invoice a credit note corrects. */
  corrects: string;
};

export const ES_LABELS: Labels = {
  title: 'FACTURA',
  number: 'Nº Factura',
  date: 'Fecha',
  due: 'Vencimiento',
  base: 'Base imponible',
  vat: 'IVA',
  irpf: 'Retención IRPF',
  re: 'Recargo de equivalencia',
  total: 'TOTAL FACTURA',
  description: 'Descripción',
  quantity: 'Cantidad',
  price: 'Precio',
  amount: 'Importe',
  corrects: 'Rectifica a la factura',
};
export const EN_LABELS: Labels = {
  title: 'INVOICE',
  number: 'Invoice No.',
  date: 'Invoice date',
  due: 'Due date',
  base: 'Subtotal',
  vat: 'VAT',
  irpf: 'Withholding (IRPF)',
  re: 'Equivalence surcharge',
  total: 'Total due',
  description: 'Description',
  quantity: 'Qty',
  price: 'Unit price',
  amount: 'Amount',
  corrects: 'Corrects invoice',
};

/** Every layout, by id. The first four are the original generator's. */
export const LAYOUTS: LayoutDef[] = [
  { id: 'classic', family: 'invoice', lang: 'es', legacy: 'classic' },
  { id: 'modern', family: 'invoice', lang: 'es', legacy: 'modern' },
  { id: 'english', family: 'english', lang: 'en', legacy: 'english' },
  { id: 'ticket', family: 'ticket', lang: 'es', legacy: 'ticket' },
  {
    id: 'es-cliente-right-ruled',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-left',
    clientPlace: 'right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'bare',
    table: 'ruled',
    totals: 'stack',
    rates: 'maybe',
    qr: true,
  },
  {
    id: 'es-facturar-a-below',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-right',
    clientPlace: 'below',
    clientLabel: 'Facturar a',
    issuerIdLabel: 'N.I.F.',
    clientIdLabel: 'N.I.F.',
    idStyle: 'dotted',
    table: 'header-rule',
    totals: 'stack',
    meta: 'boxes',
    accent: '#1b5e9a',
    labels: { title: 'Factura', number: 'Número', date: 'Fecha de emisión', due: 'Fecha de vencimiento' },
  },
  {
    id: 'es-datos-cliente-box',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-left',
    clientPlace: 'box-right',
    clientLabel: 'Datos del cliente',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'CIF',
    idStyle: 'dash',
    table: 'grid',
    totals: 'vat-table',
    rates: 'mixed',
    labels: { number: 'Factura nº', date: 'Fecha factura' },
  },
  {
    id: 'es-destinatario-twocol',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-left',
    clientPlace: 'two-col',
    clientLabel: 'Destinatario',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'es-space',
    table: 'plain',
    totals: 'inline',
    meta: 'inline',
  },
  {
    id: 'es-sin-etiqueta-cliente',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-left',
    clientPlace: 'right',
    clientLabel: null,
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'bare',
    table: 'striped',
    totals: 'boxed',
    rates: 'maybe',
  },
  {
    id: 'es-sidebar',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-left',
    clientPlace: 'sidebar',
    clientLabel: 'Cliente',
    issuerIdLabel: 'C.I.F.',
    clientIdLabel: 'C.I.F.',
    idStyle: 'bare',
    table: 'ruled',
    totals: 'stack',
    accent: '#7a2e8c',
  },
  {
    id: 'es-cliente-al-pie',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'center',
    clientPlace: 'bottom',
    clientLabel: 'Datos del cliente',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'spaced',
    table: 'header-rule',
    totals: 'stack',
    font: "'DejaVu Serif', serif",
  },
  {
    id: 'es-autonomo-dni-irpf',
    family: 'freelancer',
    lang: 'es',
    issuer: 'freelancer',
    personId: 'nif',
    issuerPlace: 'top-left',
    clientPlace: 'right',
    clientLabel: 'Cliente:',
    issuerIdLabel: 'DNI',
    clientIdLabel: 'CIF',
    idStyle: 'bare',
    table: 'ruled',
    columns: 'hours',
    totals: 'stack',
  },
  {
    id: 'es-autonomo-nie',
    family: 'freelancer',
    lang: 'es',
    issuer: 'freelancer',
    personId: 'nie',
    issuerPlace: 'top-right',
    clientPlace: 'below',
    clientLabel: 'Facturar a',
    issuerIdLabel: 'NIE',
    clientIdLabel: 'NIF',
    idStyle: 'dash',
    table: 'plain',
    totals: 'vat-table',
  },
  {
    id: 'es-autonomo-minimal',
    family: 'freelancer',
    lang: 'es',
    issuer: 'freelancer',
    issuerPlace: 'center',
    clientPlace: 'below',
    clientLabel: 'Destinatario',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'dotted',
    table: 'plain',
    totals: 'inline',
    meta: 'inline',
    labels: { irpf: 'IRPF', total: 'Total a pagar' },
  },
  {
    id: 'es-recargo-grid',
    family: 'recargo',
    lang: 'es',
    issuer: 'company',
    recargo: 'always',
    issuerPlace: 'top-left',
    clientPlace: 'box-right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'NIF',
    idStyle: 'bare',
    table: 'grid',
    totals: 'vat-table',
    rates: 'mixed',
  },
  {
    id: 'es-recargo-stack',
    family: 'recargo',
    lang: 'es',
    issuer: 'company',
    recargo: 'always',
    issuerPlace: 'top-right',
    clientPlace: 'below',
    clientLabel: 'Datos del cliente',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'es',
    table: 'ruled',
    totals: 'stack',
    rates: 'maybe',
    labels: { re: 'R.E.' },
  },
  {
    id: 'es-referencias-descuento',
    family: 'invoice',
    lang: 'es',
    issuer: 'company',
    issuerPlace: 'top-left',
    clientPlace: 'right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'CIF',
    idStyle: 'bare',
    table: 'striped',
    columns: 'code',
    totals: 'vat-table',
    rates: 'mixed',
    labels: { description: 'Concepto' },
  },
  {
    id: 'es-rectificativa',
    family: 'credit',
    lang: 'es',
    issuerPlace: 'top-left',
    clientPlace: 'right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'bare',
    table: 'ruled',
    totals: 'stack',
    labels: { title: 'FACTURA RECTIFICATIVA', number: 'Nº', total: 'TOTAL' },
  },
  {
    id: 'es-abono',
    family: 'credit',
    lang: 'es',
    issuerPlace: 'top-right',
    clientPlace: 'below',
    clientLabel: 'Facturar a',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'CIF',
    idStyle: 'es-dash',
    table: 'header-rule',
    totals: 'vat-table',
    labels: { title: 'Factura de abono', number: 'Número', total: 'Total abono' },
  },
  {
    id: 'es-multipagina',
    family: 'multipage',
    lang: 'es',
    issuer: 'company',
    issuerPlace: 'top-left',
    clientPlace: 'right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'CIF',
    idStyle: 'bare',
    table: 'ruled',
    totals: 'stack',
    rates: 'maybe',
  },
  {
    id: 'es-multipagina-rejilla',
    family: 'multipage',
    lang: 'es',
    issuer: 'company',
    issuerPlace: 'center',
    clientPlace: 'box-right',
    clientLabel: 'Datos del cliente',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'dash',
    table: 'grid',
    columns: 'code',
    totals: 'vat-table',
    rates: 'mixed',
  },
  {
    id: 'es-membrete-serif',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'center',
    clientPlace: 'right',
    clientLabel: 'Sr./Sres.',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'bare',
    table: 'header-rule',
    totals: 'boxed',
    font: "'DejaVu Serif', serif",
    qr: true,
  },
  {
    id: 'es-emisor-al-pie',
    family: 'invoice',
    lang: 'es',
    issuer: 'company',
    issuerPlace: 'footer',
    clientPlace: 'box-right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'CIF',
    idStyle: 'bare',
    table: 'ruled',
    totals: 'stack',
    meta: 'boxes',
  },
  {
    id: 'es-nif-iva-intracomunitario',
    family: 'invoice',
    lang: 'es',
    issuer: 'company',
    issuerPlace: 'top-left',
    clientPlace: 'right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'NIF-IVA',
    clientIdLabel: 'VAT',
    idStyle: 'es',
    table: 'ruled',
    totals: 'stack',
  },
  {
    id: 'es-cabecera-en-linea',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-left',
    clientPlace: 'right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'N.I.F.',
    clientIdLabel: 'N.I.F.',
    idStyle: 'spaced',
    table: 'header-rule',
    totals: 'stack',
    meta: 'inline',
    rates: 'maybe',
  },
  {
    id: 'es-erp-monoespaciado',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-left',
    clientPlace: 'right',
    clientLabel: 'CLIENTE',
    issuerIdLabel: 'C.I.F.',
    clientIdLabel: 'C.I.F.',
    idStyle: 'bare',
    table: 'dashes',
    columns: 'qty-first',
    totals: 'inline',
    font: "'DejaVu Sans Mono', monospace",
    rates: 'maybe',
  },
  {
    id: 'es-cliente-particular-dni',
    family: 'invoice',
    lang: 'es',
    issuer: 'company',
    clientKind: 'person',
    issuerPlace: 'top-right',
    clientPlace: 'box-right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'DNI',
    idStyle: 'spaced',
    table: 'striped',
    totals: 'boxed',
    labels: { title: 'FACTURA', number: 'Factura nº', date: 'Fecha', total: 'TOTAL' },
  },
  {
    id: 'ticket-iva-incluido',
    family: 'ticket',
    lang: 'es',
    issuer: 'company',
    clientPlace: 'none',
    issuerIdLabel: 'CIF',
    idStyle: 'bare',
    pricesIncludeVat: true,
    rates: 'mixed',
    qr: true,
  },
  {
    id: 'ticket-simplificada-a5',
    family: 'ticket',
    lang: 'es',
    issuer: 'company',
    clientPlace: 'none',
    issuerIdLabel: 'N.I.F.',
    idStyle: 'dash',
    pricesIncludeVat: false,
    rates: 'mixed',
  },
  {
    id: 'en-bill-to-vat-no',
    family: 'english',
    lang: 'en',
    issuer: 'company',
    issuerPlace: 'top-left',
    clientPlace: 'below',
    clientLabel: 'Bill to',
    issuerIdLabel: 'VAT No.',
    clientIdLabel: 'VAT No.',
    idStyle: 'es-space',
    table: 'ruled',
    totals: 'stack',
  },
  {
    id: 'en-customer-sidebar',
    family: 'english',
    lang: 'en',
    issuerPlace: 'top-right',
    clientPlace: 'sidebar',
    clientLabel: 'Customer',
    issuerIdLabel: 'Tax ID',
    clientIdLabel: 'Tax ID',
    idStyle: 'es',
    table: 'plain',
    totals: 'stack',
  },
  {
    id: 'es-lateral-datos',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-right',
    clientPlace: 'sidebar',
    clientLabel: 'Facturado a',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'dotted',
    table: 'header-rule',
    totals: 'vat-table',
    accent: '#2e6b3a',
    labels: { number: 'Número de factura', date: 'Fecha de expedición' },
  },
  {
    id: 'es-titulo-recuadro',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-left',
    clientPlace: 'below',
    clientLabel: 'Cliente',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'CIF',
    idStyle: 'bare',
    table: 'grid',
    totals: 'stack',
    meta: 'title-box',
    rates: 'maybe',
    labels: { number: 'Nº', date: 'FECHA', due: 'VENCIMIENTO' },
  },
  {
    id: 'es-datos-en-tabla',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'center',
    clientPlace: 'bottom',
    clientLabel: 'Cliente',
    issuerIdLabel: 'C.I.F.',
    clientIdLabel: 'N.I.F.',
    idStyle: 'dash',
    table: 'ruled',
    totals: 'boxed',
    meta: 'table',
    labels: { number: 'Nº factura', date: 'Fecha', due: 'Vencimiento' },
  },
  {
    id: 'es-valores-con-pie',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'top-right',
    clientPlace: 'box-right',
    clientLabel: 'Señores',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'es',
    table: 'striped',
    totals: 'stack',
    meta: 'captions',
    font: "'DejaVu Serif', serif",
    labels: { number: 'Número', date: 'Fecha de factura' },
  },
  {
    id: 'es-emisor-al-pie-tabla',
    family: 'freelancer',
    lang: 'es',
    issuer: 'freelancer',
    personId: 'nif',
    issuerPlace: 'footer',
    clientPlace: 'below',
    clientLabel: 'Datos del cliente',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'CIF',
    idStyle: 'bare',
    table: 'plain',
    totals: 'vat-table',
    meta: 'table',
  },
  {
    id: 'en-invoice-to-sidebar',
    family: 'english',
    lang: 'en',
    issuer: 'company',
    issuerPlace: 'top-left',
    clientPlace: 'sidebar',
    clientLabel: 'Invoice to',
    issuerIdLabel: 'VAT No.',
    clientIdLabel: 'VAT No.',
    idStyle: 'es-space',
    table: 'header-rule',
    totals: 'stack',
    labels: { number: 'Invoice #', date: 'Date of issue' },
  },
  {
    id: 'ticket-rollo-80mm',
    family: 'ticket',
    lang: 'es',
    issuer: 'company',
    clientPlace: 'none',
    issuerIdLabel: 'C.I.F.',
    idStyle: 'dotted',
    paper: 'roll',
    pricesIncludeVat: true,
    ticketItems: 'two-line',
    rates: 'mixed',
  },
  {
    id: 'es-a5-compacta',
    family: 'invoice',
    lang: 'es',
    paper: 'a5',
    issuerPlace: 'top-left',
    clientPlace: 'below',
    clientLabel: 'Cliente',
    issuerIdLabel: 'NIF',
    clientIdLabel: 'NIF',
    idStyle: 'bare',
    table: 'ruled',
    totals: 'vat-table',
    rates: 'maybe',
    labels: { number: 'Factura', date: 'Fecha' },
  },
  {
    id: 'es-multipagina-suma-sigue',
    family: 'multipage',
    lang: 'es',
    issuer: 'company',
    issuerPlace: 'top-right',
    clientPlace: 'below',
    clientLabel: 'Cliente',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'CIF',
    idStyle: 'bare',
    table: 'grid',
    totals: 'stack',
    rates: 'maybe',
    carry: true,
  },
  {
    id: 'es-recargo-columna',
    family: 'recargo',
    lang: 'es',
    issuer: 'company',
    recargo: 'always',
    issuerPlace: 'top-right',
    clientPlace: 'right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'N.I.F.',
    clientIdLabel: 'N.I.F.',
    idStyle: 'dotted',
    table: 'ruled',
    columns: 'recargo',
    totals: 'boxed',
    rates: 'mixed',
    labels: { re: 'Rec. equivalencia' },
  },
  {
    id: 'es-rectificativa-parentesis',
    family: 'credit',
    lang: 'es',
    issuer: 'company',
    issuerPlace: 'top-left',
    clientPlace: 'box-right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'CIF',
    idStyle: 'bare',
    table: 'striped',
    totals: 'stack',
    negatives: 'parens',
    labels: {
      title: 'FACTURA RECTIFICATIVA',
      number: 'Nº rectificativa',
      total: 'TOTAL A DEVOLVER',
      corrects: 'Factura rectificada',
    },
  },
  {
    id: 'es-abono-signo-final',
    family: 'credit',
    lang: 'es',
    issuer: 'company',
    issuerPlace: 'top-left',
    clientPlace: 'right',
    clientLabel: 'CLIENTE',
    issuerIdLabel: 'C.I.F.',
    clientIdLabel: 'C.I.F.',
    idStyle: 'bare',
    table: 'dashes',
    totals: 'inline',
    negatives: 'trailing',
    currency: 'none',
    font: "'DejaVu Sans Mono', monospace",
    labels: { title: 'ABONO', number: 'Nº abono', total: 'TOTAL', corrects: 'S/Factura origen' },
  },
  {
    id: 'en-bill-ship-to',
    family: 'english',
    lang: 'en',
    issuer: 'company',
    issuerPlace: 'top-right',
    clientPlace: 'bill-ship',
    clientLabel: 'Bill to',
    issuerIdLabel: 'VAT No.',
    clientIdLabel: 'VAT No.',
    idStyle: 'es',
    table: 'header-rule',
    totals: 'boxed',
    currency: 'code',
    labels: { number: 'Invoice number', date: 'Date', total: 'Balance due' },
  },
  {
    id: 'es-logo-centrado',
    family: 'invoice',
    lang: 'es',
    issuerPlace: 'logo',
    clientPlace: 'box-right',
    clientLabel: 'Cliente',
    issuerIdLabel: 'CIF',
    clientIdLabel: 'NIF',
    idStyle: 'spaced',
    table: 'plain',
    totals: 'stack',
    meta: 'rows',
    rates: 'maybe',
    accent: '#8a4b08',
  },
];

/**
 * Never fitted on: these layouts whole, and on every layout the seeds with `seed % 5 === 4`; for grammar
 * documents (`grammar-<seed>`), the held-apart regions of `GRAMMAR_HELD_APART`. The benchmark reports
 * them as its validation column.
 */
export const HELD_APART = {
  layouts: [
    'es-sidebar',
    'es-cliente-al-pie',
    'es-autonomo-nie',
    'es-recargo-stack',
    'es-abono',
    'es-multipagina-rejilla',
    'ticket-simplificada-a5',
    'en-customer-sidebar',
  ] as readonly string[],
  seedModulus: 5,
  seedRemainder: 4,
} as const;

export function isHeldApart(layout: string, seed: number): boolean {
  // The grammar holds apart whole regions (label languages, header arrangements), never seeds.
  if (layout === GRAMMAR_LAYOUT) return isGrammarHeldApart(seed);
  return (
    HELD_APART.layouts.includes(layout) ||
    ((seed % HELD_APART.seedModulus) + HELD_APART.seedModulus) % HELD_APART.seedModulus ===
      HELD_APART.seedRemainder
  );
}

/** A generated document's expected.json, as far as holding it apart goes. */
type Expected = { heldApart?: boolean; layout?: string; truth?: { split?: string } };
/** A cached generated document's id: `gen:<layout>-<seed>-<output>`. */
const GENERATED_ID = /^gen:(.+)-(\d+)-(pdf|png|scan)$/;

/** Never fit on this generated document: flagged held apart, or a held-apart layout or seed. */
export function heldApartDoc(id: string, expected: Expected = {}): boolean {
  if (expected.heldApart || expected.truth?.split === 'validation') return true;
  const m = GENERATED_ID.exec(id);
  return !!m && isHeldApart(expected.layout ?? m[1]!, Number(m[2]));
}

/** Throws if a fitting cache holds a held-apart generated document. */
export function assertNoHeldApart(
  docs: { id: string; truth?: Record<string, unknown> }[],
  what: string,
): void {
  const held = docs.filter((d) => heldApartDoc(d.id, { truth: d.truth as Expected['truth'] }));
  if (held.length)
    throw new Error(
      `${what} holds ${held.length} held-apart document(s) (${held
        .slice(0, 3)
        .map((d) => d.id)
        .join(', ')}): a fitting cache must never contain them`,
    );
}

export function layoutById(id: string): LayoutDef {
  const def = LAYOUTS.find((l) => l.id === id);
  if (!def) throw new Error(`Unknown layout ${id}`);
  return def;
}

/** A generated case: the invoice, how its ids are printed, and what kind of document it is. */
export type LayoutCase = {
  layout: LayoutDef;
  seed: number;
  c: InvoiceCase;
  docType: 'invoice' | 'credit_note' | 'receipt';
  /** Original invoice a credit note corrects. */
  corrects: string | null;
  issuerIdPrinted: string;
  clientIdPrinted: string | null;
  labels: Labels;
  /** Ticket lines printed with VAT included: gross cents per line. */
  grossLines: number[] | null;
  /** Where the goods go, when the layout prints a "Ship to" block beside "Bill to". */
  shipTo: string[] | null;
};

/** The sheet a layout prints on. */
export function paperOf(layout: LayoutDef): Paper {
  if (layout.paper) return layout.paper;
  if (layout.family !== 'ticket') return 'a4';
  return layout.legacy === 'ticket' || layout.pricesIncludeVat ? 'roll' : 'a5';
}

function hashId(id: string): number {
  let h = 2166136261;
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** How a Spanish id is printed in a style. The truth keeps the ES prefix when the print has it. */
export function formatTaxId(id: string, style: IdStyle): string {
  const letterFirst = /^[A-Z]/.test(id);
  const body = id;
  switch (style) {
    case 'bare':
      return body;
    case 'dash':
      return letterFirst ? `${id[0]}-${id.slice(1)}` : `${id.slice(0, -1)}-${id.slice(-1)}`;
    case 'dotted': {
      // 12.345.678-Z, B-12.345.674, X-1.234.567-L
      if (/^\d{8}[A-Z]$/.test(id)) return `${id.slice(0, 2)}.${id.slice(2, 5)}.${id.slice(5, 8)}-${id[8]}`;
      if (/^[XYZ]\d{7}[A-Z]$/.test(id))
        return `${id[0]}-${id[1]}.${id.slice(2, 5)}.${id.slice(5, 8)}-${id[8]}`;
      return `${id[0]}-${id.slice(1, 3)}.${id.slice(3, 6)}.${id.slice(6)}`;
    }
    case 'spaced':
      return letterFirst ? `${id[0]} ${id.slice(1)}` : `${id.slice(0, -1)} ${id.slice(-1)}`;
    case 'es':
      return `ES${id}`;
    case 'es-space':
      return `ES ${id}`;
    case 'es-dash':
      return `ES-${id}`;
  }
}

const truthId = (id: string, style: IdStyle) => (style.startsWith('es') ? `ES${id}` : id);

function computeTotals(lines: CaseLine[], irpfRate: number | null, recargo: boolean) {
  const rates = [...new Set(lines.map((l) => l.rate))].sort((a, b) => b - a);
  const byRate = rates.map((rate) => {
    const base = lines.filter((l) => l.rate === rate).reduce((s, l) => s + l.totalCents, 0);
    const vat = Math.round((base * rate) / 100);
    const reRate = recargo ? RE_RATES[rate]! : 0;
    const re = recargo ? Math.round((base * reRate) / 100) : 0;
    return { rate, base, vat, reRate, re };
  });
  const base = byRate.reduce((s, x) => s + x.base, 0);
  const vat = byRate.reduce((s, x) => s + x.vat, 0);
  const re = byRate.reduce((s, x) => s + x.re, 0);
  const irpf = irpfRate ? Math.round((base * irpfRate) / 100) : 0;
  return { byRate, base, vat, re, irpf, total: base + vat + re - irpf };
}

const SERIES = ['F', 'FAC', 'A', 'FV', 'FRA', 'C'] as const;

/** The case of `layout` for `seed`: deterministic, valid ids, totals that add up. */
export function makeLayoutCase(layoutId: string, seed: number): LayoutCase {
  const layout = layoutById(layoutId);
  const labels = { ...(layout.lang === 'en' ? EN_LABELS : ES_LABELS), ...layout.labels };
  if (layout.legacy) {
    const c = { ...makeCase(seed, layout.legacy), id: `${layout.id}-${seed}` };
    if (c.layout !== 'classic') c.recargo = false;
    const t = truthOf(c);
    return {
      layout,
      seed,
      c,
      docType: layout.legacy === 'ticket' ? 'receipt' : 'invoice',
      corrects: null,
      issuerIdPrinted: String(t.issuer_tax_id),
      clientIdPrinted: c.client ? String(t.client_tax_id) : null,
      labels,
      grossLines: null,
      shipTo: null,
    };
  }
  const r = rng(seed ^ hashId(layout.id));
  const ticket = layout.family === 'ticket';
  const freelancer = layout.issuer === 'freelancer' || (layout.issuer !== 'company' && !ticket && r() < 0.35);
  const personId = layout.personId ?? (r() < 0.25 ? 'nie' : 'nif');
  const issuer = freelancer
    ? { name: pick(r, PEOPLE), taxId: personId === 'nie' ? makeNie(r) : makeNif(r), address: address(r) }
    : (() => {
        const [n, suffix] = pick(r, COMPANIES);
        return {
          name: `${n} ${suffix}`,
          taxId: makeCif(r, suffix === 'S.A.' ? 'A' : 'B'),
          address: address(r),
        };
      })();
  const recargo = layout.recargo === 'always' || (layout.recargo === 'maybe' && !freelancer && r() < 0.35);
  const client = ticket
    ? null
    : layout.clientKind === 'person'
      ? { name: pick(r, PEOPLE), taxId: makeNif(r), address: address(r) }
      : recargo
        ? { name: pick(r, RETAILERS), taxId: r() < 0.5 ? makeNif(r) : makeCif(r, 'B'), address: address(r) }
        : (() => {
            const [n, suffix] = pick(
              r,
              COMPANIES.filter(([x]) => !issuer.name.startsWith(x)),
            );
            return {
              name: `${n} ${suffix}`,
              taxId: makeCif(r, suffix === 'S.A.' ? 'A' : 'B'),
              address: address(r),
            };
          })();
  const year = 2023 + Math.floor(r() * 3);
  const issueDate = addDays(`${year}-01-01`, Math.floor(r() * 360));
  const dueDate = ticket ? null : addDays(issueDate, pick(r, [0, 15, 30, 30, 60]));
  const credit = layout.family === 'credit';
  const series = credit ? pick(r, ['R', 'RECT', 'AB'] as const) : pick(r, SERIES);
  const seq = 1 + Math.floor(r() * 999);
  const number = ticket
    ? `T${String(year).slice(2)}-${digits(r, 6)}`
    : pick(r, [
        `${series}${year}/${String(seq).padStart(4, '0')}`,
        `${series}-${year}-${String(seq).padStart(5, '0')}`,
        `${series}/${String(year).slice(2)}/${String(seq).padStart(3, '0')}`,
        `${year}${String(seq).padStart(4, '0')}`,
      ]);
  const corrects = credit ? `F${year}/${String(1 + Math.floor(r() * 999)).padStart(4, '0')}` : null;
  const nLines =
    layout.family === 'multipage'
      ? 38 + Math.floor(r() * 24)
      : ticket
        ? 2 + Math.floor(r() * 6)
        : 1 + Math.floor(r() * 7);
  const mixed =
    !freelancer &&
    layout.lang === 'es' &&
    (layout.rates === 'mixed' || (layout.rates === 'maybe' && r() < 0.5));
  const lines: CaseLine[] = [];
  for (let i = 0; i < nLines; i++) {
    let description: string;
    let rate = 21;
    if (layout.lang === 'en') description = pick(r, EN_SERVICES);
    else if (freelancer) description = pick(r, SERVICES);
    else {
      const g = pick(r, GOODS);
      description = g[0];
      if (mixed) rate = g[1];
    }
    if (lines.some((l) => l.description === description)) description = `${description} (${i + 1})`;
    const sign = credit ? -1 : 1;
    const quantity = sign * (freelancer ? 1 + Math.floor(r() * 3) : 1 + Math.floor(r() * (ticket ? 4 : 30)));
    const unitCents = ticket
      ? 50 + Math.floor(r() * 1500)
      : freelancer
        ? 20000 + Math.floor(r() * 150000)
        : 100 + Math.floor(r() * 9000);
    lines.push({ description, quantity, unitCents, rate, totalCents: quantity * unitCents });
  }
  let grossLines: number[] | null = null;
  if (ticket && layout.pricesIncludeVat) {
    // Printed prices include VAT: the unit price is gross; the base per rate is derived from the gross sum.
    grossLines = lines.map((l) => l.totalCents);
  }
  const irpfRate = freelancer ? pick(r, [15, 15, 7]) : null;
  let totals = computeTotals(lines, irpfRate, recargo);
  if (grossLines) {
    const byRate = totals.byRate.map((x) => {
      const gross = lines.filter((l) => l.rate === x.rate).reduce((s, l) => s + l.totalCents, 0);
      const base = Math.round(gross / (1 + x.rate / 100));
      return { ...x, base, vat: gross - base };
    });
    const base = byRate.reduce((s, x) => s + x.base, 0);
    const vat = byRate.reduce((s, x) => s + x.vat, 0);
    totals = { byRate, base, vat, re: 0, irpf: 0, total: base + vat };
  }
  const style = layout.idStyle ?? 'bare';
  const c: InvoiceCase = {
    id: `${layout.id}-${seed}`,
    layout: ticket ? 'ticket' : layout.lang === 'en' ? 'english' : 'classic',
    dateStyle:
      layout.lang === 'en'
        ? pick(r, ['long_en', 'slash'] as const)
        : pick(r, ['slash', 'slash', 'dash', 'dot', 'long_es'] as const),
    numberStyle: layout.lang === 'en' ? 'en' : 'es',
    issuer,
    client,
    number,
    issueDate,
    dueDate,
    lines,
    irpfRate,
    recargo,
    qr: layout.qr === true && r() < 0.7,
    iban: ticket ? null : makeIban(r),
    totals,
  };
  // Drawn last so that adding it changed no other layout's case.
  const shipTo = layout.clientPlace === 'bill-ship' ? address(r) : null;
  return {
    layout,
    seed,
    c,
    docType: ticket ? 'receipt' : credit ? 'credit_note' : 'invoice',
    corrects,
    issuerIdPrinted: formatTaxId(issuer.taxId, style),
    clientIdPrinted: client ? formatTaxId(client.taxId, style) : null,
    labels,
    grossLines,
    shipTo,
  };
}

const cents = (n: number) => (n / 100).toFixed(2);

/** The case's truth fields (`invoice-bench-truth/v1` names). */
export function layoutTruthFields(lc: LayoutCase): Record<string, unknown> {
  const { c, layout } = lc;
  if (layout.legacy) return truthOf(c);
  const style = layout.idStyle ?? 'bare';
  const t: Record<string, unknown> = {
    invoice_number: c.number,
    issue_date: c.issueDate,
    issuer_name: c.issuer.name,
    issuer_tax_id: truthId(c.issuer.taxId, style),
    currency: 'EUR',
    tax_base: cents(c.totals.base),
    vat_total: cents(c.totals.vat),
    total: cents(c.totals.total),
    vat_breakdown: c.totals.byRate.map((x) => ({
      rate: String(x.rate),
      base: cents(x.base),
      amount: cents(x.vat),
      ...(x.re ? { surcharge_rate: String(x.reRate), surcharge_amount: cents(x.re) } : {}),
    })),
    line_items: c.lines.map((l) => ({
      // the qty-first (ERP) table prints descriptions in capitals; the truth is what is printed
      description: layout.columns === 'qty-first' ? l.description.toUpperCase() : l.description,
      quantity: String(l.quantity),
      unit_price: String(l.unitCents / 100),
      line_total: cents(l.totalCents),
      vat_rate: String(l.rate),
    })),
  };
  if (c.dueDate) t.due_date = c.dueDate;
  if (c.client) {
    t.client_name = c.client.name;
    t.client_tax_id = truthId(c.client.taxId, style);
  }
  if (c.irpfRate) t.withholding_total = cents(c.totals.irpf);
  if (c.recargo) t.surcharge_total = cents(c.totals.re);
  if (c.iban) t.iban = c.iban;
  return t;
}
