// kept whole: one describe per table shape the line reader meets, sharing the page helpers at the top.
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../src/ctx.ts';
import { readingContext } from '../src/fields/index.ts';
import { fillLineRates, findLineItems } from '../src/fields/lines/index.ts';
import { MAX_OCR_PAGES, planOcrPages } from '../src/pipeline.ts';
import type { PageText } from '../src/text/layout.ts';
import type { LineItem } from '../src/types.ts';
import { narrowed, page } from './text-page.ts';

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

  it('reads a column name OCR read letter by letter with a letter misread ("P re c lo")', () => {
    const got = items([
      page([
        'Descripción   Cantidad   P re c lo   IVA   Importe',
        'Leche 1 L           3    767,26 €    21%   2.301,78 €',
      ]),
    ]);
    expect(got).toEqual([
      {
        description: 'Leche 1 L',
        quantity: '3',
        unit_price: '767.26',
        line_total: '2301.78',
        vat_rate: '21',
      },
    ]);
  });

  it('reads a column name OCR cut in two, and a column it misread as the quantity when it closes', () => {
    const got = items([
      page(['Descripción   oty   Prec io   Importe', 'Leche 1 L     28   43,20   1.209,60']),
    ]);
    expect(got).toEqual([
      { description: 'Leche 1 L', quantity: '28', unit_price: '43.2', line_total: '1209.60' },
    ]);
  });

  it('reads past a speck one engine alone read as a word between two column names', () => {
    const p = page([
      'Descripción NU Cantidad   Precio   Importe',
      'Papel A4 hojas        3     68,75   206,25',
    ]);
    const speck = p.lines[0]!.words.find((w) => w.text === 'NU')!;
    speck.conf = 0.32;
    speck.alternatives = [{ engine: 'tesseract', text: 'NU', conf: 0.32 }];
    expect(items([p])).toEqual([
      { description: 'Papel A4 hojas', quantity: '3', unit_price: '68.75', line_total: '206.25' },
    ]);
  });

  it('reads a mark OCR saw in place of the quantity as one when the price is the amount', () => {
    const p = page([
      'Descripción   Cantidad   Precio   Importe',
      'Tornillos caja      √      6,61     6,61',
      'Cable rollo         √      5,00    10,00',
    ]);
    expect(items([p])).toEqual([
      { description: 'Tornillos caja', quantity: '1', unit_price: '6.61', line_total: '6.61' },
      { description: 'Cable rollo', unit_price: '5', line_total: '10.00' },
    ]);
  });

  it('reads a rate OCR cut after its first digit as one rate', () => {
    const p = page([
      'Descripción   Cant.   Precio   IVA   Importe',
      'Aceite 5 L   15   41,47   2 1%   622,05',
    ]);
    const words = p.lines[1]!.words;
    const cut = words.findIndex((w) => w.text === '1%');
    words[cut]!.x = words[cut - 1]!.x + words[cut - 1]!.w + 0.002;
    expect(items([p])).toEqual([
      {
        description: 'Aceite 5 L',
        quantity: '15',
        unit_price: '41.47',
        line_total: '622.05',
        vat_rate: '21',
      },
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

describe('line VAT rates from the VAT summary', () => {
  it('gives a rate its rows once another rate took the rows that made it ambiguous', () => {
    const { ctx } = readingContext([page(['Ticket'])], 'ocr');
    const rows: LineItem[] = ['10.00', '20.00', '5.00', '6.30', '4.00'].map((line_total, k) => ({
      description: `Artículo ${k + 1}`,
      line_total,
    }));
    // 21 %: rows 1+2 make its base, rows 1+2+4 its base + VAT; 10 %: only rows 3+4+5 make its base.
    fillLineRates(ctx, rows, [
      { rate: '21', base: '30.00', amount: '6.30' },
      { rate: '10', base: '15.30', amount: '1.53' },
    ]);
    expect(rows.map((r) => r.vat_rate)).toEqual(['21', '21', '10', '10', '10']);
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

describe('line VAT rates from a label one OCR engine misread', () => {
  it("reads the rate by the label as the other engine read it ('TVA 21%' for 'IVA 21%')", () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      row('Papel A4', '4', '74,63', '298,52'),
      'Base imponible   TVA 21%   TOTAL',
      '298,52   62,69   361,21',
    ]);
    const label = p.lines[2]!.words.find((w) => w.text === 'TVA')!;
    label.alternatives = [
      { engine: 'tesseract', text: 'TVA', conf: 0.94 },
      { engine: 'ppocr', text: 'IVA', conf: 0.82 },
    ];
    const { ctx } = readingContext([p], 'ocr');
    const got = findLineItems(ctx);
    fillLineRates(ctx, got, []);
    expect(got.map((i) => i.vat_rate)).toEqual(['21']);
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

describe('ticket rows without a header', () => {
  it('reads a row whose description wraps onto the line that carries its amount', () => {
    const got = items([
      page([
        'FACTURA SIMPLIFICADA',
        '2 x Tuerca hexagonal M8',
        '6,40',
        'bolsa 50',
        '3 x Bombilla LED casquillo',
        'E27 9 W   12,30',
        '1 x Cinta aislante   1,15',
        'TOTAL   19,85',
      ]),
    ]);
    expect(got).toEqual([
      { description: 'Tuerca hexagonal M8 bolsa 50', quantity: '2', line_total: '6.40', unit_price: '3.2' },
      {
        description: 'Bombilla LED casquillo E27 9 W',
        quantity: '3',
        line_total: '12.30',
        unit_price: '4.1',
      },
      { description: 'Cinta aislante', quantity: '1', line_total: '1.15', unit_price: '1.15' },
    ]);
  });
});

/** A table row with its cells at fixed columns (description, then 11-character columns). */
const row = (...cells: string[]) => {
  let s = cells[0]!.padEnd(24);
  for (const c of cells.slice(1)) s += `   ${c}`.padEnd(11);
  return s.trimEnd();
};

/** A page of table rows narrowed to fit the page's width. */
const tablePage = (rows: string[]): PageText => narrowed(page(rows), 0.7);

describe('ticket rows OCR ran together or broke apart', () => {
  it("takes the amount OCR set on a wrapped row's first line, and a decimal mark it lost", () => {
    const got = items([
      page([
        'FACTURA SIMPLIFICADA',
        '1 x Cinta aislante   1,15',
        '3 x Manguera jardín riego 12,90',
        '25 m',
        '4 x Tuerca hexagonal M8',
        '                                 5 72',
        'bolsa 50',
        'TOTAL   19,77',
      ]),
    ]);
    expect(got).toEqual([
      { description: 'Cinta aislante', quantity: '1', line_total: '1.15', unit_price: '1.15' },
      { description: 'Manguera jardín riego 25 m', quantity: '3', line_total: '12.90', unit_price: '4.3' },
      { description: 'Tuerca hexagonal M8 bolsa 50', quantity: '4', line_total: '5.72', unit_price: '1.43' },
    ]);
  });

  it("leaves a text layer's single-spaced number in the description", () => {
    const got = items(
      [page(['1 x Cinta aislante   1,15', '2 x Brida   0,40', '3 x Manguera jardín 12,90', '25 m'], 'text')],
      'text',
    );
    expect(got.map((i) => i.description)).toEqual(['Cinta aislante', 'Brida']);
  });
});

describe('tables in more shapes', () => {
  it('leaves a unit-of-measure column out of the description', () => {
    const got = items([
      tablePage([
        row('Descripción', 'Cant.', 'Ud.', 'Precio', 'Importe'),
        row('Tornillo de acero', '10', 'ud', '0,50', '5,00'),
        row('Mano de obra', '3', 'h', '35,00', '105,00'),
        row('Arena fina', '2,5', 'kg', '4,00', '10,00'),
      ]),
    ]);
    expect(got.map((i) => i.description)).toEqual(['Tornillo de acero', 'Mano de obra', 'Arena fina']);
    expect(got[2]).toMatchObject({ quantity: '2.5', unit_price: '4', line_total: '10.00' });
  });

  it('finds a header whose words OCR garbled a letter of', () => {
    const got = items([
      tablePage([
        row('Descripci6n', 'Cantldad', 'Prec1o', 'lmporte'),
        row('Servidor rack', '2', '125,00', '250,00'),
        row('Licencia anual', '1', '98,00', '98,00'),
      ]),
    ]);
    expect(got).toEqual([
      { description: 'Servidor rack', quantity: '2', unit_price: '125', line_total: '250.00' },
      { description: 'Licencia anual', quantity: '1', unit_price: '98', line_total: '98.00' },
    ]);
    // A plural is not a misread: a line of prose is no header.
    const prose = items([
      tablePage(['Servicios prestados   Total 1.200,00', row('Servidor rack', '2', '125,00', '250,00')]),
    ]);
    expect(prose).toEqual([]);
  });

  it('gives the quantity back the minus it lost when the amount is negative and closes on it', () => {
    const got = items([
      tablePage([
        row('Descripción', 'Cant.', 'Precio', 'Importe'),
        row('Licencia anual', '3', '879,11', '-2.637,33'),
        row('Soporte', '—2', '50,00', '100,00'),
      ]),
    ]);
    expect(got).toEqual([
      { description: 'Licencia anual', quantity: '-3', unit_price: '879.11', line_total: '-2637.33' },
      { description: 'Soporte', quantity: '2', unit_price: '50', line_total: '100.00' },
    ]);
  });

  it("takes the other engine's reading of a quantity when only it closes with price and amount", () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      row('Tubo cobre', '1', '4,00', '28,00'),
      row('Codo latón', '3', '2,00', '6,00'),
    ]);
    // "7" read as "1" by the chosen engine, the other one right; on the second row the chosen reading closes.
    p.lines[1]!.words[2]!.alternatives = [
      { engine: 'ppocr', text: '1', conf: 0.9 },
      { engine: 'tesseract', text: '7', conf: 0.6 },
    ];
    p.lines[2]!.words[2]!.alternatives = [
      { engine: 'ppocr', text: '3', conf: 0.9 },
      { engine: 'tesseract', text: '8', conf: 0.6 },
    ];
    expect(items([p]).map((i) => i.quantity)).toEqual(['7', '3']);
  });

  it('joins a row OCR cut in two on a skewed scan: the quantity set on a line of its own inside the row', () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      row('Aceite oliva', '', '76,25', '1.525,00'),
      row('', '20'),
      row('Pan de molde', '3', '2,00', '6,00'),
    ]);
    const [, cut, qty] = p.lines;
    // The row is tall (skew), the quantity's line lies within it; both engines read "20".
    cut!.h = 0.03;
    qty!.y = cut!.y + 0.01;
    qty!.h = 0.012;
    qty!.words[0]!.alternatives = [
      { engine: 'ppocr', text: '20', conf: 0.9 },
      { engine: 'tesseract', text: '20', conf: 0.9 },
    ];
    p.lines[3]!.y = cut!.y + 0.04;
    expect(items([p])).toEqual([
      { description: 'Aceite oliva', quantity: '20', unit_price: '76.25', line_total: '1525.00' },
      { description: 'Pan de molde', quantity: '3', unit_price: '2', line_total: '6.00' },
    ]);
    // A line only one engine saw there is dirt: the row stays without its quantity.
    qty!.words[0]!.alternatives = [{ engine: 'tesseract', text: '20', conf: 0.5 }];
    expect(items([p])[0]).not.toHaveProperty('quantity');
  });

  it('takes the amount whose decimal mark OCR lost, or whose minus it lost, when it closes', () => {
    const got = items([
      page([
        'Descripción   Cant.   Precio   Importe',
        'Pan de molde   27   57,16   1.54332€',
        'Leche entera   -19   21,37   406,03',
      ]),
    ]);
    expect(got.map((i) => [i.quantity, i.line_total])).toEqual([
      ['27', '1543.32'],
      ['-19', '-406.03'],
    ]);
  });

  it('reads a price whose € OCR read as a C, and an amount whose mark it read as a %, by the other engine', () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      row('Aceite oliva', '2', '85,81C', '171,62'),
      row('Papel A4', '10', '47,13', '4713%€'),
    ]);
    p.lines[2]!.words[p.lines[2]!.words.length - 1]!.alternatives = [
      { engine: 'tesseract', text: '4713%€', conf: 0.6 },
      { engine: 'ppocr', text: '471,3', conf: 0.9 },
    ];
    expect(items([p]).map((i) => [i.unit_price, i.line_total])).toEqual([
      ['85.81', '171.62'],
      ['47.13', '471.30'],
    ]);
  });

  it("takes the other engine's spaced reading of a cell one engine read in one gulp, letters dropped", () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      row('Botellaguminl)', '9', '26,75', '240,75'),
    ]);
    p.lines[1]!.words[0]!.alternatives = [
      { engine: 'ppocr', text: 'Botellaguminl)', conf: 0.5 },
      { engine: 'tesseract', text: 'Botella agua mineral 1,5 L (35)', conf: 0.8 },
    ];
    expect(items([p])[0]!.description).toBe('Botella agua mineral 1,5 L (35)');
  });

  it('reads a header cell naming two columns around a rule OCR read as a letter, its columns by their names', () => {
    const p = tablePage([
      `${'Descripción'.padEnd(22)}E ${'Cant.'.padEnd(11)}Precio | IVA I   Importe`,
      `${'Traducción jurada'.padEnd(24)}${'2'.padEnd(11)}${'732,37'.padEnd(9)}${'21%'.padEnd(8)}1.464,74`,
      `${'Traducción jurada (2)'.padEnd(24)}${'2'.padEnd(11)}${'537,21'.padEnd(9)}${'21%'.padEnd(8)}1.074,42`,
    ]);
    expect(
      items([p]).map((i) => [i.description, i.quantity, i.unit_price, i.line_total, i.vat_rate]),
    ).toEqual([
      ['Traducción jurada', '2', '732.37', '1464.74', '21'],
      // "(2)" ends before the quantity's name, the "E" beside it no part of the column.
      ['Traducción jurada (2)', '2', '537.21', '1074.42', '21'],
    ]);
  });

  it("reads a number the chosen reading garbled by the other engine's reading of it", () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      row('Menú del día', '18', '2;37:€', '42,66'),
      row('Diseño web', '→', '1.596,78', '1.596,78'),
    ]);
    const [, menu, web] = p.lines;
    menu!.words[4]!.alternatives = [
      { engine: 'tesseract', text: '2;37:€', conf: 0.02 },
      { engine: 'ppocr', text: '2,37', conf: 0.84 },
    ];
    web!.words[2]!.alternatives = [
      { engine: 'ppocr', text: '→', conf: 0.25 },
      { engine: 'tesseract', text: '1', conf: 0.68 },
    ];
    expect(items([p]).map((i) => [i.quantity, i.unit_price, i.line_total])).toEqual([
      ['18', '2.37', '42.66'],
      ['1', '1596.78', '1596.78'],
    ]);
  });

  it('reads a wrapped last row whose second line one engine ran into its first, under the line that leads it', () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      `@0.100 ${row('Traducción jurada de')}`,
      `@0.110 ${row('', '2', '542,50', '1.085,00')}`,
      `@0.120 ${row('documentos')}`,
      `@0.140 ${row('Diseño de página web')}`,
      `@0.150 ${row('Disenocorpo')}`,
      `@0.152 ${row('', '2', '400,91', '801,82')}`,
    ]);
    const [tall, numbers] = [p.lines[5]!, p.lines[6]!];
    // PP-OCR read the two lines of the description as one word, two lines tall; Tesseract the second.
    tall.h = 0.03;
    Object.assign(tall.words[0]!, {
      h: 0.03,
      engine: 'ppocr',
      alternatives: [
        { engine: 'ppocr', text: 'Disenocorpo', conf: 0.98 },
        { engine: 'tesseract', text: 'corporativa', conf: 0.96 },
      ],
    });
    numbers.words[0]!.alternatives = [
      { engine: 'ppocr', text: '2', conf: 0.9 },
      { engine: 'tesseract', text: '2', conf: 0.9 },
    ];
    expect(items([p]).map((i) => [i.description, i.line_total])).toEqual([
      ['Traducción jurada de documentos', '1085.00'],
      ['Diseño de página web corporativa', '801.82'],
    ]);
  });

  for (const source of ['ocr', 'text'] as const)
    it(`takes a description line ending in a number by the next column as the row under it (${source})`, () => {
      const p = narrowed(
        page(
          [
            row('Descripción', 'Cant.', 'Precio', 'Importe'),
            '@0.100 Cable eléctrico rollo 1000',
            `@0.107 ${row('', '25', '61,42', '1.535,50')}`,
            `@0.114 ${row('cobre')}`,
            `@0.130 ${row('Aceite de oliva', '3', '55,49', '166,47')}`,
          ],
          source,
        ),
        0.7,
      );
      expect(items([p], source).map((i) => [i.description, i.quantity, i.line_total])).toEqual([
        ['Cable eléctrico rollo 1000 cobre', '25', '1535.50'],
        ['Aceite de oliva', '3', '166.47'],
      ]);
    });

  it("takes the other engine's far surer reading of an unsure word of letters, once for the words it covers, not for accents", () => {
    const p = tablePage([
      row('Description', 'Qty', 'Price', 'Amount'),
      row('Cloud hats er B', '23', '53.90', '1239.70'),
      row('Design workéhop', '22', '24.27', '533.94'),
      row('Traducción jurada', '2', '10,00', '20,00'),
    ]);
    const unsure = (
      w: PageText['lines'][number]['words'][number],
      conf: number,
      other: string,
      otherConf: number,
    ) =>
      Object.assign(w, {
        engine: 'tesseract',
        conf,
        alternatives: [
          { engine: 'tesseract', text: w.text, conf },
          { engine: 'ppocr', text: other, conf: otherConf },
        ],
      });
    const [cloud, design, translation] = [p.lines[1]!.words, p.lines[2]!.words, p.lines[3]!.words];
    for (const w of cloud.slice(1, 4)) unsure(w, 0.05, 'hosting (monthly)', 0.5);
    unsure(design[1]!, 0.48, 'workshop', 0.99);
    unsure(translation[0]!, 0.33, 'Traduccion', 0.98);
    expect(items([p]).map((i) => i.description)).toEqual([
      'Cloud hosting (monthly)',
      'Design workshop',
      'Traducción jurada',
    ]);
  });

  it('spaces words one engine ran together where the other engine, unsure of some letters, spaced them', () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      row('Serviciosdeconsultoria', '1', '1.353,33', '1.353,33'),
    ]);
    p.lines[1]!.words[0]!.alternatives = [
      { engine: 'ppocr', text: 'Serviciosdeconsultoria', conf: 0.77 },
      { engine: 'tesseract', text: 'Servicios Ue consultona', conf: 0.46 },
    ];
    expect(items([p])[0]!.description).toBe('Servicios de consultoria');
  });

  for (const source of ['ocr', 'text'] as const)
    it(`keeps a count in brackets after the description's last word in the description (${source})`, () => {
      const numbers = row('', '26', '9,76', '253,76');
      const rows = [
        row('Descripción', 'Cant.', 'Precio', 'Importe'),
        `Aceite de oliva virgen (4)${numbers.slice(26)}`,
      ];
      const got = items([narrowed(page(rows, source), 0.7)], source);
      expect(got.map((i) => [i.description, i.quantity, i.line_total])).toEqual([
        ['Aceite de oliva virgen (4)', '26', '253.76'],
      ]);
    });

  it('reads a header OCR cut in two lines on a skewed scan', () => {
    const p = tablePage([
      `@0.100 ${row('Ref.', 'Uds.', 'Precio', 'Importe')}`,
      '@0.103       Concepto',
      `@0.130 ${row('11 Menú del día', '15', '1,16', '17,40')}`,
    ]);
    const name = p.lines[1]!.words[0]!;
    name.alternatives = [
      { engine: 'ppocr', text: 'Concepto', conf: 0.9 },
      { engine: 'tesseract', text: 'Concepto', conf: 0.9 },
    ];
    expect(items([p])).toEqual([
      { description: 'Menú del día', quantity: '15', unit_price: '1.16', line_total: '17.40' },
    ]);
    // A header whole without the name set under it, which it still takes.
    const q = tablePage([
      `@0.100 ${row('Descripción', 'Cant.', '', 'Importe')}`,
      `@0.103 ${row('', '', 'Precio')}`,
      `@0.130 ${row('Menú del día', '15', '1,16', '17,40')}`,
    ]);
    q.lines[1]!.words[0]!.alternatives = name.alternatives;
    expect(items([q])).toEqual([
      { description: 'Menú del día', quantity: '15', unit_price: '1.16', line_total: '17.40' },
    ]);
  });

  it('reads a number OCR gave twice (a word inside the longer word of the same print) once', () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'IVA', 'Importe'),
      row('Desarrollo web', '1', '1.567,88', '21%', '1.567,88'),
    ]);
    const words = p.lines[1]!.words;
    const rate = words.find((w) => w.text === '21%')!;
    words.splice(words.indexOf(rate), 0, { ...rate, text: '2', w: rate.w / 3 });
    expect(items([p])[0]).toMatchObject({ quantity: '1', vat_rate: '21', line_total: '1567.88' });
  });

  it('puts back the space OCR lost between a word and the number after it, not inside a code', () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      row('Detergente liquido3L', '2', '4,00', '8,00'),
      row('Papel A4', '1', '3,00', '3,00'),
    ]);
    expect(items([p]).map((i) => i.description)).toEqual(['Detergente liquido 3L', 'Papel A4']);
  });

  it('cuts words OCR ran together into words the document prints apart elsewhere', () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      row('Arrozredondo1kg', '8', '2,00', '16,00'),
      row('Arroz redondo 1 kg (2)', '6', '3,00', '18,00'),
      row('Cajaherramientas', '1', '9,00', '9,00'),
    ]);
    const both = (w: PageText['lines'][number]['words'][number]) => {
      w.alternatives = [
        { engine: 'ppocr', text: w.text, conf: 0.9 },
        { engine: 'tesseract', text: w.text, conf: 0.9 },
      ];
    };
    p.lines[2]!.words.forEach(both);
    // "Caja" and "herramientas" are printed apart nowhere: that word stays as read.
    expect(items([p]).map((i) => i.description)).toEqual([
      'Arroz redondo 1kg',
      'Arroz redondo 1 kg (2)',
      'Cajaherramientas',
    ]);
  });

  it("takes the other engine's reading of a description word run together or read as a rule", () => {
    const p = tablePage([
      row('Descripción', 'Cant.', 'Precio', 'Importe'),
      row('Cajaherramientas12', '2', '10,00', '20,00'),
      row('Aceite 5 |', '1', '7,00', '7,00'),
    ]);
    const glued = p.lines[1]!.words[0]!;
    glued.alternatives = [{ engine: 'tesseract', text: 'Caja herramientas 12', conf: 0.8 }];
    const rule = p.lines[2]!.words[2]!;
    rule.alternatives = [{ engine: 'ppocr', text: 'L', conf: 0.8 }];
    expect(items([p]).map((i) => i.description)).toEqual(['Caja herramientas 12', 'Aceite 5 L']);
  });

  it('reads rows without a header row only where quantity × price = amount closes, two or more', () => {
    const got = items([
      tablePage([
        'FACTURA',
        row('Servidor rack', '2', '125,00', '250,00'),
        row('Licencia anual', '1', '98,00', '98,00'),
        row('Portes y embalaje', '1', '12,00', '15,00'),
        'Base imponible   348,00',
      ]),
    ]);
    expect(got).toEqual([
      { description: 'Servidor rack', quantity: '2', unit_price: '125', line_total: '250.00' },
      { description: 'Licencia anual', quantity: '1', unit_price: '98', line_total: '98.00' },
    ]);
    expect(items([tablePage(['FACTURA', row('Servidor rack', '2', '125,00', '250,00')])])).toEqual([]);
  });

  it('puts a description line printed above its numbers on that row, not on the row before', () => {
    const got = items([
      tablePage([
        row('Descripción', 'Cant.', 'Precio', 'Importe'),
        'Servidor rack de 19',
        row('con ventilación', '2', '125,00', '250,00'),
        row('Licencia anual', '1', '98,00', '98,00'),
        '@0.135 Soporte técnico',
        `@0.145 ${row('remoto', '1', '40,00', '40,00')}`,
      ]),
    ]);
    expect(got.map((i) => i.description)).toEqual([
      'Servidor rack de 19 con ventilación',
      'Licencia anual',
      'Soporte técnico remoto',
    ]);
  });

  it('keeps specks out: a flat or unsure line under a row, a word read with no confidence, C for €', () => {
    const p = tablePage([
      row('Description', 'Qty', 'Price', 'Amount'),
      row('Cloud hosting', '24', '67.14', '1611.36'),
      'MIME ee',
      row('Design workshop ~7', '22', 'C24.27', '533.94'),
      'Com',
    ]);
    const flat = p.lines[2]!;
    flat.h = 0.001;
    for (const w of flat.words) w.h = 0.001;
    for (const w of p.lines[4]!.words) w.conf = 0.4;
    const speck = p.lines[3]!.words[2]!;
    speck.conf = 0;
    speck.engine = 'tesseract';
    const got = items([p]);
    expect(got).toEqual([
      { description: 'Cloud hosting', quantity: '24', unit_price: '67.14', line_total: '1611.36' },
      { description: 'Design workshop', quantity: '22', unit_price: '24.27', line_total: '533.94' },
    ]);
  });
});

