/** The site's public origin, fixed at build time (`PUBLIC_URL`, as the server's setting; default loopback). */
declare const __SITE_ORIGIN__: string;

export const SITE_ORIGIN: string = (
  typeof __SITE_ORIGIN__ === 'string' ? __SITE_ORIGIN__ : 'http://localhost:3000'
)
  .trim()
  .replace(/\/+$/, '');

/** An absolute URL on this site, for canonical links, Open Graph and structured data. */
export function absoluteUrl(path: string): string {
  return `${SITE_ORIGIN}${path.startsWith('/') ? path : `/${path}`}`;
}

export const SITE_NAME = 'Cuadra';
/** 1200×630, drawn from the logo (public/og-image.png). */
export const OG_IMAGE_PATH = '/og-image.png';
/** Square logo for structured data publishers (public/logo-512.png). */
export const LOGO_PATH = '/logo-512.png';
