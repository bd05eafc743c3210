/** Spanish NIF/NIE/CIF and EU VAT-id check characters. */

import { checkSpanishTaxId, cifControl, nifLetter } from '@cuadra/shared';

export { cifControl, nifLetter };

export type TaxIdKind = 'nif' | 'nie' | 'cif' | 'eu_vat';
export type TaxIdCheck = {
  normalized: string;
  kind: TaxIdKind;
  country: string;
  valid: boolean;
  checkable: boolean;
};

export function normalizeTaxId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-/]/g, '');
}

/** Spanish NIF, NIE or CIF with its check character (the rule the browser's forms use too). */
export function isValidSpanishId(raw: string): { valid: boolean; kind: 'nif' | 'nie' | 'cif' } | null {
  return checkSpanishTaxId(raw);
}

function mod11De(digits: string): boolean {
  // ISO 7064 MOD 11,10
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let sum = (Number(digits[i]) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  let check = 11 - product;
  if (check === 10) check = 0;
  return check === Number(digits[8]);
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function mod97(numeric: string): number {
  let r = 0;
  for (const ch of numeric) r = (r * 10 + Number(ch)) % 97;
  return r;
}

const EU_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  GB: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  XI: /^\d{9}$/,
  CH: /^E?\d{9}(MWST|TVA|IVA)?$/,
};

/** Checks an EU VAT id (with country prefix). `checkable` is false when only the format is known. */
export function checkEuVat(raw: string): { valid: boolean; checkable: boolean } | null {
  const id = normalizeTaxId(raw);
  const country = id.slice(0, 2);
  const body = id.slice(2);
  const format = EU_FORMATS[country];
  if (!format) return null;
  if (!format.test(body)) return { valid: false, checkable: true };
  switch (country) {
    case 'ES': {
      const es = isValidSpanishId(body);
      return es ? { valid: es.valid, checkable: true } : { valid: false, checkable: true };
    }
    case 'DE':
      return { valid: mod11De(body), checkable: true };
    case 'IT':
      return { valid: luhn(body), checkable: true };
    case 'FR': {
      if (!/^\d{2}/.test(body)) return { valid: true, checkable: false };
      const siren = body.slice(2);
      const key = (12 + 3 * (Number(siren) % 97)) % 97;
      return { valid: key === Number(body.slice(0, 2)) && luhn(siren), checkable: true };
    }
    case 'BE': {
      const n = Number(body.slice(0, 8));
      return { valid: 97 - (n % 97) === Number(body.slice(8)), checkable: true };
    }
    case 'NL': {
      const digits = body.slice(0, 9);
      let sum = 0;
      for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
      const mod11 = (sum - Number(digits[8])) % 11 === 0;
      // Since 2020 sole traders get ids checked with mod 97 over "NL" + body.
      const numeric = `2321${body.replace('B', '11')}`;
      return { valid: mod11 || mod97(numeric) === 1, checkable: true };
    }
    case 'PT': {
      let sum = 0;
      for (let i = 0; i < 8; i++) sum += Number(body[i]) * (9 - i);
      const check = 11 - (sum % 11);
      return { valid: (check >= 10 ? 0 : check) === Number(body[8]), checkable: true };
    }
    case 'AT': {
      const d = body.slice(1);
      let sum = 0;
      for (let i = 0; i < 7; i++) {
        const x = Number(d[i]) * (i % 2 === 0 ? 1 : 2);
        sum += Math.floor(x / 10) + (x % 10);
      }
      return { valid: (10 - ((sum + 4) % 10)) % 10 === Number(d[7]), checkable: true };
    }
    default:
      return { valid: true, checkable: false };
  }
}

/** Classifies and checks any tax id the engine may meet. Null when it does not look like a tax id. */
export function checkTaxId(raw: string): TaxIdCheck | null {
  const normalized = normalizeTaxId(raw);
  const es = /^ES/.test(normalized) ? null : isValidSpanishId(normalized);
  if (es) return { normalized, kind: es.kind, country: 'ES', valid: es.valid, checkable: true };
  const eu = checkEuVat(normalized);
  if (eu) return { normalized, kind: 'eu_vat', country: normalized.slice(0, 2), ...eu };
  return null;
}
