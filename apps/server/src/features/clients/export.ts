/**
 * The client list as a file (issue 16): CSV or XLSX of the filtered list, in the user's language. Names and
 * tax ids are typed by users, so they pass through `spreadsheetText` (the reports' formula-injection guard):
 * a name starting with `=` shows as text, never runs. Counts are numbers, dates real dates.
 */
import {
  type ClientExportFormat,
  type ClientSummary,
  csvSeparator,
  formatExportDay,
  type Locale,
  SPREADSHEET_DAY_FORMAT,
} from '@cuadra/shared';
import { stringify } from 'csv-stringify/sync';
import { loadExcel } from '../../lib/lazy';
import { spreadsheetText } from '../../lib/spreadsheet';

const LABELS = {
  en: {
    sheet: 'Clients',
    headers: ['Name', 'Tax ID', 'Status', 'Registered', 'Invoices', 'To review', 'Added'],
    status: { registered: 'Registered', invited: 'Invited', dummy: 'Not registered' },
    yes: 'Yes',
    no: 'No',
    file: 'clients',
  },
  es: {
    sheet: 'Clientes',
    headers: ['Nombre', 'NIF', 'Estado', 'Registrado', 'Facturas', 'Por revisar', 'Alta'],
    status: { registered: 'Registrado', invited: 'Invitado', dummy: 'No registrado' },
    yes: 'Sí',
    no: 'No',
    file: 'clientes',
  },
} as const;

export const CLIENT_EXPORT_MEDIA_TYPES: Record<ClientExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function clientExportFilename(format: ClientExportFormat, locale: Locale, today = new Date()) {
  return `${LABELS[locale].file}_${today.toISOString().slice(0, 10)}.${format}`;
}

function cells(client: ClientSummary, locale: Locale) {
  const labels = LABELS[locale];
  return {
    name: spreadsheetText(client.name),
    taxId: spreadsheetText(client.taxId ?? ''),
    status: labels.status[client.status],
    registered: client.registered ? labels.yes : labels.no,
    day: client.createdAt.slice(0, 10),
  };
}

/** `;` and UTF-8 with a byte-order mark in Spanish, `,` in English: opens right in the user's spreadsheet. */
export function buildClientCsv(rows: ClientSummary[], locale: Locale): string {
  const records = rows.map((client) => {
    const c = cells(client, locale);
    const added = formatExportDay(c.day, locale);
    return [c.name, c.taxId, c.status, c.registered, client.documents, client.needsReview, added];
  });
  return stringify([[...LABELS[locale].headers], ...records], {
    delimiter: csvSeparator(locale),
    record_delimiter: 'windows',
    bom: true,
  });
}

export async function buildClientWorkbook(rows: ClientSummary[], locale: Locale): Promise<Buffer> {
  const labels = LABELS[locale];
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'Cuadra';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(labels.sheet);
  sheet.columns = [
    { width: 40 },
    { width: 16 },
    { width: 16 },
    { width: 12 },
    { width: 10 },
    { width: 12 },
    { width: 12 },
  ];
  sheet.addRow([...labels.headers]).font = { bold: true };
  for (const client of rows) {
    const c = cells(client, locale);
    const row = sheet.addRow([
      c.name,
      c.taxId,
      c.status,
      c.registered,
      client.documents,
      client.needsReview,
      new Date(`${c.day}T00:00:00Z`),
    ]);
    row.getCell(7).numFmt = SPREADSHEET_DAY_FORMAT[locale];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
