import type { RouteObject } from 'react-router';
import { ARTICLE_SLUGS } from '../../lib/seo/article-slugs';
import type { ArticleContent } from './article-types';
import type { ArticleHandle } from './blog-post-page';

// One chunk per article: a reader downloads only the article they open.
const CONTENT = import.meta.glob<{ content: ArticleContent }>('./content/*.ts');

/** A route per article, so an unknown slug falls through to the not-found page. */
export const BLOG_ARTICLE_ROUTES: RouteObject[] = ARTICLE_SLUGS.map((slug) => ({
  path: `/blog/${slug}`,
  lazy: async () => {
    const load = CONTENT[`./content/${slug}.ts`];
    if (!load) throw new Error(`No content for the article ${slug}`);
    const [{ BlogPostRoute }, { content }] = await Promise.all([import('./blog-post-page'), load()]);
    const handle: ArticleHandle = { slug, content };
    return { Component: BlogPostRoute, handle };
  },
}));
