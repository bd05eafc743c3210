import type { PartyLabelWords } from './parties.ts';
import type { LabelWords } from './types.ts';

/** German. */
export const DE: LabelWords = {
  number: [
    [],
    [],
    [
      '(?:\\p{L}*rechnung(?:skorrektur)?|gutschrift)\\s*(?:\\(\\d{3}\\)\\s*)?(?:nr\\.?|no\\.?|n[°º]\\.?|#)(?=\\s)',
      'rechnungs?-?\\s*(?:nummer|nr\\.?)',
      'beleg-?\\s*nr\\.?',
    ],
    [],
    [],
    ['rechnung'],
  ],
  issueDate: [['rechnungsdatum', 'belegdatum', 'beleg-datum'], ['datum']],
  dueDate: [['f[äa]llig(?:keit|\\s*am)?', 'zahlbar\\s*bis']],
  taxBase: [
    ['\\bnetto(?:betrag|summe)?', '\\bgesamt\\s*netto', '\\bsumme\\s*netto', 'summe\\s*ohne\\s*(?:ust|mwst)'],
  ],
  vatTotal: [['\\bmwst\\.?', '\\bust\\.?\\b', '\\bsteuerbetrag\\b', '\\bumsatzsteuer', '\\bmehrwertsteuer']],
  total: [
    [
      'total\\s*inkl\\.?',
      'gesamt(?:betrag|summe)?',
      'rechnungsbetrag',
      'endbetrag',
      'bruttosumme',
      'bruttobetrag',
      'zahlbetrag',
      'gesamtbrutto',
      'zu\\s*zahlen(?:der\\s*betrag)?',
    ],
    ['summe'],
  ],
  tendered: [[]],
  change: [[]],
  withholding: [[]],
  surcharge: [[]],
  issuerBlock: [['lieferant', 'verk[äa]ufer', 'rechnungssteller']],
  clientBlock: [
    [
      'rechnungsempf[äa]nger',
      'kunde',
      'k[äa]ufer',
      'leistungsempf[äa]nger',
      'rechnungsadresse',
      'lieferadresse',
    ],
  ],
};

/** German party-block headings beyond `clientBlock`/`issuerBlock` (read by `parties.ts`). */
export const DE_PARTIES: PartyLabelWords = {
  client: ['leistungsempf[äa]nger', 'auftraggeber', 'kundendaten'],
  issuer: ['anbieter', 'leistungserbringer', 'rechnungsersteller'],
};
