import { formatLongDate } from '@cuadra/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { toLocale } from '../../i18n/i18n';
import { StaticPageMeta } from '../../lib/seo/static-page-meta';
import { ARTICLES } from './articles';
import { blogStructuredData } from './structured-data';

/** Newest first; ties keep the catalogue's order. */
const BY_DATE = [...ARTICLES].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

export function BlogPage() {
  const { t, i18n } = useTranslation('blog');
  const { t: tmeta } = useTranslation('metatags');
  const language = toLocale(i18n.resolvedLanguage);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <StaticPageMeta
        page="blog"
        path="/blog"
        jsonLd={[blogStructuredData(BY_DATE, language, tmeta('blog.title'), tmeta('blog.description'))]}
      />
      <PageHeader title={t('index.title')}>
        <p>{t('index.subtitle')}</p>
      </PageHeader>
      <ul className="mt-12 grid gap-6 md:grid-cols-2">
        {BY_DATE.map((article) => (
          <li key={article.slug} className="flex">
            <article className="relative flex w-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500">
              <p className="text-sm text-slate-600">
                <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt, language)}</time>
                {' · '}
                {t('readTime', { count: article.readTime[language] })}
              </p>
              <h2 className="mt-2 text-xl font-semibold text-slate-900">
                <Link to={`/blog/${article.slug}`} className="after:absolute after:inset-0">
                  {article.title[language]}
                </Link>
              </h2>
              <p className="mt-3 flex-1 text-slate-600">{article.excerpt[language]}</p>
              <ul aria-label={t('tags')} className="mt-4 flex flex-wrap gap-2">
                {article.tags[language].map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"
                  >
                    {tag}
                  </li>
                ))}
              </ul>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
