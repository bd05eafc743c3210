/**
 * The report files: an XLSX workbook (issued, received, summary) and a CSV of the invoice rows. Money is
 * summed in cents and written as numbers of euros with a euro format, so a spreadsheet can add them up.
 */
import {
  csvSeparator,
  formatExportDay,
  formatPlainAmount,
  grossIncomeCents,
  type Locale,
  type ReportKind,
  SPREADSHEET_DAY_FORMAT,
  surchargeOf,
  taxBaseOf,
} from '@cuadra/shared';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { type FiscalInvoice, sumByRate, vatLinesOf } from '../../fiscal/fiscal';
import { loadExcel } from '../../lib/lazy';
import { spreadsheetText } from '../../lib/spreadsheet';

export type ReportInvoice = FiscalInvoice & {
  number: string | null;
  issuerName: string | null;
  issuerTaxId: string | null;
  recipientName: string | null;
  recipientTaxId: string | null;
  totalCents: number | null;
  /**
   * Set on an invoice in another currency (issue 36 item 6): its own total, and the ECB rate its amounts
   * were converted to euros at; `rate` null when none is known, and then it is shown but not added.
   */
  foreign?: { currency: string; totalCents: number | null; rate: string | null; rateDate: string | null };
  /** The day the bank payments matched to it settled it (features/bank); null or absent while unpaid. */
  paidAt?: string | null;
};

export type ReportInput = {
  locale: Locale;
  kind: ReportKind;
  clientName: string;
  clientTaxId: string | null;
  from: string;
  to: string;
  invoices: ReportInvoice[];
};

/** Two decimals and the euro sign after the number, as Spanish spreadsheets show money. */
export const EURO_FORMAT = '#,##0.00 "€"';

const LABELS = {
  en: {
    issued: 'Issued',
    received: 'Received',
    summary: 'Summary',
    date: 'Date',
    number: 'Number',
    client: 'Client',
    supplier: 'Supplier',
    taxId: 'Tax ID',
    base: (rate: string) => `Base ${rate} %`,
    vat: (rate: string) => `VAT ${rate} %`,
    baseTotal: 'Tax base',
    vatTotal: 'VAT',
    irpf: 'IRPF withheld',
    surcharge: 'Equivalence surcharge',
    total: 'Total',
    reviewed: 'Reviewed',
    yes: 'Yes',
    no: 'No',
    type: 'Type',
    dateFormat: SPREADSHEET_DAY_FORMAT.en,
    report: { quarterly: 'Quarterly report', annual: 'Annual report', custom: 'Custom report' },
    clientRow: 'Client',
    period: 'Period',
    grossIncome: 'Gross income (tax base of issued invoices)',
    grossExpenses: 'Gross expenses (tax base of received invoices)',
    vatCharged: (rate: string) => `VAT charged ${rate} %`,
    vatDeductible: (rate: string) => `VAT deductible ${rate} %`,
    surchargeCharged: 'Equivalence surcharge charged',
    vatResult: 'VAT charged minus deductible',
    irpfIssued: 'IRPF withheld from the client (issued invoices)',
    irpfReceived: 'IRPF withheld by the client (received invoices)',
    issuedCount: 'Issued invoices included',
    receivedCount: 'Received invoices included',
    unreviewed: 'Unreviewed invoices (included above)',
    untyped: 'Invoices without a type (not included)',
    amount: 'Amount',
    currency: 'Currency',
    foreignTotal: 'Total in its currency',
    ecbRate: 'ECB rate (per euro)',
    ecbRateDate: 'ECB rate date',
    noRate: 'Invoices in another currency without an ECB rate (not included)',
    paidAt: 'Paid on',
  },
  es: {
    issued: 'Emitidas',
    received: 'Recibidas',
    summary: 'Resumen',
    date: 'Fecha',
    number: 'Número',
    client: 'Cliente',
    supplier: 'Proveedor',
    taxId: 'NIF',
    base: (rate: string) => `Base ${rate} %`,
    vat: (rate: string) => `IVA ${rate} %`,
    baseTotal: 'Base imponible',
    vatTotal: 'IVA',
    irpf: 'Retención IRPF',
    surcharge: 'Recargo de equivalencia',
    total: 'Total',
    reviewed: 'Revisada',
    yes: 'Sí',
    no: 'No',
    type: 'Tipo',
    dateFormat: SPREADSHEET_DAY_FORMAT.es,
    report: { quarterly: 'Informe trimestral', annual: 'Informe anual', custom: 'Informe personalizado' },
    clientRow: 'Cliente',
    period: 'Periodo',
    grossIncome: 'Ingresos brutos (base imponible de las emitidas)',
    grossExpenses: 'Gastos brutos (base imponible de las recibidas)',
    vatCharged: (rate: string) => `IVA repercutido ${rate} %`,
    vatDeductible: (rate: string) => `IVA soportado deducible ${rate} %`,
    surchargeCharged: 'Recargo de equivalencia repercutido',
    vatResult: 'IVA repercutido menos soportado',
    irpfIssued: 'IRPF retenido al cliente (facturas emitidas)',
    irpfReceived: 'IRPF retenido por el cliente (facturas recibidas)',
    issuedCount: 'Facturas emitidas incluidas',
    receivedCount: 'Facturas recibidas incluidas',
    unreviewed: 'Facturas sin revisar (incluidas arriba)',
    untyped: 'Facturas sin tipo (no incluidas)',
    amount: 'Importe',
    currency: 'Moneda',
    foreignTotal: 'Total en su moneda',
    ecbRate: 'Cambio BCE (por euro)',
    ecbRateDate: 'Fecha del cambio BCE',
    noRate: 'Facturas en otra moneda sin cambio del BCE (no incluidas)',
    paidAt: 'Fecha de pago',
  },
} as const;

