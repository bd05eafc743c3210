import type { Invoice } from '@cuadra/shared';

/** An extracted, unreviewed invoice as `GET /api/v1/invoices/:id` returns it; for tests. */
export function testInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv-1',
    clientId: 'c-1',
    type: null,
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
    vatBreakdown: [{ rate: '21', baseCents: 100000, vatCents: 21000 }],
    extractionWarnings: [],
    paidAt: null,
    payments: [],
    possibleDuplicates: [],
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
    checked: false,
    evidence: {
      invoice_number: { confidence: 0.95, verified: true, source: 'text', box: null },
      total: {
        confidence: 0.4,
        verified: false,
        source: 'ocr',
        box: { page: 1, x: 0.6, y: 0.8, w: 0.2, h: 0.03 },
      },
    },
    file: { mediaType: 'image/jpeg', filename: 'scan.jpg' },
    createdAt: '2024-03-06T10:00:00.000Z',
    ...overrides,
  };
}
