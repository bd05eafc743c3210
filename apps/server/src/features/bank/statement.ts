import type { StatementFormat } from '@cuadra/shared';
import { AppError } from '../../errors';

/** One movement as a statement file states it, before it meets the database. */
export type ParsedMovement = {
  bookingDate: string;
  valueDate: string | null;
  /** Signed: positive a credit, negative a charge. */
  amountCents: number;
  concept: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  reference: string | null;
  /** 1-based line of the file where the movement starts. */
  sourceLine: number;
  sourceText: string;
};

/** One account's section of a file, checked to add up. */
export type ParsedAccount = {
  iban: string;
  currency: string;
  periodFrom: string;
  periodTo: string;
  openingCents: number;
  closingCents: number;
  movements: ParsedMovement[];
};

export type ParsedStatement = { format: StatementFormat; accounts: ParsedAccount[] };

/** Why a file could not be read; sent as `details.reason` beside `details.line`. */
export type UnreadableReason =
  | 'empty'
  | 'binary'
  | 'unknown_format'
  | 'record_length'
  | 'record_unknown'
  | 'record_order'
  | 'truncated'
  | 'field'
  | 'xml'
  | 'namespace'
  | 'no_account';

export function unreadable(line: number, reason: UnreadableReason, field?: string): AppError {
  return new AppError('STATEMENT_UNREADABLE', field ? { line, reason, field } : { line, reason });
}

/** Opening + movements must give the closing balance, as the file itself states them. */
export function checkBalance(account: ParsedAccount, line: number) {
  const movementsCents = account.movements.reduce((sum, m) => sum + m.amountCents, 0);
  if (account.openingCents + movementsCents !== account.closingCents) {
    throw new AppError('STATEMENT_BALANCE_MISMATCH', {
      line,
      iban: account.iban,
      openingCents: account.openingCents,
      movementsCents,
      closingCents: account.closingCents,
    });
  }
}

/**
 * Bytes → text. UTF-8 when the bytes are valid UTF-8; otherwise Windows-1252, what Spanish banks' exports
 * mostly are (a superset of ISO-8859-1 for the letters that matter: ñ, á, ç, €). NUL bytes mean a binary file.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw unreadable(1, 'binary');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** IBAN as stored: upper case, no spaces; null when the text is not a valid IBAN (ISO 13616 mod 97). */
export function normalizeIban(text: string | null | undefined): string | null {
  if (!text) return null;
  const iban = text.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return null;
  return ibanChecksum(iban.slice(4) + iban.slice(0, 2)) === Number(iban.slice(2, 4)) ? iban : null;
}

/** 98 − (digits mod 97), letters as 10–35: the IBAN check digits of "bban + country". */
function ibanChecksum(bbanAndCountry: string): number {
  const digits = [...`${bbanAndCountry}00`]
    .map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch))
    .join('');
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return 98 - rest;
}

const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
function cccDigit(ten: string): number {
  const sum = [...ten].reduce((s, d, i) => s + Number(d) * (CCC_WEIGHTS[i] ?? 0), 0);
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit === 10 ? 1 : digit;
}

/**
 * A Spanish account as Norma 43 names it (bank, branch, 10-digit account; the two control digits are not in
 * the file) → its IBAN: the CCC control digits, then the IBAN check digits.
 */
export function spanishIban(bank: string, branch: string, account: string): string {
  const dc = `${cccDigit(`00${bank}${branch}`)}${cccDigit(account)}`;
  const bban = `${bank}${branch}${dc}${account}`;
  return `ES${String(ibanChecksum(`${bban}ES`)).padStart(2, '0')}${bban}`;
}

export function isValidDate(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

/** Spaces collapsed and trimmed. */
export const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