type Labels = (typeof LABELS)[Locale];

/** The file name: the label, the client and the range, in plain ASCII. */
export function reportFilename(
  input: Pick<ReportInput, 'locale' | 'kind' | 'clientName' | 'from' | 'to'>,
  ext: string,
) {
  const slug = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'client';
  return `${slug(LABELS[input.locale].report[input.kind])}_${slug(input.clientName)}_${input.from}_${input.to}.${ext}`;
}

const euros = (cents: number) => cents / 100;
const byDateThenNumber = (a: ReportInvoice, b: ReportInvoice) =>
  (a.issueDate ?? '').localeCompare(b.issueDate ?? '') || (a.number ?? '').localeCompare(b.number ?? '');

/** The rates that appear in a list of invoices, highest first. */
function ratesOf(invoices: ReportInvoice[]): string[] {
  return sumByRate(invoices.flatMap(vatLinesOf)).map((l) => l.rate);
}

type Row = {
  date: Date | null;
  isoDate: string | null;
  number: string;
  counterparty: string;
  taxId: string;
  perRate: Map<string, { baseCents: number; vatCents: number }>;
  baseCents: number;
  vatCents: number;
  irpfCents: number;
  surchargeCents: number;
  totalCents: number;
  reviewed: boolean;
  /** Amounts in euros: false for an invoice in another currency with no ECB rate (its euro cells are empty). */
  inEuros: boolean;
  foreign: ReportInvoice['foreign'];
  paidAt: string | null;
};

/** An invoice in another currency that could not be converted: listed, never added to euros. */
const unconverted = (invoice: ReportInvoice) => invoice.foreign != null && invoice.foreign.rate === null;
/** The columns of foreign amounts, only in a report that has some. */
const hasForeign = (invoices: ReportInvoice[]) => invoices.some((i) => i.foreign != null);
/** The payment date column, only once the bank has settled one of the report's invoices (issue 39 item 5). */
const hasPaid = (invoices: ReportInvoice[]) => invoices.some((i) => i.paidAt);

function toRow(invoice: ReportInvoice): Row {
  const issued = invoice.type === 'issued';
  const lines = vatLinesOf(invoice);
  const perRate = new Map(
    sumByRate(lines).map((l) => [l.rate, { baseCents: l.baseCents, vatCents: l.vatCents }]),
  );
  return {
    date: invoice.issueDate ? new Date(`${invoice.issueDate}T00:00:00Z`) : null,
    isoDate: invoice.issueDate,
    number: invoice.number ?? '',
    counterparty: (issued ? invoice.recipientName : invoice.issuerName) ?? '',
    taxId: (issued ? invoice.recipientTaxId : invoice.issuerTaxId) ?? '',
    perRate,
    baseCents: taxBaseOf(invoice),
    vatCents: invoice.vatTotalCents ?? lines.reduce((s, l) => s + l.vatCents, 0),
    irpfCents: invoice.withholdingCents ?? 0,
    surchargeCents: surchargeOf(invoice),
    totalCents: invoice.totalCents ?? 0,
    reviewed: invoice.checked,
    inEuros: !unconverted(invoice),
    foreign: invoice.foreign,
    paidAt: invoice.paidAt ?? null,
  };
}

