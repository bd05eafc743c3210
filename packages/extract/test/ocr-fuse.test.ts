import { describe, expect, it } from 'vitest';
import { chooseReading, fuseWords, isAcrossRows, isNumericLike, isReadByBoth } from '../src/ocr/fuse.ts';
import { boxesFromMap, convexHull, minAreaRect } from '../src/ocr/ppocr-detect.ts';
import type { Word } from '../src/text/layout.ts';

/** A small stand-in for PP-OCR's dictionary: ASCII and the lowercase accents it has; no ñ, €, º, ª, ç. */
const DICT = new Set([
  ...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyzáéíóú',
]);

const word = (text: string, x: number, y: number, w: number, conf = 0.9, h = 0.02): Word => ({
  text,
  page: 1,
  x,
  y,
  w,
  h,
  conf,
});

describe('OCR fusion: alignment', () => {
  it('marks a word both engines read identically at the same place as fused, with both readings', () => {
    const [w, ...rest] = fuseWords(
      [word('TOTAL', 0.1, 0.5, 0.1, 0.8)],
      [word('TOTAL', 0.102, 0.501, 0.097, 0.95)],
      DICT,
    );
    expect(rest).toHaveLength(0);
    expect(w!.text).toBe('TOTAL');
    expect(w!.engine).toBe('fused');
    expect(isReadByBoth(w!)).toBe(true);
    expect(w!.alternatives!.map((a) => a.engine).sort()).toEqual(['ppocr', 'tesseract']);
    expect(w!.conf).toBeGreaterThan(0.95); // two independent readings agree
  });

  it('keeps a word only one engine saw, with that engine', () => {
    const out = fuseWords([word('Cliente', 0.1, 0.2, 0.1)], [word('4,50', 0.7, 0.6, 0.06)], DICT);
    expect(out.map((w) => [w.text, w.engine])).toEqual([
      ['Cliente', 'tesseract'],
      ['4,50', 'ppocr'],
    ]);
    expect(out.some(isReadByBoth)).toBe(false);
  });

  it('never aligns words of different lines', () => {
    const out = fuseWords([word('IVA', 0.1, 0.3, 0.05)], [word('IVA', 0.1, 0.33, 0.05)], DICT);
    expect(out).toHaveLength(2);
    expect(out.every((w) => w.engine !== 'fused')).toBe(true);
  });

  it("drops an unsure reading as tall as several of the other engine's rows (a tilted table rule)", () => {
    const rows = [
      word('Pan', 0.1, 0.3, 0.05),
      word('Leche', 0.1, 0.33, 0.06),
      word('Arroz', 0.1, 0.36, 0.06),
    ];
    const rule = word('Ee', 0.08, 0.295, 0.3, 0.2, 0.09);
    const out = fuseWords([rule], rows, DICT);
    expect(out.map((w) => w.text)).toEqual(['Pan', 'Leche', 'Arroz']);
    // Read sure, or over one row only, it stays.
    expect(isAcrossRows({ ...rule, conf: 0.9 }, rows)).toBe(false);
    expect(isAcrossRows(word('Pan', 0.1, 0.298, 0.05, 0.3, 0.025), rows)).toBe(false);
  });

  it("cuts PP-OCR's unspaced line at Tesseract's word boundaries when the characters line up", () => {
    const tess = [word('RM', 0.6, 0.5, 0.04), word('33.90', 0.66, 0.5, 0.08)];
    const pp = [word('RM33.90', 0.6, 0.5, 0.14, 0.97)];
    const out = fuseWords(tess, pp, DICT).sort((a, b) => a.x - b.x);
    expect(out.map((w) => w.text)).toEqual(['RM', '33.90']);
    expect(out.every(isReadByBoth)).toBe(true);
    expect(out[1]!.x).toBeCloseTo(0.66); // Tesseract's box for the amount
  });

  it("keeps PP-OCR's boundaries where Tesseract split a number", () => {
    const tess = [word('RM53.', 0.54, 0.66, 0.2, 0.88), word('60', 0.76, 0.66, 0.07, 0.95)];
    const pp = [word('RM53.60', 0.54, 0.66, 0.28, 0.98)];
    const out = fuseWords(tess, pp, DICT);
    expect(out.map((w) => [w.text, w.engine])).toEqual([['RM53.60', 'fused']]);
    expect(isReadByBoth(out[0]!)).toBe(true);
  });

  it('decides per word inside a line read with the same number of characters', () => {
    const tess = [word('Total', 0.1, 0.5, 0.08, 0.9), word('1.234,S6', 0.3, 0.5, 0.12, 0.6)];
    const pp = [word('Total', 0.1, 0.5, 0.08, 0.98), word('1.234,56', 0.3, 0.5, 0.12, 0.98)];
    const out = fuseWords(tess, pp, DICT).sort((a, b) => a.x - b.x);
    expect(out.map((w) => [w.text, w.engine])).toEqual([
      ['Total', 'fused'],
      ['1.234,56', 'ppocr'],
    ]);
    expect(out[1]!.alternatives).toEqual([
      { text: '1.234,56', conf: expect.any(Number), engine: 'ppocr' },
      { text: '1.234,S6', conf: 0.6, engine: 'tesseract' },
    ]);
  });

  it('lets one reading win a cluster whose engines disagree on length, keeping the other as alternative', () => {
    const tess = [word('12,50€', 0.5, 0.5, 0.1, 0.7)];
    const pp = [word('12,50', 0.5, 0.5, 0.085, 0.99)];
    const [w] = fuseWords(tess, pp, DICT);
    expect(w!.text).toBe('12,50€');
    expect(w!.engine).toBe('tesseract');
    expect(w!.alternatives).toEqual([
      { text: '12,50€', conf: 0.7, engine: 'tesseract' },
      { text: '12,50', conf: 0.99, engine: 'ppocr' },
    ]);
  });
});

