/**
 * Files the accounting packages import, from the reviewed invoices and the client's account mapping.
 *
 * - a3 (a3ECO / a3ASESOR | con, Wolters Kluwer): the ASCII import file SUENLACE.DAT, fixed records of 512
 *   bytes ending in CR LF: per invoice a header record of type 1 (invoice) or 2 (rectifying invoice) and
 *   one type 9 record per VAT rate. Positions from Wolters Kluwer's "Importación de datos en a3ECO:
 *   diseño de registro del fichero SUENLACE.DAT", as implemented in the open-source exporter
 *   jjdominguez79/Gest2A3Eco (`facturas_common.py`, render_a3_tipo12_cabecera / render_a3_tipo9_detalle),
 *   which we followed position by position; we have not had the manual itself to compare against.
 * - ContaPlus (Sage ContaPlus, "Diario" ASCII import, the XDiario layout): one fixed-width line per entry
 *   line with the fields ASIEN 6, FECHA 8, SUBCTA 12, CONTRA 12, PTADEBE 16, CONCEPTO 25, PTAHABER 16,
 *   FACTURA 8, BASEIMPO 16, IVA 5, RECEQUIV 5, DOCUMENTO 10, DEPARTA 3, CLAVE 6, ESTADO 1, NCASADO 6,
 *   TCASADO 1, TRANS 6, CAMBIO 16, DEBEME 16, HABERME 16, AUXILIAR 1, SERIE 1, SUCURSAL 4, CODDIVISA 5,
 *   IMPAUXME 16, MONEDAUSO 1, EURODEBE 16, EUROHABER 16, BASEEURO 16, NOCONV 1, NUMEROINV 10 — as in
 *   BulmaGés' ContaPlus exchange (`blimportexport.cpp`, LEN_* constants and bulmages2Contaplus).
 * - ContaSOL: its Excel import sheets IVR / IVS, in contasol.ts.
 *
 * Both files are written in ISO-8859-1, which these packages read; characters outside it become `?`.
 */
import type { AccountMapping } from '@cuadra/shared';
import { counterparty, type FormInvoice, isIntraEu, vatLines, withholdingRateOf } from '../../fiscal/sheet';
import { spreadsheetText } from '../../lib/spreadsheet';

/** A customer or supplier subaccount: the prefix, then the digits of the tax id, to `subaccountDigits`. */
export function partyAccount(prefix: string, taxId: string | null, digits: number): string {
  const room = Math.max(0, digits - prefix.length);
  const fromId = (taxId ?? '').replace(/\D/g, '');
  return `${prefix}${fromId.slice(-room).padStart(room, '0')}`;
}

const left = (value: string, length: number) => value.slice(0, length).padEnd(length, ' ');
const right = (value: string, length: number) => value.slice(-length).padStart(length, ' ');
const ascii = (value: string | null | undefined) =>
  (value ?? '').normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
/**
 * Text from an invoice in a text field: ASCII-safe, and with a `'` before a leading `=`, `+`, `-` or `@`
 * (a tab or CR is already a `?`), so the file opened in a spreadsheet shows the text and never runs it as a
 * formula or DDE (`=cmd|…`). The packages import the field as the text it is. Amounts are never passed
 * through here: a3's `+0000002120.00` keeps its sign.
 */
const text = (value: string | null | undefined) => spreadsheetText(ascii(value));
/**
 * A3's and ContaPlus/Sage's date fields are `yyyymmdd` in every language: the package reads them, not a
 * person (issue 36 item 11: the user's language decides only the dates of human-facing exports).
 */