function addInvoiceSheet(
  workbook: ExcelJS.Workbook,
  labels: Labels,
  name: string,
  counterpartyLabel: string,
  invoices: ReportInvoice[],
) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  const rates = ratesOf(invoices);
  const money = (key: string, header: string) => ({ key, header, width: 14, style: { numFmt: EURO_FORMAT } });
  sheet.columns = [
    { key: 'date', header: labels.date, width: 12, style: { numFmt: labels.dateFormat } },
    { key: 'number', header: labels.number, width: 16 },
    { key: 'counterparty', header: counterpartyLabel, width: 32 },
    { key: 'taxId', header: labels.taxId, width: 14 },
    ...rates.flatMap((rate) => [
      money(`base_${rate}`, labels.base(rate)),
      money(`vat_${rate}`, labels.vat(rate)),
    ]),
    money('base', labels.baseTotal),
    money('vat', labels.vatTotal),
    money('irpf', labels.irpf),
    money('surcharge', labels.surcharge),
    money('total', labels.total),
    { key: 'reviewed', header: labels.reviewed, width: 10 },
    ...(hasPaid(invoices)
      ? [{ key: 'paidAt', header: labels.paidAt, width: 12, style: { numFmt: labels.dateFormat } }]
      : []),
    ...(hasForeign(invoices)
      ? [
          { key: 'currency', header: labels.currency, width: 10 },
          { key: 'foreignTotal', header: labels.foreignTotal, width: 16, style: { numFmt: '#,##0.00' } },
          { key: 'ecbRate', header: labels.ecbRate, width: 14 },
          { key: 'ecbRateDate', header: labels.ecbRateDate, width: 12, style: { numFmt: labels.dateFormat } },
        ]
      : []),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of [...invoices].sort(byDateThenNumber).map(toRow)) {
    // An amount with no ECB rate is not in euros: its euro cells stay empty, so no column adds it.
    const eur = (cents: number) => (row.inEuros ? euros(cents) : null);
    const values: Record<string, unknown> = {
      date: row.date,
      number: row.number,
      counterparty: row.counterparty,
      taxId: row.taxId,
      base: eur(row.baseCents),
      vat: eur(row.vatCents),
      irpf: eur(row.irpfCents),
      surcharge: eur(row.surchargeCents),
      total: eur(row.totalCents),
      reviewed: row.reviewed ? labels.yes : labels.no,
      paidAt: row.paidAt ? new Date(`${row.paidAt}T00:00:00Z`) : null,
    };
    for (const rate of rates) {
      const line = row.perRate.get(rate);
      values[`base_${rate}`] = eur(line?.baseCents ?? 0);
      values[`vat_${rate}`] = eur(line?.vatCents ?? 0);
    }
    if (row.foreign) {
      values.currency = row.foreign.currency;
      values.foreignTotal = row.foreign.totalCents == null ? null : euros(row.foreign.totalCents);
      values.ecbRate = row.foreign.rate;
      values.ecbRateDate = row.foreign.rateDate ? new Date(`${row.foreign.rateDate}T00:00:00Z`) : null;
    }
    sheet.addRow(values);
  }
  return sheet;
}

/** What the summary sheet shows, in cents; exported for the tests to compare with. */
export function summariseReport(all: ReportInvoice[]) {
  const invoices = all.filter((i) => !unconverted(i));
  const issued = invoices.filter((i) => i.type === 'issued');
  const received = invoices.filter((i) => i.type === 'received');
  const sum = (list: ReportInvoice[], pick: (r: Row) => number) =>
    list.map(toRow).reduce((s, r) => s + pick(r), 0);
  const charged = sumByRate(issued.flatMap(vatLinesOf));
  const deductible = sumByRate(received.flatMap(vatLinesOf));
  return {
    grossIncomeCents: grossIncomeCents(invoices),
    grossExpensesCents: grossIncomeCents(invoices, 'received'),
    charged,
    deductible,
    surchargeChargedCents: sum(issued, (r) => r.surchargeCents),
    vatResultCents:
      charged.reduce((s, l) => s + l.vatCents, 0) - deductible.reduce((s, l) => s + l.vatCents, 0),
    irpfIssuedCents: sum(issued, (r) => r.irpfCents),
    irpfReceivedCents: sum(received, (r) => r.irpfCents),
    issuedCount: issued.length,
    receivedCount: received.length,
    // Only the invoices counted above: one without a type is counted once, under untypedCount.
    unreviewedCount: [...issued, ...received].filter((i) => !i.checked).length,
    untypedCount: invoices.filter((i) => i.type === null).length,
    noRateCount: all.filter(unconverted).length,
  };
}

