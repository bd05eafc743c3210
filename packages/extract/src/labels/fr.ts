import type { LabelWords, PartyLabelWords } from './types.ts';

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
    ['facture'],
    [],
    ['facture'],
  ],
  issueDate: [
    ['date\\s*de\\s*(?:la\\s*)?facture', 'date\\s*d\\W?[ée]mission', 'date\\s*de\\s*facturation'],
    [],
  ],
  dueDate: [['[ée]ch[ée]ance']],
  taxBase: [
    [
      '\\btotal\\s*(?:ht|hors\\s*taxes)',
      '\\btotal\\s*ht',
      '\\bmontant\\s*ht',
      '\\bbase\\s*ht',
      '\\bsous-?\\s*total\\s*ht',
      '\\bnet\\s*ht',
    ],
  ],
  vatTotal: [['\\b(?:total\\s*|montant\\s*)?tva\\b']],
  total: [
    [
      'total\\s*ttc',
      'montant\\s*ttc',
      'net\\s*(?:à|a)\\s*payer',
      'total\\s*(?:à|a)\\s*payer',
      'montant\\s*total',
      'total\\s*g[ée]n[ée]ral',
      'total\\s*facture',
    ],
    ['total'],
  ],
  amountDue: [
    [
      'reste\\s*(?:à|a)\\s*payer',
      'solde\\s*(?:à|a)\\s*payer',
      'solde\\s*d[ûu]',
      'montant\\s*d[ûu]',
      'restant\\s*d[ûu]',
    ],
  ],
  prepaid: [['acomptes?', 'd[ée]j[àa]\\s*(?:pay[ée]|r[ée]gl[ée])', 'pay[ée]']],
  discount: [['remise', 'rabais', 'ristourne', 'escompte']],
  tendered: [['esp[èe]ces', 'carte\\s*bancaire']],
  change: [[]],
  withholding: [[]],
  surcharge: [[]],
  issuerBlock: [['fournisseur', 'vendeur', '[ée]metteur', '(?:vendu|factur[ée])\\s*par']],
  clientBlock: [['client', 'acheteur', 'factur[ée]\\s*à', 'adresse\\s*de\\s*(?:facturation|livraison)']],
  otherReference: [
    [
      'n[°ºo]\\.?\\s*(?:de\\s*)?(?:client|commande|contrat|bon\\s*de\\s*(?:commande|livraison)|compte|adh[ée]rent|dossier)',
      '(?:num[ée]ro|r[ée]f[ée]rence|r[ée]f\\.?|code)\\s*(?:de\\s*)?(?:client|commande|contrat|compte)',
      '(?:client|commande|contrat)\\s*n[°ºo]',
    ],
  ],
  otherDate: [
    [
      'date\\s*(?:d\\W?impression|de\\s*(?:commande|livraison|prestation|paiement|r[èe]glement))',
      'imprim[ée]\\s*le',
      'facture\\s*(?:d\\W?origine|initiale|rectifi[ée]e)',
    ],
  ],
};

/** French party-block headings beyond `clientBlock`/`issuerBlock` (read by `parties.ts`). */
export const FR_PARTIES: PartyLabelWords = {
  client: ['vos\\s*identifiants', 'vos\\s*coordonn[ée]es', 'destinataire', 'titulaire\\s*du\\s*contrat'],
  issuer: ['prestataire', '[ée]mis\\s*par'],
  payment: ['banque', '[ée]tablissement\\s*bancaire', 'mode\\s*de\\s*(?:paiement|r[èe]glement)'],
};
