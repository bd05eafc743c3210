/** The ten article routes under /blog/ of spec-2 §2.1. Only the slugs: titles and texts load per page. */
export const ARTICLE_SLUGS = [
  'automated-invoice-management-restaurant',
  'how-to-automate-invoice-processing',
  'how-to-automate-invoices',
  'invoice-processing-automation',
  'invoice-processing-for-restaurant',
  'restaurant-invoice-automation',
  'restaurant-invoice-processing-software',
  'restaurant-invoice-scanning-software',
  'retail-invoice-automation',
  'retail-invoice-processing-software',
] as const;

export type ArticleSlug = (typeof ARTICLE_SLUGS)[number];
