import type { Locale } from '@cuadra/shared';
import { absoluteUrl, LOGO_PATH, OG_IMAGE_PATH, SITE_NAME, SITE_ORIGIN } from '../../lib/seo/site';
import type { ArticleMeta } from './article-types';
import { slugify } from './markdown';

/** How long a how-to takes to read and apply (spec-2 §3: totalTime of 10 minutes). */
export const HOW_TO_TOTAL_TIME = 'PT10M';

const IN_LANGUAGE: Record<Locale, string> = { en: 'en', es: 'es-ES' };

function publisher() {
  return {
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${SITE_ORIGIN}/`,
    logo: { '@type': 'ImageObject', url: absoluteUrl(LOGO_PATH), width: 512, height: 512 },
  };
}

/** BlogPosting for every article, plus HowTo (with its steps) for the how-to guides. */
export function articleStructuredData(options: {
  article: ArticleMeta;
  language: Locale;
  authorName: string;
  wordCount: number;
  steps: readonly string[];
}): Record<string, unknown>[] {
  const { article, language, authorName, wordCount, steps } = options;
  const url = absoluteUrl(`/blog/${article.slug}`);
  const posting = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title[language],
    description: article.excerpt[language],
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: absoluteUrl(OG_IMAGE_PATH),
    datePublished: article.publishedAt,
    dateModified: article.modifiedAt,
    inLanguage: IN_LANGUAGE[language],
    author: { '@type': 'Organization', name: authorName, url: absoluteUrl('/blog') },
    publisher: publisher(),
    keywords: article.keywords[language].join(', '),
    articleSection: article.tags[language][0],
    wordCount,
  };
  if (article.kind !== 'howto' || steps.length === 0) return [posting];
  const howTo = {
    '@context': 'https://schema.org',
    '@type': 'HowTo',
    name: article.title[language],
    description: article.excerpt[language],
    url,
    image: absoluteUrl(OG_IMAGE_PATH),
    inLanguage: IN_LANGUAGE[language],
    totalTime: HOW_TO_TOTAL_TIME,
    step: steps.map((name, index) => ({
      '@type': 'HowToStep',
      position: index + 1,
      name,
      url: `${url}#${slugify(`${language === 'es' ? 'Paso' : 'Step'} ${index + 1}: ${name}`)}`,
    })),
  };
  return [posting, howTo];
}

/** The blog index as a schema.org Blog listing its posts. */
export function blogStructuredData(
  articles: readonly ArticleMeta[],
  language: Locale,
  name: string,
  description: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name,
    description,
    url: absoluteUrl('/blog'),
    inLanguage: IN_LANGUAGE[language],
    publisher: publisher(),
    blogPost: articles.map((article) => ({
      '@type': 'BlogPosting',
      headline: article.title[language],
      url: absoluteUrl(`/blog/${article.slug}`),
      datePublished: article.publishedAt,
      dateModified: article.modifiedAt,
    })),
  };
}
