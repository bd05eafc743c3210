import { useTranslation } from 'react-i18next';
import { toLocale } from '../../i18n/i18n';
import type { PageMetaData } from './meta';
import { PageMeta } from './page-meta';

export type StaticPageId =
  | 'home'
  | 'features'
  | 'integrations'
  | 'privacy'
  | 'terms'
  | 'pricing'
  | 'credits'
  | 'selectPlan'
  | 'success'
  | 'registerCancel'
  | 'paymentCancelled'
  | 'blog'
  | 'help';

/** Title, description and keywords of a page from the `metatags` catalog, in the page's language. */
export function StaticPageMeta({
  page,
  path,
  noindex,
  jsonLd,
}: {
  page: StaticPageId;
  path: string;
  noindex?: boolean;
  jsonLd?: PageMetaData['jsonLd'];
}) {
  const { t, i18n } = useTranslation('metatags');
  const keywords = t(`${page}.keywords` as 'home.keywords', { defaultValue: '' });
  const title = t(`${page}.title`);
  const meta: PageMetaData = {
    title,
    // The landing page's title already names the product.
    fullTitle: page === 'home' ? title : undefined,
    description: t(`${page}.description`),
    keywords: keywords ? keywords.split(',').map((keyword) => keyword.trim()) : undefined,
    path,
    language: toLocale(i18n.resolvedLanguage),
    noindex,
    jsonLd,
  };
  return <PageMeta meta={meta} />;
}
