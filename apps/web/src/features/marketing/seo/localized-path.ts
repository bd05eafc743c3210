import type { Locale } from '@cuadra/shared';

/**
 * Public pages exist in both languages at their own addresses: English (the default) at the path itself,
 * Spanish under `/es` (`/es/` for the landing page), so a visitor and a search engine get each language's
 * HTML first.
 */
export const SPANISH_PREFIX = '/es';

export function localizedPath(path: string, language: Locale): string {
  if (language === 'en') return path;
  return path === '/' ? `${SPANISH_PREFIX}/` : `${SPANISH_PREFIX}${path}`;
}

/** The language an address is written in, and the path without its language prefix. */
export function splitLocalizedPath(pathname: string): { language: Locale; path: string } {
  if (pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`)) {
    return { language: 'es', path: pathname.slice(SPANISH_PREFIX.length) || '/' };
  }
  return { language: 'en', path: pathname };
}
