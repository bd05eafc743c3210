export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
/** The spec: fall back to English when neither the saved preference nor the browser gives a language. */
export const DEFAULT_LOCALE: Locale = 'en';
/** The spec's local-storage key for the language preference. */
export const LOCALE_STORAGE_KEY = 'i18nextLng';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks a supported locale from a tag such as `es-ES` or an Accept-Language header. */
export function pickLocale(header: string | null | undefined): Locale {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}
