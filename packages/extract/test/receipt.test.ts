import { describe, expect, it } from 'vitest';
import { checkPayment, reconcileAmounts } from '../src/checks/consistency.ts';
import { findDates } from '../src/text/dates.ts';
import { extractFromText, isMonthFirst, repairOcrAmounts } from '../src/text/fields.ts';
import {
  addressAfter,
  isRegistrationLine,
  normalizeCompanyName,
  stripRegistration,
} from '../src/text/header.ts';
import { page } from './text-page.ts';

const receipt = [
  'acme note',
  '  KEDAI RUNCIT MAJU JAYA SON BHD',
  '         (123456-X)',
  '  NO. 12, JALAN MAWAR 3,',
  '  TAMAN BUNGA RAYA,',
  '  47000 SUNGAI BULOH, SELANGOR',
  '  TEL: 03-1234 5678',
  '  GST REG NO: 000123456789',
  '         TAX INVOICE',
  'Date: 05/11/2019 10:22:31',
  'ITEM           QTY   AMOUNT',
  'BISCUIT           2    9.80',
  'Total Sales (Excluding GST)   13.02',
  'Total GST 6%     0.78',
  'Total Sales (Inclusive of GST)   13.80',
  'Rounding Adj    0.00',
  'CASH        RM 20.00',
  'CHANGE      RM 6.20',
  'GST SUMMARY   Amount   Tax',
  'SR 6%   13.02   0.78',
  'Total:   13.02   0.78',
];

describe('receipt header', () => {
  it('repairs OCR spellings of legal forms and drops registration numbers', () => {
    expect(normalizeCompanyName('ABC TRADING SON BHD')).toBe('ABC TRADING SDN BHD');
    expect(normalizeCompanyName('XYZ SDH. BHZ')).toBe('XYZ SDN BHD');
    expect(normalizeCompanyName('GIFT 6 HOME DECO')).toBe('GIFT & HOME DECO');
    expect(stripRegistration('FOO BAR SDN BHD (98765-K)')).toBe('FOO BAR SDN BHD');
    expect(isRegistrationLine('(0001234567-K)')).toBe(true);
    expect(isRegistrationLine('Company No :123456-W')).toBe(true);
    expect(isRegistrationLine('NO. 12, JALAN MAWAR 3,')).toBe(false);
  });

  it('reads the name (upper case, legal form) and the address lines below it', () => {
    const r = extractFromText([page(receipt)], 'ocr');
    expect(r.fields.issuer_name?.value).toBe('KEDAI RUNCIT MAJU JAYA SDN BHD');
    expect(r.fields.issuer_address?.value).toBe(
      'NO. 12, JALAN MAWAR 3, TAMAN BUNGA RAYA, 47000 SUNGAI BULOH, SELANGOR',
    );
  });

  it('joins a legal form printed on its own line and skips a tax number before the address', () => {
    const p = page([
      'PASAR MURAH BESTARI',
      '      SDN BHD',
      '(GST ID No: 000111222333)',
      'LOT 5, JALAN BESAR,',
      '81200 JOHOR BAHRU',
      'Tel: 07-111 2222',
    ]);
    const r = extractFromText([p], 'ocr');
    expect(r.fields.issuer_name?.value).toBe('PASAR MURAH BESTARI SDN BHD');
    expect(addressAfter(p.lines, p.lines[0]!, 2)?.text).toBe('LOT 5, JALAN BESAR, 81200 JOHOR BAHRU');
  });
});

