import { describe, expect, it } from 'vitest';
import { readingContext } from '../src/fields/index.ts';
import { findLineItems } from '../src/fields/lines/index.ts';
import type { Line, PageText, Word } from '../src/text/layout.ts';
import { page } from './text-page.ts';

/** The line items read from a page as OCR gives it. */
const items = (p: PageText) => findLineItems(readingContext([p], 'ocr').ctx);

/**
 * `rows` as OCR read them, but the quantities of rows `a` and `a + 1` (one digit each, in their own
 * column) read as one word as tall as both rows: `stacked`, placed where the lower row's digit is.
 */
function stackedPage(rows: string[], a: number, stacked: string): PageText {
  const p = page(rows);
  const upper = p.lines[a]!;
  const lower = p.lines[a + 1]!;
  const qtyOf = (l: typeof upper) => l.words.find((w) => /^\d$/.test(w.text))!;
  const digit = qtyOf(lower);
  upper.words = upper.words.filter((w) => w !== qtyOf(upper));
  lower.words = lower.words.map((w) =>
    w === digit
      ? { ...w, text: stacked, y: upper.y, h: lower.y + lower.h - upper.y, engine: 'ppocr' as const }
      : w,
  );
  return p;
}

describe('digits of a column read as one word across rows', () => {
  it('gives each row its own digit, the order chosen by quantity × price = amount', () => {
    const p = stackedPage(
      [
        'Descripción             Cantidad   Precio     Importe',
        'Consultoría fiscal         2        387,29     774,58',
        'Mantenimiento mensual      3       1254,74    3764,22',
        'Traducción jurada          2       1156,89    2313,78',
      ],
      1,
      '32',
    );
    const got = items(p);
    expect(got.map((i) => [i.description, i.quantity])).toEqual([
      ['Consultoría fiscal', '2'],
      ['Mantenimiento mensual', '3'],
      ['Traducción jurada', '2'],
    ]);
  });
});

describe('a rate one engine misread', () => {
  it("takes the other engine's rate when the chosen reading is none ('218' for '21%')", () => {
    const p = page([
      'Descripción        Cantidad   Precio   IVA   Importe',
      'Botella de agua       3        26,78   218     80,34',
    ]);
    const rate = p.lines[1]!.words.find((w) => w.text === '218')!;
    rate.alternatives = [
      { engine: 'ppocr', text: '218', conf: 0.7 },
      { engine: 'tesseract', text: '21%', conf: 0.96 },
    ];
    const got = items(p);
    expect(got[0]).toMatchObject({ quantity: '3', line_total: '80.34', vat_rate: '21' });
  });
});

describe('a header OCR cut in lines', () => {
  it('takes a column name set on a line of its own past a speck one engine alone read', () => {
    const p = page([
      '@0.100 Descripción          Cantidad   Precio          Importe',
      '@0.105                    E',
      '@0.110                                          IVA',
      '@0.130 Aceite de oliva        13       61,00     21%   793,00',
    ]);
    const [header, speck, iva] = p.lines;
    header!.h = 0.03;
    speck!.words[0]!.alternatives = [{ engine: 'tesseract', text: 'E', conf: 0.69 }];
    iva!.words[0]!.alternatives = [
      { engine: 'ppocr', text: 'IVA', conf: 0.95 },
      { engine: 'tesseract', text: 'IVA', conf: 0.9 },
    ];
    const got = items(p);
    expect(got).toEqual([
      {
        description: 'Aceite de oliva',
        quantity: '13',
        unit_price: '61',
        line_total: '793.00',
        vat_rate: '21',
      },
    ]);
  });
});

describe('a rate whose sign OCR read as a character', () => {
  const rows = (rate: string) => [
    'Descripción        Cantidad   Precio   IVA   Importe',
    `Detergente 3 L       22        18,51   ${rate}    407,22`,
    'Papel A4             8         30,98   21%     247,84',
  ];

  it('reads the rate before it when the document prints that rate with its sign', () => {
    const got = items(page(rows('218')));
    expect(got[0]).toMatchObject({ quantity: '22', line_total: '407.22', vat_rate: '21' });
  });

  it('reads no rate when the document prints none such', () => {
    const got = items(page(rows('218').slice(0, 2)));
    expect(got[0]).toMatchObject({ quantity: '22', line_total: '407.22' });
    expect(got[0]!.vat_rate).toBeUndefined();
  });
});

describe("a ticket's rows with no header", () => {
  it('reads on past a speck OCR read as a mark between two rows', () => {
    const got = items(page(['3 x Aceite de oliva 5 L      36,66', '’', '2 x Cable eléctrico rollo   1,12']));
    expect(got.map((i) => [i.description, i.quantity, i.line_total])).toEqual([
      ['Aceite de oliva 5 L', '3', '36.66'],
      ['Cable eléctrico rollo', '2', '1.12'],
    ]);
  });
});

