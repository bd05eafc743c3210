import { percentOf, roundDiv } from '@cuadra/shared';
import { describe, expect, it } from 'vitest';
import {
  box13Reduction,
  bracketReached,
  type FiscalInvoice,
  halfQuota,
  isModelo130Exempt,
  modelo130Year,
  summariseFiscalYear,
  taxByScale,
  vatLinesOf,
} from './fiscal';
import { scaleForYear, TAX_SCALES } from './tax-scales';

const eur = (euros: number) => Math.round(euros * 100);

function invoice(
  type: 'issued' | 'received',
  issueDate: string,
  base: number,
  rate: number,
  fields: Partial<FiscalInvoice> = {},
): FiscalInvoice {
  const vat = Math.round(base * rate) / 100;
  return {
    type,
    issueDate,
    taxBaseCents: eur(base),
    vatTotalCents: eur(vat),
    withholdingCents: null,
    surchargeCents: null,
    vatBreakdown: [{ rate: String(rate), baseCents: eur(base), vatCents: eur(vat) }],
    checked: true,
    ...fields,
  };
}

describe('rounding', () => {
  it('rounds to the cent, halves away from zero', () => {
    // 20 % of 1,234.57 € = 246.914 € → 246.91 €
    expect(percentOf(123_457, 2000)).toBe(24_691);
    // 20 % of 0.03 € = 0.006 € → 0.01 €
    expect(percentOf(3, 2000)).toBe(1);
    // 50 % of 1 cent = 0.5 cent → 1 cent; of −1 cent → −1 cent
    expect(percentOf(1, 5000)).toBe(1);
    expect(percentOf(-1, 5000)).toBe(-1);
    expect(roundDiv(7, 4)).toBe(2); // 1.75
    expect(roundDiv(5, 4)).toBe(1); // 1.25
  });
});

describe('VAT lines', () => {
  it('reads the breakdown, or derives one line from base and VAT totals', () => {
    expect(
      vatLinesOf({ ...invoice('issued', '2026-01-01', 100, 21), vatBreakdown: [], vatTotalCents: 1000 }),
    ).toEqual([{ rate: '10', baseCents: 10_000, vatCents: 1000, surchargeCents: 0 }]);
    expect(
      vatLinesOf({
        ...invoice('issued', '2026-01-01', 100, 21),
        vatBreakdown: [
          { rate: '21.00', baseCents: 10_000, vatCents: 2100, surchargeRate: '5.2', surchargeCents: 520 },
        ],
      }),
    ).toEqual([{ rate: '21', baseCents: 10_000, vatCents: 2100, surchargeCents: 520 }]);
  });

  it('leaves IGIC, IPSI and special taxes out of VAT, even when they are all the invoice has', () => {
    const ipsi = { rate: '3', baseCents: 10_000, vatCents: 300, taxType: 'IPSI' };
    expect(
      vatLinesOf({
        ...invoice('issued', '2026-01-01', 100, 21),
        vatBreakdown: [{ rate: '21', baseCents: 10_000, vatCents: 2100 }, ipsi],
      }).map((l) => l.rate),
    ).toEqual(['21']);
    // An IGIC-only invoice has no VAT: its totals are not turned into a VAT line either.
    expect(
      vatLinesOf({
        ...invoice('issued', '2026-01-01', 100, 7),
        vatTotalCents: null,
        vatBreakdown: [{ rate: '7', baseCents: 10_000, vatCents: 700, taxType: 'IGIC' }],
      }),
    ).toEqual([]);
  });
});

