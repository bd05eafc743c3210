import { describe, expect, it } from 'vitest';
import {
  AccountMappingSchema,
  filingDeadline,
  inferLegalForm,
  periodRange,
  UpdateTaxProfileSchema,
} from '../src/forms';

describe('the tax profile and form periods', () => {
  it('infers the legal form from the tax id: a CIF is a company, a NIF or NIE an individual', () => {
    expect(inferLegalForm('B12345674')).toBe('company');
    expect(inferLegalForm('12345678Z')).toBe('individual');
    expect(inferLegalForm('X1234567L')).toBe('individual');
    expect(inferLegalForm(null)).toBe('individual');
  });

  it('names the AEAT periods: quarters, the year, and 202’s instalments of 3, 9 and 11 months', () => {
    expect(periodRange(2026, '1T')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(periodRange(2024, '4T')).toEqual({ from: '2024-10-01', to: '2024-12-31' });
    expect(periodRange(2026, '0A')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange(2026, '2P')).toEqual({ from: '2026-01-01', to: '2026-09-30' });
    expect(periodRange(2026, '3P')).toEqual({ from: '2026-01-01', to: '2026-11-30' });
  });

  it('knows the filing deadlines', () => {
    expect(['1T', '2T', '3T', '4T'].map((p) => filingDeadline('303', 2026, p))).toEqual([
      '2026-04-20',
      '2026-07-20',
      '2026-10-20',
      '2027-01-30',
    ]);
    expect(filingDeadline('390', 2026, '0A')).toBe('2027-01-30');
    expect(filingDeadline('347', 2027, '0A')).toBe('2028-02-29');
    expect(['1P', '2P', '3P'].map((p) => filingDeadline('202', 2026, p))).toEqual([
      '2026-04-20',
      '2026-10-20',
      '2026-12-20',
    ]);
  });

  it('fills default accounts, but a partial update carries only what was sent', () => {
    expect(AccountMappingSchema.parse({}).customerPrefix).toBe('430');
    expect(UpdateTaxProfileSchema.parse({ accounts: { incomeAccount: '70000000' } })).toEqual({
      accounts: { incomeAccount: '70000000' },
    });
    expect(UpdateTaxProfileSchema.safeParse({ accounts: { incomeAccount: '70A' } }).success).toBe(false);
  });
});