describe('receipt totals', () => {
  it('repairs OCR amounts', () => {
    expect(repairOcrAmounts('SUBTOTAL   28. 70')).toBe('SUBTOTAL   28.70');
    expect(repairOcrAmounts('Total   RI   86 00')).toBe('Total   RM    86.00');
    expect(repairOcrAmounts('Walnut   RM8.60')).toBe('Walnut   RM 8.60');
  });

  it('takes the inclusive total above the payment lines, not the excluding one or the GST summary', () => {
    const r = extractFromText([page(receipt)], 'ocr');
    expect(r.fields.total?.value).toBe('13.80');
    expect(r.payment).toMatchObject({ tendered: 2000, change: 620, paid: 1380 });
    const fields = r.fields;
    reconcileAmounts(fields, r.amountCandidates, () => {});
    expect(fields.total?.value).toBe('13.80');
    expect(fields.tax_base?.value).toBe('13.02');
  });

  it('prefers the rounded total and verifies it against tendered − change', () => {
    const r = extractFromText(
      [
        page([
          'SHOP ENTERPRISE',
          'Total Incl. GST   RM 27.27',
          'ROUNDING ADJUSTMENT   -RM 0.02',
          'TOTAL ROUNDED   RM 27.25',
          'CASH   RM 30.00',
          'CHANGE   RM 2.75',
        ]),
      ],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('27.25');
    checkPayment(r.fields, r.payment);
    expect(r.fields.total?.verified).toBe(true);
  });

  it('reads a bare currency line after a rounding adjustment as the rounded total', () => {
    const r = extractFromText(
      [
        page([
          'SHOP ENTERPRISE',
          'TOTAL AMT   RM 60.31',
          'ROUNDING ADJ   -0.01',
          '    RM 60.30',
          'CASH   RM 70.30',
          'CHANGE   RM 10.00',
        ]),
      ],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('60.30');
  });

  it('falls back to a subtotal that equals tendered − change, and ignores a quantity total', () => {
    const r = extractFromText(
      [
        page([
          'SHOP ENTERPRISE',
          'Total Qty: 2',
          'SUBTOTAL :   43.90',
          'Total (Excl GST)   41.42',
          '6% GST   2.48',
          'CASH   100.00',
          'CHANGE   56.10',
        ]),
      ],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('43.90');
  });

  it('never verifies a total that tendered − change does not confirm', () => {
    const r = extractFromText(
      [page(['SHOP ENTERPRISE', 'TOTAL   RM 12.00', 'CASH   RM 12.00', 'CHANGE   RM 0.00'])],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('12.00');
    checkPayment(r.fields, r.payment);
    expect(r.fields.total?.verified).toBe(false);
  });
});

describe('receipt totals and included tax', () => {
  it('prefers the total whose included GST matches the printed GST (a $ misread as 5 elsewhere)', () => {
    const r = extractFromText(
      [
        page([
          'NOODLE HOUSE SDN BHD',
          'Total Amount: $8.60',
          'GST @6%: $0.48',
          'Nett Total: 58.60',
          'CASH   $8.60',
          'Change   $0.00',
        ]),
      ],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('8.60');
  });
});

describe('receipt dates', () => {
  it('reads a compact ddmmyyyy date when no other date is printed', () => {
    const r = extractFromText([page(['SHOP ENTERPRISE', '27032018   No CS2043', 'TOTAL   RM 12.00'])], 'ocr');
    expect(r.fields.issue_date?.value).toBe('2018-03-27');
  });

  it('reads an OCR colon in place of the second slash, and not dates inside phone numbers', () => {
    expect(findDates('18/03:18 15 17', { ocr: true })[0]?.iso).toBe('2018-03-18');
    expect(findDates('18/03:18 15 17')).toHaveLength(0);
    expect(findDates('Tel. : 05.22.95.66.66')).toHaveLength(0);
    expect(findDates('Le 30/03/2018 a 12:36')[0]?.iso).toBe('2018-03-30');
  });

  it('reads day first unless dollars are the currency and no date says otherwise', () => {
    expect(isMonthFirst('Total $ 12.00  Tax $ 1.00  05/11/2019', 'en')).toBe(true);
    expect(isMonthFirst('Total $ 12.00  Tax $ 1.00  25/11/2019', 'en')).toBe(false);
    expect(isMonthFirst('$ stray mark  RM 12.00 11-05-16', 'en')).toBe(false);
    const r = extractFromText(
      [page(['SHOP ENTERPRISE', '$ 1.00 S', 'TOTAL RM 5.00 $', '11-05-16 10:22'])],
      'ocr',
    );
    expect(r.fields.issue_date?.value).toBe('2016-05-11');
  });
});
