import { LOCALES, type Locale } from '@cuadra/shared';
import { localizedPath } from './localized-path';
import { absoluteUrl, OG_IMAGE_PATH, SITE_NAME } from './site';

/** Everything a public page says about itself in `<head>`. */
export type PageMetaData = {
  /** The page's own title; the tab shows "<title> · Cuadra" unless `fullTitle` is set. */
  title: string;
  fullTitle?: string;
  description: string;
  keywords?: readonly string[];
  /** The path without origin, query or language prefix, e.g. "/blog/how-to-automate-invoices". */
  path: string;
  language: Locale;
  type?: 'website' | 'article';
  /** Pages that should not appear in search results (payment outcomes). */
  noindex?: boolean;
  article?: { publishedTime: string; modifiedTime: string; tags: readonly string[]; author: string };
  /** Structured data (schema.org JSON-LD), one object per block. */
  jsonLd?: readonly Record<string, unknown>[];
};

/** Marks the tags this module owns, so a later page can replace them and nothing else. */
export const META_ATTRIBUTE = 'data-page-meta';

const OG_LOCALE: Record<Locale, string> = { en: 'en_GB', es: 'es_ES' };

export function documentTitle(meta: PageMetaData): string {
  return meta.fullTitle ?? `${meta.title} · ${SITE_NAME}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON inside <script>: "<" escaped so no text can close the element. */
export function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

type Tag = { tag: 'meta' | 'link'; attributes: Record<string, string> };

function metaTags(meta: PageMetaData): Tag[] {
  const url = absoluteUrl(localizedPath(meta.path, meta.language));
  const title = documentTitle(meta);
  const image = absoluteUrl(OG_IMAGE_PATH);
  const tags: Tag[] = [{ tag: 'meta', attributes: { name: 'description', content: meta.description } }];
  if (meta.keywords?.length) {
    tags.push({ tag: 'meta', attributes: { name: 'keywords', content: meta.keywords.join(', ') } });
  }
  if (meta.noindex) tags.push({ tag: 'meta', attributes: { name: 'robots', content: 'noindex' } });
  tags.push(
    { tag: 'link', attributes: { rel: 'canonical', href: url } },
    // The same page in each language, and the default for readers of neither.
    ...(meta.noindex
      ? []
      : [...LOCALES, 'x-default' as const].map(
          (hreflang): Tag => ({
            tag: 'link',
            attributes: {
              rel: 'alternate',
              hreflang,
              href: absoluteUrl(localizedPath(meta.path, hreflang === 'x-default' ? 'en' : hreflang)),
            },
          }),
        )),
    { tag: 'meta', attributes: { property: 'og:type', content: meta.type ?? 'website' } },
    { tag: 'meta', attributes: { property: 'og:site_name', content: SITE_NAME } },
    { tag: 'meta', attributes: { property: 'og:title', content: title } },
    { tag: 'meta', attributes: { property: 'og:description', content: meta.description } },
    { tag: 'meta', attributes: { property: 'og:url', content: url } },
    { tag: 'meta', attributes: { property: 'og:locale', content: OG_LOCALE[meta.language] } },
    { tag: 'meta', attributes: { property: 'og:image', content: image } },
    { tag: 'meta', attributes: { property: 'og:image:width', content: '1200' } },
    { tag: 'meta', attributes: { property: 'og:image:height', content: '630' } },
  );
  if (meta.article) {
    tags.push(
      {
        tag: 'meta',
        attributes: { property: 'article:published_time', content: meta.article.publishedTime },
      },
      { tag: 'meta', attributes: { property: 'article:modified_time', content: meta.article.modifiedTime } },
      { tag: 'meta', attributes: { property: 'article:author', content: meta.article.author } },
      ...meta.article.tags.map(
        (tag): Tag => ({ tag: 'meta', attributes: { property: 'article:tag', content: tag } }),
      ),
    );
  }
  tags.push(
    { tag: 'meta', attributes: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attributes: { name: 'twitter:title', content: title } },
    { tag: 'meta', attributes: { name: 'twitter:description', content: meta.description } },
    { tag: 'meta', attributes: { name: 'twitter:image', content: image } },
  );
  return tags;
}

/** The head tags of a page as HTML (for the prerendered file), title included. */
export function renderHeadTags(meta: PageMetaData): string {
  const lines = [`<title>${escapeHtml(documentTitle(meta))}</title>`];
  for (const { tag, attributes } of metaTags(meta)) {
    const attrs = Object.entries(attributes)
      .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
      .join(' ');
    lines.push(`<${tag} ${META_ATTRIBUTE} ${attrs} />`);
  }
  for (const block of meta.jsonLd ?? []) {
    lines.push(`<script type="application/ld+json" ${META_ATTRIBUTE}>${serializeJsonLd(block)}</script>`);
  }
  return lines.join('\n    ');
}

/** Selectors of the tags a page's metadata replaces, including the defaults of the app shell. */
const OWNED_SELECTOR = [
  `[${META_ATTRIBUTE}]`,
  'meta[name="description"]',
  'meta[name="keywords"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][hreflang]',
].join(',');

/** In the browser: replaces the previous page's tags with this page's. */
export function applyPageMeta(meta: PageMetaData, doc: Document = document): void {
  doc.title = documentTitle(meta);
  for (const element of doc.head.querySelectorAll(OWNED_SELECTOR)) element.remove();
  for (const { tag, attributes } of metaTags(meta)) {
    const element = doc.createElement(tag);
    element.setAttribute(META_ATTRIBUTE, '');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    doc.head.append(element);
  }
  for (const block of meta.jsonLd ?? []) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.setAttribute(META_ATTRIBUTE, '');
    script.textContent = serializeJsonLd(block);
    doc.head.append(script);
  }
}

/** When a page with metadata is left for one without: its tags must not describe the next page. */
export function removePageMeta(doc: Document = document): void {
  for (const element of doc.head.querySelectorAll(`[${META_ATTRIBUTE}]`)) element.remove();
}