/*
 * Worked example A, year 2026, all invoices reviewed, no invoices for 2025.
 *
 *   Q1  issued   F-1  15/01  base 2,000.00 @21 % VAT 420.00, IRPF 15 % withheld 300.00
 *       issued   F-2  20/02  base   500.00 @10 % VAT  50.00
 *       received G-1  10/03  base   300.00 @21 % VAT  63.00
 *   Q2  received G-2  05/05  base 1,000.00 @21 % VAT 210.00
 *   Q3  issued   F-3  10/08  base 1,500.00 @21 % VAT 315.00, IRPF 15 % withheld 225.00
 *   Q4  issued   F-4  01/11  base 3,000.00 @21 % VAT 630.00
 *
 * Modelo 303
 *   Q1: charged 420 + 50 = 470.00; deductible 63.00; 470 − 63 = 407.00 to pay
 *   Q2: charged 0; deductible 210.00; −210.00 → carried forward 210.00
 *   Q3: charged 315.00; result 315 − 0 = 315; compensate 210 → 105.00 to pay, carry 0
 *   Q4: charged 630.00 → 630.00 to pay
 *
 * Modelo 130 (cumulative since 1 January)
 *   Q1: income 2,500; expenses 300; net 2,200; 20 % = 440.00; earlier 0; withheld 300 → 140.00 to pay
 *   Q2: income 2,500; expenses 1,300; net 1,200; 20 % = 240.00; earlier 140; withheld 300
 *       240 − 140 − 300 = −200.00 → 0 to pay
 *   Q3: income 4,000; expenses 1,300; net 2,700; 20 % = 540.00; earlier 140 (Q2 was negative); withheld 525
 *       540 − 140 − 525 = −125.00 → 0
 *   Q4: income 7,000; expenses 1,300; net 5,700; 20 % = 1,140.00; earlier 140; withheld 525
 *       1,140 − 140 − 525 = 475.00 to pay
 *
 * Annual (general scale 2026, state 9.5 % first bracket, personal minimum 5,550)
 *   taxable base 7,000 − 1,300 = 5,700.00
 *   state half: 9.5 % × 5,700 = 541.50, minus 9.5 % × 5,550 = 527.25 → 14.25; regional half the same 14.25
 *   estimated tax 28.50; withholdings 525.00; fractional payments 140 + 475 = 615.00
 *   differential 28.50 − 525.00 − 615.00 = −1,111.50 (to refund)
 *   bracket 0–12,450 at 19 %; quarterly payment max(0, 28.50 − 525) / 4 = 0
 */
describe('worked example A: a year of 303, 130 and the annual estimate', () => {
  const invoices: FiscalInvoice[] = [
    invoice('issued', '2026-01-15', 2000, 21, { withholdingCents: eur(300) }),
    invoice('issued', '2026-02-20', 500, 10),
    invoice('received', '2026-03-10', 300, 21),
    invoice('received', '2026-05-05', 1000, 21),
    invoice('issued', '2026-08-10', 1500, 21, { withholdingCents: eur(225) }),
    invoice('issued', '2026-11-01', 3000, 21),
  ];
  const summary = summariseFiscalYear({
    clientId: 'c',
    year: 2026,
    includeUnreviewed: false,
    invoices,
    priorYearInvoices: [],
  });

  it('Modelo 303 per quarter, with compensation of the negative Q2', () => {
    const [q1, q2, q3, q4] = summary.modelo303;
    expect(q1?.charged).toEqual([
      { rate: '21', baseCents: eur(2000), vatCents: eur(420), surchargeCents: 0 },
      { rate: '10', baseCents: eur(500), vatCents: eur(50), surchargeCents: 0 },
    ]);
    expect(q1).toMatchObject({
      chargedTotalCents: eur(470),
      deductibleTotalCents: eur(63),
      toPayCents: eur(407),
    });
    expect(q2).toMatchObject({ regimeResultCents: -eur(210), toPayCents: 0, carryForwardCents: eur(210) });
    expect(q3).toMatchObject({
      regimeResultCents: eur(315),
      compensationAppliedCents: eur(210),
      toPayCents: eur(105),
      carryForwardCents: 0,
    });
    expect(q4).toMatchObject({ toPayCents: eur(630), carryForwardCents: 0 });
  });

  it('Modelo 130 per quarter, cumulative, never below zero', () => {
    expect(summary.modelo130.map((q) => [q.incomeCents, q.expensesCents, q.netYieldCents])).toEqual([
      [eur(2500), eur(300), eur(2200)],
      [eur(2500), eur(1300), eur(1200)],
      [eur(4000), eur(1300), eur(2700)],
      [eur(7000), eur(1300), eur(5700)],
    ]);
    expect(summary.modelo130.map((q) => q.twentyPercentCents)).toEqual([
      eur(440),
      eur(240),
      eur(540),
      eur(1140),
    ]);
    expect(summary.modelo130.map((q) => q.earlierPaymentsCents)).toEqual([0, eur(140), eur(140), eur(140)]);
    expect(summary.modelo130.map((q) => q.withholdingsCents)).toEqual([
      eur(300),
      eur(300),
      eur(525),
      eur(525),
    ]);
    expect(summary.modelo130.map((q) => q.resultCents)).toEqual([eur(140), -eur(200), -eur(125), eur(475)]);
    expect(summary.modelo130.map((q) => q.toPayCents)).toEqual([eur(140), 0, 0, eur(475)]);
  });

  it('the annual estimate', () => {
    expect(summary.annual).toMatchObject({
      incomeCents: eur(7000),
      expensesCents: eur(1300),
      taxableBaseCents: eur(5700),
      withholdingsCents: eur(525),
      stateTaxCents: 1425,
      regionalTaxCents: 1425,
      estimatedTaxCents: 2850,
      fractionalPaymentsCents: eur(615),
      differentialCents: -111_150,
      bracket: { fromCents: 0, toCents: 1_245_000, rateBasisPoints: 1900 },
      quarterlyPaymentCents: 0,
      scaleYear: 2026,
      region: 'general',
    });
    // No 2025 invoices: no box 13 reduction assumed, and the 70 % rule cannot apply.
    expect(summary.priorYear).toMatchObject({
      invoiceCount: 0,
      reductionPerQuarterCents: 0,
      filingNotRequired: false,
    });
  });

  it('counts only reviewed invoices unless asked, and says how many are unreviewed', () => {
    const withDraft = [...invoices, invoice('issued', '2026-03-01', 1000, 21, { checked: false })];
    const reviewed = summariseFiscalYear({
      clientId: 'c',
      year: 2026,
      includeUnreviewed: false,
      invoices: withDraft,
      priorYearInvoices: [],
    });
    expect(reviewed.unreviewedCount).toBe(1);
    expect(reviewed.modelo303[0]?.chargedTotalCents).toBe(eur(470));
    const all = summariseFiscalYear({
      clientId: 'c',
      year: 2026,
      includeUnreviewed: true,
      invoices: withDraft,
      priorYearInvoices: [],
    });
    // Q1 charged 470 + 210 (21 % of 1,000) = 680
    expect(all.modelo303[0]?.chargedTotalCents).toBe(eur(680));
    expect(all.annual?.incomeCents).toBe(eur(8000));
  });
});

