import type { LabelWords, PartyLabelWords } from './types.ts';

/** German. */
export const DE: LabelWords = {
  number: [
    [],
    [],
    [
      '(?:\\p{L}*rechnung(?:skorrektur)?|gutschrift)\\s*(?:\\(\\d{3}\\)\\s*)?(?:nr\\.?|no\\.?|n[°º]\\.?|#)(?=\\s)',
      'rechnungs?-?\\s*(?:nummer|nr\\.?)',
      // The title, a few words of it, then the number's label ("Rechnung des Versicherers (575) Nr.").
      '(?:\\p{L}*rechnung|gutschrift)(?:\\s+[\\p{L}()\\d-]+){1,4}?\\s+(?:nr\\.?|nummer)(?=\\s)',
      'beleg-?\\s*nr\\.?',
    ],
    [],
    [],
    ['rechnung'],
  ],
  issueDate: [
    [
      'rechnungsdatum',
      'belegdatum',
      'beleg-datum',
      // The title, its number and "vom": "Rechnungskorrektur Nr. <number> vom <date>".
      '[a-zäöüß]*(?:rechnung(?:skorrektur)?|gutschrift)\\s*(?:nr\\.?|nummer|no\\.?)?\\s*:?\\s*[a-z0-9][\\w./-]*\\s*vom',
    ],
    ['datum'],
  ],
  dueDate: [['f[äa]llig(?:keit|\\s*am)?', 'zahlbar\\s*bis']],
  taxBase: [
    ['\\bnetto(?:betrag|summe)?', '\\bgesamt\\s*netto', '\\bsumme\\s*netto', 'summe\\s*ohne\\s*(?:ust|mwst)'],
  ],
  vatTotal: [['\\bmwst\\.?', '\\bust\\.?\\b', '\\bsteuerbetrag\\b', '\\bumsatzsteuer', '\\bmehrwertsteuer']],
  total: [
    [
      'total\\s*inkl\\.?',
      'gesamt(?:betrag|summe)?',
      'rechnungsbetrag(?:\\s*brutto)?',
      'rechnungssumme(?:\\s*brutto)?',
      'rechnungsendbetrag',
      'endbetrag',
      'endsumme',
      'bruttosumme',
      'bruttobetrag',
      'gesamtbrutto',
      'gesamt\\s*brutto',
      'summe\\s*brutto',
      'brutto\\s*gesamt',
      'zu\\s*zahlen(?:der\\s*betrag)?',
    ],
    ['summe', 'brutto'],
  ],
  amountDue: [
    [
      'zahlbetrag',
      'offene[rn]?\\s*betrag',
      'offene[rn]?\\s*(?:rest)?summe',
      'restbetrag',
      'noch\\s*zu\\s*zahlen',
      'verbleibende[rn]?\\s*betrag',
    ],
  ],
  prepaid: [
    ['anzahlung(?:en)?', 'vorauszahlung(?:en)?', 'bereits\\s*(?:bezahlt|gezahlt)', 'abschlagszahlung(?:en)?'],
  ],
  discount: [['[a-zäöüß]*rabatt[a-zäöüß]*', 'skonto', '[a-zäöüß]*nachlass']],
  tendered: [['gegeben', 'girocard', 'ec[-\\s]?karte', 'kartenzahlung']],
  change: [[]],
  withholding: [[]],
  surcharge: [[]],
  issuerBlock: [['lieferant', 'verk[äa]ufer', 'rechnungssteller', 'verkauft\\s*von']],
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
  otherReference: [
    [
      '(?:kunden|vertrags|auftrags|bestell|liefer(?:schein)?|konto|mitglieds|versicherungs|referenz)-?\\s*(?:nummer|nr\\.?|no\\.?)',
      'ihre\\s*(?:bestellung|referenz|zeichen)',
      'unser\\s*zeichen',
    ],
  ],
  otherDate: [
    [
      '(?:druck|bestell|liefer|leistungs|auftrags|vertrags|zahlungs|buchungs|lieferschein)-?\\s*datum',
      '(?:bestellung|auftrag|lieferung|lieferschein)\\s*vom',
      // A stylesheet's or code list's own version date ("Stylesheet-Version: 2.0 vom 18.10.2018").
      '[a-z-]*version',
      'gedruckt\\s*am',
      '(?:zur|zu\\s*der|bezogen\\s*auf\\s*die)\\s*rechnung',
      'urspr[üu]ngliche\\s*rechnung',
    ],
  ],
};

/** German party-block headings beyond `clientBlock`/`issuerBlock` (read by `parties.ts`). */
export const DE_PARTIES: PartyLabelWords = {
  client: ['leistungsempf[äa]nger', 'auftraggeber', 'kundendaten'],
  issuer: ['anbieter', 'leistungserbringer', 'rechnungsersteller'],
  payment: ['bank(?:verbindung|name)?', 'kreditinstitut', 'geldinstitut', 'zahlungs(?:art|weise)'],
};
