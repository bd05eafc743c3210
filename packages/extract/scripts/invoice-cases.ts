/**
 * Spanish invoice cases with known truth, from a seeded PRNG: companies and freelancers with valid
 * NIF/CIF/NIE, one or mixed VAT rates, IRPF, recargo de equivalencia, VeriFactu QR, simplified tickets,
 * English invoices from Spanish companies, the date and number formats of issue 4.
 */
import { cifControl, nifLetter } from '../src/ids/tax-id.ts';

export type Layout = 'classic' | 'modern' | 'english' | 'ticket';
export type DateStyle = 'slash' | 'dash' | 'dot' | 'long_es' | 'long_en';
export type CaseLine = {
  description: string;
  quantity: number;
  unitCents: number;
  rate: number;
  totalCents: number;
};
export type Party = { name: string; taxId: string; address: string[] };
export type InvoiceCase = {
  id: string;
  layout: Layout;
  dateStyle: DateStyle;
  numberStyle: 'es' | 'en';
  issuer: Party;
  client: Party | null;
  number: string;
  issueDate: string;
  dueDate: string | null;
  lines: CaseLine[];
  irpfRate: number | null;
  recargo: boolean;
  qr: boolean;
  iban: string | null;
  totals: {
    byRate: { rate: number; base: number; vat: number; reRate: number; re: number }[];
    base: number;
    vat: number;
    re: number;
    irpf: number;
    total: number;
  };
};

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
export const digits = (r: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(r() * 10)).join('');

export function makeNif(r: () => number): string {
  const d = digits(r, 8);
  return `${d}${nifLetter(d)}`;
}
export function makeNie(r: () => number): string {
  const prefix = pick(r, ['X', 'Y', 'Z'] as const);
  const d = digits(r, 7);
  return `${prefix}${d}${nifLetter(`${'XYZ'.indexOf(prefix)}${d}`)}`;
}
export function makeCif(r: () => number, letter: 'A' | 'B'): string {
  const d = digits(r, 7);
  return `${letter}${d}${cifControl(d)[0]}`;
}

export function makeIban(r: () => number): string {
  const bban = `${pick(r, ['2100', '0049', '0182', '2080'])}${digits(r, 4)}${digits(r, 2)}${digits(r, 10)}`;
  const numeric = `${bban}142800`; // "ES" = 14 28, check digits 00
  let rem = 0;
  for (const ch of numeric) rem = (rem * 10 + Number(ch)) % 97;
  return `ES${String(98 - rem).padStart(2, '0')}${bban}`;
}

export const COMPANIES = [
  ['Distribuciones Levante', 'S.L.'],
  ['Talleres Gómez e Hijos', 'S.L.'],
  ['Consultoría Atlántica', 'S.L.U.'],
  ['Suministros Industriales del Norte', 'S.A.'],
  ['Papelería Central Madrid', 'S.L.'],
  ['Reformas Integrales Sevilla', 'S.L.'],
  ['Tecnologías Cuadrante', 'S.A.'],
  ['Frutas Hermanos Ruiz', 'S.L.'],
] as const;
export const PEOPLE = [
  'María López García',
  'Javier Martín Sánchez',
  'Lucía Fernández Ortega',
  'Andrés Navarro Gil',
  'Elena Castro Romero',
];
export const RETAILERS = [
  'Ferretería El Clavo',
  'Droguería La Estrella',
  'Comercial Hermanos Vidal',
  'Tienda Ultramarinos Sol',
];
const STREETS = [
  'Calle Mayor',
  'Avenida de la Constitución',
  'Calle Alcalá',
  'Paseo de Gracia',
  'Calle San Vicente',
  'Gran Vía',
];
const CITIES = [
  ['28013', 'Madrid'],
  ['08007', 'Barcelona'],
  ['46002', 'Valencia'],
  ['41004', 'Sevilla'],
  ['48001', 'Bilbao'],
  ['50001', 'Zaragoza'],
] as const;
export const SERVICES = [
  'Servicios de consultoría fiscal',
  'Diseño de página web corporativa',
  'Mantenimiento informático mensual',
  'Traducción jurada de documentos',
  'Asesoramiento contable trimestral',
  'Desarrollo de aplicación móvil',
];
export const GOODS: [string, number][] = [
  ['Tornillos acero inox. caja 100 uds', 21],
  ['Papel A4 80 g paquete 500 hojas', 21],
  ['Aceite de oliva virgen extra 5 L', 10],
  ['Pan de molde integral', 4],
  ['Leche entera brik 1 L', 4],
  ['Botella agua mineral 1,5 L', 10],
  ['Cable eléctrico 2,5 mm rollo 100 m', 21],
  ['Detergente líquido 3 L', 21],
  ['Arroz redondo 1 kg', 4],
  ['Menú del día', 10],
];
export const EN_SERVICES = [
  'Software consulting services',
  'Website maintenance',
  'Cloud hosting (monthly)',
  'UX design workshop',
];

