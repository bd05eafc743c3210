import type { LabelWords, PartyLabelWords } from './types.ts';

/** Dutch. */
export const NL: LabelWords = {
  number: [[], [], ['factuur\\s*(?:nummer|nr\\.?)', 'factuurnummer'], [], [], ['factuur']],
  issueDate: [['factuurdatum'], ['datum']],
  dueDate: [['vervaldatum']],
  taxBase: [['\\btotaal\\s*excl', '\\bexcl\\.?\\s*(?:btw|vat)', '\\bexclusief\\s*btw', '\\bsubtotaal']],
  vatTotal: [['\\bbtw\\b']],
  total: [['totaal(?:bedrag)?', 'te\\s*betalen', 'factuurbedrag', 'totaal\\s*incl\\.?'], []],
  amountDue: [['openstaand(?:\\s*bedrag)?', 'nog\\s*te\\s*betalen', 'resterend\\s*bedrag']],
  prepaid: [['aanbetaling', 'vooruitbetaald', 'reeds\\s*betaald']],
  discount: [['korting']],
  tendered: [['contant', 'pinbetaling']],
  change: [[]],
  withholding: [[]],
  surcharge: [[]],
  issuerBlock: [['verkoper', 'verkocht\\s*door']],
  clientBlock: [['factuuradres', 'afleveradres']],
  otherReference: [
    [
      '(?:klant|debiteur|order|bestel|contract|klanten)-?\\s*(?:nummer|nr\\.?|no\\.?)',
      'uw\\s*(?:referentie|kenmerk)',
    ],
  ],
  otherDate: [['(?:order|lever|print|bestel|betaal)datum', 'afgedrukt\\s*op']],
};

/** Dutch party-block headings beyond `clientBlock`/`issuerBlock` (read by `parties.ts`). */
export const NL_PARTIES: PartyLabelWords = {
  client: ['klant', 'klantgegevens', 'afnemer'],
  issuer: ['leverancier'],
  payment: ['bank(?:naam)?', 'betaal(?:wijze|methode)'],
};