export async function buildWorkbook(input: ReportInput): Promise<Buffer> {
  const labels = LABELS[input.locale];
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'Cuadra';
  workbook.created = new Date();
  const issued = input.invoices.filter((i) => i.type === 'issued');
  const received = input.invoices.filter((i) => i.type === 'received');
  addInvoiceSheet(workbook, labels, labels.issued, labels.client, issued);
  addInvoiceSheet(workbook, labels, labels.received, labels.supplier, received);

  const s = summariseReport(input.invoices);
  const sheet = workbook.addWorksheet(labels.summary);
  sheet.columns = [{ width: 52 }, { width: 18 }, { width: 16 }];
  const title = sheet.addRow([labels.report[input.kind]]);
  title.font = { bold: true, size: 14 };
  sheet.addRow([
    labels.clientRow,
    input.clientTaxId ? `${input.clientName} (${input.clientTaxId})` : input.clientName,
  ]);
  const period = sheet.addRow([
    labels.period,
    new Date(`${input.from}T00:00:00Z`),
    new Date(`${input.to}T00:00:00Z`),
  ]);
  period.getCell(2).numFmt = labels.dateFormat;
  period.getCell(3).numFmt = labels.dateFormat;
  sheet.addRow([]);
  const header = sheet.addRow(['', labels.baseTotal, labels.amount]);
  header.font = { bold: true };
  const moneyRow = (label: string, amountCents: number, baseCents?: number) => {
    const row = sheet.addRow([label, baseCents === undefined ? null : euros(baseCents), euros(amountCents)]);
    row.getCell(2).numFmt = EURO_FORMAT;
    row.getCell(3).numFmt = EURO_FORMAT;
  };
  moneyRow(labels.grossIncome, s.grossIncomeCents);
  moneyRow(labels.grossExpenses, s.grossExpensesCents);
  for (const line of s.charged) moneyRow(labels.vatCharged(line.rate), line.vatCents, line.baseCents);
  if (s.surchargeChargedCents !== 0) moneyRow(labels.surchargeCharged, s.surchargeChargedCents);
  for (const line of s.deductible) moneyRow(labels.vatDeductible(line.rate), line.vatCents, line.baseCents);
  moneyRow(labels.vatResult, s.vatResultCents);
  moneyRow(labels.irpfIssued, s.irpfIssuedCents);
  moneyRow(labels.irpfReceived, s.irpfReceivedCents);
  sheet.addRow([labels.issuedCount, null, s.issuedCount]);
  sheet.addRow([labels.receivedCount, null, s.receivedCount]);
  sheet.addRow([labels.unreviewed, null, s.unreviewedCount]);
  if (s.untypedCount > 0) sheet.addRow([labels.untyped, null, s.untypedCount]);
  if (s.noRateCount > 0) sheet.addRow([labels.noRate, null, s.noRateCount]);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The invoice rows as CSV, opening correctly in a spreadsheet of the user's language: `;` and a decimal
 * comma in Spanish, `,` and a point in English; UTF-8 with a byte-order mark. Written by csv-stringify, so
 * quoting of separators, quotes and line breaks is the library's, not ours.
 */
export function buildCsv(input: ReportInput): string {
  const labels = LABELS[input.locale];
  const rates = ratesOf(input.invoices);
  const amount = (cents: number) => formatPlainAmount(cents, input.locale);
  const foreign = hasForeign(input.invoices);
  const paid = hasPaid(input.invoices);
  const header = [
    labels.type,
    labels.date,
    labels.number,
    `${labels.client} / ${labels.supplier}`,
    labels.taxId,
    ...rates.flatMap((rate) => [labels.base(rate), labels.vat(rate)]),
    labels.baseTotal,
    labels.vatTotal,
    labels.irpf,
    labels.surcharge,
    labels.total,
    labels.reviewed,
    ...(paid ? [labels.paidAt] : []),
    ...(foreign ? [labels.currency, labels.foreignTotal, labels.ecbRate, labels.ecbRateDate] : []),
  ];
  const typed = input.invoices.filter((i) => i.type !== null).sort(byDateThenNumber);
  const records = typed.map((invoice) => {
    const row = toRow(invoice);
    const eur = (cents: number) => (row.inEuros ? amount(cents) : '');
    return [
      invoice.type === 'issued' ? labels.issued : labels.received,
      row.isoDate ? formatExportDay(row.isoDate, input.locale) : '',
      spreadsheetText(row.number),
      spreadsheetText(row.counterparty),
      spreadsheetText(row.taxId),
      ...rates.flatMap((rate) => {
        const line = row.perRate.get(rate);
        return [eur(line?.baseCents ?? 0), eur(line?.vatCents ?? 0)];
      }),
      eur(row.baseCents),
      eur(row.vatCents),
      eur(row.irpfCents),
      eur(row.surchargeCents),
      eur(row.totalCents),
      row.reviewed ? labels.yes : labels.no,
      ...(paid ? [row.paidAt ? formatExportDay(row.paidAt, input.locale) : ''] : []),
      ...(foreign
        ? [
            row.foreign?.currency ?? '',
            row.foreign?.totalCents == null ? '' : amount(row.foreign.totalCents),
            row.foreign?.rate ?? '',
            row.foreign?.rateDate ? formatExportDay(row.foreign.rateDate, input.locale) : '',
          ]
        : []),
    ];
  });
  return stringify([header, ...records], {
    delimiter: csvSeparator(input.locale),
    record_delimiter: 'windows',
    bom: true,
  });
}
