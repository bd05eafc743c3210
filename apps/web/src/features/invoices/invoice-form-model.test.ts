import { describe, expect, it } from 'vitest';
import {
  emptyItem,
  fieldsFromForm,
  formFromInvoice,
  isLowConfidence,
  isOnlyFigures,
  lineDisagreement,
  taxIdWarning,
  type VatLineForm,
  withFieldChange,
} from './invoice-form-model';
import { testInvoice } from './test-invoice';

describe('the invoice form', () => {
  it('round-trips an invoice unchanged once the type is chosen', () => {
    const invoice = testInvoice();
    const form = { ...formFromInvoice(invoice, 'es'), type: 'received' as const };
    expect(form.total).toBe('1060,00');
    const result = fieldsFromForm(form, invoice);
    expect(result).toEqual({
      ok: true,
      fields: {
        type: 'received',
        number: 'F-2024-001',
        issueDate: '2024-03-05',
        dueDate: null,
        issuerName: 'Talleres Ruiz SL',
        issuerAddress: 'Calle Mayor 1, Madrid',
        issuerTaxId: 'B12345674',
        recipientName: 'Marta Gil',
        recipientAddress: null,
        recipientTaxId: null,
        currency: 'EUR',
        taxBaseCents: 100000,
        vatTotalCents: 21000,
        withholdingCents: 15000,
        withholdingRate: '15',
        surchargeCents: null,
        totalCents: 106000,
        vatBreakdown: invoice.vatBreakdown,
        items: [
          {
            description: 'Reparación',
            quantity: '2',
            unitPriceCents: 50000,
            lineTotalCents: 100000,
            vatRate: '21',
            irpfRate: null,
          },
        ],
      },
    });
  });

  it('requires the type', () => {
    const invoice = testInvoice();
    expect(fieldsFromForm(formFromInvoice(invoice, 'en'), invoice)).toEqual({
      ok: false,
      errors: { type: 'review.typeRequired' },
    });
  });

  it('sends VAT and IRPF of 0 as null and keeps a credit note negative', () => {
    const invoice = testInvoice({ type: 'issued' });
    // No breakdown: a VAT of 0 against a 21 % line would be a figure that does not add up (issue 36 item 8).
    const exempt = testInvoice({ type: 'issued', vatBreakdown: [] });
    for (const [vat, irpf] of [
      ['0', '0,00'],
      ['', ''],
    ] as const) {
      const form = { ...formFromInvoice(exempt, 'es'), vatTotal: vat, withholding: irpf, total: '1000' };
      const result = fieldsFromForm(form, exempt);
      expect(result.ok && [result.fields.vatTotalCents, result.fields.withholdingCents]).toEqual([
        null,
        null,
      ]);
    }
    const credit = {
      ...formFromInvoice(invoice, 'es'),
      taxBase: '-1.000,00',
      vatTotal: '-210,00',
      withholding: '-150,00',
      total: '-1.060,00',
    };
    const result = fieldsFromForm(credit, invoice);
    expect(result.ok && result.fields).toMatchObject({
      taxBaseCents: -100000,
      vatTotalCents: -21000,
      withholdingCents: -15000,
      totalCents: -106000,
      // One rate: the breakdown follows the totals typed, sign included.
      vatBreakdown: [{ rate: '21', baseCents: -100000, vatCents: -21000 }],
    });
  });

  it('sends the breakdown as typed, so a misread rate can be corrected', () => {
    const twoRates = testInvoice({
      type: 'issued',
      vatBreakdown: [
        { rate: '21', baseCents: 60000, vatCents: 12600, surchargeRate: '5.2', surchargeCents: null },
        { rate: '10', baseCents: 40000, vatCents: 8400 },
      ],
    });
    const form = formFromInvoice(twoRates, 'es');
    expect(form.vatLines.map(({ rate, base, vat }) => [rate, base, vat])).toEqual([
      ['21', '600,00', '126,00'],
      ['10', '400,00', '84,00'],
    ]);
    const [first, second] = form.vatLines as [VatLineForm, VatLineForm];
    const fixed = fieldsFromForm(
      { ...form, vatTotal: '166,00', total: '1.016,00', vatLines: [first, { ...second, vat: '40,00' }] },
      twoRates,
      'es',
    );
    expect(fixed.ok && fixed.fields.vatBreakdown).toEqual([
      { rate: '21', baseCents: 60000, vatCents: 12600, surchargeRate: '5.2', surchargeCents: null },
      { rate: '10', baseCents: 40000, vatCents: 4000 },
    ]);
    const wrong = fieldsFromForm(
      { ...form, vatLines: [first, { ...second, rate: 'diez', vat: 'x' }] },
      twoRates,
    );
    expect(wrong).toEqual({
      ok: false,
      errors: { 'vatLines.1.rate': 'fields.invalidNumber', 'vatLines.1.vat': 'fields.invalidAmount' },
    });
  });

  it('reads 1.234 as a thousand in Spanish', () => {
    const invoice = testInvoice({ type: 'issued', vatBreakdown: [] });
    const form = { ...formFromInvoice(invoice, 'es'), taxBase: '1.000', vatTotal: '210', total: '1.060' };
    const result = fieldsFromForm(form, invoice, 'es');
    expect(result.ok && [result.fields.taxBaseCents, result.fields.totalCents]).toEqual([100000, 106000]);
  });

  it('shows figures that disagree on their fields, with what the others make them', () => {
    const invoice = testInvoice({ type: 'issued' });
    const form = formFromInvoice(invoice, 'en');
    expect(fieldsFromForm({ ...form, total: '1060.01' }, invoice)).toEqual({
      ok: false,
      errors: { total: { key: 'fields.totalMismatch', expectedCents: 106000 } },
    });
    const twoRates = testInvoice({
      type: 'issued',
      vatBreakdown: [
        { rate: '21', baseCents: 60000, vatCents: 12600 },
        { rate: '10', baseCents: 40000, vatCents: 8400 },
      ],
    });
    expect(fieldsFromForm({ ...formFromInvoice(twoRates, 'en'), taxBase: '999.99' }, twoRates)).toEqual({
      ok: false,
      errors: { taxBase: { key: 'fields.breakdownMismatch', expectedCents: 100000 } },
    });
  });

  it('lets figures that do not add up through only when confirmed, naming the line (issue 36 item 8)', () => {
    const invoice = testInvoice({
      type: 'received',
      withholdingCents: null,
      withholdingRate: null,
      totalCents: 121000,
    });
    const form = { ...formFromInvoice(invoice, 'es'), surcharge: '1.051,00', total: '1.210,00' };
    const refused = fieldsFromForm(form, invoice, 'es');
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.errors).toEqual({ total: { key: 'fields.totalMismatch', expectedCents: 226100 } });
      expect(isOnlyFigures(refused.errors)).toBe(true);
    }
    const confirmed = fieldsFromForm(form, invoice, 'es', { confirmFigures: true });
    expect(confirmed.ok && confirmed.fields.surchargeCents).toBe(105100);

    const wrongRate = {
      ...formFromInvoice(invoice, 'es'),
      vatLines: [{ ...formFromInvoice(invoice, 'es').vatLines[0]!, rate: '10' }],
    };
    const rate = fieldsFromForm(wrongRate, invoice, 'es');
    expect(rate.ok ? null : rate.errors).toEqual({
      'vatLines.0.vat': { key: 'fields.rateMismatch', expectedCents: 10000 },
    });
  });

  it('computes the IRPF withholding from the base and the rate typed, and leaves it editable (issue 36 item 21)', () => {
    const form = formFromInvoice(testInvoice({ withholdingCents: null, withholdingRate: null }), 'es');
    const rated = withFieldChange(form, 'withholdingRate', '15', 'es');
    expect(rated.withholding).toBe('150,00');
    expect(withFieldChange(rated, 'withholdingRate', '7,5', 'es').withholding).toBe('75,00');
    expect(withFieldChange(rated, 'withholding', '149,99', 'es').withholding).toBe('149,99');
    const english = formFromInvoice(testInvoice({ taxBaseCents: 123456 }), 'en');
    expect(withFieldChange(english, 'withholdingRate', '15', 'en').withholding).toBe('185.18');
  });

  it('warns when a line’s quantity × unit price is not its amount (issue 36 item 7)', () => {
    const line = {
      ...emptyItem(),
      description: 'CREMA SETAS',
      quantity: '2',
      unitPrice: '6,50',
      lineTotal: '6,50',
    };
    expect(lineDisagreement(line, 'es')).toBe(1300);
    expect(lineDisagreement({ ...line, quantity: '1' }, 'es')).toBeNull();
    expect(lineDisagreement({ ...line, quantity: '' }, 'es')).toBeNull();
  });

  it('defaults the number to N/A and a line’s quantity to 0', () => {
    const invoice = testInvoice({ type: 'issued', number: null });
    const form = formFromInvoice(invoice, 'en');
    expect(form.number).toBe('N/A');
    const result = fieldsFromForm(
      { ...form, number: '  ', items: [...form.items, { ...emptyItem(), description: 'Extra' }] },
      invoice,
    );
    expect(result.ok && result.fields.number).toBe('N/A');
    expect(result.ok && result.fields.items[1]).toEqual({
      description: 'Extra',
      quantity: '0',
      unitPriceCents: null,
      lineTotalCents: null,
      vatRate: null,
      irpfRate: null,
    });
  });

  it('names every field that is not a number', () => {
    const invoice = testInvoice({ type: 'issued' });
    const form = formFromInvoice(invoice, 'en');
    const firstItem = form.items[0] as (typeof form.items)[number];
    const result = fieldsFromForm(
      { ...form, total: 'abc', items: [{ ...firstItem, quantity: 'dos' }] },
      invoice,
    );
    expect(result).toEqual({
      ok: false,
      errors: { total: 'fields.invalidAmount', 'items.0.quantity': 'fields.invalidNumber' },
    });
  });

  it('flags fields read with less than the low-confidence threshold', () => {
    const { evidence } = testInvoice();
    expect(isLowConfidence(evidence.total)).toBe(true);
    expect(isLowConfidence(evidence.invoice_number)).toBe(false);
    expect(isLowConfidence(undefined)).toBe(false);
  });
});

describe('taxIdWarning', () => {
  it('warns on a wrong check character and on what is no tax id, not on valid or foreign VAT ids', () => {
    expect(taxIdWarning('12345678A')).toBe('fields.taxIdCheck');
    expect(taxIdWarning('B12345670')).toBe('fields.taxIdCheck');
    expect(taxIdWarning('XYZ')).toBe('fields.taxIdUnknown');
    expect(taxIdWarning('12345678Z')).toBeNull();
    expect(taxIdWarning('ES 12345678-Z')).toBeNull();
    expect(taxIdWarning('B12345674')).toBeNull();
    expect(taxIdWarning('FR12345678901')).toBeNull();
    expect(taxIdWarning('')).toBeNull();
  });
});
