/**
 * The libros registro of issued and received invoices (IVA) and of income and expenses (IRPF), in the
 * layout the AEAT publishes for handing them over electronically when a tax office asks for them:
 * "Formato de los libros registro del IVA e IRPF para atender los requerimientos de gestión tributaria"
 * (AEAT, Departamento de Gestión Tributaria; XLSX template and CSV with `;`), sede.agenciatributaria.gob.es
 * → IVA → Libros registro. The column names and their order below follow that document's registry design
 * as we read it (two header rows: the group, then the column); we could not compare cell by cell with
 * the official template file, which is not in our sources.
 *
 * One row per VAT rate of an invoice (the format's rule for invoices with several rates); the invoice total
 * is on its first row only, so the column adds up. Amounts in euros with two decimals.
 */
import type { VatRegime } from '@cuadra/shared';
import {
  counterparty,
  type FormInvoice,
  isCreditNote,
  isIntraEu,
  isSimplified,
  vatLines,
  withholdingRateOf,
} from '../../fiscal/sheet';
import { loadExcel } from '../../lib/lazy';

type Column = { group: string; name: string };

const c = (group: string, name: string): Column => ({ group, name });

/** Libro registro de facturas expedidas (IVA) / de ventas e ingresos (IRPF). */
export const ISSUED_COLUMNS: Column[] = [
  c('Autoliquidación', 'Ejercicio'),
  c('Autoliquidación', 'Periodo'),
  c('Actividad', 'Tipo'),
  c('Actividad', 'Código'),
  c('Actividad', 'Grupo o Epígrafe del IAE'),
  c('', 'Tipo de Factura'),
  c('', 'Concepto de Ingreso'),
  c('', 'Ingreso Computable'),
  c('', 'Fecha Expedición'),
  c('', 'Fecha Operación'),
  c('Identificación de la Factura', 'Serie'),
  c('Identificación de la Factura', 'Número'),
  c('Identificación de la Factura', 'Número-Final'),
  c('NIF Destinatario', 'Tipo'),
  c('NIF Destinatario', 'Código País'),
  c('NIF Destinatario', 'Identificación'),
  c('', 'Nombre Destinatario'),
  c('', 'Clave de Operación'),
  c('', 'Calificación de la Operación'),
  c('', 'Operación Exenta'),
  c('', 'Total Factura'),
  c('', 'Base Imponible'),
  c('', 'Tipo de IVA'),
  c('', 'Cuota IVA Repercutida'),
  c('', 'Tipo de Recargo eq.'),
  c('', 'Cuota Recargo eq.'),
  c('Cobro (Operación Criterio de Caja)', 'Fecha'),
  c('Cobro (Operación Criterio de Caja)', 'Importe'),
  c('Cobro (Operación Criterio de Caja)', 'Medio Utilizado'),
  c('Cobro (Operación Criterio de Caja)', 'Identificación Medio Utilizado'),
  c('', 'Tipo Retención del IRPF'),
  c('', 'Importe Retenido del IRPF'),
  c('', 'Registro Acuerdo Facturación'),
  c('Inmueble', 'Situación'),
  c('Inmueble', 'Referencia Catastral'),
  c('', 'Referencia Externa'),
];

/** Libro registro de facturas recibidas (IVA) / de compras y gastos (IRPF). */
export const RECEIVED_COLUMNS: Column[] = [
  c('Autoliquidación', 'Ejercicio'),
  c('Autoliquidación', 'Periodo'),
  c('Actividad', 'Tipo'),
  c('Actividad', 'Código'),
  c('Actividad', 'Grupo o Epígrafe del IAE'),
  c('', 'Tipo de Factura'),
  c('', 'Concepto de Gasto'),
  c('', 'Gasto Deducible'),
  c('', 'Fecha Expedición'),
  c('', 'Fecha Operación'),
  c('Identificación Factura del Expedidor', '(Serie-Número)'),
  c('Identificación Factura del Expedidor', 'Número-Final'),
  c('', 'Fecha Recepción'),
  c('', 'Número Recepción'),
  c('', 'Número Recepción Final'),
  c('NIF Expedidor', 'Tipo'),
  c('NIF Expedidor', 'Código País'),
  c('NIF Expedidor', 'Identificación'),
  c('', 'Nombre Expedidor'),
  c('', 'Clave de Operación'),
  c('', 'Bien de Inversión'),
  c('', 'Inversión del Sujeto Pasivo'),
  c('', 'Deducible en Periodo Posterior'),
  c('', 'Ejercicio Deducción'),
  c('', 'Periodo Deducción'),
  c('', 'Total Factura'),
  c('', 'Base Imponible'),
  c('', 'Tipo de IVA'),
  c('', 'Cuota IVA Soportado'),
  c('', 'Cuota Deducible'),
  c('', 'Tipo de Recargo eq.'),
  c('', 'Cuota Recargo eq.'),
  c('Pago (Operación Criterio de Caja)', 'Fecha'),
  c('Pago (Operación Criterio de Caja)', 'Importe'),
  c('Pago (Operación Criterio de Caja)', 'Medio Utilizado'),
  c('Pago (Operación Criterio de Caja)', 'Identificación Medio Utilizado'),
  c('', 'Tipo Retención del IRPF'),
  c('', 'Importe Retenido del IRPF'),
  c('', 'Registro Acuerdo Facturación'),
  c('Inmueble', 'Situación'),
  c('Inmueble', 'Referencia Catastral'),
  c('', 'Referencia Externa'),
];

