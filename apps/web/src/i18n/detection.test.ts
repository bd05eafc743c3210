import { LOCALE_STORAGE_KEY } from '@cuadra/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from './i18n';

function setBrowserLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(window.navigator, 'language', { value: languages[0], configurable: true });
}

afterEach(() => {
  // Back to jsdom's own values (defined on the prototype).
  Reflect.deleteProperty(window.navigator, 'languages');
  Reflect.deleteProperty(window.navigator, 'language');
});

describe('language detection', () => {
  it('uses the saved preference before the browser language', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    setBrowserLanguages(['en-GB', 'en']);
    const i18n = createI18n();
    expect(i18n.resolvedLanguage).toBe('es');
    expect(i18n.t('nav.login')).toBe('Iniciar sesión');
    expect(document.documentElement.lang).toBe('es');
  });

  it('keeps a saved English preference in a Spanish browser', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    setBrowserLanguages(['es-ES', 'es']);
    expect(createI18n().resolvedLanguage).toBe('en');
  });

  it('uses the browser language when nothing is saved (es-ES gives Spanish)', () => {
    setBrowserLanguages(['es-ES']);
    expect(createI18n().resolvedLanguage).toBe('es');
  });

  it('takes the first supported browser language', () => {
    setBrowserLanguages(['fr-FR', 'es-MX', 'en']);
    expect(createI18n().resolvedLanguage).toBe('es');
  });

  it('ignores an unsupported saved value and falls through to the browser', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    setBrowserLanguages(['es-ES']);
    expect(createI18n().resolvedLanguage).toBe('es');
  });

  it('falls back to English when neither gives a supported language', () => {
    setBrowserLanguages(['fr-FR', 'de']);
    const i18n = createI18n();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('nav.login')).toBe('Log in');
    expect(document.documentElement.lang).toBe('en');
  });

  it('saves a language only when it is chosen, not when it is detected', async () => {
    setBrowserLanguages(['es-ES']);
    const i18n = createI18n();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
    await i18n.changeLanguage('en');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });
});
