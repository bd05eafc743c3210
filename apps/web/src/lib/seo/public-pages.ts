import { ARTICLE_SLUGS } from './article-slugs';

/** The public pages that are prerendered, in both languages: what visitors without JavaScript see. */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/features',
  '/integrations',
  '/privacy',
  '/terms',
  '/pricing',
  '/credits',
  '/select-plan',
  '/exito',
  '/register/cancel',
  '/payment-cancelled',
  '/help',
  '/blog',
  ...ARTICLE_SLUGS.map((slug) => `/blog/${slug}`),
];
