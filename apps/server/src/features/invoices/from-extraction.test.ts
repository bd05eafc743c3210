import { describe, expect, it } from 'vitest';
import { normalizeTaxId, suggestInvoiceType, toCents } from './from-extraction';

describe('amounts from the engine', () => {
  it('turns 2-decimal strings into exact cents', () => {
    expect(toCents('1234.56')).toBe(123456);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents('0.10')).toBe(10);
    expect(toCents(undefined)).toBeNull();
    expect(toCents('12.3')).toBeNull();
  });

  it('leaves out an amount no invoice can hold, instead of failing the document', () => {
    expect(toCents('20000000.00')).toBe(2_000_000_000);
    expect(toCents('2008047616.00')).toBeNull();
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

  it('falls back to the name, ignoring accents, punctuation and the legal form', () => {
    expect(suggestInvoiceType(client, { issuerName: 'TALLERES GOMEZ E HIJOS SL' })).toBe('issued');
    expect(suggestInvoiceType(client, { recipientName: 'Talleres Gómez e Hijos' })).toBe('received');
    expect(
      suggestInvoiceType(client, { issuerName: 'Otra Empresa SA', recipientName: 'Alguien' }),
    ).toBeNull();
  });
});
