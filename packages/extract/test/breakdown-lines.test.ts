import { describe, expect, it } from 'vitest';
import { breakdownFromLines } from '../src/checks/breakdown-lines.ts';
import { checkBreakdown, reconcileAmounts } from '../src/checks/consistency.ts';
import { extractFromText } from '../src/fields/index.ts';
import { page } from './text-page.ts';

function read(rows: string[]) {
  const r = extractFromText([page(rows, 'text')], 'text');
  const warn = () => {};
  reconcileAmounts(r.fields, r.amountCandidates, warn, { text: r.fullText });
  breakdownFromLines(r.fields, r.amountCandidates.vat_total);
  checkBreakdown(r.fields, warn);
  return r.fields;
}

const ITEMS = [
  'Descripción                  Cantidad   Precio   IVA    Importe',
  'Libros de formación          20         76,37    4 %    1.527,40',
  'Estación de acoplamiento     23         250,40   21 %   5.759,20',
];

describe('VAT breakdown from the line items', () => {
  it("sums each rate's lines into its base when only the VAT per rate is printed", () => {
    const fields = read([
      ...ITEMS,
      'Base imponible   7.286,60',
      'IVA 21 %   1.209,43',
      'IVA 4 %   61,10',
      'Total IVA   1.270,53',
      'TOTAL   8.557,13',
    ]);
    expect(fields.vat_breakdown?.value).toEqual([
      { rate: '21', base: '5759.20', amount: '1209.43' },
      { rate: '4', base: '1527.40', amount: '61.10' },
    ]);
    // Inferred bases: never verified.
    expect(fields.vat_breakdown?.verified).toBe(false);
  });

  it('gives none when a rate printed VAT is not its lines at that rate', () => {
    const fields = read([
      ...ITEMS,
      'Base imponible   7.286,60',
      'IVA 21 %   1.219,43',
      'IVA 4 %   51,10',
      'Total IVA   1.270,53',
      'TOTAL   8.557,13',
    ]);
    expect(fields.vat_breakdown).toBeUndefined();
  });
});
