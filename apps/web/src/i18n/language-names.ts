import type { Locale } from '@cuadra/shared';

/** Each language is named in itself, so a reader of either can find theirs. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };
