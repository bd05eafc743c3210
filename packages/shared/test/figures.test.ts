import { describe, expect, it } from 'vitest';
import {
  checkInvoiceFigures,
  grossIncomeCents,
  type InvoiceFigures,
  leadingQuantity,
  lineAgrees,
} from '../src';

const agreeing: InvoiceFigures = {
  taxBaseCents: 15_000,
  vatTotalCents: 2_600,
  withholdingCents: 1_500,
  surchargeCents: null,
  totalCents: 16_160,
  vatBreakdown: [
    { baseCents: 10_000, vatCents: 2_100, surchargeCents: 60 },
    { baseCents: 5_000, vatCents: 500 },
  ],
};

describe('figures that agree', () => {
  it('accepts base + VAT + recargo (from the lines) − IRPF = total, and the credit note of it', () => {
    expect(checkInvoiceFigures(agreeing)).toBeNull();
    const negate = (n: number | null) => (n === null ? null : -n);
    const credit: InvoiceFigures = {
      taxBaseCents: -15_000,
      vatTotalCents: -2_600,
      withholdingCents: -1_500,
      surchargeCents: null,
      totalCents: -16_160,
      vatBreakdown: agreeing.vatBreakdown.map((l) => ({
        ...l,
        baseCents: negate(l.baseCents),
        vatCents: negate(l.vatCents),
        surchargeCents: negate(l.surchargeCents ?? null),
      })),
    };
    expect(checkInvoiceFigures(credit)).toBeNull();
  });

  it('names the breakdown figures that disagree before looking at the total', () => {
    expect(checkInvoiceFigures({ ...agreeing, taxBaseCents: 15_001, vatTotalCents: null })).toEqual({
      code: 'VAT_BREAKDOWN_MISMATCH',
      mismatches: [
        { field: 'taxBaseCents', valueCents: 15_001, expectedCents: 15_000 },
        { field: 'vatTotalCents', valueCents: 0, expectedCents: 2_600 },
      ],
    });
    expect(checkInvoiceFigures({ ...agreeing, totalCents: 16_100 })).toEqual({
      code: 'TOTAL_MISMATCH',
      mismatches: [{ field: 'totalCents', valueCents: 16_100, expectedCents: 16_160 }],
    });
  });

  it('leaves alone what is not stated: no breakdown, no base or no total', () => {
    expect(checkInvoiceFigures({ ...agreeing, vatBreakdown: [], totalCents: null })).toBeNull();
    expect(checkInvoiceFigures({ ...agreeing, taxBaseCents: null, totalCents: 16_000 })).toBeNull();
  });

  it('names a line whose VAT or recargo is not its base × rate beyond rounding (issue 36 item 8)', () => {
    const rated: InvoiceFigures = {
      ...agreeing,
      vatBreakdown: [
        { rate: '21', baseCents: 10_000, vatCents: 2_101, surchargeRate: '0.6', surchargeCents: 60 },
        { rate: '10', baseCents: 5_000, vatCents: 499 },
      ],
    };
    // A cent or two is rounding.
    expect(checkInvoiceFigures({ ...rated, totalCents: 16_160 })).toBeNull();
    const wrongRate = {
      ...rated,
      vatTotalCents: 2_600,
      vatBreakdown: [
        { rate: '21', baseCents: 10_000, vatCents: 2_100, surchargeRate: '0.6', surchargeCents: 60 },
        { rate: '21', baseCents: 5_000, vatCents: 500 },
      ],
    };
    expect(checkInvoiceFigures(wrongRate)).toEqual({
      code: 'VAT_RATE_MISMATCH',
      mismatches: [{ field: 'lineVatCents', line: 1, valueCents: 500, expectedCents: 1_050 }],
    });
  });

  it('refuses a recargo no rate could give, even with no base stated: €1,051 on a €2.99 receipt', () => {
    const receipt: InvoiceFigures = {
      taxBaseCents: null,
      vatTotalCents: null,
      withholdingCents: null,
      surchargeCents: 105_100,
      totalCents: 299,
      vatBreakdown: [],
    };
    expect(checkInvoiceFigures(receipt)).toEqual({
      code: 'TOTAL_MISMATCH',
      mismatches: [{ field: 'surchargeCents', valueCents: 105_100, expectedCents: 18 }],
    });
  });

  it('defines gross income as the issued tax base, breakdown bases when no base, credit notes subtracting', () => {
    expect(
      grossIncomeCents([
        { type: 'issued', taxBaseCents: 10_000, vatBreakdown: [] },
        { type: 'issued', taxBaseCents: null, vatBreakdown: [{ baseCents: 5_000, vatCents: 500 }] },
        { type: 'issued', taxBaseCents: -2_000, vatBreakdown: [] },
        { type: 'received', taxBaseCents: 7_000, vatBreakdown: [] },
        { type: null, taxBaseCents: 9_000, vatBreakdown: [] },
      ]),
    ).toBe(13_000);
  });
});

describe('a line’s quantity, unit price and amount (issue 36 item 7)', () => {
  it('reads a leading quantity, not a weight or a year', () => {
    expect(leadingQuantity('1 CREMA SETAS')).toEqual({ quantity: '1', description: 'CREMA SETAS' });
    expect(leadingQuantity('1,5 x Horas de soporte')).toEqual({
      quantity: '1.5',
      description: 'Horas de soporte',
    });
    expect(leadingQuantity('250 g queso')).toBeNull();
    expect(leadingQuantity('2024 cuota anual')).toBeNull();
    expect(leadingQuantity('CREMA SETAS')).toBeNull();
  });

  it('agrees within a cent, and says so when they do not', () => {
    expect(lineAgrees({ quantity: '3', unitPriceCents: 333, lineTotalCents: 1000 })).toBe(true);
    expect(lineAgrees({ quantity: '1.5', unitPriceCents: 4000, lineTotalCents: 6000 })).toBe(true);
    expect(lineAgrees({ quantity: '2', unitPriceCents: 650, lineTotalCents: 650 })).toBe(false);
    expect(lineAgrees({ quantity: null, unitPriceCents: 650, lineTotalCents: 650 })).toBe(true);
  });
});
