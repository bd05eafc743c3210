import type { Locale } from '@cuadra/shared';

/**
 * Public pages exist in both languages at their own addresses: English (the default) at the path itself,
 * Spanish under `/es` (`/es/` for the landing page), so a visitor and a search engine get each language's
 * HTML first.
 */
export const SPANISH_PREFIX = '/es';

/**
 * Pages whose Spanish address is a Spanish word, not the English path under `/es` (issue 19: the pricing
 * page is `/es/precios`). Every other page keeps its English path.
 */
const SPANISH_SLUGS: Readonly<Record<string, string>> = { '/pricing': '/precios' };
const ENGLISH_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SPANISH_SLUGS).map(([english, spanish]) => [spanish, english]),
);

export function localizedPath(path: string, language: Locale): string {
  if (language === 'en') return path;
  return path === '/' ? `${SPANISH_PREFIX}/` : `${SPANISH_PREFIX}${SPANISH_SLUGS[path] ?? path}`;
}

/** The language an address is written in, and the (English) path without its language prefix. */
export function splitLocalizedPath(pathname: string): { language: Locale; path: string } {
  if (pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`)) {
    const rest = pathname.slice(SPANISH_PREFIX.length) || '/';
    return { language: 'es', path: ENGLISH_PATHS[rest] ?? rest };
  }
  return { language: 'en', path: pathname };
}
