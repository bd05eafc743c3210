import { describe, expect, it } from 'vitest';
import { joinWrappedLabels } from '../src/fields/context.ts';
import { joinWrappedDates, spacedLabelledDate } from '../src/fields/dates.ts';
import { extractFromText, readingContext } from '../src/fields/index.ts';
import { joinSplitLabels, joinWrappedNumbers, withoutRules } from '../src/fields/number.ts';
import { buildLabels } from '../src/labels/index.ts';
import { endsWithYearlessDate, findDates } from '../src/text/dates.ts';
import { page } from './text-page.ts';

describe('dates wrapped in a narrow cell', () => {
  it('joins the year printed under a named-month date in the same column', () => {
    const p = page(
      [
        'Factura   Papelería Norte S.L.',
        'Número       Fecha de emisión   Fecha de vencimiento',
        'A-2024/17    3 de marzo de      2 de abril de',
        '             2024               2024',
        'Base imponible   100,00 €',
        'IVA 21%   21,00 €',
        'Total   121,00 €',
      ],
      'text',
    );
    const joined = joinWrappedDates(p.lines);
    expect(joined.map((l) => l.text)).toContain('A-2024/17   3 de marzo de 2024   2 de abril de 2024');
    expect(joined).toHaveLength(p.lines.length - 1);
    const r = extractFromText([p], 'text');
    expect(r.fields.issue_date?.value).toBe('2024-03-03');
    expect(r.fields.due_date?.value).toBe('2024-04-02');
  });

  it('leaves a number under a complete date, or under a cell that is no date, alone', () => {
    const p = page(['Fecha   3 de marzo de 2024   Marzo', '        2025             17'], 'text');
    expect(joinWrappedDates(p.lines).map((l) => l.text)).toEqual(p.lines.map((l) => l.text));
    expect(endsWithYearlessDate('Entrega 12 Oct')).toBe(true);
    expect(endsWithYearlessDate('March 3,')).toBe(true);
    expect(endsWithYearlessDate('3 de marzo de 2024')).toBe(false);
  });
});

describe('document numbers wrapped in a narrow cell', () => {
  it('joins the tail printed under a number cut at its hyphen', () => {
    const p = page(
      [
        'Factura   Papelería Norte S.L.',
        'Número       Fecha',
        'FAC-2024-    3 de marzo de',
        '00554        2024',
        'Total   121,00 €',
      ],
      'text',
    );
    const r = extractFromText([p], 'text');
    expect(r.fields.invoice_number?.value).toBe('FAC-2024-00554');
    expect(r.fields.issue_date?.value).toBe('2024-03-03');
  });

  it('joins nothing under a cell that does not end in a separator, or a word without digits', () => {
    const p = page(['Número   FAC-2024   Ref-', '00554              Madrid'], 'text');
    expect(joinWrappedNumbers(p.lines).map((l) => l.text)).toEqual(p.lines.map((l) => l.text));
  });
});

