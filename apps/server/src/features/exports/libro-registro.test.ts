import { describe, expect, it } from 'vitest';
import type { FormInvoice } from '../../fiscal/sheet';
import { bookRows, RECEIVED_COLUMNS } from './libro-registro';

// Issue 36 item 7: tickets ("factura simplificada") went out in the libro registro as F1; they are F2.

const received = (overrides: Partial<FormInvoice>): FormInvoice => ({
  id: 'i',
  type: 'received',
  issueDate: '2026-02-03',
  number: 'T-1',
  issuerName: 'Bar Sol SL',
  issuerTaxId: 'B12345674',
  recipientName: null,
  recipientTaxId: null,
  taxBaseCents: 1_000,
  vatTotalCents: 100,
  withholdingCents: null,
  withholdingRate: null,
  surchargeCents: null,
  totalCents: 1_100,
  vatBreakdown: [{ rate: '10', baseCents: 1_000, vatCents: 100 }],
  checked: true,
  ...overrides,
});

const invoiceTypeOf = (invoice: FormInvoice) => {
  const [row] = bookRows([invoice], 'received');
  const cell = row?.[RECEIVED_COLUMNS.findIndex((c) => c.name === 'Tipo de Factura')];
  return (cell as { text: string } | null)?.text;
};

describe('the libro registro’s invoice type', () => {
  it('is F2 for a ticket, which names no recipient tax id, and R5 for its credit note', () => {
    expect(invoiceTypeOf(received({}))).toBe('F2');
    expect(
      invoiceTypeOf(
        received({
          taxBaseCents: -1_000,
          vatTotalCents: -100,
          totalCents: -1_100,
          vatBreakdown: [{ rate: '10', baseCents: -1_000, vatCents: -100 }],
        }),
      ),
    ).toBe('R5');
  });

  it('is F1 for a full invoice (the client’s tax id on it), and for a total no ticket may have', () => {
    expect(invoiceTypeOf(received({ recipientTaxId: '12345678Z' }))).toBe('F1');
    expect(
      invoiceTypeOf(
        received({
          taxBaseCents: 400_000,
          vatTotalCents: 40_000,
          totalCents: 440_000,
          vatBreakdown: [{ rate: '10', baseCents: 400_000, vatCents: 40_000 }],
        }),
      ),
    ).toBe('F1');
  });
});
