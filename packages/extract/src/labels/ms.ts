import type { LabelWords } from './types.ts';

/**
 * Malaysia (receipts in English with Malay words and the goods-and-services / sales-and-service taxes).
 * Switched on only when the document prints ringgit or a Malaysian legal form / phone (see `region.ts`).
 */
export const MY: LabelWords = {
  number: [[], [], [], [], [], []],
  issueDate: [[], []],
  dueDate: [[]],
  taxBase: [['\\bexcl(?:uding|usive|\\.)?\\s*(?:of\\s*)?(?:gst|sst)\\b']],
  vatTotal: [['\\bgst\\b', '\\bsst\\b']],
  total: [['\\(?\\s*(?:gst|sst)\\s*incl\\w*', 'incl(?:usive|uding|\\.)?\\s*(?:of\\s*)?(?:gst|sst)'], []],
  amountDue: [[]],
  prepaid: [[]],
  discount: [['diskaun']],
  tendered: [[]],
  change: [['kembali']],
  withholding: [[]],
  surcharge: [[]],
  issuerBlock: [[]],
  clientBlock: [[]],
  otherReference: [[]],
  otherDate: [[]],
};

/** Malaysian legal forms and the trading words that end a shop's name on its receipts. */
export const MY_COMPANY_SUFFIX =
  'SDN\\.?\\s*BHD\\.?|BHD|S\\/B|ENTERPRISE|TRADING|STORE|RESTAURANT|HARDWARE|MART';
export const MY_SUFFIX_ONLY = 'SDN\\.?\\s*BHD\\.?|S\\/B|BHD\\.?';
