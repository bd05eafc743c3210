import { describe, expect, it } from 'vitest';
import { findCatalogProblems } from './catalog-problems';
import { resources } from './resources';

describe('translation catalogs', () => {
  it('have the same keys, non-empty texts and the same placeholders in English and Spanish', () => {
    expect(findCatalogProblems(resources)).toEqual([]);
  });

  it('cover every namespace in both languages', () => {
    expect(Object.keys(resources.es).sort()).toEqual(Object.keys(resources.en).sort());
    expect(Object.keys(resources.en)).toEqual(expect.arrayContaining(['translation', 'errors']));
  });

  it('reports a key that exists in one language only, in any namespace', () => {
    const problems = findCatalogProblems({
      en: { translation: { nav: { login: 'Log in', signup: 'Sign up' } }, pricing: { title: 'Pricing' } },
      es: { translation: { nav: { login: 'Iniciar sesión' } }, pricing: { title: 'Precios', extra: 'Más' } },
    });
    expect(problems).toEqual(['es/translation: missing "nav.signup"', 'en/pricing: missing "extra"']);
  });

  it('reports an empty text', () => {
    const problems = findCatalogProblems({
      en: { translation: { title: 'Cuadra' } },
      es: { translation: { title: '  ' } },
    });
    expect(problems).toEqual(['es/translation: "title" is empty']);
  });

  it('reports a namespace missing from one language', () => {
    const problems = findCatalogProblems({
      en: { translation: { a: 'A' }, faq: { q1: 'Question' } },
      es: { translation: { a: 'A' } },
    });
    expect(problems).toEqual(['es/faq: missing "q1"']);
  });

  it('reports placeholders that differ between languages', () => {
    const problems = findCatalogProblems({
      en: { translation: { greeting: 'Hello {{name}}' } },
      es: { translation: { greeting: 'Hola {{nombre}}' } },
    });
    expect(problems).toEqual([
      'translation: "greeting" has different placeholders (en: [name], es: [nombre])',
    ]);
  });
});