describe('a euro sign OCR read as a letter', () => {
  it("reads a price whose € OCR read as an 'e' ('7.76e')", () => {
    const p = page([
      'Descripción        Cantidad   Precio   IVA   Importe',
      'Cable eléctrico      -7        7.76e   21%    -54,32€',
    ]);
    const got = items(p);
    expect(got[0]).toMatchObject({ quantity: '-7', unit_price: '7.76', line_total: '-54.32' });
  });

  it("reads a price whose € OCR read as an 'E' ('80,04E')", () => {
    const p = page([
      'Descripción        Cantidad   Precio    IVA   Importe',
      'Botella de agua       1       80,04E    21%    80,04 €',
    ]);
    const got = items(p);
    expect(got[0]).toMatchObject({ quantity: '1', unit_price: '80.04', line_total: '80.04' });
  });
});

describe('a quantity and a price OCR read as one word', () => {
  it('reads them as two numbers when the space between them is no thousands mark', () => {
    const p = page([
      'Descripción          Cantidad   Precio   IVA   Importe',
      'Botella agua mineral       @@@@@@@@@@@   21%   1.430,25 €',
    ]);
    const word = p.lines[1]!.words.find((w) => w.text.startsWith('@'))!;
    word.text = '25:57,21€';
    word.alternatives = [
      { engine: 'tesseract', text: '25:57,21€', conf: 0.37 },
      { engine: 'ppocr', text: '25 57,21', conf: 0.79 },
    ];
    const got = items(p);
    expect(got[0]).toMatchObject({ quantity: '25', unit_price: '57.21', line_total: '1430.25' });
  });
});

describe("the other engine's reading of an unsure word", () => {
  it('is not taken when it also covers words read sure (the description would repeat them)', () => {
    const p = page([
      'Descripción                        Cantidad   Precio   Importe',
      'Cable eléctrico 2,5 mm rollo 100m     25       27,12    678,00',
    ]);
    const glued = 'electrico2,5mmrollo100m';
    for (const w of p.lines[1]!.words.slice(1, 7)) {
      w.engine = 'tesseract';
      w.conf = w.text === 'rollo' ? 0.31 : 0.8;
      w.alternatives = [
        { engine: 'tesseract', text: w.text, conf: w.conf },
        { engine: 'ppocr', text: glued, conf: 0.76 },
      ];
    }
    const got = items(p);
    expect(got[0]).toMatchObject({ description: 'Cable eléctrico 2,5 mm rollo 100m', quantity: '25' });
  });
});

describe('a surcharge column run together with the next name', () => {
  it("reads the amount's column in '%R.E. Importe', the surcharge's rate no VAT rate", () => {
    const p = page([
      'Descripción          Cant.   Precio   %IVA   %R.E. Importe',
      'Papel A4 paquete      14     69,21     21%    5,2%  968,94',
    ]);
    const got = items(p);
    expect(got).toEqual([
      {
        description: 'Papel A4 paquete',
        quantity: '14',
        unit_price: '69.21',
        line_total: '968.94',
        vat_rate: '21',
      },
    ]);
  });
});

describe("a ticket row's amount OCR read with spaces inside", () => {
  it("puts '1 1, 21' back together as 11,21, and leaves two cells apart", () => {
    const got = items(page(['1 x Menú del día   1 1, 21', '2 x Café solo   1,20   2,40']));
    expect(got.map((i) => [i.description, i.quantity, i.line_total])).toEqual([
      ['Menú del día', '1', '11.21'],
      ['Café solo', '2', '2.40'],
    ]);
  });
});

describe('a speck as tall as several rows', () => {
  it("leaves out the speck that pulled a lower row's words into its line, and keeps the rows in order", () => {
    const p = page([
      '@0.050 Descripción          Cantidad   Precio    Importe',
      '@0.070 Papel A4 paquete        17       41,81     710,77',
      '@0.090 Arroz redondo 1 kg      18       58,02    1044,36',
    ]);
    const [header, papel, arroz] = p.lines as [Line, Line, Line];
    // OCR's line: the speck's top, the lower row's words.
    const speck = { ...arroz.words[0]!, text: 'E', x: 0.5, w: 0.02, y: 0.062, h: 0.1, conf: 0.23 };
    speck.alternatives = [{ engine: 'tesseract', text: 'E', conf: 0.23 }];
    const pulled = { ...arroz, y: 0.062, h: 0.1, words: [...arroz.words, speck].sort((a, b) => a.x - b.x) };
    p.lines = [header, pulled, papel];
    const got = items(p);
    expect(got.map((i) => [i.description, i.quantity, i.line_total])).toEqual([
      ['Papel A4 paquete', '17', '710.77'],
      ['Arroz redondo 1 kg', '18', '1044.36'],
    ]);
  });
});

