import { looksLikeXml, parseCamt053 } from './camt053';
import { looksLikeCsv, parseCsv } from './csv';
import { looksLikeNorma43, parseNorma43 } from './norma43';
import type { ParsedStatement } from './statement';
import { decodeText, unreadable } from './statement';

/**
 * Bytes → the statement's accounts, by what the file looks like (not by its name). `iban`: the account of a
 * CSV export that does not name it.
 */
export function parseStatement(bytes: Uint8Array, iban: string | null = null): ParsedStatement {
  if (bytes.length === 0) throw unreadable(1, 'empty');
  const text = decodeText(bytes);
  if (looksLikeXml(text)) return { format: 'camt053', accounts: parseCamt053(text) };
  if (looksLikeNorma43(text)) return { format: 'norma43', accounts: parseNorma43(text) };
  if (looksLikeCsv(text)) return { format: 'csv', accounts: parseCsv(text, iban) };
  throw unreadable(1, 'unknown_format');
}
