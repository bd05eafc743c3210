import { describe, expect, it } from 'vitest';
import { preferRoundedTotal, reconcileAmounts } from '../src/checks/consistency.ts';
import { dateCandidates } from '../src/fields/dates.ts';
import { extractFromText, readingContext } from '../src/fields/index.ts';
import { lineAsReadBy, type Word, wordsToLines } from '../src/text/layout.ts';
import { page } from './text-page.ts';

/**
 * A fused OCR page: `rows` as PP-OCR chose them; `other` gives, per row and word index, what Tesseract
 * read in the same box (the word keeps both readings, as `fuseWords` leaves them).
 */
function fusedPage(rows: string[], other: Record<number, Record<number, string>>) {
  const p = page(rows);
  p.lines.forEach((line, r) => {
    line.words.forEach((w, k) => {
      const tess = other[r]?.[k] ?? w.text;
      w.engine = tess === w.text ? 'fused' : 'ppocr';
      w.alternatives = [
        { text: w.text, conf: 0.9, engine: 'ppocr' },
        { text: tess, conf: 0.8, engine: 'tesseract' },
      ];
    });
  });
  return p;
}

describe('every engine reading of a line', () => {
  it('rebuilds a line as one engine read it, and nothing when both read the same', () => {
    const p = fusedPage(['TOTAL   RM 12.30', 'CASH   RM 20.00'], { 0: { 2: '12.80' } });
    expect(lineAsReadBy(p.lines[0]!, 'tesseract')?.text).toBe('TOTAL   RM 12.80');
    expect(lineAsReadBy(p.lines[1]!, 'tesseract')).toBeNull();
  });

  it('finds the total label in the reading of the engine that read it', () => {
    // PP-OCR garbled the label; Tesseract read "TOTAL". Without the second reading no total is labelled.
    const p = fusedPage(['SHOP ENTERPRISE', 'Bread   2   6.20', 'T0TAI   9.40', 'Thank you'], {
      2: { 0: 'TOTAL' },
    });
    const r = extractFromText([p], 'ocr');
    const total = r.amountCandidates.total.find((c) => c.cents === 940);
    expect(total?.features?.altReading).toBe(1);
    expect(r.fields.total?.value).toBe('9.40');
  });

  it('takes a date only the other engine read', () => {
    const p = fusedPage(['SHOP ENTERPRISE', 'Date: 1O/O3/2O18 10:22', 'TOTAL   9.40'], {
      1: { 1: '10/03/2018' },
    });
    const r = extractFromText([p], 'ocr');
    expect(r.fields.issue_date?.value).toBe('2018-03-10');
  });
});

describe('a total in double-height print', () => {
  const word = (text: string, x: number, y: number, h: number): Word => ({
    text,
    page: 1,
    x,
    y,
    w: 0.06,
    h,
    conf: 0.9,
  });
  const rows = (tall: string) =>
    wordsToLines(
      [
        word('GST', 0.09, 0.574, 0.0162),
        word('0.42', 0.867, 0.571, 0.0189),
        word(tall, 0.872, 0.6456, 0.0329),
        word('NET', 0.091, 0.6633, 0.0167),
        word('TOTAL', 0.166, 0.6633, 0.0167),
        word('Cash', 0.089, 0.6851, 0.0158),
        word('7.40', 0.875, 0.6841, 0.0153),
      ],
      1,
      0.4,
    ).map((l) => l.text);

  it('shares its label’s line when both stand on one baseline', () => {
    expect(rows('7.40')).toEqual(['GST   0.42', 'NET TOTAL   7.40', 'Cash   7.40']);
  });

  it('but a tall word that is no amount keeps a line of its own', () => {
    expect(rows('SALE')).toEqual(['GST   0.42', 'SALE', 'NET TOTAL', 'Cash   7.40']);
  });
});

describe('arithmetic over a reading fusion set aside', () => {
  const totalOf = (p: ReturnType<typeof fusedPage>) => {
    const r = extractFromText([p], 'ocr');
    reconcileAmounts(r.fields, r.amountCandidates, () => {});
    return r.fields.total;
  };

  it('proves nothing when only the set-aside reading of an amount makes the sum close', () => {
    // Tesseract alone lost the subtotal's first digit: its "2.50" + 1.50 = 4.00 closes on a total both
    // engines misread the same way.
    const rows = ['SHOP', 'Total Excl GST   92.50', 'GST 6%   1.50', 'Total Incl GST   RM 4.00'];
    expect(totalOf(fusedPage(rows, { 1: { 3: '2.50' } }))).toMatchObject({ value: '4.00', verified: false });
    // The same amounts read alike by both engines prove the total.
    const agreed = rows.with(1, 'Total Excl GST   2.50');
    expect(totalOf(fusedPage(agreed, {}))).toMatchObject({ value: '4.00', verified: true });
  });
});

