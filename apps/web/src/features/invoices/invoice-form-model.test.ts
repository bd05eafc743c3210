import { describe, expect, it } from 'vitest';
import { emptyItem, fieldsFromForm, formFromInvoice, isLowConfidence } from './invoice-form-model';
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

  it('sends the VAT and IRPF totals only when above 0', () => {
    const invoice = testInvoice({ type: 'issued' });
    for (const [vat, irpf] of [
      ['0', '0,00'],
      ['', ''],
      ['-1', '0'],
    ] as const) {
      const form = { ...formFromInvoice(invoice, 'es'), vatTotal: vat, withholding: irpf };
      const result = fieldsFromForm(form, invoice);
      expect(result.ok && result.fields.vatTotalCents).toBeNull();
      expect(result.ok && result.fields.withholdingCents).toBeNull();
    }
    const form = { ...formFromInvoice(invoice, 'es'), vatTotal: '0,01', withholding: '1.234,5' };
    const result = fieldsFromForm(form, invoice);
    expect(result.ok && [result.fields.vatTotalCents, result.fields.withholdingCents]).toEqual([1, 123450]);
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
