import { describe, expect, it } from 'vitest';
import { readingContext } from '../src/fields/index.ts';
import { findLineItems } from '../src/fields/lines/index.ts';
import type { PageText } from '../src/text/layout.ts';
import { narrowed, page } from './text-page.ts';

/** A row: the sidebar's text, then the table's cells (description, then 8-character columns). */
const row = (side: string, desc = '', ...numbers: string[]) => {
  let s = side.padEnd(22) + desc.padEnd(20);
  for (const n of numbers) s += `   ${n}`.padEnd(8);
  return s.trimEnd();
};

/** A page of rows narrowed to fit the page's width. */
const sidebarPage = (rows: string[], source: 'ocr' | 'text'): PageText => narrowed(page(rows, source), 0.65);

const items = (p: PageText, source: 'ocr' | 'text') =>
  findLineItems(readingContext([p], source).ctx).map((i) => [i.description, i.quantity, i.line_total]);

describe('line items beside a sidebar', () => {
  for (const source of ['ocr', 'text'] as const)
    it(`leaves the sidebar's labels and values sharing the table's lines out of the rows (${source})`, () => {
      const rows = [
        `@0.150 ${row('Número de')}`,
        `@0.160 ${row('factura:   F-24/18', 'Descripción', 'Cant.', 'Precio', 'Importe')}`,
        `@0.180 ${row('Fecha de')}`,
        `@0.190 ${row('12/03/2024', 'Tubo cobre 15 mm')}`,
        `@0.197 ${row('expedición:', '', '2', '4,00', '8,00')}`,
        `@0.215 ${row('Vencimiento:   12/04/2024')}`,
        `@0.230 ${row('', 'Codo latón', '3', '2,00', '6,00')}`,
        `@0.280 ${row('', 'Total', '', '', '14,00')}`,
      ];
      expect(items(sidebarPage(rows, source), source)).toEqual([
        ['Tubo cobre 15 mm', '2', '8.00'],
        ['Codo latón', '3', '6.00'],
      ]);
    });

  it('leaves out lines of a sidebar left of a table set in from the left margin', () => {
    const rows = [
      `@0.160 ${row('', 'Descripción', 'Cant.', 'Precio', 'Importe')}`,
      `@0.172 ${row('Fecha de')}`,
      `@0.176 ${row('expedición:   12/03/2024')}`,
      `@0.190 ${row('', 'Tubo cobre 15 mm', '2', '4,00', '8,00')}`,
      `@0.196 ${row('Vencimiento:   12/04/2024')}`,
      `@0.210 ${row('', 'Codo latón', '3', '2,00', '6,00')}`,
      `@0.280 ${row('', 'Total', '', '', '14,00')}`,
    ];
    expect(items(sidebarPage(rows, 'ocr'), 'ocr')).toEqual([
      ['Tubo cobre 15 mm', '2', '8.00'],
      ['Codo latón', '3', '6.00'],
    ]);
  });

  it('takes a description line set a little left of its header (skew) as the row under it', () => {
    const rows = [
      `@0.160 ${row('', 'Descripción', 'Cant.', 'Precio', 'Importe')}`,
      `@0.187 ${row('expedición:', 'Tornillos caja 100')}`,
      `@0.198 ${row('Vence: 12/04/24', '', '26', '7,62', '198,12')}`,
      `@0.205 ${row('', 'uds')}`,
      `@0.230 ${row('', 'Codo latón', '3', '2,00', '6,00')}`,
      `@0.280 ${row('', 'Total', '', '', '204,12')}`,
    ];
    const p = sidebarPage(rows, 'ocr');
    // The skewed scan starts the description's first line left of the header's "Descripción".
    for (const w of p.lines[1]!.words.filter((w) => w.x > 0.2)) w.x -= 0.006;
    expect(items(p, 'ocr')).toEqual([
      ['Tornillos caja 100 uds', '26', '198.12'],
      ['Codo latón', '3', '6.00'],
    ]);
  });
});