describe('OCR misreadings of a date', () => {
  const read = (t: string, monthFirst = false) =>
    findDates(t, { ocr: true, monthFirst }).map((d) => [d.iso, d.raw, !!d.repaired]);

  it('undoes a space beside a separator, a lost or misread separator, letters for digits', () => {
    expect(read('12- 01-19 21:13')).toEqual([['2019-01-12', '12- 01-19', true]]);
    expect(read('Fecha 3 -11- 2024')).toEqual([['2024-11-03', '3 -11- 2024', true]]);
    expect(read('0703/2024   No. 55')).toEqual([['2024-03-07', '0703/2024', true]]);
    expect(read('07/032024')).toEqual([['2024-03-07', '07/032024', true]]);
    expect(read('DATE: 09/1172023')).toEqual([['2023-11-09', '09/1172023', true]]);
    expect(read('I9/O3/2O24 10:00')).toEqual([['2024-03-19', 'I9/O3/2O24', true]]);
    expect(read('D-09/C3/2018')).toEqual([['2018-03-09', '09/C3/2018', true]]);
    expect(read('Date: 0c t 9, 2023 12:16 PM')).toEqual([['2023-10-09', '0c t 9, 2023', true]]);
    expect(read('9 de novi embre de 2023')).toEqual([['2023-11-09', '9 de novi embre de 2023', true]]);
    expect(read('Invoice date: March7,2023')).toEqual([['2023-03-07', 'March7,2023', true]]);
    expect(read('Fecha: 9 de mayo de2023.')).toEqual([['2023-05-09', '9 de mayo de2023', true]]);
    expect(read('Datum: 27. 03. 2018 10:45')).toEqual([['2018-03-27', '27. 03. 2018', true]]);
    expect(read('DATE 7.03. 2018')).toEqual([['2018-03-07', '7.03. 2018', true]]);
    expect(read('Date: 2018- 03- 18 13:18:48')).toEqual([['2018-03-18', '2018- 03- 18', true]]);
    expect(read('09:13am,21 Manch,2018')).toEqual([['2018-03-21', '21 Manch,2018', true]]);
    expect(read('Decenber 3, 2018')).toEqual([['2018-12-03', 'Decenber 3, 2018', true]]);
    expect(read('25/Fe0/2017 07 43:54')).toEqual([['2017-02-25', '25/Fe0/2017', true]]);
    expect(read('Date: 0 ot 9, 202312:16:25 PM')).toEqual([['2023-10-09', '0 ot 9, 2023', true]]);
    expect(read('Dated Nuv 9, 2023')).toEqual([['2023-11-09', 'Nuv 9, 2023', true]]);
    expect(read('Date 0405/20177:19: AM')).toEqual([['2017-05-04', '0405/2017', true]]);
    expect(read('10:42   16709/19')).toEqual([['2019-09-16', '16709/19', true]]);
    expect(read('Date: 07l11/2023')).toEqual([['2023-11-07', '07l11/2023', true]]);
    // The order the document prints its dates in still decides day and month.
    expect(read('04- 05-2024', true)).toEqual([['2024-04-05', '04- 05-2024', true]]);
    expect(read('04/05:2024', true)).toEqual([['2024-04-05', '04/05:2024', false]]);
    expect(read('04/05:2024')).toEqual([['2024-05-04', '04/05:2024', false]]);
  });

  it('reads a year run into the time after it, in any text', () => {
    expect(findDates('Date 09/11/20237:02:54 PM')).toMatchObject([{ iso: '2023-11-09', raw: '09/11/2023' }]);
    // OCR dropped the spaces after the time as well.
    expect(findDates('09/03/201821:200001')).toMatchObject([{ iso: '2018-03-09', raw: '09/03/2018' }]);
    // Year first: the day runs into the time.
    expect(findDates('Date:2023-11-0907:02:54')).toMatchObject([{ iso: '2023-11-09', raw: '2023-11-09' }]);
    // Month first, as day first.
    expect(findDates('Date: Nov 9, 20237:02:54 PM')).toMatchObject([
      { iso: '2023-11-09', raw: 'Nov 9, 2023' },
    ]);
    expect(read('Date: N o v 9, 202307:02:54 PM')).toEqual([['2023-11-09', 'N o v 9, 2023', true]]);
  });

  it('repairs nothing in a text layer, nor in amounts, phone numbers and codes', () => {
    expect(findDates('12- 01-19 0703/2024 I9/O3/2O24 0c t 9, 2023')).toEqual([]);
    expect(read('1.50 - 2.00')).toEqual([]);
    expect(read('2. 50. 2018 x 1.00')).toEqual([]);
    expect(read('Total 12. 03. 20181')).toEqual([]);
    expect(read('Tel 03-1234 5678')).toEqual([]);
    expect(read('Ref AB1203/2024')).toEqual([]);
    expect(read('Ref A16709/19 Qty 1207/24')).toEqual([]);
    expect(read('SKU 4411-2028')).toEqual([]);
    expect(read('Ref 2018- 03- 1845')).toEqual([]);
    // A word two letters from a month, or as close to two months, is no month.
    expect(read('Room 12 Mangos 2018')).toEqual([]);
    expect(read('12/Jen/2018')).toEqual([]);
    // A three-letter word so close to a month only with the comma a month-first date prints.
    expect(read('Day 9 2023 Lot 9, 2023')).toEqual([]);
  });
});

describe('compact receipt dates', () => {
  it('reads ddmmyyyy or yyyymmdd after a date label or before a slashed time', () => {
    const r = extractFromText(
      [page(['KEDAI CONTOH', 'DATE/TIME : 20231109/191204', 'TOTAL   12.30', 'CASH   20.00'])],
      'ocr',
    );
    expect(r.fields.issue_date?.value).toBe('2023-11-09');
  });
});

describe('a labelled date with its separators read as spaces', () => {
  it('reads day, month and a four-digit year after a date label, the time run into the year', () => {
    const r = extractFromText(
      [page(['KEDAI CONTOH', 'Date   5 3 201822 52 33', 'TOTAL   12.30', 'CASH   20.00'])],
      'ocr',
    );
    expect(r.fields.issue_date?.value).toBe('2018-03-05');
    const L = buildLabels().issueDate;
    expect(spacedLabelledDate('DATE: 05 03.2018', L)?.iso).toBe('2018-03-05');
  });

  it('takes a date label whose D OCR read as B, C or T', () => {
    const r = extractFromText(
      [page(['KEDAI CONTOH', 'Bate   04 05/20177:19:47 AM', 'TOTAL   12.30'])],
      'ocr',
    );
    expect(r.fields.issue_date?.value).toBe('2017-05-04');
  });

  it('reads nothing without a label, a space or a four-digit year', () => {
    const L = buildLabels().issueDate;
    expect(spacedLabelledDate('Tel 5 3 2018', L)).toBeNull();
    expect(spacedLabelledDate('Date 5 3 18', L)).toBeNull();
    expect(spacedLabelledDate('Date 12 3 20181', L)).toBeNull();
  });
});