/** A cell: text, an amount in cents (written as euros), a rate, or empty. */
type Cell = { text: string } | { cents: number } | { rate: number } | { date: string } | null;

const text = (value: string | null | undefined): Cell => (value ? { text: value } : null);
const cents = (value: number | null | undefined): Cell =>
  value === null || value === undefined ? null : { cents: value };

/** The party's id as the format splits it: type 02 + country for an EU VAT id, the bare NIF for Spain. */
function partyId(taxId: string | null): [Cell, Cell, Cell] {
  if (!taxId) return [null, null, null];
  if (/^[A-Z]{2}/.test(taxId) && !/^[A-Z]\d{7}[0-9A-Z]$/.test(taxId) && !/^[XYZKLM]\d{7}[A-Z]$/.test(taxId)) {
    return [text('02'), text(taxId.slice(0, 2)), text(taxId)];
  }
  return [null, null, text(taxId)];
}

/** Series and number: a prefix before the last separator is the series ("F-12" → "F", "12"). */
function seriesAndNumber(number: string | null): [string | null, string | null] {
  if (!number) return [null, null];
  const m = /^(.*?)[-/ ](\d+)$/.exec(number);
  return m ? [m[1] || null, m[2] ?? null] : [null, number];
}

const quarterOf = (date: string) => `${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}T`;

/** The rows of one book, one per VAT rate of each invoice, in date order. */
export function bookRows(
  invoices: FormInvoice[],
  type: 'issued' | 'received',
  regime: VatRegime = 'general',
  withPayments = false,
): Cell[][] {
  const rows: Cell[][] = [];
  for (const invoice of invoices) {
    if (invoice.type !== type || !invoice.issueDate) continue;
    const lines = vatLines(invoice);
    const withRates = lines.length > 0 ? lines : [null];
    const { taxId, name } = counterparty(invoice);
    const [idType, country, id] = partyId(taxId);
    const intraEu = isIntraEu(invoice);
    // F1: ordinary invoice; F2: simplified (a ticket); R1: rectifying invoice (art. 80 LIVA); R5: a
    // simplified one rectified; the format's keys, as in the SII.
    const simplified = isSimplified(invoice);
    const invoiceType = text(isCreditNote(invoice) ? (simplified ? 'R5' : 'R1') : simplified ? 'F2' : 'F1');
    const date: Cell = { date: invoice.issueDate };
    const withholdingRate = withholdingRateOf(invoice);
    withRates.forEach((line, index) => {
      const first = index === 0;
      const base = line ? line.baseCents : invoice.taxBaseCents;
      const rate: Cell = line ? { rate: line.rate } : null;
      const surchargeRate: Cell = line?.surchargeRate ? { rate: line.surchargeRate } : null;
      const surcharge = line && line.surchargeCents !== 0 ? cents(line.surchargeCents) : null;
      const withholding = first && withholdingRate !== null;
      // Cobro / Pago: the day the bank payments matched to the invoice settled it (features/bank), and the
      // total, on the invoice's first row. The means is left empty: a statement line does not say whether
      // it was a transfer or a direct debit.
      const payment: Cell[] =
        withPayments && first && invoice.paidAt
          ? [{ date: invoice.paidAt }, cents(invoice.totalCents), null, null]
          : [null, null, null, null];
      const period: Cell[] = [
        { text: (invoice.issueDate as string).slice(0, 4) },
        text(quarterOf(invoice.issueDate as string)),
      ];
      if (type === 'issued') {
        const [series, number] = seriesAndNumber(invoice.number);
        const exemptDelivery = intraEu && (line?.vatCents ?? 0) === 0;
        rows.push([
          ...period,
          null,
          null,
          null,
          invoiceType,
          null,
          cents(base),
          date,
          null,
          text(series),
          text(number),
          null,
          idType,
          country,
          id,
          text(name),
          text('01'),
          // S1: subject and not exempt; an intra-EU delivery is exempt under art. 25 LIVA (E5).
          exemptDelivery ? null : text('S1'),
          exemptDelivery ? text('E5') : null,
          first ? cents(invoice.totalCents) : null,
          cents(base),
          exemptDelivery ? null : rate,
          exemptDelivery ? null : cents(line?.vatCents ?? invoice.vatTotalCents),
          surchargeRate,
          surcharge,
          ...payment,
          withholding ? { rate: withholdingRate } : null,
          withholding ? cents(invoice.withholdingCents) : null,
          null,
          null,
          null,
          null,
        ]);
      } else {
        // Reverse charge: the quota is self-assessed at the line's rate when the invoice shows none.
        const quota =
          intraEu && line && line.vatCents === 0 && line.rate > 0
            ? Math.round((line.baseCents * line.rate) / 100)
            : (line?.vatCents ?? invoice.vatTotalCents ?? 0);
        rows.push([
          ...period,
          null,
          null,
          null,
          invoiceType,
          null,
          cents(base),
          date,
          null,
          text(invoice.number),
          null,
          // The date of receipt is not captured: left empty rather than guessed.
          null,
          null,
          null,
          idType,
          country,
          id,
          text(name),
          text(intraEu ? '09' : '01'),
          text('N'),
          text(intraEu ? 'S' : 'N'),
          null,
          null,
          null,
          first ? cents(invoice.totalCents) : null,
          cents(base),
          rate,
          cents(quota),
          // Only the general regime deducts input VAT (arts. 94, 154 LIVA).
          cents(regime === 'general' ? quota : 0),
          surchargeRate,
          surcharge,
          ...payment,
          withholding ? { rate: withholdingRate } : null,
          withholding ? cents(invoice.withholdingCents) : null,
          null,
          null,
          null,
          null,
        ]);
      }
    });
  }
  return rows;
}

