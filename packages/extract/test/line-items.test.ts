import { describe, expect, it } from 'vitest';
import type { Ctx } from '../src/ctx.ts';
import { readingContext } from '../src/fields/index.ts';
import { fillLineRates, findLineItems } from '../src/fields/lines.ts';
import { MAX_OCR_PAGES, planOcrPages } from '../src/pipeline.ts';
import type { PageText } from '../src/text/layout.ts';
import { page } from './text-page.ts';

const items = (pages: PageText[], source: 'ocr' | 'text' = 'ocr') =>
  findLineItems(readingContext(pages, source).ctx);

/** A page of rows as page `n` (the helper makes page 1). */
function pageN(rows: string[], n: number, source: 'ocr' | 'text' = 'ocr'): PageText {
  const p = page(rows, source);
  return {
    ...p,
    page: n,
    lines: p.lines.map((l) => ({ ...l, page: n, words: l.words.map((w) => ({ ...w, page: n })) })),
  };
}

describe('line items read by column', () => {
  it('restores a decimal mark OCR lost when quantity × price = amount says so', () => {
    const got = items([
      page([
        'Descripción   Cant.   Precio   IVA   Importe',
        'Arroz 1 kg     25   6032€   4%   1.508,00€',
        'Pan integral    18   4062€   10%   73116€',
      ]),
    ]);
    expect(got).toEqual([
      {
        description: 'Arroz 1 kg',
        quantity: '25',
        unit_price: '60.32',
        line_total: '1508.00',
        vat_rate: '4',
      },
      {
        description: 'Pan integral',
        quantity: '18',
        unit_price: '40.62',
        line_total: '731.16',
        vat_rate: '10',
      },
    ]);
  });

  it('leaves a text layer as printed (no OCR repairs)', () => {
    const got = items(
      [page(['Descripción   Cant.   Precio   Importe', 'Servicio técnico   2   1500€   3000€'])],
      'text',
    );
    expect(got[0]).toMatchObject({ quantity: '2', unit_price: '1500', line_total: '3000.00' });
  });

  it('splits header cells naming two columns and drops the reference column from the description', () => {
    const got = items([
      page([
        'Ref. Descripción   Uds.   P.unit. Dto.   Importe',
        '101 Cable rollo   17   58,13   0%   988,21',
      ]),
    ]);
    expect(got).toEqual([
      { description: 'Cable rollo', quantity: '17', unit_price: '58.13', line_total: '988.21' },
    ]);
  });

  it('reads a header OCR read letter by letter', () => {
    const got = items([
      page([
        'D e s c r i p c i ó n   C a n t   I m p o r t e',
        'Leche 1 L                 28         1.209,60',
      ]),
    ]);
    expect(got).toEqual([{ description: 'Leche 1 L', quantity: '28', line_total: '1209.60' }]);
  });

  it('reads a column name OCR cut in two, and a column it misread as the quantity when it closes', () => {
    const got = items([
      page(['Descripción   oty   Prec io   Importe', 'Leche 1 L     28   43,20   1.209,60']),
    ]);
    expect(got).toEqual([
      { description: 'Leche 1 L', quantity: '28', unit_price: '43.2', line_total: '1209.60' },
    ]);
  });

  it('goes on with the same columns on the next scanned page, which has no header', () => {
    const got = items([
      pageN(['Descripción   Cant.   Precio   Importe', 'Menú del día   2   10,00   20,00'], 1),
      pageN(['Café solo       3      1,50      4,50', '@0.5 Base imponible   24,50'], 2),
    ]);
    expect(got.map((i) => i.description)).toEqual(['Menú del día', 'Café solo']);
    expect(got[1]).toMatchObject({ quantity: '3', unit_price: '1.5', line_total: '4.50' });
  });

  it('keeps OCR specks under the numbers out of the description', () => {
    const got = items([
      page([
        'Descripción   Cant.   Precio   Importe',
        'UX workshop   27   30,97   836,19',
        '     in   TEN   ur',
      ]),
    ]);
    expect(got).toEqual([
      { description: 'UX workshop', quantity: '27', unit_price: '30.97', line_total: '836.19' },
    ]);
  });
});

describe('line VAT rates from a row of VAT labels', () => {
  it('gives each row the rate whose VAT, printed under its label, its amounts close on', () => {
    const { ctx } = readingContext(
      [
        page(
          [
            'Descripción   Cant.   Precio   Importe',
            'Pan          10   10,00   100,00',
            'Cable         2   50,00   100,00',
            'Leche         4   25,00   100,00',
            'Base   IVA 21%   IVA 10%   IVA 4%',
            '300,00   21,00   10,00   4,00',
          ],
          'text',
        ),
      ],
      'text',
    );
    const got = findLineItems(ctx);
    // Three equal amounts: no single set of rows closes on a rate, so none is given.
    fillLineRates(ctx, got, []);
    expect(got.map((i) => i.vat_rate)).toEqual([undefined, undefined, undefined]);
    const { ctx: ctx2 } = readingContext(
      [
        page(
          [
            'Descripción   Cant.   Precio   Importe',
            'Pan          10   10,00   100,00',
            'Cable         4   50,00   200,00',
            'Base   IVA 21%   IVA 4%',
            '300,00   42,00   4,00',
          ],
          'text',
        ),
      ],
      'text',
    );
    const two = findLineItems(ctx2);
    fillLineRates(ctx2, two, []);
    expect(two.map((i) => i.vat_rate)).toEqual(['4', '21']);
  });
});

describe('OCR misreads around a one-rate table', () => {
  it('takes an unnamed column as the amount when it closes, and a rate whose % was lost from the VAT under it', () => {
    const { ctx } = readingContext(
      [
        page([
          'Cantidad   Descripción   Precio   Inporte',
          '3 Mantenimiento mensual   1.259,97   3.779,91',
          'Base       IVA 21       Total',
          '3.779,91   793,78     4.573,69',
        ]),
      ],
      'ocr',
    );
    const got = findLineItems(ctx);
    fillLineRates(ctx, got, []);
    expect(got).toEqual([
      {
        description: 'Mantenimiento mensual',
        quantity: '3',
        unit_price: '1259.97',
        line_total: '3779.91',
        vat_rate: '21',
      },
    ]);
  });
});

describe('scanned PDF pages to read', () => {
  const ctx = (missing: number[]) =>
    ({
      textPagesMissing: missing,
      warnings: [],
      deadline: 0,
      options: { timeoutMs: 60_000 },
    }) as unknown as Ctx;

  it('reads the first page, the last, then the ones between', () => {
    const c = ctx([1, 2, 3, 4]);
    planOcrPages(c);
    expect(c.textPagesMissing).toEqual([1, 4, 2, 3]);
    expect(c.warnings).toEqual([]);
    // each page read after the first adds a quarter of the time limit
    expect(c.deadline).toBe(3 * 15_000);
  });

  it(`reads at most ${MAX_OCR_PAGES} and says which were left`, () => {
    const c = ctx(Array.from({ length: 12 }, (_, i) => i + 1));
    planOcrPages(c);
    expect(c.textPagesMissing).toHaveLength(MAX_OCR_PAGES);
    expect(c.textPagesMissing.slice(0, 2)).toEqual([1, 12]);
    expect(c.warnings[0]?.code).toBe('PAGES_NOT_READ');
    expect(c.warnings[0]?.message).toContain('pages 8–11');
  });
});
