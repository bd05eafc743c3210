/**
 * Spanish tax ids (NIF, NIE, CIF) and their check character, browser-safe so forms and the API apply the
 * same rule. The extraction engine builds its wider checker (EU VAT ids too) on these.
 */

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'JABCDEFGHI';

export type SpanishTaxIdKind = 'nif' | 'nie' | 'cif';

/** Upper case, without spaces, dots, dashes or slashes, and without a leading `ES` VAT prefix. */
export function normalizeSpanishTaxId(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[\s.\-/]/g, '')
    .replace(/^ES(?=[A-Z0-9]{9}$)/, '');
}

/** Check letter of a DNI number (8 digits). */
export function nifLetter(digits: string | number): string {
  return NIF_LETTERS[Number(digits) % 23] ?? '';
}

/** CIF control for the 7 digits after the letter: the digit and the letter forms. */
export function cifControl(body7: string): [digit: string, letter: string] {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(body7[i]);
    if (i % 2 === 0) {
      const x = d * 2;
      sum += Math.floor(x / 10) + (x % 10);
    } else sum += d;
  }
  const control = (10 - (sum % 10)) % 10;
  return [String(control), CIF_LETTERS[control] ?? ''];
}

/** The kind of id and whether its check character is right; null when it is not shaped like one. */
export function checkSpanishTaxId(raw: string): { kind: SpanishTaxIdKind; valid: boolean } | null {
  const id = normalizeSpanishTaxId(raw);
  let m = /^(\d{8})([A-Z])$/.exec(id);
  if (m) return { kind: 'nif', valid: nifLetter(m[1] ?? '') === m[2] };
  m = /^([KLM])(\d{7})([A-Z])$/.exec(id);
  if (m) return { kind: 'nif', valid: nifLetter(m[2] ?? '') === m[3] };
  m = /^([XYZ])(\d{7})([A-Z])$/.exec(id);
  if (m) return { kind: 'nie', valid: nifLetter(`${'XYZ'.indexOf(m[1] ?? '')}${m[2]}`) === m[3] };
  m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (m) {
    const [digit, letter] = cifControl(m[2] ?? '');
    const first = m[1] ?? '';
    const ctl = m[3];
    // Entities without share capital and foreign ones use a letter; companies (A, B, E, H) a digit.
    if ('PQRSNW'.includes(first)) return { kind: 'cif', valid: ctl === letter };
    if ('ABEH'.includes(first)) return { kind: 'cif', valid: ctl === digit };
    return { kind: 'cif', valid: ctl === digit || ctl === letter };
  }
  return null;
}

export function isValidSpanishTaxId(raw: string): boolean {
  return checkSpanishTaxId(raw)?.valid === true;
}
