import type { LabelWords } from './types.ts';

/** Portuguese. */
export const PT: LabelWords = {
  number: [
    ['n[ºo°.]?\\s*(?:da\\s*)?fatura', 'fatura\\s*(?:n[ºo°.]|n[úu]mero)', 'n[úu]mero\\s*(?:da\\s*)?fatura'],
    [],
    [],
    ['fatura-recibo', 'fatura\\s*simplificada'],
    [],
    ['fatura'],
  ],
  issueDate: [['data\\s*(?:da\\s*)?(?:fatura|emiss[ãa]o|documento)'], ['data']],
  dueDate: [['(?:data\\s*(?:de\\s*)?)?vencimento']],
  taxBase: [
    [
      '\\bbase\\s*tribut[áa]vel',
      '\\bvalor\\s*(?:sem|s\\/)\\s*iva',
      '\\btotal\\s*il[íi]quido',
      '\\bincid[êe]ncia',
    ],
  ],
  vatTotal: [['\\b(?:total\\s*|valor\\s*)?i\\.?v\\.?a\\.?(?:\\b|(?=\\d))']],
  total: [
    [
      'valor\\s*a\\s*pagar',
      'total\\s*a\\s*pagar',
      'total\\s*(?:da\\s*)?fatura',
      'total\\s*do\\s*documento',
      'valor\\s*total',
      'total\\s*(?:com|c\\/)\\s*iva',
    ],
    [],
  ],
  amountDue: [['valor\\s*em\\s*d[íi]vida', 'saldo\\s*(?:devedor|em\\s*aberto)', 'valor\\s*pendente']],
  prepaid: [['adiantamento', 'sinal', 'j[áa]\\s*pago']],
  discount: [['desconto']],
  tendered: [['numer[áa]rio', 'dinheiro', 'cart[ãa]o']],
  change: [['troco']],
  withholding: [['reten[çc][ãa]o(?:\\s*na\\s*fonte)?']],
  surcharge: [[]],
  issuerBlock: [['fornecedor', 'vendedor', 'emitente', '(?:vendido|faturado|emitido)\\s*por']],
  clientBlock: [['cliente', 'adquirente', 'destinat[áa]rio']],
  otherReference: [
    [
      'n[ºo°.]?\\s*(?:de\\s*)?(?:cliente|contrato|encomenda|contribuinte\\s*do\\s*cliente)',
      'c[óo]digo\\s*(?:de\\s*)?cliente',
    ],
  ],
  otherDate: [['data\\s*(?:de\\s*)?(?:impress[ãa]o|encomenda|entrega|pagamento)']],
};
