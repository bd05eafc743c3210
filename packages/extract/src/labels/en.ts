import type { LabelWords, PartyLabelWords } from './types.ts';

/** English (invoices and receipts anywhere English is printed). */
export const EN: LabelWords = {
  number: [
    [],
    [
      'invoice\\s*(?:no\\.?|number|num\\.?|#|nr\\.?|id)',
      'inv\\.?\\s*(?:no\\.?|#)',
      'bill\\s*(?:no\\.?|number|#)',
      'receipt\\s*(?:no\\.?|number|#)',
      'document\\s*(?:no\\.?|number)',
    ],
    ['invoice\\s*(?:\\(\\d{3}\\)\\s*)?(?:nr\\.?|no\\.?|n[°º]\\.?|#)(?=\\s)'],
    ['invoice'],
    ['invoice'],
    ['invoice'],
  ],
  issueDate: [
    ['invoice\\s*date', 'date\\s*of\\s*issue', 'issue\\s*date', 'date\\s*issued', 'billing\\s*date'],
    ['date', 'dated'],
  ],
  dueDate: [['due\\s*date', 'payment\\s*due', 'date\\s*due', 'due\\s*by', 'pay\\s*by']],
  taxBase: [
    [
      '\\bsubtotal',
      '\\bsub-total',
      '\\bsub\\s*total',
      '\\bnet\\s*amount',
      '\\btotal\\s*(?:excl\\.?|excluding|before\\s*tax|net)',
      '\\bamount\\s*before\\s*tax',
      '\\btaxable\\s*amount',
      '\\bexcl(?:uding|usive|\\.)?\\s*(?:of\\s*)?(?:tax|vat)\\b',
      '\\bsub\\s*-?\\s*t[o0u]t[a4]l?\\b',
    ],
  ],
  vatTotal: [['\\b(?:total\\s*)?vat\\b', '\\b(?:total\\s*)?tax(?:es)?\\b']],
  total: [
    [
      'total\\s*due',
      'grand\\s*t[o0]t[a4][l1i]?',
      'total\\s*amount',
      'invoice\\s*total',
      'total\\s*(?:incl\\.?|including)',
      'total\\s*to\\s*pay',
      'amount\\s*payable',
      'total\\s*payable',
      'total\\s*rounded',
      'rounded\\s*total',
      'nett?\\s*(?:total|amt|amount)',
      'total\\s*amt\\s*payable',
      'amt\\.?\\s*payable',
      'total\\s*sales\\s*\\(?\\s*incl\\w*',
      '\\(?\\s*(?:tax|vat)\\s*incl\\w*',
      'incl(?:usive|uding|\\.)?\\s*(?:of\\s*)?(?:tax|vat)',
    ],
    ['total', 'amount', 'due'],
  ],
  amountDue: [
    [
      'amount\\s*due',
      'balance\\s*due',
      'open\\s*amount',
      'amount\\s*outstanding',
      'outstanding\\s*(?:amount|balance)',
      'remaining\\s*(?:amount|balance)',
      'balance\\s*(?:to\\s*pay|remaining)',
      'left\\s*to\\s*pay',
    ],
  ],
  prepaid: [
    ['prepaid', 'paid(?:\\s*(?:on\\s*account|in\\s*advance|to\\s*date))?', 'advance\\s*payment', 'deposit'],
  ],
  discount: [['discount', 'disc\\.', 'rebate']],
  tendered: [
    [
      'cash',
      'tender(?:ed)?',
      'received',
      'paid(?:\\s*amount)?',
      'payment',
      'visa',
      'master\\s*card',
      'mastercard',
      'credit(?:\\s*card)?',
      'debit',
      'card',
    ],
  ],
  change: [['ch[ae]n[gq]e(?:\\s*due)?']],
  withholding: [['withholding']],
  // Spain's recargo de equivalencia, as invoices in English name it.
  surcharge: [['equivalence\\s*surcharge', 'surcharge\\s*\\(\\s*r\\.?\\s*e\\.?\\s*\\)']],
  issuerBlock: [
    ['from', 'seller', 'supplier', 'issued\\s*by', 'service\\s*provider', 'sold\\s*by', 'vendor'],
  ],
  clientBlock: [
    ['client', 'customer', 'bill(?:ed)?\\s*to', 'sold\\s*to', 'invoice\\s*to', 'ship\\s*to', 'buyer'],
  ],
  otherReference: [
    [
      '(?:customer|client|account|contract|order|purchase\\s*order|delivery\\s*note|member|policy|reference|ref\\.?|po)\\s*(?:no\\.?|number|num\\.?|#|nr\\.?|id)',
      '(?:customer|client|account)\\s*(?:code|ref)',
    ],
  ],
  otherDate: [
    [
      'print(?:ed)?\\s*(?:on|date)',
      'date\\s*printed',
      '(?:order|delivery|shipping|ship|service|contract|start|end)\\s*date',
      'date\\s*of\\s*(?:order|delivery|supply|service)',
      '(?:original|corrected|referenced|related)\\s*invoice',
    ],
  ],
};

/** English party-block headings beyond `clientBlock`/`issuerBlock` (read by `parties.ts`). */
export const EN_PARTIES: PartyLabelWords = {
  client: ['customer\\s*details', 'account\\s*holder\\s*details', 'recipient'],
  issuer: ['supplier\\s*details', 'billed\\s*by', 'invoiced\\s*by'],
  payment: ['bank(?:\\s*name)?', 'financial\\s*institution', 'payment\\s*(?:method|terms)'],
};
