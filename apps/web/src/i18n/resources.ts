import type { Locale } from '@cuadra/shared';
import { errorsCatalog } from './errors';
import enTranslation from './locales/en/translation.json';
import esTranslation from './locales/es/translation.json';

/**
 * Every catalog, bundled, so the first render already has its texts (no flash of keys, no request).
 * A new namespace is one JSON file per locale under `locales/<locale>/` plus one line per locale here;
 * `catalog-parity.test.ts` then checks that both languages have the same keys.
 */
export const resources = {
  en: { translation: enTranslation, errors: errorsCatalog('en') },
  es: { translation: esTranslation, errors: errorsCatalog('es') },
} satisfies Record<Locale, Record<string, unknown>>;

export type Namespace = keyof (typeof resources)['en'];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
export const DEFAULT_NAMESPACE = 'translation' satisfies Namespace;

/** The ids of the pages that have a title and a description in the catalog. */
export type PageId = keyof (typeof enTranslation)['pages'];
