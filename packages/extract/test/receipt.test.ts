import { describe, expect, it } from 'vitest';
import { checkPayment, preferRoundedTotal, reconcileAmounts } from '../src/checks/consistency.ts';
import { extractFromText, isMonthFirst, repairOcrAmounts } from '../src/fields/index.ts';
import { findDates } from '../src/text/dates.ts';
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
  'Total Sales (Excluding GST)   15.00',
  'Total GST 6%     0.90',
  'Total Sales (Inclusive of GST)   15.90',
  'Rounding Adj    0.00',
  'CASH        RM 20.00',
  'CHANGE      RM 4.10',
  'GST SUMMARY   Amount   Tax',
  'SR 6%   15.00   0.90',
  'Total:   15.00   0.90',
];

describe('receipt header', () => {
  it('repairs OCR spellings of legal forms and drops registration numbers', () => {
    expect(normalizeCompanyName('ABC TRADING SON BHD')).toBe('ABC TRADING SDN BHD');
    expect(normalizeCompanyName('XYZ SDH. BHZ')).toBe('XYZ SDN BHD');
    expect(normalizeCompanyName('Kedai Contoh S d n B h d')).toBe('Kedai Contoh Sdn Bhd');
    expect(normalizeCompanyName('KEDAI CONTOH SÓN BHD')).toBe('KEDAI CONTOH SDN BHD');
    expect(normalizeCompanyName('Kedai Contoh Sdn hd')).toBe('Kedai Contoh Sdn Bhd');
    expect(normalizeCompanyName('Kedai Contoh Son Hhd')).toBe('Kedai Contoh Sdn Bhd');
    expect(normalizeCompanyName('K e d a i Contoh Sdn Bhd')).toBe('Kedai Contoh Sdn Bhd');
    // Initials stay apart; a name's own words that only look alike stay as printed.
    expect(normalizeCompanyName('K F C CORNER')).toBe('K F C CORNER');
    expect(normalizeCompanyName('LEE SON HO TRADING')).toBe('LEE SON HO TRADING');
    expect(normalizeCompanyName('LAMP 6 LIGHT HOUSE')).toBe('LAMP & LIGHT HOUSE');
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

describe('a receipt courtesy line above the name', () => {
  it('never takes a "for shopping" line for the issuer', () => {
    const p = page([
      'TQ FOR SHOPPING AT KEDAIKU.COM',
      'KEDAI RUNCIT MAJU JAYA',
      'NO. 12, JALAN MAWAR 3,',
      '47000 SUNGAI BULOH, SELANGOR',
      'TEL: 03-1234 5678',
      'TOTAL   12.30',
    ]);
    const r = extractFromText([p], 'ocr');
    expect(r.fields.issuer_name?.value).toBe('KEDAI RUNCIT MAJU JAYA');
  });
});

describe('receipt totals', () => {
  it('repairs OCR amounts', () => {
    expect(repairOcrAmounts('SUBTOTAL   31. 45')).toBe('SUBTOTAL   31.45');
    expect(repairOcrAmounts('Total   RI   54 00')).toBe('Total   RM    54.00');
    expect(repairOcrAmounts('Bread   RM7.20')).toBe('Bread   RM 7.20');
    expect(repairOcrAmounts('Grand Total R29.30')).toBe('Grand Total RM 29.30');
    expect(repairOcrAmounts('Item R2D2   5.00')).toBe('Item R2D2   5.00');
    // A decimal point read as a dash, beside a currency; a date keeps its dashes.
    expect(repairOcrAmounts('TOTAL   RM   14-10')).toBe('TOTAL   RM    14.10');
    expect(repairOcrAmounts('Total   14-10 €', false)).toBe('Total   14.10 €');
    expect(repairOcrAmounts('Fecha 14-10-2020   € 3,00', false)).toBe('Fecha 14-10-2020   € 3,00');
  });

  it('reads a grand total whose last letter OCR lost, not the tax included in it', () => {
    const r = extractFromText(
      [
        page([
          'PIZZA SHOP SDN BHD',
          'Sub-Total   :   15.60',
          'Coupon Discount   :   8.90',
          'Grand Tota.   :   6.70',
          'Payment   :   50.00',
          'Change   :   43.30',
          '*6*   GST Included   :   0.38',
        ]),
      ],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('6.70');
  });

  it('takes the inclusive total above the payment lines, not the excluding one or the GST summary', () => {
    const r = extractFromText([page(receipt)], 'ocr');
    expect(r.fields.total?.value).toBe('15.90');
    expect(r.payment).toMatchObject({ tendered: 2000, change: 410, paid: 1590 });
    const fields = r.fields;
    reconcileAmounts(fields, r.amountCandidates, () => {});
    expect(fields.total?.value).toBe('15.90');
    expect(fields.tax_base?.value).toBe('15.00');
  });

  it('prefers the rounded total and verifies it against tendered − change', () => {
    const r = extractFromText(
      [
        page([
          'SHOP ENTERPRISE',
          'Total Incl. GST   RM 45.53',
          'ROUNDING ADJUSTMENT   -RM 0.03',
          'TOTAL ROUNDED   RM 45.50',
          'CASH   RM 50.00',
          'CHANGE   RM 4.50',
        ]),
      ],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('45.50');
    checkPayment(r.fields, r.payment, r.amountCandidates.total);
    expect(r.fields.total?.verified).toBe(true);
  });

  it('reads a bare currency line after a rounding adjustment as the rounded total', () => {
    const r = extractFromText(
      [
        page([
          'SHOP ENTERPRISE',
          'TOTAL AMT   RM 18.72',
          'ROUNDING ADJ   -0.02',
          '    RM 18.70',
          'CASH   RM 20.00',
          'CHANGE   RM 1.30',
        ]),
      ],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('18.70');
  });

  it('falls back to a subtotal that equals tendered − change, and ignores a quantity total', () => {
    const r = extractFromText(
      [
        page([
          'SHOP ENTERPRISE',
          'Total Qty: 2',
          'SUBTOTAL :   31.80',
          'Total (Excl GST)   30.00',
          '6% GST   1.80',
          'CASH   50.00',
          'CHANGE   18.20',
        ]),
      ],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('31.80');
  });

  it('never verifies a total that tendered − change does not confirm', () => {
    const r = extractFromText(
      [page(['SHOP ENTERPRISE', 'TOTAL   RM 12.00', 'CASH   RM 12.00', 'CHANGE   RM 0.00'])],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('12.00');
    checkPayment(r.fields, r.payment, r.amountCandidates.total);
    expect(r.fields.total?.verified).toBe(false);
  });
});

describe('receipt without a readable total label', () => {
  it('guesses the largest amount printed twice, with low confidence', () => {
    const r = extractFromText(
      [
        page([
          'SHOP ENTERPRISE',
          'Bread   2   3.10   6.20',
          'Milk   1   7.40   7.40',
          'Qfy   13.60',
          'Pymt   13.60',
        ]),
      ],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('13.60');
    expect(r.fields.total?.confidence).toBeLessThan(0.7);
  });
});

describe('cash rounding', () => {
  it('keeps the printed rounded total over an arithmetically verified unrounded one, unverified', () => {
    const r = extractFromText(
      [
        page([
          'SHOP ENTERPRISE',
          'Total Sales (Excluding GST)   RM 20.02',
          'GST 6%   RM 1.20',
          'Total Sales (Inclusive GST) RM   21.22',
          'Rounding Adjustment RN   -, 02',
          'Rounding RM   21.20',
          'CARD RM   21.20',
        ]),
      ],
      'ocr',
    );
    const warnings: string[] = [];
    reconcileAmounts(r.fields, r.amountCandidates, () => {});
    preferRoundedTotal(r.fields, r.amountCandidates.total, (w) => warnings.push(w.code));
    checkPayment(r.fields, r.payment, r.amountCandidates.total);
    expect(r.fields.total).toMatchObject({ value: '21.20', verified: false });
    expect(warnings).toContain('TOTAL_ROUNDED');
  });
});

describe('receipt totals and included tax', () => {
  it('prefers the total whose included GST matches the printed GST (a $ misread as 5 elsewhere)', () => {
    const r = extractFromText(
      [
        page([
          'NOODLE HOUSE SDN BHD',
          'Total Amount: $12.40',
          'GST @6%: $0.70',
          'Nett Total: 512.40',
          'CASH   $12.40',
          'Change   $0.00',
        ]),
      ],
      'ocr',
    );
    expect(r.fields.total?.value).toBe('12.40');
  });
});

describe('receipt dates', () => {
  it('reads a compact ddmmyyyy date when no other date is printed', () => {
    const r = extractFromText([page(['SHOP ENTERPRISE', '15082019   No CS1188', 'TOTAL   RM 12.00'])], 'ocr');
    expect(r.fields.issue_date?.value).toBe('2019-08-15');
  });

  it('reads an OCR colon in place of the second slash, and not dates inside phone numbers', () => {
    expect(findDates('21/04:19 09 30', { ocr: true })[0]?.iso).toBe('2019-04-21');
    expect(findDates('21/04:19 09 30')).toHaveLength(0);
    expect(findDates('Tel. : 04.31.88.12.40')).toHaveLength(0);
    expect(findDates('Le 12/07/2019 a 10:15')[0]?.iso).toBe('2019-07-12');
  });

  it('reads day first unless dollars are the currency and no date says otherwise', () => {
    expect(isMonthFirst('Total $ 12.00  Tax $ 1.00  05/11/2019', 'en')).toBe(true);
    expect(isMonthFirst('Total $ 12.00  Tax $ 1.00  25/11/2019', 'en')).toBe(false);
    expect(isMonthFirst('$ stray mark  RM 12.00 09-04-17', 'en')).toBe(false);
    const r = extractFromText(
      [page(['SHOP ENTERPRISE', '$ 1.00 S', 'TOTAL RM 5.00 $', '09-04-17 10:22'])],
      'ocr',
    );
    expect(r.fields.issue_date?.value).toBe('2017-04-09');
  });
});

describe('cash rounding after an arithmetic total', () => {
  const rows = (tail: string[]) => [
    'KEDAI CONTOH SDN BHD',
    'Total (Excluding GST)   20.02',
    'GST Payable   1.20',
    'Total (Inclusive of GST)   21.22',
    ...tail,
  ];
  const run = (tail: string[]) => {
    const r = extractFromText([page(rows(tail))], 'ocr');
    const warnings: string[] = [];
    reconcileAmounts(r.fields, r.amountCandidates, () => {});
    preferRoundedTotal(r.fields, r.amountCandidates.total, (w) => warnings.push(w.code), r);
    checkPayment(r.fields, r.payment, r.amountCandidates.total);
    return { total: r.fields.total, warnings };
  };

  it('takes the rounded value paid when a rounding adjustment is printed before the payment', () => {
    const { total, warnings } = run(['Rounding Adj   -0.02', 'CASH   50.00', 'CHANGE   28.80']);
    expect(total).toMatchObject({ value: '21.20' });
    expect(warnings).toContain('TOTAL_ROUNDED');
  });

  it('never leaves the unrounded sum verified when the rounded one cannot be read', () => {
    const { total } = run(['Rounding Adj   -0.02', 'CASH   50.00']);
    expect(total).toMatchObject({ value: '21.22', verified: false });
  });

  it('keeps the total when the rounding belongs to the payment lines', () => {
    const { total } = run(['CASH   50.00', 'Rounding Adj   0.02', 'CHANGE   28.80']);
    expect(total?.value).toBe('21.22');
  });
});

describe('a total misread as a rounding or as zero', () => {
  const total = (rows: string[]) => {
    const r = extractFromText(
      [page(['KEDAI CONTOH SDN BHD', 'TEA O   RM2.50', 'NASI LEMAK   RM9.87', ...rows])],
      'ocr',
    );
    reconcileAmounts(r.fields, r.amountCandidates, () => {});
    preferRoundedTotal(r.fields, r.amountCandidates.total, () => {}, r);
    checkPayment(r.fields, r.payment, r.amountCandidates.total);
    return r.fields.total?.value;
  };

  it('never takes a rounding adjustment whose label OCR misread for the total', () => {
    expect(
      total(['Total   12.37', 'Rounding Adrustments   -0.02', 'CASH   50.00', 'CHANGE   37.65']),
    ).toMatch(/^12\.3[57]$/);
    expect(total(['Total   12.37', 'ROUNDING   0.00', 'CASH   50.00'])).toBe('12.37');
  });

  it('takes what was paid when the only total read is zero', () => {
    expect(total(['TOTAL   RM0.00', 'CASH   RM12.37'])).toBe('12.37');
  });
});

describe('two totals printed, the card paying the other one', () => {
  const run = (rows: string[]) => {
    const r = extractFromText([page(['Supermercados Ribera S.L.', 'CIF B12345674', ...rows])], 'text');
    const warnings: string[] = [];
    reconcileAmounts(r.fields, r.amountCandidates, () => {});
    checkPayment(r.fields, r.payment, r.amountCandidates.total, (w) => warnings.push(w.code));
    return { fields: r.fields, warnings };
  };
  const coupon = [
    'Base imponible   36,35',
    'IVA 21%   3,09',
    'TOTAL   39,44',
    'Cupón ahorro   -2,08',
    'TOTAL COMPRA   37,36',
    'TARJETA   37,36',
  ];

  it('verifies neither total, nor the base and VAT that close on one of them, and says why', () => {
    const { fields, warnings } = run(coupon);
    for (const name of ['total', 'tax_base', 'vat_total'] as const)
      expect(fields[name]?.verified).not.toBe(true);
    expect(warnings).toContain('PAID_ANOTHER_TOTAL');
  });

  it('keeps the total verified when the card paid it', () => {
    const { fields, warnings } = run(coupon.slice(0, 3).concat('TARJETA   39,44'));
    expect(fields.total).toMatchObject({ value: '39.44', verified: true });
    expect(warnings).not.toContain('PAID_ANOTHER_TOTAL');
  });
});
