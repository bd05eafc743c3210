import type { PartyLabelWords } from './parties.ts';
import type { LabelWords } from './types.ts';

/** Dutch. */
export const NL: LabelWords = {
  number: [[], [], ['factuur\\s*(?:nummer|nr\\.?)', 'factuurnummer'], [], [], ['factuur']],
  issueDate: [['factuurdatum'], ['datum']],
  dueDate: [['vervaldatum']],
  taxBase: [['\\btotaal\\s*excl', '\\bexcl\\.?\\s*(?:btw|vat)', '\\bexclusief\\s*btw']],
  vatTotal: [['\\bbtw\\b']],
  total: [['totaal(?:bedrag)?', 'te\\s*betalen'], []],
  tendered: [[]],
  change: [[]],
  withholding: [[]],
  surcharge: [[]],
  issuerBlock: [['verkoper']],
  clientBlock: [['factuuradres', 'afleveradres']],
};

/** Dutch party-block headings beyond `clientBlock`/`issuerBlock` (read by `parties.ts`). */
export const NL_PARTIES: PartyLabelWords = {
  client: ['klant', 'klantgegevens', 'afnemer'],
  issuer: ['leverancier'],
};