describe('the label over a date in a header row', () => {
  it('tells the due date from the issue date by the column each sits under', () => {
    const p = page([
      'Talleres Ribera S.L.',
      'Vencimiento   Fecha de emisión   Número',
      '15/04/2024    16/03/2024         A-117',
      'Total   121,00 €',
    ]);
    const r = extractFromText([p], 'ocr');
    expect(r.fields.issue_date?.value).toBe('2024-03-16');
  });

  it('takes the label nearest before a date on its line', () => {
    const p = page(['Talleres Ribera S.L.', 'Vto: 15/04/2024   Fecha: 16/03/2024', 'Total   121,00 €']);
    expect(extractFromText([p], 'ocr').fields.issue_date?.value).toBe('2024-03-16');
  });
});

describe('a number label OCR split in two', () => {
  it('joins the halves of a letter-spaced label word, and reads the number under it', () => {
    const p = page([
      'Talleres Ribera S.L.',
      'NÚMERO DE FAC TURA   FECHA DE EMISIÓN',
      'B2024/0107           16/03/2024',
      'Total   121,00 €',
    ]);
    expect(extractFromText([p], 'ocr').fields.invoice_number?.value).toBe('B2024/0107');
    const q = page(['FACTURA', 'Cliente   Talleres Ribera', 'Total   121,00 €']);
    expect(joinSplitLabels(readingContext([q], 'ocr').ctx, q.lines)).toEqual(q.lines);
  });
});

describe('a number under a bare "Número" header cell', () => {
  it('reads it through the table rules OCR reads as words', () => {
    const p = page([
      'Factura   Talleres Ribera S.L.',
      '| Número   | Fecha de emisión |   Fecha de vencimiento |',
      '|',
      '| 20240107   16/03/2024   15/04/2024 |',
      'Total   121,00 €',
    ]);
    const r = extractFromText([p], 'ocr');
    expect(r.fields.invoice_number?.value).toBe('20240107');
    expect(withoutRules(p.lines).map((l) => l.text)).toEqual([
      'Factura   Talleres Ribera S.L.',
      'Número   Fecha de emisión   Fecha de vencimiento',
      '20240107   16/03/2024   15/04/2024',
      'Total   121,00 €',
    ]);
  });
});

describe('labels wrapped in a narrow cell', () => {
  it('joins "Fecha de" over "expedición:" and a numeric date wrapped before its year', () => {
    const p = page(
      [
        '@0.05 Papelería Norte S.L.',
        '@0.25 Fecha de   09-10-',
        '@0.27 expedición:   2023',
        '@0.30 Vencimiento:   08-11-2023',
        '@0.35 Total   121,00 €',
      ],
      'text',
    );
    const r = extractFromText([p], 'text');
    expect(r.fields.issue_date?.value).toBe('2023-10-09');
    expect(r.fields.due_date?.value).toBe('2023-11-08');
    expect(endsWithYearlessDate('09-10-')).toBe(true);
    expect(endsWithYearlessDate('Lote 12-')).toBe(false);
  });

  it('reads a date centred beside a label wrapped over two lines', () => {
    const p = page(
      [
        '@0.05 Tecnologías Cuadrante S.A.',
        '@0.10 Order   15/05/2024',
        '@0.25 Date of',
        '@0.26           June 21, 2024',
        '@0.27 issue:',
      ],
      'text',
    );
    const r = extractFromText([p], 'text');
    expect(r.fields.issue_date?.value).toBe('2024-06-21');
  });

  it('joins nothing that does not continue the label: a new capitalised label, or a cell with digits', () => {
    const L = buildLabels();
    const labels = [...L.issueDate, ...L.dueDate];
    const p = page(
      ['Fecha envío   01/02/2024', 'Vencimiento   01/03/2024', 'Fecha de', 'entrega 12'],
      'text',
    );
    expect(joinWrappedLabels(p.lines, labels).map((l) => l.text)).toEqual(p.lines.map((l) => l.text));
    const wrapped = page(['Fecha de', 'Vencimiento:   01/03/2024'], 'text');
    // The joined label stays on the upper line; the value is then read under it.
    expect(joinWrappedLabels(wrapped.lines, labels).map((l) => l.text)).toEqual([
      'Fecha de Vencimiento:',
      '01/03/2024',
    ]);
  });
});