describe('a date label only the other engine read', () => {
  it('labels the date of the reading that garbled the label', () => {
    // PP-OCR read "Data" for "Date"; Tesseract read the label but misread the day.
    const p = fusedPage(['SHOP ENTERPRISE', 'Data   16/02/2018 12:04', 'TOTAL   9.40'], {
      1: { 0: 'Date', 1: '15/02/2018' },
    });
    const { ctx } = readingContext([p], 'ocr');
    const own = dateCandidates(ctx).find((c) => c.iso === '2018-02-16');
    expect(own?.features.label1).toBe(1);
    expect(extractFromText([p], 'ocr').fields.issue_date?.value).toBe('2018-02-16');
  });
});

describe('a date the two engines read differently', () => {
  it("is outvoted when the other engine's reading is printed elsewhere on the page", () => {
    // PP-OCR read the footer's year 2018 as 2016; Tesseract read 2018, as the header prints it.
    const p = fusedPage(['SHOP ENTERPRISE', '10:22am, 14 May, 2018', 'TOTAL   9.40', '14/05/2016 10:22:31'], {
      3: { 0: '14/05/2018' },
    });
    const { ctx } = readingContext([p], 'ocr');
    const cands = dateCandidates(ctx);
    expect(cands.find((c) => c.iso === '2016-05-14')?.features.outvoted).toBe(1);
    // The header's own date, and the footer's reading that agrees with it, are not outvoted.
    expect(cands.filter((c) => c.iso === '2018-05-14').map((c) => c.features.outvoted ?? 0)).toEqual([0, 0]);
  });

  it('is not outvoted by the same misreading set on the label line above it', () => {
    // Tesseract misread the day and set its reading over the label row too (one box over both rows).
    const p = fusedPage(['SHOP ENTERPRISE', 'Date   Time', '26/02/18 08.28', 'TOTAL   9.40'], {
      1: { 0: '28/02/18' },
      2: { 0: '28/02/18' },
    });
    const { ctx } = readingContext([p], 'ocr');
    const own = dateCandidates(ctx).find((c) => c.iso === '2018-02-26');
    expect(own?.features.labelAbove).toBe(1);
    expect(own?.features.outvoted).toBeUndefined();
  });

  it('is not outvoted by a second date on its line that both engines read alike', () => {
    // Tesseract misread the issue date's year; both read the due date, printed again on the payment slip.
    const p = fusedPage(
      ['SHOP ENTERPRISE', 'Date 14/05/2018   Due 14/06/2018', 'TOTAL   9.40', 'Pay by 14/06/2018'],
      {
        1: { 1: '14/05/2016' },
      },
    );
    const { ctx } = readingContext([p], 'ocr');
    const cands = dateCandidates(ctx);
    expect(cands.find((c) => c.iso === '2018-05-14')?.features.outvoted).toBeUndefined();
    expect(cands.find((c) => c.iso === '2016-05-14')?.features.outvoted).toBeUndefined();
  });

  it('is not outvoted when neither reading is printed elsewhere', () => {
    const p = fusedPage(['SHOP ENTERPRISE', 'TOTAL   9.40', '14/05/2016 10:22:31'], {
      2: { 0: '14/05/2018' },
    });
    const { ctx } = readingContext([p], 'ocr');
    expect(dateCandidates(ctx).some((c) => c.features.outvoted)).toBe(false);
  });
});

describe('issue-date candidates', () => {
  it('mark a date glued to a product code, a time beside a date, and a date printed twice', () => {
    const { ctx } = readingContext(
      [page(['SHOP', 'HD03-04-06   2.70', 'Date 19-09-2017 15:39', 'Slip 19-09-2017'])],
      'ocr',
    );
    const cands = dateCandidates(ctx);
    const code = cands.find((c) => c.iso === '2006-04-03');
    const date = cands.find((c) => c.iso === '2017-09-19' && c.line === 2);
    expect(code?.features.glued).toBe(1);
    expect(date?.features).toMatchObject({ label1: 1, withTime: 1, fullYear: 1, repeated: 1 });
  });

  it('mark a time run into the year, its digits glued on, as a time beside the date', () => {
    const { ctx } = readingContext([page(['SHOP', '09/03/201821:200001'])], 'ocr');
    expect(dateCandidates(ctx).find((c) => c.iso === '2018-03-09')?.features.withTime).toBe(1);
  });

  it('reads a labelled one-digit day and month whose separators OCR lost', () => {
    const { ctx } = readingContext([page(['SHOP', 'Date : 742019 10 22 31', 'Ref 742019'])], 'ocr');
    const cands = dateCandidates(ctx);
    expect(cands.find((c) => c.iso === '2019-04-07')?.features.label1).toBe(1);
    // Unlabelled, the same digits are no date.
    expect(cands.filter((c) => c.line === 2)).toEqual([]);
  });

  it('reads a compact date printed before a time', () => {
    const { ctx } = readingContext([page(['SHOP', '00440010036 25032018 13:11:54 0003'])], 'ocr');
    expect(dateCandidates(ctx).map((c) => c.iso)).toContain('2018-03-25');
  });
});