const yyyymmdd = (iso: string) => iso.replace(/-/g, '');
/** Cents as `1234.56` (no sign: the side of the entry carries it). */
const decimal = (cents: number) => {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** a3's amount field: sign, 10 integer digits, point, 2 decimals (14 characters). */
const a3Amount = (cents: number) => {
  const abs = Math.abs(cents);
  return `+${String(Math.floor(abs / 100))
    .padStart(10, '0')
    .slice(-10)}.${String(abs % 100).padStart(2, '0')}`;
};
/** a3's percentage field: `21.00`, 5 characters. */
const a3Percent = (rate: number) => rate.toFixed(2).padStart(5, '0').slice(-5);
/** a3 accounts: the account to the left, zeros to the right, 12 characters. */
const a3Account = (account: string) => account.replace(/\D/g, '').padEnd(12, '0').slice(0, 12);

const A3_RECORD = 512;

function a3Record(fields: [start: number, value: string][]): string {
  const buffer = Array.from({ length: A3_RECORD - 2 }, () => ' ');
  for (const [start, value] of fields) {
    // `start` is the manual's 1-based position.
    for (let i = 0; i < value.length; i++) buffer[start - 1 + i] = value[i] as string;
  }
  return `${buffer.join('')}\r\n`;
}

/** SUENLACE.DAT for a3: one header and its VAT detail records per reviewed invoice. */
export function a3File(invoices: FormInvoice[], accounts: AccountMapping, companyCode = '00001'): Buffer {
  const records: string[] = [];
  const company = companyCode.replace(/\D/g, '').padStart(5, '0').slice(-5);
  for (const invoice of invoices) {
    if (!invoice.type || !invoice.issueDate) continue;
    const issued = invoice.type === 'issued';
    const { taxId, name } = counterparty(invoice);
    const date = yyyymmdd(invoice.issueDate);
    const number = text(invoice.number);
    const rectifying = (invoice.totalCents ?? 0) < 0 || (invoice.taxBaseCents ?? 0) < 0;
    const party = partyAccount(
      issued ? accounts.customerPrefix : accounts.supplierPrefix,
      taxId,
      accounts.subaccountDigits,
    );
    const common = (type: string): [number, string][] => [
      [1, '5'],
      [2, company],
      [7, date],
      [15, type],
    ];
    records.push(
      a3Record([
        ...common(rectifying ? '2' : '1'),
        [16, a3Account(party)],
        [58, issued ? '1' : '2'],
        [59, left(number, 10)],
        [69, 'I'],
        [70, left(text(name), 30)],
        [100, a3Amount(invoice.totalCents ?? 0)],
        [176, left(text(taxId), 14)],
        [190, left(text(name), 40)],
        [237, date],
        [245, date],
        [253, left(number, 60)],
        [509, 'E'],
        [510, 'N'],
      ]),
    );
    const lines = vatLines(invoice);
    const withholdingRate = withholdingRateOf(invoice) ?? 0;
    lines.forEach((line, index) => {
      const last = index === lines.length - 1;
      // Intra-EU purchases: subtype 03 ("adquisiciones intracomunitarias"); everything else 01, interior.
      const subtype = !issued && isIntraEu(invoice) ? '03' : '01';
      records.push(
        a3Record([
          ...common('9'),
          [16, a3Account(issued ? accounts.incomeAccount : accounts.expenseAccount)],
          [58, 'C'],
          [59, left(number, 10)],
          [69, last ? 'U' : 'M'],
          [70, left(text(name), 30)],
          [100, subtype],
          [102, a3Amount(line.baseCents)],
          [116, a3Percent(line.rate)],
          [121, a3Amount(line.vatCents)],
          [135, a3Percent(line.surchargeRate ?? 0)],
          [140, a3Amount(line.surchargeCents)],
          [154, a3Percent(index === 0 ? withholdingRate : 0)],
          [159, a3Amount(index === 0 ? (invoice.withholdingCents ?? 0) : 0)],
          [509, 'E'],
          [510, 'N'],
        ]),
      );
    });
  }
  return Buffer.from(records.join(''), 'latin1');
}

/** The ContaPlus Diario fields and their widths, in order. */
export const CONTAPLUS_FIELDS = [
  ['ASIEN', 6],
  ['FECHA', 8],
  ['SUBCTA', 12],
  ['CONTRA', 12],
  ['PTADEBE', 16],
  ['CONCEPTO', 25],
  ['PTAHABER', 16],
  ['FACTURA', 8],
  ['BASEIMPO', 16],
  ['IVA', 5],
  ['RECEQUIV', 5],
  ['DOCUMENTO', 10],
  ['DEPARTA', 3],
  ['CLAVE', 6],
  ['ESTADO', 1],
  ['NCASADO', 6],
  ['TCASADO', 1],
  ['TRANS', 6],
  ['CAMBIO', 16],
  ['DEBEME', 16],
  ['HABERME', 16],
  ['AUXILIAR', 1],
  ['SERIE', 1],
  ['SUCURSAL', 4],
  ['CODDIVISA', 5],
  ['IMPAUXME', 16],
  ['MONEDAUSO', 1],
  ['EURODEBE', 16],
  ['EUROHABER', 16],
  ['BASEEURO', 16],
  ['NOCONV', 1],
  ['NUMEROINV', 10],
] as const;
type ContaplusField = (typeof CONTAPLUS_FIELDS)[number][0];
const NUMERIC: ReadonlySet<ContaplusField> = new Set([
  'ASIEN',
  'PTADEBE',
  'PTAHABER',
  'FACTURA',
  'BASEIMPO',
  'IVA',
  'RECEQUIV',
  'DEBEME',
  'HABERME',
  'EURODEBE',
  'EUROHABER',
  'BASEEURO',
]);

function contaplusLine(values: Partial<Record<ContaplusField, string>>): string {
  return `${CONTAPLUS_FIELDS.map(([field, width]) => {
    const value =
      values[field] ?? (NUMERIC.has(field) && field !== 'FACTURA' && field !== 'ASIEN' ? '0.00' : '');
    return NUMERIC.has(field) ? right(value, width) : left(value, width);
  }).join('')}\r\n`;
}

/** One entry line: debit when `cents` > 0, credit when < 0 (a credit note turns every side round). */
type Posting = { account: string; cents: number; baseCents?: number; rate?: number; surchargeRate?: number };

/** The ContaPlus Diario import: one balanced entry (asiento) per reviewed invoice, numbered from 1. */
export function contaplusFile(invoices: FormInvoice[], accounts: AccountMapping): Buffer {
  const lines: string[] = [];
  let entry = 0;
  for (const invoice of invoices) {
    if (!invoice.type || !invoice.issueDate) continue;
    entry += 1;
    const issued = invoice.type === 'issued';
    const { taxId, name } = counterparty(invoice);
    const party = partyAccount(
      issued ? accounts.customerPrefix : accounts.supplierPrefix,
      taxId,
      accounts.subaccountDigits,
    );
    const vat = vatLines(invoice);
    const base = vat.reduce((s, l) => s + l.baseCents, 0) || (invoice.taxBaseCents ?? 0);
    const withholding = invoice.withholdingCents ?? 0;
    const total = invoice.totalCents ?? 0;
    const postings: Posting[] = [];
    if (issued) {
      postings.push({ account: party, cents: total });
      if (withholding !== 0)
        postings.push({ account: accounts.withholdingReceivableAccount, cents: withholding });
      postings.push({ account: accounts.incomeAccount, cents: -base });
      for (const line of vat) {
        if (line.vatCents !== 0) {
          postings.push({
            account: accounts.vatOutputAccount,
            cents: -line.vatCents,
            baseCents: line.baseCents,
            rate: line.rate,
          });
        }
        if (line.surchargeCents !== 0) {
          postings.push({
            account: accounts.surchargeOutputAccount,
            cents: -line.surchargeCents,
            baseCents: line.baseCents,
            surchargeRate: line.surchargeRate ?? 0,
          });
        }
      }
    } else {
      postings.push({ account: accounts.expenseAccount, cents: base });
      for (const line of vat) {
        // Reverse charge: the buyer books the VAT both as deductible and as charged (art. 85 LIVA).
        const selfAssessed = isIntraEu(invoice) && line.vatCents === 0 && line.rate > 0;
        const quota = selfAssessed ? Math.round((line.baseCents * line.rate) / 100) : line.vatCents;
        if (quota === 0) continue;
        postings.push({
          account: accounts.vatInputAccount,
          cents: quota,
          baseCents: line.baseCents,
          rate: line.rate,
        });
        if (selfAssessed) {
          postings.push({
            account: accounts.vatOutputAccount,
            cents: -quota,
            baseCents: line.baseCents,
            rate: line.rate,
          });
        }
        if (line.surchargeCents !== 0)
          postings.push({ account: accounts.expenseAccount, cents: line.surchargeCents });
      }
      if (withholding !== 0)
        postings.push({ account: accounts.withholdingPayableAccount, cents: -withholding });
      postings.push({ account: party, cents: -total });
    }
    const concept = text(`${issued ? 'Fra.' : 'Fra. prov.'} ${invoice.number ?? ''} ${name ?? ''}`.trim());
    const invoiceNumber = (invoice.number ?? '').replace(/\D/g, '').slice(-8);
    for (const posting of postings) {
      const debit = posting.cents > 0 ? decimal(posting.cents) : '0.00';
      const credit = posting.cents < 0 ? decimal(posting.cents) : '0.00';
      const isTax = posting.rate !== undefined || posting.surchargeRate !== undefined;
      lines.push(
        contaplusLine({
          ASIEN: String(entry),
          FECHA: yyyymmdd(invoice.issueDate),
          SUBCTA: posting.account,
          CONTRA: posting.account === party ? '' : party,
          CONCEPTO: concept,
          FACTURA: isTax ? invoiceNumber : '',
          BASEIMPO: isTax ? decimal(posting.baseCents ?? 0) : '0.00',
          IVA: posting.rate !== undefined ? posting.rate.toFixed(2) : '0.00',
          RECEQUIV: posting.surchargeRate !== undefined ? posting.surchargeRate.toFixed(2) : '0.00',
          DOCUMENTO: text(invoice.number),
          MONEDAUSO: '2',
          EURODEBE: debit,
          EUROHABER: credit,
          BASEEURO: isTax ? decimal(posting.baseCents ?? 0) : '0.00',
          NOCONV: 'F',
        }),
      );
    }
  }
  return Buffer.from(lines.join(''), 'latin1');
}
