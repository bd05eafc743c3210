/**
 * The letterhead: the issuer's name and address at the top of a receipt or invoice. Receipts print the
 * trading name first (often upper case), then a company registration number, the street address over a
 * few lines, then phone / tax-registration lines. Pure functions over positioned lines.
 */
import { findDates } from './dates.ts';
import type { Line } from './layout.ts';

/** Company registration numbers printed next to the name: `(123456-U)`, `Co. Reg: 654321-W`, `ROC 1234567-X`. */
const REGISTRATION =
  /\(?\s*(?:(?:co(?:mpany)?\.?\s*(?:reg(?:istration)?\.?|no\.?)|br\s*no\.?|roc|reg(?:istration)?\.?\s*no\.?)\s*[:.]?\s*)?[A-Z]{0,2}\d[\d ]{3,12}\s?-?\s?[A-Z](?![A-Za-z])\s*\)?|\(\s*(?:co\.?\s*)?(?:reg\.?|no\.?)?\s*[:.]?\s*\d[\d\s-]{4,14}\d?\s*[A-Z]?\s*\)/gi;
const REGISTRATION_LABEL =
  /\b(?:co(?:mpany)?\.?\s*(?:reg(?:istration)?|no)|br\s*no|roc\b|reg(?:istration)?\s*no)/i;

/** Lines that end the address: phone, fax, tax registration, e-mail, document titles, dates. */
export const ADDRESS_STOP =
  /\b(?:g[s5]t|id\.?\s*no|tel|telf|tlf|tel[ée]fono|telephone|phone|ph|fax|h\/?p|hp|mobile|m[óo]vil|gst|sst|vat|tax|iva|nif|cif|e-?mail|www|http|(?:tax\s*)?invoice|receipt|cash\s*bill|bill|factura|ticket|date|fecha|cashier|order|table|slip|trans|counter|pos)\b|@/i;
const PHONE_ONLY = /^[\s(+]*\d[\d\s\-()/.,]{6,}$/;

/**
 * OCR spellings of the Malaysian `SDN BHD` (`SON BHD`, `SÓN BHD`, `SDH. BHZ`, `SDN 8HD`, `Son Hhd`, `Sdn hd`,
 * letter-spaced `S d n B h d`), `&` read as 6 or 8, and words spaced out letter by letter.
 */
export function normalizeCompanyName(text: string): string {
  return (
    text
      .replace(
        /(?<![\p{L}\d])[S5] ?(?:[DO0UÓ] ?[NH]\.?\s*[B8H] ?|D ?N\.?\s*)H ?[DZ0O](?![\p{L}\d])\.?/giu,
        (m) => (/[a-z]/.test(m) ? 'Sdn Bhd' : 'SDN BHD'),
      )
      .replace(/(?<=\p{Lu}{2,}) [68] (?=\p{Lu}{2,})/gu, ' & ')
      // A word OCR spaced out letter by letter (`Q e r b a n g`): lower case after the first letter, so no
      // initials (`K F C`).
      .replace(/(?<!\S)\p{L}(?: \p{Ll}){2,}(?!\S)/gu, (m) => m.replace(/ /g, ''))
      .replace(/^[^\p{L}\d(]+/u, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The name without registration numbers printed after it. */
export function stripRegistration(text: string): string {
  const out = text
    .replace(REGISTRATION, ' ')
    .replace(/\s+/g, ' ')
    .replace(/[\s;:(-]+$/, '')
    .trim();
  return out.length >= 3 ? out : text.trim();
}

/** A line that carries only a registration number (`(0005583085-K)`, `Company No :256628-W`). */
export function isRegistrationLine(text: string): boolean {
  const rest = text.replace(REGISTRATION, ' ').replace(REGISTRATION_LABEL, ' ');
  return rest.replace(/[^\p{L}\d]/gu, '').length <= 2 && /\d{4,}/.test(text);
}

/** Looks like part of a postal address: numbers with words, street words, a postcode. */
export function isAddressLike(text: string): boolean {
  if (ADDRESS_STOP.test(text) || PHONE_ONLY.test(text)) return false;
  if (findDates(text).length) return false;
  if (!/\p{L}{2,}/u.test(text)) return false;
  return true;
}

/**
 * Address lines that follow the issuer's name (and its registration number) in the same column, up to
 * the first phone / tax / title line; joined with spaces. Null when nothing address-like follows.
 */
export function addressAfter(
  lines: Line[],
  nameLine: Line,
  nameLines = 1,
): { text: string; lines: Line[] } | null {
  const start = lines.indexOf(nameLine);
  if (start < 0) return null;
  const left = nameLine.x - 0.15;
  const right = nameLine.x + Math.max(nameLine.w, 0.3) + 0.15;
  const picked: Line[] = [];
  const parts: string[] = [];
  let prevBottom = nameLine.y + nameLine.h;
  let skipped = 0;
  for (let i = start + nameLines; i < lines.length && picked.length < 5; i++) {
    const line = lines[i]!;
    if (line.page !== nameLine.page) break;
    const words = line.words.filter((w) => w.x < right && w.x + w.w > left);
    if (!words.length) continue;
    const text = words
      .map((w) => w.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    // Specks and rules between lines.
    if (text.replace(/[^\p{L}\d]/gu, '').length < 2) continue;
    if (line.y - prevBottom > Math.max(nameLine.h, line.h) * 3) break;
    if (isRegistrationLine(text)) {
      prevBottom = line.y + line.h;
      continue;
    }
    if (!isAddressLike(text)) {
      // Before the address: a tax-registration number, a date printed beside the header, or a
      // number-only line the OCR half read; after it, the end of the address.
      const aside =
        /\b(?:g[s5]t|sst|reg|id)\b.*\d{4}/i.test(text) ||
        findDates(text).length > 0 ||
        !/\p{L}{2,}/u.test(text);
      if (picked.length || !aside || ++skipped > 2) break;
      prevBottom = line.y + line.h;
      continue;
    }
    picked.push(line);
    parts.push(stripRegistration(text));
    prevBottom = line.y + line.h;
  }
  if (!picked.length) return null;
  const joined = parts.join(' ').replace(/\s+/g, ' ').trim();
  // A real address has a number (street, lot, postcode) somewhere.
  if (!/\d/.test(joined) || joined.length < 8) return null;
  return { text: joined, lines: picked };
}