describe('Modelo 303 with recargo de equivalencia', () => {
  /*
   * Issued to a shop under recargo: base 100.00 @21 % = 21.00 VAT + 5.2 % recargo = 5.20 → charged 26.20.
   * Received with recargo: base 50.00 @10 % = 5.00 VAT + 1.4 % = 0.70; only the 5.00 VAT is deductible.
   * Result 26.20 − 5.00 = 21.20 to pay.
   */
  it('charges the recargo on issued invoices and does not deduct it on received ones', () => {
    const withSurcharge = (type: 'issued' | 'received', base: number, rate: number, sRate: number) => {
      const line = {
        rate: String(rate),
        baseCents: eur(base),
        vatCents: eur((base * rate) / 100),
        surchargeRate: String(sRate),
        surchargeCents: eur((base * sRate) / 100),
      };
      return invoice(type, '2026-04-10', base, rate, { vatBreakdown: [line] });
    };
    const { modelo303 } = summariseFiscalYear({
      clientId: 'c',
      year: 2026,
      includeUnreviewed: false,
      invoices: [withSurcharge('issued', 100, 21, 5.2), withSurcharge('received', 50, 10, 1.4)],
      priorYearInvoices: [],
    });
    expect(modelo303[1]).toMatchObject({
      charged: [{ rate: '21', baseCents: 10_000, vatCents: 2_100, surchargeCents: 520 }],
      chargedTotalCents: 2_620,
      deductibleTotalCents: 500,
      toPayCents: 2_120,
    });
  });
});

