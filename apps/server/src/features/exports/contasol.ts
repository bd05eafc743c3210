/**
 * ContaSOL (Software del Sol) import sheets for invoices: the "Libro de I.V.A. repercutido" (IVR) for issued
 * invoices and the "Libro de I.V.A. soportado" (IVS) for received ones, each an Excel sheet whose first row
 * holds the titles and each following row one VAT book entry.
 *
 * Sources. Software del Sol documents the import in "ContaSOL. Instrucciones para la importación de datos
 * desde OpenOffice.org Calc o Microsoft Office Excel" (its general rules: one record per row, one field per
 * column, unedited numbers, dates as dates) and publishes one Excel template per file (Utilidades >
 * Importación > XLSX/XLS > "Documentos individuales y plantillas de importación"; ayudadelsol.sdelsol.com,
 * article C1478). The templates themselves are not in our sources. The column titles and their order below
 * are as transcribed from those templates in two independent open-source exporters we read: the IVS title
 * row, complete, and the IVR columns up to "Total" (which agree with the IVS ones less "Deducible"); field
 * types (Código N(5), Libro N(1), Cuenta N(10), Tipo de operación 0 interior / 1 importación /
 * 2 intracomunitaria, Deducible 0 / 1 / 2, Bienes soportados 0 / 1) from the first. We write the IVR columns
 * up to "Total" only, since we could not confirm the order of the later ones.
 *
 * Accounts come from the client's mapping, as for a3 and ContaPlus: the customer or supplier prefix and the
 * digits of the counterparty's tax id. An invoice with more than three VAT rates continues on another row
 * with the same number (the sheets have three rate groups before the fourth at the far end).
 */
import type { AccountMapping } from '@cuadra/shared';
import { zipSync } from 'fflate';
import { counterparty, type FormInvoice, isIntraEu, vatLines, withholdingRateOf } from '../../fiscal/sheet';
import { loadExcel } from '../../lib/lazy';
import { partyAccount } from './packages';

const COMMON_HEAD = ['Código', 'Libro de IVA', 'Fecha', 'Cuenta', 'Factura', 'Nombre', 'C.I.F.'];
const RATE_COLUMNS = [
  'Base 1',
  'Base 2',
  'Base 3',
  '% de IVA 1',
  '% de IVA 2',
  '% de IVA 3',
  '% de recargo 1',
  '% de recargo 2',
  '% de recargo 3',
  'Importe de IVA 1',
  'Importe de IVA 2',
  'Importe de IVA 3',
  'Importe de recargo 1',
  'Importe de recargo 2',
  'Importe de recargo 3',
  'Total',
];

/** IVR.xlsx, issued invoices: columns A–X. */
export const CONTASOL_IVR_COLUMNS: readonly string[] = [...COMMON_HEAD, 'Tipo de operación', ...RATE_COLUMNS];

/** IVS.xlsx, received invoices: the template's title row, every column. */
export const CONTASOL_IVS_COLUMNS: readonly string[] = [
  ...COMMON_HEAD,
  'Tipo de operación',
  'Deducible',
  ...RATE_COLUMNS,
  'Bienes soportados',
  'Factura rectificada',
  'Fecha factura rectificada',
  'Total factura rectificada',
  ...[1, 2, 3].map((n) => `% IVA ${n} factura rectificada`),
  ...[1, 2, 3].map((n) => `% recargo ${n} factura rectificada`),
  ...[1, 2, 3].map((n) => `Base ${n} factura rectificada`),
  ...[1, 2, 3].map((n) => `Importe de IVA ${n} factura rectificada`),
  ...[1, 2, 3].map((n) => `Importe de recargo ${n} factura rectificada`),
  'Incluir en el modelo 347',
  'Porcentaje de retención',
  'Importe de retención',
  'Tipo de retención',
  'Importe retención factura rectificada',
  'Fecha expedición de la factura',
  'Base imponible exenta',
  'Porcentaje deducible',
  'Base exenta factura rectificada',
  'Clave de operación',
  'Identificación fiscal',
  'Tipo de impuesto',
  'Identificación del bien',
  'Prorrata definitiva',
  'Fecha de inicio de la utilización',
  'Regularización anual de la inversión',
  'Identificación de entrega',
  'Regularización de la deducción efectuada',
  'Base imponible a coste',
  'Número de facturas',
  'Primer número',
  'Último número',
  'Tipo de operación',
  'Días de plazo',
  'Descripción de los bienes',
  'Otras facturas o documentación',
  'Estado miembro origen o destino del bien',
  'Importe de suplidos',
  'Campo sin contenido',
  'Observaciones',
  'Documento de FactuSOL que creó el registro de IVA',
  'Serie del documento de FactuSOL que creó el registro de IVA',
  'Código del documento de FactuSOL que creó el registro de IVA',
  'Ejercicio de la factura rectificada',
  'Clave de operación intracomunitaria',
  'Fecha de realización de la operación',
  'Base IRPF',
  'Tipo de rectificativa',
  'EXTRA',
  'EXTRA2',
  'Fecha de registro contable',
  'Serie',
  'Serie de la fra. que rectifica',
  'Operación no sujeta',
  ...[4, 5].flatMap((n) => [
    `Base ${n}`,
    `% de IVA ${n}`,
    `Importe de IVA ${n}`,
    `% de recargo ${n}`,
    `Importe de recargo ${n}`,
    `Base ${n} factura rectificada`,
    `% de IVA ${n} factura rectificada`,
    `Importe de IVA ${n} factura rectificada`,
    `% de recargo ${n} factura rectificada`,
    `Importe de recargo ${n} factura rectificada`,
  ]),
];

