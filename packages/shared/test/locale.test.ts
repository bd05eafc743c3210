import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, pickLocale } from '../src';

describe('pickLocale', () => {
  it('takes the first supported language of an Accept-Language header', () => {
    expect(pickLocale('fr-FR,es-ES;q=0.8,en;q=0.5')).toBe('es');
    expect(pickLocale('en-GB')).toBe('en');
  });

  it('falls back to English', () => {
    expect(pickLocale('de-DE')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
});

describe('error messages', () => {
  it('has a non-empty message in both languages for every code', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_MESSAGES[code].en.length, code).toBeGreaterThan(0);
      expect(ERROR_MESSAGES[code].es.length, code).toBeGreaterThan(0);
      expect(ERROR_MESSAGES[code].es, code).not.toBe(ERROR_MESSAGES[code].en);
    }
  });
});