describe('line items in the shapes of unseen documents', () => {
  it('reads quantities and amounts with a trailing minus (accounting print)', () => {
    const got = items(
      [
        page(
          [
            'Descripción              Cantidad   Precio   IVA     Importe',
            'Botella agua mineral          24-    57,61   21%   1.382,64-',
            'Pan de molde integral         15-    20,97   21%     314,55-',
          ],
          'text',
        ),
      ],
      'text',
    );
    expect(got.map((x) => [x.quantity, x.line_total])).toEqual([
      ['-24', '-1382.64'],
      ['-15', '-314.55'],
    ]);
  });

  it("takes the line's VAT rate from the VAT column, never from the recargo's ('% R.E.')", () => {
    const got = items(
      [
        page(
          [
            'Descripción        Cant.   Precio   % IVA   % R.E.    Importe',
            'Leche entera 1 L       9    49,59      4%     0,5%     446,31',
            'Aceite de oliva       22    55,54     10%     1,4%   1.221,88',
          ],
          'text',
        ),
      ],
      'text',
    );
    expect(got.map((x) => x.vat_rate)).toEqual(['4', '10']);
  });

  it.each(['text', 'ocr'] as const)(
    'reads a till roll (%s): each description over its "count x price" line, a count or measure ending a long one',
    (source) => {
      const got = items(
        [
          page(
            [
              'Artículo                        Importe',
              'Aceite de oliva virgen extra 5 L (2)',
              '  4 x 14,46                       57,84',
              'Cable eléctrico 2,5 mm rollo 100 m',
              '  3 x 8,27                        24,81',
              'Tornillos acero inox. caja 100 uds',
              '  1 x 3,50                         3,50',
              'TOTAL                         86,15 EUR',
            ],
            source,
          ),
        ],
        source,
      );
      expect(got).toEqual([
        {
          description: 'Aceite de oliva virgen extra 5 L (2)',
          quantity: '4',
          unit_price: '14.46',
          line_total: '57.84',
        },
        {
          description: 'Cable eléctrico 2,5 mm rollo 100 m',
          quantity: '3',
          unit_price: '8.27',
          line_total: '24.81',
        },
        {
          description: 'Tornillos acero inox. caja 100 uds',
          quantity: '1',
          unit_price: '3.5',
          line_total: '3.50',
        },
      ]);
    },
  );

  it('reads on past the running sum a paginated table carries ("Suma y sigue", "Suma anterior")', () => {
    const header = 'Descripción        Cantidad   Precio   IVA   Importe';
    const got = items(
      [
        page(
          [
            header,
            'Arroz redondo 1 kg        2     1,50   4%      3,00',
            'Suma y sigue                                  3,00',
          ],
          'text',
        ),
        pageN(
          [
            header,
            'Suma anterior                                 3,00',
            'Pan integral              3     2,00   4%      6,00',
            'Base imponible   9,00',
          ],
          2,
          'text',
        ),
      ],
      'text',
    );
    expect(got.map((x) => x.description)).toEqual(['Arroz redondo 1 kg', 'Pan integral']);
  });
});
