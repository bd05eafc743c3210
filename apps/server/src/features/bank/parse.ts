import { looksLikeXml, parseCamt053 } from './camt053';
import { looksLikeNorma43, parseNorma43 } from './norma43';
import type { ParsedStatement } from './statement';
import { decodeText, unreadable } from './statement';

/** Bytes → the statement's accounts, by what the file looks like (not by its name). */
export function parseStatement(bytes: Uint8Array): ParsedStatement {
  if (bytes.length === 0) throw unreadable(1, 'empty');
  const text = decodeText(bytes);
  if (looksLikeXml(text)) return { format: 'camt053', accounts: parseCamt053(text) };
  if (looksLikeNorma43(text)) return { format: 'norma43', accounts: parseNorma43(text) };
  throw unreadable(1, 'unknown_format');
}
