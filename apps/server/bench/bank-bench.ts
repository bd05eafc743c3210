/**
 * `npm run bench:bank`: a generated year of one client, with known truth. 1,500 invoices (issued and received,
 * some in dollars) and 2,000 bank movements over two accounts, one exported as Norma 43 and one as camt.053:
 * single payments (with the invoice number, the name, or only a known IBAN), transfers paying several invoices,
 * invoices paid in two parts, late payments, foreign invoices paid in euros, monthly fees of the same amount,
 * and bank fees, taxes, payroll and own transfers that no invoice explains. Both files go through the same
 * import and matching as the API; the bench prints precision and recall of automatic and proposed matches,
 * the wrong automatic matches (the goal is 0), and the import + match time.
 * Options: BENCH_BANK_SEED (default 39).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { insertUser } from '../src/access/users';
import { closeServices, createServices } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { bankMovements, bankPayments, invoices } from '../src/db/schema';
import type { Allocation } from '../src/features/bank/matcher';
import { importStatement } from '../src/features/bank/service';
import { spanishIban } from '../src/features/bank/statement';
import { insertClient } from '../src/features/clients/repo';
import { loadRates, rateOn, toEuroCents } from '../src/features/currency/rates';
import { newId } from '../src/lib/ids';
import { camt053, type FileMovement, norma43 } from '../test/bank-files';

const INVOICES = 1500;
const MOVEMENTS = 2000;
const YEAR = 2025;

let seed = Number(process.env.BENCH_BANK_SEED ?? 39);
/** mulberry32: the same year for the same seed. */
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const dayOf = (n: number) => new Date(Date.UTC(YEAR, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const dayNumber = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - Date.UTC(YEAR, 0, 1)) / 86_400_000;

const WORDS = [
  'Construcciones',
  'Talleres',
  'Distribuciones',
  'Transportes',
  'Consultoría',
  'Panadería',
  'Clínica',
  'Estudio',
  'Reformas',
  'Suministros',
  'Limpiezas',
  'Asesoría',
];
const PLACES = [
  'Ebro',
  'Miramar',
  'Alba',
  'Montaña',
  'Sur',
  'Norte',
  'Levante',
  'Castilla',
  'Galicia',
  'Turia',
  'Duero',
  'Tajo',
  'Mediterráneo',
  'Sierra',
  'Valle',
];
const FORMS = ['SL', 'SA', 'SLU', ''];
type Party = { name: string; taxId: string; iban: string; prefix: string };
const parties: Party[] = [];
const usedNames = new Set<string>();
while (parties.length < 140) {
  const name = `${pick(WORDS)} ${pick(PLACES)} ${pick(PLACES)} ${pick(FORMS)}`.trim();
  if (usedNames.has(name)) continue;
  usedNames.add(name);
  const n = parties.length;
  parties.push({
    name,
    taxId: `B${String(10_000_000 + n * 7919).slice(0, 8)}`,
    iban: spanishIban(String(between(1000, 9999)), String(between(1000, 9999)), String(between(1e9, 9.99e9))),
    prefix: pick(['A-', 'FAC', '2025/', 'FV', 'R-']),
  });
}
const customers = parties.slice(0, 80);
const suppliers = parties.slice(80);

type Invoice = typeof invoices.$inferInsert & { id: string; party: Party };
const invoiceList: Invoice[] = [];
for (let i = 0; i < INVOICES; i++) {
  const isIssued = i % 5 < 3; // 60 % issued
  const party = pick(isIssued ? customers : suppliers);
  const issue = between(0, 300);
  const isForeign = i % 40 === 7;
  invoiceList.push({
    id: newId(),
    clientId: '',
    party,
    checked: true,
    type: isIssued ? 'issued' : 'received',
    number: isIssued
      ? `F${YEAR}-${String(i + 1).padStart(4, '0')}`
      : `${party.prefix}${between(100, 99_999)}`,
    issueDate: dayOf(issue),
    dueDate: random() < 0.5 ? dayOf(issue + 30) : null,
    currency: isForeign ? 'USD' : 'EUR',
    totalCents: between(1_500, 900_000),
    ...(isIssued
      ? {
          recipientName: party.name,
          recipientTaxId: party.taxId,
          issuerName: 'Cliente Banco SL',
          issuerTaxId: 'B00000001',
        }
      : {
          issuerName: party.name,
          issuerTaxId: party.taxId,
          recipientName: 'Cliente Banco SL',
          recipientTaxId: 'B00000001',
        }),
  });
}
// A monthly fee of the same amount from one supplier: only the date and order tell them apart.
const rent = suppliers[0] as Party;
for (let m = 0; m < 12; m++) {
  const invoice = invoiceList[invoiceList.length - 1 - m] as Invoice;
  Object.assign(invoice, {
    party: rent,
    type: 'received',
    issuerName: rent.name,
    issuerTaxId: rent.taxId,
    number: `ALQ-${m + 1}`,
    issueDate: dayOf(m * 30 + 1),
    dueDate: null,
    currency: 'EUR',
    totalCents: 95_000,
  });
}

type Planned = FileMovement & { truth: string[]; account: 0 | 1 };
const planned: Planned[] = [];
const rates = loadRates(mkdtempSync(join(tmpdir(), 'cuadra-bench-rates-')));
const conceptFor = (invoice: Invoice, style: 'number' | 'name' | 'iban') => {
  const who = invoice.party.name.toUpperCase();
  if (style === 'number')
    return pick([`FRA ${invoice.number}`, `PAGO FACTURA ${invoice.number}`, `${who} ${invoice.number}`]);
  if (style === 'name') return pick([`TRANSFERENCIA ${who}`, `RECIBO ${who}`, `${who} PAGO`]);
  return pick(['TRANSFERENCIA', 'PAGO PROVEEDOR', 'ABONO']);
};
const sign = (invoice: Invoice) => (invoice.type === 'issued' ? 1 : -1);

const regular = invoiceList.slice(0, invoiceList.length - 12);
// 1. Foreign invoices, paid in euros at about the ECB rate of their date.
for (const invoice of regular.filter((i) => i.currency === 'USD')) {
  const paid = dayNumber(invoice.issueDate as string) + between(5, 45);
  const rate = rateOn(rates, 'USD', invoice.issueDate as string);
  if (!rate || paid > 364) continue;
  const euros = Math.round(
    toEuroCents(invoice.totalCents as number, rate.rate) * (1 + (random() - 0.5) * 0.02),
  );
  planned.push({
    date: dayOf(paid),
    amountCents: sign(invoice) * euros,
    concept: conceptFor(invoice, pick(['number', 'name'])),
    counterpartyName: invoice.party.name,
    truth: [invoice.id],
    account: 1,
  });
}
const euroInvoices = regular.filter((i) => i.currency === 'EUR');
let index = 0;
const nextEuro = () => euroInvoices[index++] as Invoice;
// 2. Grouped: one transfer for 2–3 invoices of the same counterparty.
for (let g = 0; g < 60; g++) {
  const first = nextEuro();
  const group = [
    first,
    ...euroInvoices
      .slice(index)
      .filter((i) => i.party === first.party && i.type === first.type)
      .slice(0, between(1, 2)),
  ];
  for (const member of group.slice(1)) euroInvoices.splice(euroInvoices.indexOf(member), 1);
  if (group.length < 2) {
    index--;
    continue;
  }
  const last = Math.max(...group.map((i) => dayNumber(i.issueDate as string)));
  const total = group.reduce((s, i) => s + (i.totalCents as number), 0);
  const style = random() < 0.5 ? 'number' : 'name';
  const concept =
    style === 'number' ? `PAGO ${group.map((i) => i.number).join(' ')}` : conceptFor(first, 'name');
  planned.push({
    date: dayOf(Math.min(364, last + between(3, 40))),
    amountCents: sign(first) * total,
    concept,
    counterpartyName: first.party.name,
    counterpartyIban: first.party.iban,
    truth: group.map((i) => i.id),
    account: g % 2 === 0 ? 0 : 1,
  });
}
// 3. Partial: an invoice paid in two parts.
for (let p = 0; p < 50; p++) {
  const invoice = nextEuro();
  const total = invoice.totalCents as number;
  const part = Math.round(total * (0.3 + random() * 0.4));
  const issued = dayNumber(invoice.issueDate as string);
  for (const [n, amount] of [part, total - part].entries()) {
    planned.push({
      date: dayOf(Math.min(364, issued + 10 + n * 30)),
      amountCents: sign(invoice) * amount,
      concept: conceptFor(invoice, pick(['number', 'name'])),
      counterpartyName: invoice.party.name,
      truth: [invoice.id],
      account: 0,
    });
  }
}
// 4. Single payments, some late; the number, the name or only the IBAN tell whose.
const singles = 1_140;
for (let s = 0; s < singles && index < euroInvoices.length - 150; s++) {
  const invoice = nextEuro();
  const issued = dayNumber(invoice.issueDate as string);
  const isLate = random() < 0.1;
  const paid = Math.min(364, issued + (isLate ? between(90, 250) : between(0, 45)));
  const account = random() < 0.5 ? 0 : 1;
  const style = pick(['number', 'number', 'name', account === 1 ? 'iban' : 'name'] as const);
  planned.push({
    date: dayOf(paid),
    amountCents: sign(invoice) * (invoice.totalCents as number),
    concept: conceptFor(invoice, style),
    counterpartyName: account === 1 ? invoice.party.name : undefined,
    counterpartyIban: invoice.party.iban,
    truth: [invoice.id],
    account: account as 0 | 1,
  });
}
// 5. The monthly fee, paid by direct debit on the camt account.
for (const [m, invoice] of invoiceList.slice(-12).reverse().entries()) {
  planned.push({
    date: dayOf(m * 30 + 5),
    amountCents: -95_000,
    concept: `RECIBO ${rent.name.toUpperCase()}`,
    counterpartyName: rent.name,
    counterpartyIban: rent.iban,
    truth: [invoice.id],
    account: 1,
  });
}
// 6. What no invoice explains: fees, taxes, payroll, own transfers. The rest of the invoices stay unpaid.
const NOISE = [
  'COMISION MANTENIMIENTO',
  'COMISION TRANSFERENCIA',
  'IMPUESTO AEAT MODELO 303',
  'SEGURIDAD SOCIAL',
  'NOMINA EMPLEADO',
  'TRASPASO CUENTA PROPIA',
  'TPV VENTAS',
  'CUOTA TARJETA',
];
while (planned.length < MOVEMENTS) {
  const concept = pick(NOISE);
  const isCredit = concept === 'TPV VENTAS' || (concept === 'TRASPASO CUENTA PROPIA' && random() < 0.5);
  planned.push({
    date: dayOf(between(0, 364)),
    amountCents: (isCredit ? 1 : -1) * between(100, 250_000),
    concept,
    truth: [],
    account: random() < 0.5 ? 0 : 1,
  });
}
planned.sort((a, b) => a.date.localeCompare(b.date));

const nAccount = { bank: '2100', branch: '0418', account: '0200051332' };
const camtIban = 'ES7620770024003102575766';
const n43File = norma43([
  {
    ...nAccount,
    from: dayOf(0),
    to: dayOf(364),
    openingCents: 2_500_000,
    movements: planned.filter((m) => m.account === 0),
  },
]);
const camtFile = camt053([
  {
    iban: camtIban,
    from: dayOf(0),
    to: dayOf(364),
    openingCents: 1_000_000,
    movements: planned.filter((m) => m.account === 1),
  },
]);

const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-bench-bank-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'test',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const services = await createServices(config, { migrate: true, jobs: [] });
try {
  const user = await insertUser(services.db, {
    email: `bench-bank-${Date.now()}@example.com`,
    name: 'Bench',
    accountType: 'accountant',
    locale: 'es',
    emailVerifiedAt: new Date(),
  });
  if (!user) throw new Error('no user');
  const client = await insertClient(services.db, {
    ownerUserId: user.id,
    name: 'Cliente Banco SL',
    taxId: 'B00000001',
  });
  if (!client) throw new Error('no client');
  for (let i = 0; i < invoiceList.length; i += 500) {
    await services.db
      .insert(invoices)
      .values(
        invoiceList.slice(i, i + 500).map(({ party: _party, ...row }) => ({ ...row, clientId: client.id })),
      );
  }
  const started = performance.now();
  await importStatement(services, user, client.id, 'year.n43', new TextEncoder().encode(n43File));
  await importStatement(services, user, client.id, 'year.xml', new TextEncoder().encode(camtFile));
  const seconds = (performance.now() - started) / 1000;

  // Truth by (account, source line): each planned movement's line in its file.
  const rows = await services.db.select().from(bankMovements).where(eq(bankMovements.clientId, client.id));
  const payments = await services.db.select().from(bankPayments);
  const paidBy = new Map<string, string[]>();
  for (const p of payments) paidBy.set(p.movementId, [...(paidBy.get(p.movementId) ?? []), p.invoiceId]);
  const key = (ids: string[]) => [...ids].sort().join(',');
  // Movements come back in file order per account; pair them with the plan in the same order.
  const byFile = [planned.filter((m) => m.account === 0), planned.filter((m) => m.account === 1)];
  const ordered = [...rows].sort((a, b) => a.sourceLine - b.sourceLine);
  const nRows = ordered.filter((r) => r.sourceText.startsWith('22'));
  const cRows = ordered.filter((r) => !r.sourceText.startsWith('22'));
  let auto = 0,
    autoRight = 0,
    proposed = 0,
    proposedRight = 0,
    withInvoice = 0,
    found = 0;
  for (const [file, list] of [nRows, cRows].entries()) {
    for (const [i, row] of list.entries()) {
      const plan = byFile[file]?.[i] as Planned;
      if (plan.amountCents !== row.amountCents)
        throw new Error(`plan and file disagree at line ${row.sourceLine}`);
      const truth = key(plan.truth);
      if (plan.truth.length > 0) withInvoice++;
      if (row.status === 'matched') {
        auto++;
        const right = key(paidBy.get(row.id) ?? []) === truth;
        if (right) {
          autoRight++;
          found++;
        }
      } else if (row.status === 'proposed') {
        proposed++;
        const right = key((row.proposal as Allocation[]).map((a) => a.invoiceId)) === truth;
        if (right) {
          proposedRight++;
          found++;
        }
      }
    }
  }
  const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`);
  console.log(
    `bank bench: ${invoiceList.length} invoices, ${rows.length} movements (${nRows.length} Norma 43, ${cRows.length} camt.053), ${withInvoice} with a true invoice`,
  );
  console.log(
    `  automatic: ${auto} applied, precision ${pct(autoRight, auto)}, wrong ${auto - autoRight}, share of true matches ${pct(autoRight, withInvoice)}`,
  );
  console.log(`  proposed:  ${proposed}, precision ${pct(proposedRight, proposed)}`);
  console.log(`  recall (automatic + proposed, exact invoice set): ${pct(found, withInvoice)}`);
  console.log(
    `  import + match of both files: ${seconds.toFixed(2)} s (load ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores)`,
  );
  const paid = await services.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.clientId, client.id));
  void paid;
} finally {
  await closeServices(services);
  rmSync(dataDir, { recursive: true, force: true });
}
