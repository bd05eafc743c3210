import type { ExtractionResult } from '@cuadra/extract';
import { describe, expect, it } from 'vitest';
import { invoiceFromExtraction, normalizeTaxId, suggestInvoiceType, toInvoiceCents } from './from-extraction';

describe('amounts from the engine', () => {
  it('turns decimal strings into exact cents', () => {
    expect(toInvoiceCents('1234.56')).toBe(123456);
    expect(toInvoiceCents('-0.05')).toBe(-5);
    expect(toInvoiceCents('0.10')).toBe(10);
    expect(toInvoiceCents('12.3')).toBe(1230);
    expect(toInvoiceCents('0.125')).toBe(13);
    expect(toInvoiceCents(undefined)).toBeNull();
    expect(toInvoiceCents('1,5')).toBeNull();
  });

  it('leaves out an amount no invoice can hold, instead of failing the document', () => {
    expect(toInvoiceCents('20000000.00')).toBe(2_000_000_000);
    expect(toInvoiceCents('2008047616.00')).toBeNull();
    expect(toInvoiceCents('-2008047616.00')).toBeNull();
  });
});

describe('credit notes from the engine', () => {
  const result = (fields: ExtractionResult['fields']) =>
    ({ fields, confidence: {}, verified: {}, source: {}, boxes: {} }) as unknown as ExtractionResult;
  const fields = {
    invoice_number: 'R-1',
    tax_base: '100.00',
    vat_total: '21.00',
    total: '121.00',
    vat_breakdown: [{ rate: '21', base: '100.00', amount: '21.00' }],
    line_items: [{ description: 'Devolución', line_total: '100.00' }],
  };

  it('keeps the money of a credit note (UBL CreditNote, Facturae rectificativa) negative', () => {
    const { invoice, items } = invoiceFromExtraction(result({ ...fields, document_type_code: '381' }));
    expect(invoice).toMatchObject({ taxBaseCents: -10000, vatTotalCents: -2100, totalCents: -12100 });
    expect(invoice.vatBreakdown).toEqual([{ rate: '21', baseCents: -10000, vatCents: -2100 }]);
    expect(items[0]?.lineTotalCents).toBe(-10000);
    // Printed negative already: stays negative, not flipped back.
    const printed = invoiceFromExtraction(
      result({ ...fields, document_type_code: '381', vat_total: '-21.00' }),
    );
    expect(printed.invoice.vatTotalCents).toBe(-2100);
  });

  it('leaves an ordinary invoice as printed', () => {
    const { invoice } = invoiceFromExtraction(result({ ...fields, document_type_code: '380' }));
    expect(invoice).toMatchObject({ taxBaseCents: 10000, vatTotalCents: 2100, totalCents: 12100 });
  });
});

describe('issued or received', () => {
  const client = { taxId: 'B12345674', name: 'Talleres Gómez e Hijos, S.L.' };

  it('is issued when the client is the issuer, received when it is the recipient, by tax id first', () => {
    expect(suggestInvoiceType(client, { issuerTaxId: 'ESB12345674', recipientTaxId: 'A10401727' })).toBe(
      'issued',
    );
    expect(
      suggestInvoiceType(client, {
        issuerTaxId: 'A10401727',
        recipientTaxId: normalizeTaxId('b-12.345.674'),
      }),
    ).toBe('received');
  });

  it('is received when another taxpayer issued it to no one named (a ticket), else left open', () => {
    expect(suggestInvoiceType(client, { issuerTaxId: 'A46103834' })).toBe('received');
    expect(
      suggestInvoiceType(client, { issuerTaxId: 'A46103834', recipientName: 'Otra Empresa SA' }),
    ).toBeNull();
    expect(suggestInvoiceType(client, { issuerTaxId: 'A46103834', recipientTaxId: 'A10401727' })).toBeNull();
    expect(suggestInvoiceType({ ...client, taxId: null }, { issuerTaxId: 'A46103834' })).toBeNull();
  });

  it('falls back to the name, ignoring accents, punctuation and the legal form', () => {
    expect(suggestInvoiceType(client, { issuerName: 'TALLERES GOMEZ E HIJOS SL' })).toBe('issued');
    expect(suggestInvoiceType(client, { recipientName: 'Talleres Gómez e Hijos' })).toBe('received');
    expect(
      suggestInvoiceType(client, { issuerName: 'Otra Empresa SA', recipientName: 'Alguien' }),
    ).toBeNull();
  });
});

describe('ticket lines (issue 36 item 7)', () => {
  const result = (fields: ExtractionResult['fields']) =>
    ({ fields, confidence: {}, verified: {}, source: {}, boxes: {} }) as unknown as ExtractionResult;

  it('reads the quantity a ticket prints before the item, and the unit price from the amount', () => {
    const { items } = invoiceFromExtraction(
      result({
        line_items: [
          { description: '1 CREMA SETAS', line_total: '6.50' },
          { description: '2 x CAÑA', line_total: '4.40' },
          { description: '3 AGUA', line_total: '5.00' },
          { description: '100 GR JAMON', line_total: '3.10' },
          { description: 'Consultoría', quantity: '2', unit_price: '50.00', line_total: '100.00' },
        ],
      }),
    );
    expect(items.map((i) => [i.description, i.quantity, i.unitPriceCents, i.lineTotalCents])).toEqual([
      ['CREMA SETAS', '1', 650, 650],
      ['CAÑA', '2', 220, 440],
      // 5.00 / 3 is no whole cent: the price is left for the reviewer.
      ['AGUA', '3', null, 500],
      // A weight is not a count.
      ['100 GR JAMON', null, null, 310],
      ['Consultoría', '2', 5000, 10000],
    ]);
  });
});