describe('what an OCR sum verifies', () => {
  const run = (rows: string[]) => {
    const r = extractFromText([page(rows)], 'ocr');
    const warnings: string[] = [];
    reconcileAmounts(r.fields, r.amountCandidates, (w) => warnings.push(w.code));
    preferRoundedTotal(r.fields, r.amountCandidates.total, (w) => warnings.push(w.code), r);
    return { total: r.fields.total, warnings };
  };

  it('a sum one cent off picks the values but verifies nothing', () => {
    const { total } = run(['SHOP', 'Total Excl GST   2.42', 'GST 6%   0.14', 'Total Incl GST   RM 2.55']);
    expect(total).toMatchObject({ value: '2.55', verified: false });
  });

  it('an exact sum verifies', () => {
    const { total } = run(['SHOP', 'Total Excl GST   2.42', 'GST 6%   0.14', 'Total Incl GST   RM 2.56']);
    expect(total).toMatchObject({ value: '2.56', verified: true });
  });

  it('a sum over the taxed goods does not verify a total when a larger total is printed above the payment', () => {
    const { total } = run([
      'SHOP SDN BHD',
      'Total taxed supplies (excl. GST)   RM 24.00',
      'GST   1.44',
      'Total taxed supplies (Inc. GST)   25.44',
      'Total untaxed supplies   7.61',
      'Total Payable   33.05',
    ]);
    expect(total?.verified).toBe(false);
  });

  // The ranker preferring the total of the taxed goods, as it did on the scans these come from.
  it.each([
    ['the larger total reads with its dash taken for a minus', '25.44', '7.61', 'Total Payable: - 33.05'],
    [
      'returned goods make the payable total smaller than the taxed goods',
      '25.44',
      '-7.61',
      'Total Payable   17.83',
    ],
  ])('nor when %s', (_, taxed, untaxed, payable) => {
    const r = extractFromText(
      [
        page([
          'SHOP SDN BHD',
          'Total taxed supplies (excl. GST)   RM 24.00',
          'GST   1.44',
          `Total taxed supplies (Inc. GST)   ${taxed}`,
          `Total untaxed supplies   ${untaxed}`,
          payable,
        ]),
      ],
      'ocr',
    );
    for (const c of r.amountCandidates.total) if (c.cents === 2544) c.score += 10;
    r.amountCandidates.total.sort((a, b) => b.score - a.score);
    reconcileAmounts(r.fields, r.amountCandidates, () => {});
    expect(r.fields.total).toMatchObject({ value: taxed, verified: false });
  });

  it('the total of the goods at one rate is a part: the payable total reads, negative parts and all', () => {
    const { total } = run([
      'SHOP SDN BHD',
      'Total 0% supplies:   39.01',
      'Total 6% supplies (excl. GST): -17.73',
      'GST:   -1.07',
      'Total 6% supplies (Inc. GST): -18.80',
      'Total Payable:   20.21',
    ]);
    expect(total?.value).toBe('20.21');
  });

  it('a total whose label OCR garbled is the amount below the base and its tax that is their sum, verified', () => {
    const { total } = run([
      'SHOP SDN BHD',
      'Sub Total   :   RM   68.87',
      'Service Charge   :   RM   0.00',
      'GST/TAX 6%   RM   4.13',
      'TORS, .   RM   73.00',
      'CA..   RM   73.00',
      'CHANGE:   RM   0.00',
    ]);
    expect(total).toMatchObject({ value: '73.00', verified: true });
  });

  it('a verified sum gives way to what was paid, printed a few cents off it, when the rounding line is misread', () => {
    const { total, warnings } = run([
      'SHOP',
      'Total Excl GST   43.90',
      'GST 6%   2.64',
      'Total Incl GST   RM 46.54',
      'Rounding Adj   6.01',
      'Nett   46.55',
      'CASH   100.00',
      'CHANGE   53.45',
    ]);
    expect(total).toMatchObject({ value: '46.55', verified: false });
    expect(warnings).toContain('TOTAL_ROUNDED');
  });

  it('a verified sum gives way, unverified, to the same total rounded to five cents printed as a total', () => {
    const { total, warnings } = run([
      'SHOP',
      'Total Excl GST   82.15',
      'GST 6%   4.93',
      'Total Incl GST   RM 87.08',
      'Total Payable   RM 87.10',
    ]);
    expect(total).toMatchObject({ value: '87.10', verified: false });
    expect(warnings).toContain('TOTAL_ROUNDED');
  });
});
