import { describe, expect, it } from 'vitest';
import { fieldsInPageOrder } from './desk-form';

const at = (page: number, x: number, y: number) => ({
  confidence: 0.9,
  verified: false,
  source: 'text',
  box: { page, x, y, w: 0.1, h: 0.02 },
});

describe('the desk form', () => {
  it('puts the fields in page order (page, top to bottom, left to right), unplaced ones last', () => {
    const order = fieldsInPageOrder({
      total: at(1, 0.7, 0.8),
      issuer_name: at(1, 0.1, 0.05),
      invoice_number: at(1, 0.6, 0.2),
      issue_date: at(1, 0.3, 0.2),
      client_name: at(2, 0.1, 0.1),
    });
    expect(order.slice(0, 5)).toEqual(['issuerName', 'issueDate', 'number', 'total', 'recipientName']);
    expect(order).toHaveLength(15);
    expect(order.slice(5, 7)).toEqual(['dueDate', 'issuerTaxId']);
  });
});
