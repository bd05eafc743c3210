import { describe, expect, it } from 'vitest';
import { foldText, nameSortKey, searchTerms } from '../src/search';

describe('search that forgives', () => {
  it('folds accents and case the way the database does', () => {
    expect(foldText('José Álvarez PEÑA')).toBe('jose alvarez pena');
    expect(foldText('Ñandú Servicios SL')).toBe('nandu servicios sl');
  });

  it('searches a tax id with or without separators', () => {
    expect(searchTerms('B-12.345.674')).toEqual(['b-12.345.674', 'b12345674']);
    expect(searchTerms('  LUCÍA ')).toEqual(['lucia']);
    expect(searchTerms('')).toEqual([]);
  });

  it('sorts names the Spanish way in Spanish: Á with A, Ñ after N, Ó with O', () => {
    const names = ['Óscar Nieto', 'Ñandú Servicios', 'Nzeta Obras', 'Álvarez', 'Beta', 'Nadia'];
    const byKey = (locale: 'en' | 'es') =>
      [...names].sort((a, b) => (nameSortKey(a, locale) < nameSortKey(b, locale) ? -1 : 1));
    expect(byKey('es')).toEqual([
      'Álvarez',
      'Beta',
      'Nadia',
      'Nzeta Obras',
      'Ñandú Servicios',
      'Óscar Nieto',
    ]);
    expect(byKey('en')).toEqual([
      'Álvarez',
      'Beta',
      'Nadia',
      'Ñandú Servicios',
      'Nzeta Obras',
      'Óscar Nieto',
    ]);
  });
});
