/** Spanish NIF/NIE/CIF and EU VAT-id check characters, by the shared rules. */

import { checkSpanishTaxId, cifControl, nifLetter } from '@cuadra/shared';
import { checkVatId } from '@cuadra/shared/vat-id';

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

/**
 * Checks a VAT id with its country prefix, for every member state (plus XI, GB, CH), by the shared rule
 * (`jsvat`, and the Spanish NIF/CIF/NIE check for ES). Null without a known prefix.
 */
export function checkEuVat(raw: string): { valid: boolean; checkable: boolean } | null {
  const checked = checkVatId(normalizeTaxId(raw));
  return checked ? { valid: checked.valid, checkable: true } : null;
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
