import type { LabelWords } from './types.ts';

/** Italian. */
export const IT: LabelWords = {
  number: [
    ['n(?:umero|[°º.])?\\s*(?:della\\s*)?fattura', 'fattura\\s*(?:n[°º.]|num(?:ero)?\\.?)'],
    [],
    [],
    ['scontrino', 'ricevuta'],
    [],
    ['fattura'],
  ],
  issueDate: [['data\\s*(?:della\\s*)?(?:fattura|emissione|documento)'], ['data']],
  dueDate: [['(?:data\\s*(?:di\\s*)?)?scadenza']],
  taxBase: [['\\bimponibile', '\\btotale\\s*imponibile', '\\btotale\\s*netto']],
  vatTotal: [
    [
      '\\b(?:totale\\s*|imposta\\s*)?i\\.?v\\.?a\\.?(?:\\b|(?=\\d))',
      // "Imposta 22 %", "Imposta:": the tax by its own name.
      '\\b(?:totale\\s*)?imposta(?=\\s*\\d|\\s*:|\\s{3}|\\s*$)',
    ],
  ],
  total: [
    [
      'totale\\s*(?:documento|fattura|complessivo|a\\s*pagare|da\\s*pagare|ivato)',
      'netto\\s*a\\s*pagare',
      'importo\\s*totale',
      'netto\\s*a\\s*pagare',
    ],
    ['totale'],
  ],
  amountDue: [
    ['importo\\s*(?:residuo|dovuto)', 'saldo\\s*(?:da\\s*pagare|dovuto)', 'residuo\\s*da\\s*pagare'],
  ],
  prepaid: [['acconto', 'anticipo', 'gi[àa]\\s*pagato']],
  discount: [['sconto', 'abbuono']],
  tendered: [['contanti', 'pagamento', 'carta']],
  change: [['resto']],
  withholding: [['ritenuta(?:\\s*d\\W?acconto)?']],
  surcharge: [[]],
  issuerBlock: [['fornitore', 'venditore', 'cedente', 'prestatore', '(?:venduto|fatturato)\\s*da']],
  clientBlock: [['cliente', 'destinatario', 'cessionario', 'committente', 'spett\\.le']],
  otherReference: [
    [
      'n[°º.]?\\s*(?:codice\\s*)?(?:cliente|contratto|ordine|ddt)',
      '(?:codice|cod\\.)\\s*cliente',
      '(?:cliente|ordine|contratto)\\s*n[°º.]',
    ],
  ],
  otherDate: [['data\\s*(?:di\\s*)?(?:stampa|ordine|consegna|pagamento|ddt)', 'stampato\\s*il']],
};
