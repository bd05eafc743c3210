/**
 * Spanish tax ids (NIF, NIE, CIF) and their check character, browser-safe so forms and the API apply the
 * same rule. The extraction engine builds its wider checker (EU VAT ids too) on these.
 */

import { checkVAT, countries } from 'jsvat';

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

/**
 * Country prefixes read as VAT ids: the EU member states (Greece is `EL`), Northern Ireland (`XI`), the UK
 * and Switzerland. Kept to these so that other text shaped like `NO123…` is not taken for a tax id.
 */
const VAT_PREFIXES = new Set([
  ...['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT'],
  ...['LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI', 'GB', 'CH'],
]);

/**
 * A VAT id with its country prefix (`DE136695976`, `EL094259216`): its country and whether its check
 * digits are right, by the maintained `jsvat` rules for every member state; Spanish ones by the NIF/CIF/NIE
 * rule above, the one the forms use. Null without a known prefix.
 */
export function checkVatId(raw: string): { country: string; valid: boolean } | null {
  const id = raw.toUpperCase().replace(/[\s.\-/]/g, '');
  const country = id.slice(0, 2);
  if (!VAT_PREFIXES.has(country) || id.length < 4) return null;
  if (country === 'ES') return { country, valid: checkSpanishTaxId(id.slice(2))?.valid === true };
  // Northern Ireland's ids are UK numbers under their own prefix, which jsvat does not list.
  const value = country === 'XI' ? `GB${id.slice(2)}` : id;
  return { country, valid: checkVAT(value, countries).isValid };
}
