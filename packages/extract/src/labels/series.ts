/**
 * The label of an invoice's series when it is printed apart from the number ("Serie   Número" over
 * "02F   3973", "Factura serie: 2023" over "Factura num: 00028"), every base language at once.
 */
const SERIES_WORDS: Record<string, string[]> = {
  es: ['serie'],
  ca: ['s[èe]rie'],
  gl: ['serie'],
  eu: ['seriea', 'serie'],
  en: ['series'],
  fr: ['s[ée]rie'],
  de: ['serie', 'nummernkreis'],
  it: ['serie'],
  pt: ['s[ée]rie'],
  nl: ['reeks'],
};

const WORDS = [...new Set(Object.values(SERIES_WORDS).flat())].join('|');

/** A cell that is a series label alone ("SERIE", "Serie:", "Factura serie"). */
export const SERIES_LABEL = new RegExp(`^(?:(?:factura|invoice|fra\\.?)\\s*)?(?:${WORDS})\\s*:?$`, 'i');

/** A series label and its value in one cell ("Factura serie: 2023", "Serie: A"): the value is group 1. */
export const SERIES_WITH_VALUE = new RegExp(
  `^(?:(?:factura|invoice|fra\\.?)\\s*)?(?:${WORDS})\\s*:?\\s+([A-Z0-9][A-Z0-9./-]{0,11})$`,
  'i',
);
