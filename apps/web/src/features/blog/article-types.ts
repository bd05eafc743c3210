import type { Locale } from '@cuadra/shared';
import type { ArticleSlug } from '../../lib/seo/article-slugs';

/** An article's text per language, in the small Markdown subset of markdown.ts. */
export type ArticleContent = Record<Locale, string>;

export type ArticleMeta = {
  slug: ArticleSlug;
  /** ISO dates (YYYY-MM-DD). */
  publishedAt: string;
  modifiedAt: string;
  /** How-to guides also get HowTo structured data (10 minutes to read and apply, spec-2 §3). */
  kind: 'howto' | 'posting';
  title: Record<Locale, string>;
  excerpt: Record<Locale, string>;
  keywords: Record<Locale, readonly string[]>;
  tags: Record<Locale, readonly string[]>;
  /** Minutes, from the word count of each language (a test keeps them in step with the text). */
  readTime: Record<Locale, number>;
};
