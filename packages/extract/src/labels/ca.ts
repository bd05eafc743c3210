import type { LabelWords } from './types.ts';

/** Catalan. */
export const CA: LabelWords = {
  number: [
    ['n[ºo°.]?\\s*(?:de\\s*)?factura(?![a-zà-ÿ])', 'n[úu]mero\\s*(?:de\\s*)?factura(?![a-zà-ÿ])'],
    [],
    [],
    ['tiquet', 'factura\\s*simplificada'],
    [],
    [],
  ],
  issueDate: [
    // "Data i núm. factura: 17.07.2025 / 2182": the date and the number under one label.
    ['data\\s*(?:i\\s*n[úu]m(?:ero)?\\.?\\s*)?(?:de\\s*)?(?:la\\s*)?(?:factura|emissi[óo]|expedici[óo])'],
    ['data'],
  ],
  dueDate: [['data\\s*(?:de\\s*)?venciment', 'venciment']],
  taxBase: [
    [
      '\\b(?:total\\s*)?bases?\\s*imposables?',
      '\\bimport\\s*net',
      '\\b(?:total|import)\\s*sense\\s*(?:i\\.?v\\.?a\\b\\.?|impostos)',
    ],
  ],
  vatTotal: [
    [
      '\\b(?:total\\s*|quota\\s*(?:de\\s*)?)?i\\.?v\\.?a\\.?(?:\\b|(?=\\d))',
      '\\btotal\\s*(?:quotes|impostos)\\b',
      // "Quota", "Impostos" opening their line with the value after them.
      '(?<=^\\W*)(?:quota|quotes|impostos?)(?=\\s*:|\\s*\\(?\\d|\\s{3})',
    ],
  ],
  total: [
    [
      'total\\s*(?:factura|a\\s*pagar)',
      'import\\s*total',
      'l[íi]quid\\s*a\\s*pagar',
      'total\\s*amb\\s*(?:i\\.?v\\.?a\\b\\.?|impostos)',
      'import\\s*a\\s*pagar',
    ],
    [],
  ],
  amountDue: [['import\\s*pendent', 'pendent\\s*de\\s*pagament', 'resta\\s*a\\s*pagar']],
  prepaid: [['bestreta', 'pagat']],
  discount: [['descompte', 'dte\\.']],
  tendered: [['efectiu', 'lliurat', 'targeta']],
  change: [['canvi']],
  withholding: [['retenci[óo]', 'retencions']],
  surcharge: [['rec[àa]rrec\\s*(?:d\\W?)?equival[èe]ncia']],
  issuerBlock: [['emissor', 'prove[ïi]dor', 'venedor', '(?:venut|facturat|em[eè]s)\\s*per']],
  clientBlock: [['client', 'destinatari', 'dades\\s*del\\s*client']],
  otherReference: [
    ['n[ºo°.]?\\s*(?:de\\s*)?(?:client|contracte|comanda|albar[àa]|p[òo]lissa)', 'codi\\s*(?:de\\s*)?client'],
  ],
  otherDate: [
    [
      'data\\s*(?:d\\W?|de\\s*)?(?:la\\s*)?(?:impressi[óo]|comanda|lliurament|pagament|c[àa]rrec)',
      // A supply contract's start or end ("Data final contracte").
      'data\\s*(?:de\\s*)?(?:final|fi|inici)\\b',
    ],
  ],
};