describe('OCR fusion: choice rule', () => {
  const t = (text: string, conf = 0.9) => ({ text, conf });
  it('prefers PP-OCR for digits, amounts, codes and ids', () => {
    expect(chooseReading(t('1.234,S6', 0.99), t('1.234,56', 0.7), DICT)).toBe('ppocr');
    expect(chooseReading(t('B1234S674', 0.99), t('B12345674', 0.5), DICT)).toBe('ppocr');
    expect(chooseReading(t('12/O1/2024'), t('12/01/2024'), DICT)).toBe('ppocr');
  });
  it("prefers Tesseract where it read characters outside PP-OCR's dictionary", () => {
    expect(chooseReading(t('España', 0.5), t('Espana', 0.99), DICT)).toBe('tesseract');
    expect(chooseReading(t('Nº', 0.4), t('N', 0.99), DICT)).toBe('tesseract');
    expect(chooseReading(t('Ibáñez'), t('Ibanez'), DICT)).toBe('tesseract');
    // á is in the dictionary, but the model writes plain vowels in Latin text.
    expect(chooseReading(t('Papelería', 0.6), t('Papeleria', 0.99), DICT)).toBe('tesseract');
    // …but not a number whose digits it misread.
    expect(chooseReading(t('12,5O€'), t('12,50'), DICT)).toBe('ppocr');
    expect(chooseReading(t('12,50€'), t('12,50'), DICT)).toBe('tesseract');
  });
  it('prefers a plain word to one with a digit among its letters', () => {
    expect(chooseReading(t('sobre', 0.5), t('s0bre', 0.99), DICT)).toBe('tesseract');
    expect(chooseReading(t('Hijo5', 0.99), t('Hijos', 0.5), DICT)).toBe('ppocr');
  });
  it('otherwise takes the more confident reading', () => {
    expect(chooseReading(t('Clienle', 0.5), t('Cliente', 0.9), DICT)).toBe('ppocr');
    expect(chooseReading(t('Cliente', 0.95), t('Clienle', 0.6), DICT)).toBe('tesseract');
  });
  it('knows what is numeric', () => {
    expect(isNumericLike('1.234,56')).toBe(true);
    expect(isNumericLike('ESB12345674')).toBe(true);
    expect(isNumericLike('FAC-2024-001')).toBe(true);
    expect(isNumericLike('Factura')).toBe(false);
    expect(isNumericLike('Calle')).toBe(false);
  });
});

describe('PP-OCR detection geometry', () => {
  it('fits a rotated rectangle to a hull', () => {
    const a = (5 * Math.PI) / 180;
    const corners: [number, number][] = [
      [0, 0],
      [100, 0],
      [100, 20],
      [0, 20],
    ].map(([x, y]) => [x! * Math.cos(a) - y! * Math.sin(a) + 50, x! * Math.sin(a) + y! * Math.cos(a) + 50]);
    const r = minAreaRect(convexHull(corners));
    expect(r.angle).toBeCloseTo(a, 3);
    expect(r.w).toBeCloseTo(100, 3);
    expect(r.h).toBeCloseTo(20, 3);
  });

  it('turns a probability map into unclipped line boxes and drops faint blobs', () => {
    const w = 64;
    const h = 32;
    const map = new Float32Array(w * h);
    for (let y = 10; y < 16; y++) for (let x = 8; x < 48; x++) map[y * w + x] = 0.9;
    for (let y = 24; y < 28; y++) for (let x = 8; x < 20; x++) map[y * w + x] = 0.4; // under the box threshold
    const boxes = boxesFromMap(map, w, h);
    expect(boxes).toHaveLength(1);
    const b = boxes[0]!;
    expect(b.cx).toBeCloseTo(28, 0);
    expect(b.cy).toBeCloseTo(13, 0);
    expect(b.tightH).toBeCloseTo(6, 0);
    expect(b.w).toBeGreaterThan(40); // grown by the unclip distance
    expect(b.h).toBeGreaterThan(b.tightH);
  });
});