describe('a number OCR cut in two words', () => {
  it("reads '2' '8' with no space between them as 28", () => {
    const p = page([
      'Descripción          Cantidad   Precio   IVA   Importe',
      'Leche entera 1 L         2 8     53,61   21%   1.501,08',
    ]);
    const row = p.lines[1]!;
    const [two, eight] = [row.words.find((w) => w.text === '2')!, row.words.find((w) => w.text === '8')!];
    eight.x = two.x + two.w + 0.001;
    const got = items(p);
    expect(got[0]).toMatchObject({ quantity: '28', unit_price: '53.61', line_total: '1501.08' });
  });

  it("leaves an amount with its cents whole when the word touching it is another engine's number ('S' as '1.4058')", () => {
    const p = page(['QTY  DESCRIPTION        PRICE    AMOUNT', '1    Comida             1.40     1.40 S']);
    // As a receipt's scan places them: the tax code touching the amount, both under the amount's name.
    const place = (w: { x: number; w: number }, x: number, width: number) =>
      Object.assign(w, { x, w: width });
    const [, , priceName, amountName] = p.lines[0]!.words as [Word, Word, Word, Word];
    const [, , price, amount, code] = p.lines[1]!.words as [Word, Word, Word, Word, Word];
    place(priceName, 0.566, 0.093);
    place(amountName, 0.72, 0.11);
    place(price, 0.571, 0.072);
    place(amount, 0.718, 0.081);
    place(code, 0.804, 0.03);
    // One engine read the amount and the code as one word.
    amount.alternatives = [
      { engine: 'ppocr', text: '1.40', conf: 0.9 },
      { engine: 'tesseract', text: '1.4058', conf: 0.5 },
    ];
    code.alternatives = [
      { engine: 'ppocr', text: 'S', conf: 0.9 },
      { engine: 'tesseract', text: '1.4058', conf: 0.5 },
    ];
    expect(items(p)[0]).toMatchObject({ quantity: '1', unit_price: '1.4', line_total: '1.40' });
  });

  it("reads '459,' '34€' with no space between them as 459,34", () => {
    const p = page([
      'Descripción          Cantidad   Precio   IVA   Importe',
      'Botella de agua          7       65,62   10%   459, 34€',
    ]);
    const row = p.lines[1]!;
    const [head, tail] = [
      row.words.find((w) => w.text === '459,')!,
      row.words.find((w) => w.text === '34€')!,
    ];
    tail.x = head.x + head.w + 0.001;
    // A skewed scan: the rate under the price's name.
    row.words.find((w) => w.text === '65,62')!.x -= 0.05;
    row.words.find((w) => w.text === '10%')!.x -= 0.07;
    const got = items(p);
    expect(got[0]).toMatchObject({
      quantity: '7',
      unit_price: '65.62',
      line_total: '459.34',
      vat_rate: '10',
    });
  });
});

describe('an amount OCR read short of its last digit', () => {
  it("reads '771,1' as 771,12 when quantity × price is that with one more digit", () => {
    const p = page([
      'Descripción          Cantidad   Precio   IVA   Importe',
      'Tornillos caja 100       28      27,54   21%     771,1',
    ]);
    const got = items(p);
    expect(got[0]).toMatchObject({ quantity: '28', unit_price: '27.54', line_total: '771.12' });
  });
});

describe("a till roll's description under the amount's column", () => {
  it("keeps a measure ('100 m') in the description when the unit's box is lower-case short", () => {
    const p = page([
      'Artículo                      Importe',
      'Cable eléctrico 2,5 mm rollo 100 m',
      '    4 x 1,50                     6,00',
      'Pan de molde integral',
      '    2 x 15,06                   30,12',
    ]);
    const unit = p.lines[1]!.words.find((w) => w.text === 'm')!;
    unit.h = 0.009;
    unit.y += 0.006;
    const got = items(p);
    expect(got[0]).toMatchObject({
      description: 'Cable eléctrico 2,5 mm rollo 100 m',
      quantity: '4',
      unit_price: '1.5',
      line_total: '6.00',
    });
  });

  it('keeps a count in parentheses and a unit a monospace word space apart in the description', () => {
    const p = page([
      'Artículo                         Importe',
      'Tornillos acero inox. caja 100 uds',
      '    2 x 13,05                      26,10',
      'Papel A4 80 g paquete 500 hojas (7)',
      '    2 x 1,14                        2,28',
    ]);
    // Till-roll print whose words' boxes are shorter than a monospace space with its side bearings.
    for (const l of [p.lines[1]!, p.lines[3]!]) for (const w of l.words) w.h = 0.009;
    expect(items(p).map((i) => [i.description, i.line_total])).toEqual([
      ['Tornillos acero inox. caja 100 uds', '26.10'],
      ['Papel A4 80 g paquete 500 hojas (7)', '2.28'],
    ]);
  });
});
