import { DEFAULT_LOCALE, type Locale } from '@cuadra/shared';
import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_NAMESPACE, NAMESPACES, resources } from '../../../i18n/resources';

/**
 * An i18next instance in one given language, with no detection and no side effects (no storage, no
 * `<html lang>`, no events): what the build prerenders with, and what the browser hydrates with before
 * switching to the visitor's language.
 */
export function createFixedI18n(language: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    ns: NAMESPACES,
    defaultNS: DEFAULT_NAMESPACE,
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
