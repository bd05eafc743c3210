import type { PartyLabelWords } from './parties.ts';
import type { LabelWords } from './types.ts';

/** French. */
export const FR: LabelWords = {
  number: [
    [],
    [],
    [
      'facture\\s*(?:\\(\\d{3}\\)\\s*)?(?:nr\\.?|no\\.?|n[°º]\\.?|#)(?=\\s)',
      'facture\\s*(?:n[°o]\\.?|num[ée]ro)',
      'num[ée]ro\\s*de\\s*facture',
    ],
    [],
    [],
    ['facture'],
  ],
  issueDate: [['date\\s*de\\s*(?:la\\s*)?facture'], []],
  dueDate: [['[ée]ch[ée]ance']],
  taxBase: [['\\btotal\\s*(?:ht|hors\\s*taxes)', '\\btotal\\s*ht', '\\bmontant\\s*ht']],
  vatTotal: [['\\btva\\b']],
  total: [['total\\s*ttc', 'montant\\s*ttc', 'net\\s*à\\s*payer'], []],
  tendered: [[]],
  change: [[]],
  withholding: [[]],
  surcharge: [[]],
  issuerBlock: [['fournisseur', 'vendeur', '[ée]metteur']],
  clientBlock: [['client', 'acheteur', 'factur[ée]\\s*à', 'adresse\\s*de\\s*(?:facturation|livraison)']],
};

/** French party-block headings beyond `clientBlock`/`issuerBlock` (read by `parties.ts`). */
export const FR_PARTIES: PartyLabelWords = {
  client: ['vos\\s*identifiants', 'vos\\s*coordonn[ée]es', 'destinataire', 'titulaire\\s*du\\s*contrat'],
  issuer: ['prestataire', '[ée]mis\\s*par'],
};
