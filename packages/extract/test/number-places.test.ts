import { describe, expect, it } from 'vitest';
import { extractFromText, readingContext } from '../src/fields/index.ts';
import { joinSpacedLetters } from '../src/fields/number.ts';
import { numberCandidates } from '../src/fields/number-rank.ts';
import { PRIORS } from '../src/fields/priors.ts';
import { weightsOf } from '../src/fields/ranker.ts';
import { page } from './text-page.ts';

const number = (rows: string[]) => extractFromText([page(rows, 'text')], 'text').fields.invoice_number?.value;

describe('the invoice number, not another number near a number word', () => {
  it('reads the value under "Nº FACTURA" in a header row that opens with a date column', () => {
    const rows = ['FECHA   Nº FACTURA   AGENTE', '29/11/2023   31 -   47   3', 'TOTAL FACTURA   114,95'];
    expect(number(rows)).toBe('31-47');
  });

  it('takes "Número de factura", never "Número de facturación" (a billing account)', () => {
    const rows = [
      'Número de facturación   G034661477',
      'Fecha del documento   09/12/2023',
      'Número de factura de impuestos   ES-TI2300287875',
    ];
    expect(number(rows)).toBe('ES-TI2300287875');
  });

  it('takes "Número de la factura", not a payment reference', () => {
    const rows = [
      'Nº de referencia de pago qOgFbpHITiIjJ5PuJ5IX',
      'Número de la factura   INV-ES-1445620905-2023-10444',
    ];
    expect(number(rows)).toBe('INV-ES-1445620905-2023-10444');
  });

  it('reads "Número:" under the title, not a house number in the footer address', () => {
    const rows = [
      '@0.100 FACTURA   Cliente:',
      '@0.140 Fecha:   08-10-2025',
      '@0.179 Número:   0454/25   28005-MADRID',
      '@0.930 PESCADOS DEL NORTE, S.L. - Rúa/García Caamaño, Nº 23 - 36600 Vilagarcía',
    ];
    expect(number(rows)).toBe('0454/25');
  });

  it('reads "Fra. nº" as the invoice number label, above a document number', () => {
    expect(number(['Nº documento: 555', 'Fra. nº 2024-0042', 'Fecha: 01/03/2024'])).toBe('2024-0042');
  });

  it('does not read "fra." inside a longer abbreviation ("No fra.simp:") as the invoice label', () => {
    const rows = ['No fra.simp: 156789420231204000124', 'FACTURA N° FRO20232251534   Factura pagada'];
    expect(number(rows)).toBe('FRO20232251534');
  });

  it('reads "Fra:", the short form of "factura", with its colon', () => {
    expect(number(['Sr. D. Antonio Pérez', 'Fra: 224/23', 'Huelva, a 12 de diciembre de 2023'])).toBe(
      '224/23',
    );
  });

  it('reads "Nº" in a header row beside a client heading: a label is within its own cell', () => {
    expect(number(['FECHA   Nº   CLIENTE', '12/12/2023   65/23   402'])).toBe('65/23');
  });

  it('keeps "Factura Nº" beside a client heading, not the client number under that heading', () => {
    const rows = ['Factura Nº   CLIENTE', '65/23   Número: 402   Nombre: Asesores del Norte SLP', 'FECHA'];
    expect(number(rows)).toBe('65/23');
  });

  it('takes the invoice title over a bare "Nº" after a street name (a house number)', () => {
    const rows = [
      'COLEGIO DE ARQUITECTOS',
      'MAYOR PEREZ Nº11 Valladolid',
      'CIF: Q1563001E',
      'TLF: 981 12 60 90   FACTURA CU/00257   FECHA 12/12/2023',
    ];
    expect(number(rows)).toBe('CU/00257');
  });

  it('reads a pro-forma number with its series letter from the row under a row of labels', () => {
    const rows = ['FECHA      PROFORMA   CLIENTE    TELÉFONO', '24/11/25   G 200      43001555   665381585'];
    expect(number(rows)).toBe('G 200');
  });

  it("joins a series and a number printed in two cells of the number label's column", () => {
    const rows = [
      'DOCUMENTO   NÚMERO         PÁGINA   FECHA',
      'Factura     1   250231     1        12/11/2025',
    ];
    expect(number(rows)).toBe('1-250231');
  });

  it('keeps one cell under the number label as it is, not the page number beside it', () => {
    const rows = ['DOCUMENTO   NÚMERO     PÁGINA   FECHA', 'Factura     A-2025-7   1        12/11/2025'];
    expect(number(rows)).toBe('A-2025-7');
  });

  it('reads letter-spaced labels and puts the series column before the number', () => {
    const rows = [
      'F A C T U R A   D E   V E N T A',
      'FEC H A      S ER IE   N Ú M ER O',
      '29/11/2025   02F       3973',
      'TOTAL   984,58',
    ];
    expect(number(rows)).toBe('02F-3973');
  });

  it('puts the series printed on the line over the number before it', () => {
    const rows = ['Factura serie:   2023', 'Factura num:   00028', 'Fecha factura:   07-12-2023'];
    expect(number(rows)).toBe('2023-00028');
  });

  it('keeps a number that already opens with the series printed over it', () => {
    const rows = ['Serie:   A', 'Factura nº:   A-0042', 'Fecha:   07-12-2023'];
    expect(number(rows)).toBe('A-0042');
  });

  it('joins letter-spaced headings but keeps a short label, its number sign and a series letter apart', () => {
    const texts = joinSpacedLetters(page(['FEC H A   N Ú M ER O', 'FRA Nº A 123'], 'text').lines).map(
      (l) => l.text,
    );
    expect(texts).toEqual(['FECHA   NÚMERO', 'FRA Nº A 123']);
  });
});

describe('the invoice number, ranked among every value a number label reaches', () => {
  it('reads the number right of a label wrapped over two lines, on a line of its own between them', () => {
    const rows = [
      '@0.040 Servicios Ejemplo S.L.',
      '@0.094 Factura',
      '@0.100                  RE2023/7408',
      '@0.107 núm.',
      '@0.123 Data de la',
      '@0.129                  28 de setembre del 2023',
      '@0.135 factura',
    ];
    expect(number(rows)).toBe('RE2023/7408');
  });

  it('reads the number under its label when a customer-number label stands in the cell before it', () => {
    const rows = [
      'Eraikuntzak Goierri S.L.   FAKTURA',
      '20004 Donostia   Bezero zenbakia   Faktura zenbakia',
      'NIF: B07985518   15334             202309870',
    ];
    expect(number(rows)).toBe('202309870');
  });

  it('gives every feature its candidates carry a prior and a fitted weight', () => {
    const rows = [
      'Factura nº A-2025-17   Fecha: 02/01/2025',
      'Nº cliente: 4711   Pedido nº 77',
      'C/ Mayor, Nº 14   28001 Madrid   Tel. 912 345 678',
      'Nº factura   Fecha   Importe',
      'N2469   04062025   12,50',
    ];
    const { ctx } = readingContext([page(rows, 'ocr')], 'ocr');
    const { cands } = numberCandidates(ctx);
    expect(cands.length).toBeGreaterThan(1);
    const names = new Set(cands.flatMap((c) => Object.keys(c.features)));
    for (const k of names) {
      expect(Object.keys(PRIORS.invoice_number!), k).toContain(k);
      expect(Object.keys(weightsOf('invoice_number')), k).toContain(k);
    }
  });
});
