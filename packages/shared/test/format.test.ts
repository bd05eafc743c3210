import { describe, expect, it } from 'vitest';
import {
  csvSeparator,
  formatDay,
  formatExportDateTime,
  formatExportDay,
  formatLongDate,
  formatMoney,
  formatPlainAmount,
  formatRate,
  intlLocale,
  SPREADSHEET_DAY_FORMAT,
} from '../src';

describe('formatting by locale', () => {
  it('writes money as each language does, grouped, with a true minus for credit notes', () => {
    expect(formatMoney(123456, 'es')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'en')).toBe('€1,234.56');
    expect(formatMoney(200_000, 'es')).toBe('2.000,00\u00a0€');
    expect(formatMoney(0, 'es')).toBe('0,00\u00a0€');
    expect(formatMoney(-2100, 'es')).toBe('−21,00\u00a0€');
    expect(formatMoney(-5, 'en')).toBe('−€0.05');
  });

  it('drops the cents of whole prices only when asked, and knows other currencies', () => {
    expect(formatMoney(900, 'es', { wholeUnits: true })).toBe('9\u00a0€');
    expect(formatMoney(4500, 'en', { wholeUnits: true })).toBe('€45');
    expect(formatMoney(4550, 'en', { wholeUnits: true })).toBe('€45.50');
    expect(formatMoney(900, 'en', { currency: 'usd', wholeUnits: true })).toBe('$9');
    expect(formatMoney(123456, 'en', { currency: 'CHF' })).toBe('CHF\u00a01,234.56');
    expect(formatMoney(123456, 'es', { currency: 'CHF' })).toBe('1.234,56\u00a0CHF');
  });

  it('writes plain amounts for files and fields with the language decimal mark and no grouping', () => {
    expect(formatPlainAmount(123456, 'es')).toBe('1234,56');
    expect(formatPlainAmount(123456, 'en')).toBe('1234.56');
    expect(formatPlainAmount(-2100, 'es')).toBe('-21,00');
    expect(formatPlainAmount(-5, 'en')).toBe('-0.05');
  });

  it('writes rates and dates as each language does', () => {
    expect(formatRate('5.5', 'es')).toBe('5,5');
    expect(formatRate('21', 'en')).toBe('21');
    expect(formatDay('2026-12-31', 'es')).toBe('31/12/2026');
    expect(formatDay('2026-12-31', 'en')).toBe('12/31/2026');
    // Files a person opens: Spanish order, or ISO in English (issue 36 item 11), never the US order.
    expect(formatExportDay('2026-11-27', 'es')).toBe('27/11/2026');
    expect(formatExportDay('2026-11-27T10:00:00Z', 'en')).toBe('2026-11-27');
    expect(SPREADSHEET_DAY_FORMAT).toEqual({ es: 'dd/mm/yyyy', en: 'yyyy-mm-dd' });
    const instant = new Date(2026, 10, 27, 9, 5);
    expect(formatExportDateTime(instant, 'es')).toBe('27/11/2026 09:05');
    expect(formatExportDateTime(instant, 'en')).toBe('2026-11-27 09:05');
    expect(formatLongDate('2025-07-29', 'es')).toBe('29 de julio de 2025');
    expect(formatLongDate('2025-07-29', 'en')).toBe('July 29, 2025');
  });

  it('chooses one Intl locale and one CSV separator per language', () => {
    expect(intlLocale('es')).toBe('es-ES');
    expect(intlLocale('en')).toBe('en-GB');
    expect(csvSeparator('es')).toBe(';');
    expect(csvSeparator('en')).toBe(',');
  });
});
