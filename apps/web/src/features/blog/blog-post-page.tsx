import { formatLongDate } from '@cuadra/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { toLocale } from '../../i18n/i18n';
import type { ArticleSlug } from '../../lib/seo/article-slugs';
import { PageMeta } from '../../lib/seo/page-meta';
import { ArticleCta } from './article-cta';
import type { ArticleContent } from './article-types';
import { ARTICLE_BY_SLUG } from './articles';
import { AuthorAvatar } from './author-avatar';
import { countWords, howToSteps, markdownToHtml } from './markdown';
import { trackPageView } from './page-views';
import { articleStructuredData } from './structured-data';

// The article body is HTML from markdown.ts; these rules give it a readable rhythm without a plugin.
const PROSE = [
  'text-base leading-7 text-slate-700 sm:text-lg sm:leading-8',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-20 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_p]:mt-5 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:mt-2 [&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-2',
  '[&_aside]:mt-6 [&_aside]:rounded-lg [&_aside]:bg-brand-50 [&_aside]:p-4 [&_aside]:text-base [&_aside]:ring-1 [&_aside]:ring-brand-200',
].join(' ');

/** What an article route carries (set by blog-routes.tsx when its chunk loads). */
export type ArticleHandle = { slug: ArticleSlug; content: ArticleContent };

/** The component of every article route: the article is in the matched route's handle. */
export function BlogPostRoute() {
  const handle = useMatches().at(-1)?.handle as ArticleHandle | undefined;
  if (!handle) throw new Error('An article route has no article');
  return <BlogPostPage slug={handle.slug} content={handle.content} />;
}

export function BlogPostPage({ slug, content }: { slug: ArticleSlug; content: ArticleContent }) {
  const { t, i18n } = useTranslation('blog');
  const language = toLocale(i18n.resolvedLanguage);
  const article = ARTICLE_BY_SLUG[slug];
  const source = content[language];
  const html = useMemo(() => markdownToHtml(source), [source]);
  const wordCount = useMemo(() => countWords(source), [source]);
  const path = `/blog/${slug}`;
  const title = article.title[language];
  const authorName = t('author.name');

  // One view per visit of an article, not one more per language switch.
  const view = useRef({ path, title, language });
  view.current = { path, title, language };
  useEffect(() => {
    trackPageView({ ...view.current, path });
  }, [path]);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PageMeta
        meta={{
          title,
          description: article.excerpt[language],
          keywords: article.keywords[language],
          path,
          language,
          type: 'article',
          article: {
            publishedTime: article.publishedAt,
            modifiedTime: article.modifiedAt,
            tags: article.tags[language],
            author: authorName,
          },
          jsonLd: articleStructuredData({
            article,
            language,
            authorName,
            wordCount,
            steps: article.kind === 'howto' ? howToSteps(source) : [],
          }),
        }}
      />
      <Link
        to="/blog"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <span aria-hidden="true">←</span> {t('back')}
      </Link>
      <article className="mt-6">
        <div>
          <ul aria-label={t('tags')} className="flex flex-wrap gap-2">
            {article.tags[language].map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 ring-1 ring-brand-200"
              >
                {tag}
              </li>
            ))}
          </ul>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {title}
          </h1>
          <p className="mt-4 text-lg text-pretty text-slate-600">{article.excerpt[language]}</p>
          <div className="mt-6 flex items-center gap-3 border-y border-slate-200 py-4 text-sm text-slate-600">
            <AuthorAvatar className="size-10" />
            <p>
              <span className="font-medium text-slate-900">{authorName}</span>
              <br />
              <span className="sr-only">{t('published')}: </span>
              <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt, language)}</time>
              {' · '}
              {t('readTime', { count: article.readTime[language] })}
            </p>
          </div>
        </div>
        {/* Our own text, converted and escaped by markdown.ts. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, escaped article HTML */}
        <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />
        <aside
          aria-label={t('by')}
          className="mt-12 flex gap-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200"
        >
          <AuthorAvatar className="size-12 shrink-0" />
          <div>
            <p className="text-sm text-slate-600">{t('by')}</p>
            <p className="font-semibold text-slate-900">{authorName}</p>
            <p className="mt-2 text-sm text-slate-600">{t('author.bio')}</p>
          </div>
        </aside>
      </article>
      <ArticleCta />
    </div>
  );
}
