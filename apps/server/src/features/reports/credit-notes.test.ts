import { describe, expect, it } from 'vitest';
import { type FiscalInvoice, summariseFiscalYear, vatLinesOf } from '../../fiscal/fiscal';

const invoice = (values: Partial<FiscalInvoice>): FiscalInvoice => ({
  type: 'issued',
  issueDate: '2026-02-01',
  taxBaseCents: null,
  vatTotalCents: null,
  withholdingCents: null,
  surchargeCents: null,
  vatBreakdown: [],
  checked: true,
  ...values,
});

/** Credit notes keep their signs through the fiscal arithmetic (issue 14). */
describe('credit notes in the fiscal figures', () => {
  it('derive a positive rate from a negative base and VAT, and keep the line negative', () => {
    expect(vatLinesOf(invoice({ taxBaseCents: -10_000, vatTotalCents: -2_100 }))).toEqual([
      { rate: '21', baseCents: -10_000, vatCents: -2_100, surchargeCents: 0 },
    ]);
  });

  it('take their base, VAT and withholding out of the quarter they are dated in', () => {
    const summary = summariseFiscalYear({
      clientId: 'c',
      year: 2026,
      includeUnreviewed: false,
      invoices: [
        invoice({ taxBaseCents: 100_000, vatTotalCents: 21_000, withholdingCents: 15_000 }),
        invoice({ taxBaseCents: -40_000, vatTotalCents: -8_400, withholdingCents: -6_000 }),
      ],
      priorYearInvoices: [
        invoice({ issueDate: '2025-05-01', taxBaseCents: 50_000, withholdingCents: 7_500 }),
        invoice({ issueDate: '2025-06-01', taxBaseCents: -10_000, withholdingCents: -1_500 }),
      ],
    });
    expect(summary.modelo303[0]).toMatchObject({
      charged: [{ rate: '21', baseCents: 60_000, vatCents: 12_600, surchargeCents: 0 }],
      chargedTotalCents: 12_600,
    });
    expect(summary.modelo130[0]).toMatchObject({ incomeCents: 60_000, withholdingsCents: 9_000 });
    expect(summary.annual?.incomeCents).toBe(60_000);
    // The prior year's credit note bore withholding too: its base counts against income with withholding.
    expect(summary.priorYear).toMatchObject({ incomeCents: 40_000, incomeWithWithholdingCents: 40_000 });
  });
});
