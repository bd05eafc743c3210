import type { CsvColumns, CsvMapping } from '@cuadra/shared';
import { looksLikeXml, parseCamt } from './camt';
import { csvTable, looksLikeCsv, parseTable } from './csv';
import { looksLikeNorma43, parseNorma43 } from './norma43';
import type { ParsedStatement } from './statement';
import { decodeText, unreadable } from './statement';
import { looksLikeXlsx, xlsxTable } from './xlsx';

/**
 * Bytes → the statement's accounts, by what the file looks like (not by its name). `iban`: the account of a
 * CSV export that does not name it.
 */
export function parseStatement(bytes: Uint8Array, iban: string | null = null): ParsedStatement {
  if (bytes.length === 0) throw unreadable(1, 'empty');
  const text = decodeText(bytes);
  if (looksLikeXml(text)) return parseCamt(text);
  if (looksLikeNorma43(text)) return { format: 'norma43', accounts: parseNorma43(text) };
  if (looksLikeCsv(text)) return { format: 'csv', accounts: parseTable(csvTable(text), iban).accounts };
  throw unreadable(1, 'unknown_format');
}

/** A spreadsheet's layout: the header signature and columns used, to be remembered for the client. */
export type ReadStatement = ParsedStatement & { layout: { signature: string; columns: CsvColumns } | null };

/**
 * `parseStatement` for the import: XLSX too, and the column mappings of CSV and XLSX files, the ones the
 * client's earlier files taught (`saved`, by header signature) or the one sent with this file (`mapping`).
 */
export async function readStatement(
  bytes: Uint8Array,
  options: { iban: string | null; saved: Map<string, CsvColumns>; mapping: CsvMapping | null },
): Promise<ReadStatement> {
  if (bytes.length === 0) throw unreadable(1, 'empty');
  const spreadsheet = looksLikeXlsx(bytes) ? await xlsxTable(bytes) : null;
  if (spreadsheet) {
    const read = parseTable(spreadsheet, options.iban, options.saved, options.mapping);
    return { format: 'xlsx', accounts: read.accounts, layout: read };
  }
  const text = decodeText(bytes);
  if (!looksLikeXml(text) && !looksLikeNorma43(text) && looksLikeCsv(text)) {
    const read = parseTable(csvTable(text), options.iban, options.saved, options.mapping);
    return { format: 'csv', accounts: read.accounts, layout: read };
  }
  return { ...parseStatement(bytes, options.iban), layout: null };
}
