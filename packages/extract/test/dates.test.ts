import { describe, expect, it } from 'vitest';
import { joinWrappedDates } from '../src/fields/dates.ts';
import { extractFromText } from '../src/fields/index.ts';
import { joinWrappedNumbers } from '../src/fields/number.ts';
import { endsWithYearlessDate } from '../src/text/dates.ts';
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
