/**
 * The build's server entry: renders a public route to HTML with its metadata, for
 * scripts/prerender.mjs. Not part of the browser bundle.
 */
import { LOCALES, type Locale } from '@cuadra/shared';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from './app-providers';
import { ARTICLES } from './features/blog/articles';
import { createFixedI18n } from './features/marketing/seo/fixed-i18n';
import { createQueryClient } from './lib/query-client';
import { ARTICLE_SLUGS } from './lib/seo/article-slugs';
import { localizedPath } from './lib/seo/localized-path';
import { type PageMetaData, renderHeadTags } from './lib/seo/meta';
import { MetaCollectorContext } from './lib/seo/page-meta';
import { absoluteUrl, SITE_ORIGIN } from './lib/seo/site';
import { routes } from './router';

export { PRERENDERED_ATTRIBUTE } from './features/marketing/seo/hydrate';
export { localizedPath } from './lib/seo/localized-path';

/**
 * A query client for one server render. Queries started while rendering would otherwise arm their cache's
 * garbage-collection timers (five minutes by default; TanStack Query only skips them where it sees no
 * `window`, and the prerender gives the app's modules a jsdom one), and those timers kept the prerender
 * process alive for five minutes after its pages were written. Nothing is collected during a render, and
 * `clear()` afterwards drops what the render cached.
 */
function renderQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, gcTime: Number.POSITIVE_INFINITY },
  });
  return queryClient;
}

export type PrerenderPage = {
  /** The English address; the Spanish one is `localizedPath(path, 'es')`. */
  path: string;
  /** The source modules the page's route loads, so their chunks can be preloaded. */
  modules: readonly string[];
  /** Listed in sitemap.xml (payment outcomes are not). */
  inSitemap: boolean;
};

const BLOG_POST_MODULES = ['src/features/blog/blog-post-page.tsx'];

/** Every public page that is prerendered: the site search engines and visitors without JavaScript see. */
export const PRERENDER_PAGES: readonly PrerenderPage[] = [
  { path: '/', modules: ['src/features/marketing/home-page.tsx'], inSitemap: true },
  { path: '/features', modules: ['src/features/marketing/features-page.tsx'], inSitemap: true },
  { path: '/integrations', modules: ['src/features/marketing/integrations-page.tsx'], inSitemap: true },
  { path: '/privacy', modules: ['src/features/marketing/privacy-page.tsx'], inSitemap: true },
  { path: '/terms', modules: ['src/features/marketing/terms-page.tsx'], inSitemap: true },
  { path: '/pricing', modules: ['src/features/checkout/pricing-page.tsx'], inSitemap: true },
  { path: '/credits', modules: ['src/features/checkout/credits-page.tsx'], inSitemap: true },
  { path: '/select-plan', modules: ['src/features/checkout/select-plan-page.tsx'], inSitemap: true },
  { path: '/exito', modules: ['src/features/checkout/success-page.tsx'], inSitemap: false },
  { path: '/register/cancel', modules: ['src/features/checkout/register-cancel-page.tsx'], inSitemap: false },
  {
    path: '/payment-cancelled',
    modules: ['src/features/checkout/payment-cancelled-page.tsx'],
    inSitemap: false,
  },
  { path: '/help', modules: ['src/features/contact/help-page.tsx'], inSitemap: true },
  { path: '/blog', modules: ['src/features/blog/blog-page.tsx'], inSitemap: true },
  ...ARTICLE_SLUGS.map((slug) => ({
    path: `/blog/${slug}`,
    modules: [...BLOG_POST_MODULES, `src/features/blog/content/${slug}.ts`],
    inSitemap: true,
  })),
];

/** Every address the app answers (patterns such as `/customer/:customerId`); the server 404s the rest. */
export function clientRoutePatterns(): string[] {
  const patterns: string[] = [];
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      if (route.path && route.path !== '*') patterns.push(route.path);
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  return [...new Set(patterns)];
}

/** The not-found page, for the server to answer unknown addresses with (status 404). */
export async function renderNotFound(language: Locale): Promise<{ appHtml: string; title: string }> {
  const i18n = createFixedI18n(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(absoluteUrl('/__not-found__')));
  if (context instanceof Response) throw new Error('the not-found page answered with a redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = renderQueryClient();
  const appHtml = renderToString(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  queryClient.clear();
  return { appHtml, title: `${i18n.t('notFound.title')} · Cuadra` };
}

export type RenderedPage = { status: number; appHtml: string; headTags: string; meta: PageMetaData };

/** Renders one route as a visitor sees it on first load, at its address in `language`. */
export async function renderPage(path: string, language: Locale): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(absoluteUrl(localizedPath(path, language))));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const collected: PageMetaData[] = [];
  const queryClient = renderQueryClient();
  const appHtml = renderToString(
    <MetaCollectorContext.Provider value={collected}>
      <AppProviders i18n={createFixedI18n(language)} queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </MetaCollectorContext.Provider>,
  );
  queryClient.clear();
  const meta = collected.at(-1);
  if (!meta) throw new Error(`${path} rendered no page metadata`);
  return { status: context.statusCode, appHtml, headTags: renderHeadTags(meta), meta };
}

/**
 * The sitemap: every page in both languages, each naming its alternates; articles carry their last real
 * change, other pages no date rather than a made-up one.
 */
export function sitemapXml(pages: readonly PrerenderPage[]): string {
  const modified = new Map(ARTICLES.map((article) => [`/blog/${article.slug}`, article.modifiedAt]));
  const urls = pages
    .filter((page) => page.inSitemap)
    .flatMap((page) => {
      const lastmod = modified.get(page.path);
      const alternates = LOCALES.map(
        (language) =>
          `<xhtml:link rel="alternate" hreflang="${language}" href="${absoluteUrl(localizedPath(page.path, language))}"/>`,
      ).join('');
      return LOCALES.map(
        (language) =>
          `  <url><loc>${absoluteUrl(localizedPath(page.path, language))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`,
      );
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dev/\n\nSitemap: ${SITE_ORIGIN}/sitemap.xml\n`;
}
