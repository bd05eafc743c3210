import type { Locale } from '@cuadra/shared';

/** A publish date in the long format of the page's language: "July 29, 2025" / "29 de julio de 2025". */
export function formatPublishDate(isoDate: string, language: Locale): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}
