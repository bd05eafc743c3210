import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@cuadra/shared';
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { DEFAULT_NAMESPACE, NAMESPACES, resources } from './resources';

/** The spec: "A language change fires a languageChanged event" — on `window`, for code outside React. */
export const LANGUAGE_CHANGED_EVENT = 'languageChanged';
export type LanguageChangedDetail = { language: Locale };

/**
 * Creates an initialised i18next instance. Detection order (spec-2 §4): the saved preference in
 * localStorage (`i18nextLng`), then the browser's languages, then English. Only a language the user
 * actually chooses is saved; a detected one is not, so a browser change still applies until they choose.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(LanguageDetector).init({
    resources,
    ns: NAMESPACES,
    defaultNS: DEFAULT_NAMESPACE,
    supportedLngs: [...LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    load: 'languageOnly',
    // Resources are bundled, so initialisation is synchronous and the first render is translated.
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes what it renders
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LOCALE_STORAGE_KEY,
      caches: [],
      // `es-ES` and `es` are both Spanish: compare the language part only, so the order above decides.
      convertDetectedLanguage: (lng: string) => lng.split(/[-_]/)[0]?.toLowerCase() ?? lng,
    },
    react: { useSuspense: false },
  });

  setDocumentLanguage(toLocale(instance.resolvedLanguage));
  // Registered after init, so only real changes (not the initial detection) are saved and announced.
  instance.on('languageChanged', (lng: string) => {
    const language = toLocale(lng);
    saveLanguagePreference(language);
    setDocumentLanguage(language);
    window.dispatchEvent(
      new CustomEvent<LanguageChangedDetail>(LANGUAGE_CHANGED_EVENT, { detail: { language } }),
    );
  });
  return instance;
}

/** Narrows whatever i18next reports (possibly `es-ES`, or undefined before init) to a supported locale. */
export function toLocale(lng: string | undefined): Locale {
  const language = lng?.slice(0, 2).toLowerCase();
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

function setDocumentLanguage(language: Locale): void {
  document.documentElement.lang = language;
}

function saveLanguagePreference(language: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, language);
  } catch {
    // Storage can be disabled (private modes, strict settings); the language still applies for this visit.
  }
}

/** The application's instance. Tests that need a fresh detection call `createI18n()` themselves. */
export const i18n = createI18n();
