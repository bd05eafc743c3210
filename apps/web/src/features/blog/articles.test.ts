import { LOCALES } from '@cuadra/shared';
import { describe, expect, it } from 'vitest';
import { ARTICLE_SLUGS } from '../../lib/seo/article-slugs';
import type { ArticleContent } from './article-types';
import { ARTICLES } from './articles';
import { countWords, howToSteps, markdownToHtml, readTimeMinutes } from './markdown';

const CONTENT = import.meta.glob<{ content: ArticleContent }>('./content/*.ts', { eager: true });
const contentOf = (slug: string) => CONTENT[`./content/${slug}.ts`]?.content;

describe('the blog articles', () => {
  it('are the ten of spec-2 §2.1, each with its catalogue entry and its text', () => {
    expect(ARTICLE_SLUGS).toHaveLength(10);
    expect(ARTICLES.map((article) => article.slug).sort()).toEqual([...ARTICLE_SLUGS].sort());
    for (const slug of ARTICLE_SLUGS) expect(contentOf(slug), slug).toBeTruthy();
  });

  it.each(ARTICLE_SLUGS)('%s has 1,400–1,900 words in each language, and the read time it shows', (slug) => {
    const article = ARTICLES.find((entry) => entry.slug === slug);
    for (const language of LOCALES) {
      const words = countWords(contentOf(slug)?.[language] ?? '');
      expect(words, `${slug} ${language}`).toBeGreaterThanOrEqual(1400);
      expect(words, `${slug} ${language}`).toBeLessThanOrEqual(1900);
      expect(article?.readTime[language]).toBe(readTimeMinutes(words));
    }
  });

  it.each(ARTICLE_SLUGS)(
    '%s has a title, excerpt, keywords and tags in both languages, and no filler',
    (slug) => {
      const article = ARTICLES.find((entry) => entry.slug === slug);
      for (const language of LOCALES) {
        expect(article?.title[language].length).toBeGreaterThan(20);
        expect(article?.excerpt[language].length).toBeGreaterThan(80);
        expect(article?.keywords[language].length).toBeGreaterThanOrEqual(3);
        expect(article?.tags[language].length).toBeGreaterThanOrEqual(2);
        const text = `${article?.title[language]} ${article?.excerpt[language]} ${contentOf(slug)?.[language]}`;
        expect(text).not.toMatch(/lorem|ipsum|\{\{|undefined|placeholder/i);
        expect(text).not.toMatch(/\bTODO\b|\bTBD\b|XXX/);
      }
      expect(article?.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(article && article.modifiedAt >= article.publishedAt).toBe(true);
    },
  );

  it('gives the how-to guides numbered steps in both languages, the same number in each', () => {
    for (const article of ARTICLES.filter((entry) => entry.kind === 'howto')) {
      const en = howToSteps(contentOf(article.slug)?.en ?? '');
      const es = howToSteps(contentOf(article.slug)?.es ?? '');
      expect(en.length, article.slug).toBeGreaterThanOrEqual(5);
      expect(es.length, article.slug).toBe(en.length);
    }
  });

  it('only links to pages of the site', () => {
    for (const slug of ARTICLE_SLUGS) {
      for (const language of LOCALES) {
        const html = markdownToHtml(contentOf(slug)?.[language] ?? '');
        for (const [, href] of html.matchAll(/href="([^"]+)"/g)) {
          expect(href, slug).toMatch(/^\/(blog\/[a-z-]+|features|credits|integrations)?$/);
          if (href?.startsWith('/blog/')) expect(ARTICLE_SLUGS).toContain(href.slice(6));
        }
      }
    }
  });
});

describe('the article markup', () => {
  it('turns headings, lists, emphasis, notes and site links into HTML, escaping everything else', () => {
    const html = markdownToHtml(
      '## Step 1: Read <it>\n\nA **bold** and *soft* [link](/features).\n\n- one\n- two\n\n1. first\n2. second\n\n> note',
    );
    expect(html).toBe(
      [
        '<h2 id="step-1-read-it">Step 1: Read &lt;it&gt;</h2>',
        '<p>A <strong>bold</strong> and <em>soft</em> <a href="/features">link</a>.</p>',
        '<ul><li>one</li><li>two</li></ul>',
        '<ol><li>first</li><li>second</li></ol>',
        '<aside>note</aside>',
      ].join('\n'),
    );
  });

  it('counts words, not marks, and reads at 200 words a minute', () => {
    expect(countWords('## Título\n\n- **uno**, dos; 3 €')).toBe(4);
    expect(readTimeMinutes(1500)).toBe(8);
    expect(readTimeMinutes(10)).toBe(1);
  });
});
