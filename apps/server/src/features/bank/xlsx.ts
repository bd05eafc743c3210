import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lib/lazy';
import type { Cell, Table } from './csv';
import { unreadable } from './statement';

/** A ZIP's first bytes ("PK\x03\x04"): what an XLSX file is. */
export const looksLikeXlsx = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * An XLSX export → the rows of its first sheet, for the same reader as a CSV (features/bank/csv.ts). Read by
 * exceljs, already used for the reports (docs/decisions/0019): numbers stay numbers and dates dates, so no
 * decimal separator is guessed for them; formulas give their cached result, never run.
 */
export async function xlsxTable(bytes: Uint8Array): Promise<Table> {
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw unreadable(1, 'binary');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable(1, 'truncated');
  const rows: Table['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from({ length: values.length }, (_, i) => cellOf(values[i]));
    rows.push({
      cells,
      line,
      text: cells.map((c) => (c instanceof Date ? c.toISOString() : (c ?? ''))).join(';'),
    });
  });
  // Text amounts in a Spanish bank's sheet are written with a decimal comma.
  return { rows, locale: 'es' };
}

function cellOf(value: ExcelJS.CellValue | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('result' in value) return cellOf(value.result as ExcelJS.CellValue); // a formula: its cached result
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
  }
  return null;
}