describe('Modelo 130 box 13 (art. 110.3.c RIRPF) and the 70 % rule', () => {
  it('scales the reduction by the prior year’s net yield', () => {
    expect(box13Reduction(-50_000)).toBe(10_000);
    expect(box13Reduction(800_000)).toBe(10_000);
    expect(box13Reduction(900_000)).toBe(10_000); // 9,000.00 → 100 €
    expect(box13Reduction(900_001)).toBe(7_500); // 9,000.01 → 75 €
    expect(box13Reduction(1_000_000)).toBe(7_500);
    expect(box13Reduction(1_050_000)).toBe(5_000);
    expect(box13Reduction(1_200_000)).toBe(2_500); // 12,000.00 → 25 €
    expect(box13Reduction(1_200_001)).toBe(0);
  });

  /*
   * Worked example C: prior year net yield 8,000 € → 100 € per quarter; no withholdings, no expenses.
   *   Q1: income 1,000 → 20 % = 200.00; earlier 0 → box 07 = 200; reduction 100 → pay 100.00
   *   Q2: income 1,300 → 260.00; earlier 200 → 60; reduction min(100, 60) = 60 → pay 0; 40 unused
   *   Q3: income 3,300 → 660.00; earlier 200 + 60 = 260 → 400; reduction 100 + 40 = 140 → pay 260.00
   *   Q4: nothing new → 660 − 660 = 0; reduction 0 → pay 0
   */
  it('applies the reduction up to the result and carries what is unused to later quarters', () => {
    const rows = modelo130Year(
      [
        { incomeCents: eur(1000), expensesCents: 0, withholdingsCents: 0 },
        { incomeCents: eur(300), expensesCents: 0, withholdingsCents: 0 },
        { incomeCents: eur(2000), expensesCents: 0, withholdingsCents: 0 },
        { incomeCents: 0, expensesCents: 0, withholdingsCents: 0 },
      ],
      box13Reduction(eur(8000)),
    );
    expect(rows.map((r) => r.resultCents)).toEqual([eur(200), eur(60), eur(400), 0]);
    expect(rows.map((r) => r.reductionCents)).toEqual([eur(100), eur(60), eur(140), 0]);
    expect(rows.map((r) => r.toPayCents)).toEqual([eur(100), 0, eur(260), 0]);
  });

  it('takes the prior year from its invoices', () => {
    // 2025: issued 10,500 base of which 7,350 bore withholding (70 %), expenses 0 → net 10,500 → 50 €.
    const summary = summariseFiscalYear({
      clientId: 'c',
      year: 2026,
      includeUnreviewed: false,
      invoices: [],
      priorYearInvoices: [
        invoice('issued', '2025-03-01', 7350, 21, { withholdingCents: eur(1102.5) }),
        invoice('issued', '2025-06-01', 3150, 21),
      ],
    });
    expect(summary.priorYear).toMatchObject({
      netYieldCents: eur(10_500),
      incomeWithWithholdingCents: eur(7350),
      reductionPerQuarterCents: 5_000,
      filingNotRequired: true,
    });
  });

  it('needs at least 70 % of the prior income under withholding to skip filing', () => {
    expect(isModelo130Exempt(eur(10_000), eur(7000))).toBe(true); // 7,000 × 100 = 700,000 ≥ 10,000 × 70
    expect(isModelo130Exempt(eur(10_000), 699_999)).toBe(false); // 6,999.99
    expect(isModelo130Exempt(0, 0)).toBe(false);
  });
});

/*
 * Worked example B, the scale on a taxable base of 40,000 €, general region, 2026:
 *   state: 12,450 × 9.5 % = 1,182.75
 *        + (20,200 − 12,450) = 7,750 × 12 % = 930.00
 *        + (35,200 − 20,200) = 15,000 × 15 % = 2,250.00
 *        + (40,000 − 35,200) = 4,800 × 18.5 % = 888.00          → 5,250.75
 *   personal minimum 5,550 × 9.5 % = 527.25                      → state half 4,723.50
 *   regional half (general = state scale) 4,723.50               → estimated tax 9,447.00
 *   bracket: 35,200–60,000 at 18.5 + 18.5 = 37 %
 */
describe('worked example B: the income-tax scale', () => {
  const { scale } = scaleForYear(2026);
  it('taxes bracket by bracket and subtracts the personal minimum', () => {
    expect(taxByScale(eur(40_000), scale.state)).toBe(525_075);
    expect(halfQuota(eur(40_000), scale.state, scale.personalMinimumCents)).toBe(472_350);
    expect(bracketReached(eur(40_000), scale, 'general')).toEqual({
      fromCents: 3_520_000,
      toCents: 6_000_000,
      rateBasisPoints: 3700,
    });
    // Below the minimum there is no tax.
    expect(halfQuota(eur(5000), scale.state, scale.personalMinimumCents)).toBe(0);
    // Above 300,000: the top combined rate, 24.5 + 22.5 = 47 %.
    expect(bracketReached(eur(400_000), scale, 'general')).toEqual({
      fromCents: 30_000_000,
      toCents: null,
      rateBasisPoints: 4700,
    });
  });

  it('uses the latest scale at or before the year', () => {
    expect(scaleForYear(2030).scaleYear).toBe(Math.max(...Object.keys(TAX_SCALES).map(Number)));
    expect(scaleForYear(2010).scaleYear).toBe(Math.min(...Object.keys(TAX_SCALES).map(Number)));
  });
});