/** 1-based column of a title (the first one, where a title repeats). */
const col = (columns: readonly string[], title: string) => columns.indexOf(title) + 1;

const euros = (cents: number) => cents / 100;
/** An ISO day as a date at UTC midnight, which Excel shows as that day. */
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

type Book = 'issued' | 'received';

async function sheetFor(invoices: FormInvoice[], book: Book, accounts: AccountMapping): Promise<Buffer> {
  const columns = book === 'issued' ? CONTASOL_IVR_COLUMNS : CONTASOL_IVS_COLUMNS;
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(book === 'issued' ? 'IVR' : 'IVS');
  sheet.addRow([...columns]);
  let code = 0;
  for (const invoice of invoices) {
    if (invoice.type !== book || !invoice.issueDate) continue;
    const { taxId, name } = counterparty(invoice);
    const account = partyAccount(
      book === 'issued' ? accounts.customerPrefix : accounts.supplierPrefix,
      taxId,
      accounts.subaccountDigits,
    );
    const lines = vatLines(invoice);
    // Three rate groups to a row; an invoice with none still gets its row (its base as base 1, at 0 %).
    const groups =
      lines.length === 0
        ? [
            [
              {
                rate: 0,
                baseCents: invoice.taxBaseCents ?? 0,
                vatCents: 0,
                surchargeRate: null,
                surchargeCents: 0,
              },
            ],
          ]
        : Array.from({ length: Math.ceil(lines.length / 3) }, (_, g) => lines.slice(g * 3, g * 3 + 3));
    groups.forEach((group, g) => {
      code += 1;
      const row: (string | number | Date | null)[] = Array.from({ length: columns.length }, () => null);
      const put = (title: string, value: string | number | Date | null) => {
        row[col(columns, title) - 1] = value;
      };
      put('Código', code);
      put('Libro de IVA', 1);
      put('Fecha', day(invoice.issueDate as string));
      put('Cuenta', Number(account));
      put('Factura', invoice.number ?? '');
      put('Nombre', name ?? '');
      put('C.I.F.', taxId ?? '');
      put('Tipo de operación', isIntraEu(invoice) ? 2 : 0);
      group.forEach((line, i) => {
        const n = i + 1;
        put(`Base ${n}`, euros(line.baseCents));
        put(`% de IVA ${n}`, line.rate);
        put(`Importe de IVA ${n}`, euros(line.vatCents));
        if (line.surchargeCents !== 0 || line.surchargeRate) {
          put(`% de recargo ${n}`, line.surchargeRate ?? 0);
          put(`Importe de recargo ${n}`, euros(line.surchargeCents));
        }
      });
      // The total once per invoice, on its first row.
      put('Total', g === 0 ? euros(invoice.totalCents ?? 0) : 0);
      if (book === 'received') {
        put('Deducible', 0);
        put('Bienes soportados', 0);
        const withheld = invoice.withholdingCents ?? 0;
        if (g === 0 && withheld !== 0) {
          put('Porcentaje de retención', withholdingRateOf(invoice) ?? 0);
          put('Importe de retención', euros(withheld));
        }
      }
      const added = sheet.addRow(row);
      // Texts are written as strings, never formulas: a name that begins with `=` stays that text.
      // ContaSol's import sheet: dd/mm/yyyy whatever the user's language (the package reads it).
      added.getCell(col(columns, 'Fecha')).numFmt = 'dd/mm/yyyy';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** IVR.xlsx (issued) or IVS.xlsx (received), one file. */
export function contasolBook(invoices: FormInvoice[], book: Book, accounts: AccountMapping) {
  return sheetFor(invoices, book, accounts);
}

/** Both books as a ZIP holding IVR.xlsx and IVS.xlsx, the file names ContaSOL's import expects. */
export async function contasolZip(invoices: FormInvoice[], accounts: AccountMapping): Promise<Buffer> {
  const [ivr, ivs] = await Promise.all([
    sheetFor(invoices, 'issued', accounts),
    sheetFor(invoices, 'received', accounts),
  ]);
  return Buffer.from(zipSync({ 'IVR.xlsx': new Uint8Array(ivr), 'IVS.xlsx': new Uint8Array(ivs) }));
}
