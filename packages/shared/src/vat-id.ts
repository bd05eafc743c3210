/**
 * VAT ids of the EU member states, by the maintained `jsvat` rules. Its own entry point
 * (`@cuadra/shared/vat-id`), not re-exported from the index, so the browser bundle does not carry the
 * validator for every country: the forms check Spanish ids only.
 */
import { checkVAT, countries } from 'jsvat';
import { checkSpanishTaxId } from './tax-id';

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