export function address(r: () => number): string[] {
  const [cp, city] = pick(r, CITIES);
  return [`${pick(r, STREETS)}, ${1 + Math.floor(r() * 120)}`, `${cp} ${city}`];
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const RE_RATES: Record<number, number> = { 21: 5.2, 10: 1.4, 4: 0.5 };

export function makeCase(seed: number, layout: Layout, variant: Partial<InvoiceCase> = {}): InvoiceCase {
  const r = rng(seed);
  const freelancer = layout !== 'ticket' && r() < 0.4;
  const issuer: Party = freelancer
    ? { name: pick(r, PEOPLE), taxId: r() < 0.3 ? makeNie(r) : makeNif(r), address: address(r) }
    : (() => {
        const [n, suffix] = pick(r, COMPANIES);
        return {
          name: `${n} ${suffix}`,
          taxId: makeCif(r, suffix === 'S.A.' ? 'A' : 'B'),
          address: address(r),
        };
      })();
  const recargo = variant.recargo ?? (layout === 'classic' && !freelancer && r() < 0.35);
  const client: Party | null =
    layout === 'ticket'
      ? null
      : recargo
        ? { name: pick(r, RETAILERS), taxId: r() < 0.5 ? makeNif(r) : makeCif(r, 'B'), address: address(r) }
        : (() => {
            const [n, suffix] = pick(
              r,
              COMPANIES.filter(([x]) => x !== issuer.name.split(' S.')[0]),
            );
            return {
              name: `${n} ${suffix}`,
              taxId: makeCif(r, suffix === 'S.A.' ? 'A' : 'B'),
              address: address(r),
            };
          })();
  const year = 2023 + Math.floor(r() * 3);
  const issueDate = addDays(`${year}-01-01`, Math.floor(r() * 360));
  const dueDate = layout === 'ticket' ? null : addDays(issueDate, pick(r, [15, 30, 30, 60]));
  const series = pick(r, ['F', 'FAC', 'A', '2024-', 'FV']);
  const number =
    layout === 'ticket'
      ? `T${year}-${String(Math.floor(r() * 99999)).padStart(6, '0')}`
      : `${series}${series.endsWith('-') ? '' : `${year}/`}${String(1 + Math.floor(r() * 999)).padStart(4, '0')}`;
  const nLines = layout === 'ticket' ? 2 + Math.floor(r() * 4) : 1 + Math.floor(r() * 5);
  const mixed = layout === 'ticket' || (!freelancer && r() < 0.5);
  const lines: CaseLine[] = [];
  for (let i = 0; i < nLines; i++) {
    let description: string;
    let rate: number;
    if (freelancer) {
      description = layout === 'english' ? pick(r, EN_SERVICES) : pick(r, SERVICES);
      rate = 21;
    } else if (layout === 'english') {
      description = pick(r, EN_SERVICES);
      rate = 21;
    } else {
      const g = pick(r, GOODS);
      description = g[0];
      rate = mixed ? g[1] : 21;
    }
    if (lines.some((l) => l.description === description)) description = `${description} (${i + 1})`;
    const quantity = freelancer
      ? 1 + Math.floor(r() * 3)
      : 1 + Math.floor(r() * (layout === 'ticket' ? 4 : 40));
    const unitCents =
      layout === 'ticket'
        ? 50 + Math.floor(r() * 1500)
        : freelancer
          ? 20000 + Math.floor(r() * 150000)
          : 100 + Math.floor(r() * 9000);
    lines.push({ description, quantity, unitCents, rate, totalCents: quantity * unitCents });
  }
  const irpfRate = freelancer ? pick(r, [15, 15, 7]) : null;
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
  const c: InvoiceCase = {
    id: `case-${seed}`,
    layout,
    dateStyle:
      layout === 'english'
        ? pick(r, ['long_en', 'slash'] as const)
        : layout === 'modern'
          ? pick(r, ['long_es', 'dot', 'dash'] as const)
          : pick(r, ['slash', 'dash', 'dot'] as const),
    numberStyle: layout === 'english' ? 'en' : 'es',
    issuer,
    client,
    number,
    issueDate,
    dueDate,
    lines,
    irpfRate,
    recargo,
    qr: variant.qr ?? (layout !== 'english' && r() < 0.6),
    iban: layout === 'ticket' ? null : makeIban(r),
    totals: { byRate, base, vat, re, irpf, total: base + vat + re - irpf },
  };
  return c;
}

const cents = (n: number) => (n / 100).toFixed(2);

/** Truth in the benchmark schema (`invoice-bench-truth/v1` field names). */
export function truthOf(c: InvoiceCase): Record<string, unknown> {
  const t: Record<string, unknown> = {
    invoice_number: c.number,
    issue_date: c.issueDate,
    issuer_name: c.issuer.name,
    issuer_tax_id: c.issuer.taxId,
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
      description: l.description,
      quantity: String(l.quantity),
      unit_price: String(l.unitCents / 100),
      line_total: cents(l.totalCents),
      vat_rate: String(l.rate),
    })),
  };
  if (c.dueDate) t.due_date = c.dueDate;
  // The English layout prints EU VAT ids (ES prefix), the others the bare NIF/CIF.
  const printedId = (id: string) => (c.layout === 'english' ? `ES${id}` : id);
  t.issuer_tax_id = printedId(c.issuer.taxId);
  if (c.client) {
    t.client_name = c.client.name;
    t.client_tax_id = printedId(c.client.taxId);
  }
  if (c.irpfRate) t.withholding_total = cents(c.totals.irpf);
  if (c.recargo) t.surcharge_total = cents(c.totals.re);
  if (c.iban) t.iban = c.iban;
  return t;
}

export function verifactuUrl(c: InvoiceCase): string {
  const [y, m, d] = c.issueDate.split('-');
  const q = new URLSearchParams({
    nif: c.issuer.taxId,
    numserie: c.number,
    fecha: `${d}-${m}-${y}`,
    importe: cents(c.totals.total),
  });
  return `https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?${q}`;
}