/** The AEAT's libro registro layout writes dd/mm/yyyy whatever the user's language (issue 36 item 11). */
const isoToSpanish = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const euros = (value: number) => {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if ('cents' in cell) return euros(cell.cents);
  if ('rate' in cell) return String(cell.rate).replace('.', ',');
  if ('date' in cell) return isoToSpanish(cell.date);
  // Text from an invoice is untrusted: a spreadsheet would run a value starting with = + - @ as a formula.
  const text = /^[=+\-@\t\r]/.test(cell.text) ? `'${cell.text}` : cell.text;
  return /[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One book as the format's CSV: `;` between values, decimal comma, dates dd/mm/yyyy, two header rows. */
export function bookCsv(
  invoices: FormInvoice[],
  type: 'issued' | 'received',
  regime: VatRegime = 'general',
  withPayments = false,
): string {
  const columns = type === 'issued' ? ISSUED_COLUMNS : RECEIVED_COLUMNS;
  const lines = [
    columns.map((col) => col.group).join(';'),
    columns.map((col) => col.name).join(';'),
    ...bookRows(invoices, type, regime, withPayments).map((row) => row.map(csvCell).join(';')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Both books in one workbook: a sheet of issued invoices and one of received invoices. */
export async function librosWorkbook(
  invoices: FormInvoice[],
  regime: VatRegime = 'general',
  withPayments = false,
): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'Cuadra';
  for (const [type, sheetName, columns] of [
    ['issued', 'EXPEDIDAS_INGRESOS', ISSUED_COLUMNS],
    ['received', 'RECIBIDAS_GASTOS', RECEIVED_COLUMNS],
  ] as const) {
    const sheet = workbook.addWorksheet(sheetName);
    sheet.addRow(columns.map((col) => col.group));
    sheet.addRow(columns.map((col) => col.name));
    for (const row of bookRows(invoices, type, regime, withPayments)) {
      const added = sheet.addRow(
        row.map((cell) => {
          if (cell === null) return null;
          if ('cents' in cell) return cell.cents / 100;
          if ('rate' in cell) return cell.rate;
          if ('date' in cell) return new Date(`${cell.date}T00:00:00Z`);
          return cell.text;
        }),
      );
      row.forEach((cell, index) => {
        if (cell && 'cents' in cell) added.getCell(index + 1).numFmt = '0.00';
        if (cell && 'date' in cell) added.getCell(index + 1).numFmt = 'dd/mm/yyyy';
      });
    }
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(2).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
