import { describe, expect, it } from 'vitest';
import { applyPageMeta, type PageMetaData, removePageMeta, renderHeadTags } from './meta';

const META: PageMetaData = {
  title: 'Fees & "extras" <none>',
  description: 'A description long enough to be a real one, with an ampersand & quotes "here".',
  keywords: ['one', 'two'],
  path: '/features',
  language: 'es',
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'Thing', name: '</script><b>' }],
};

describe('page metadata', () => {
  it('renders escaped head tags with an absolute canonical URL, social tags and JSON-LD', () => {
    const html = renderHeadTags(META);
    expect(html).toContain('<title>Fees &amp; "extras" &lt;none&gt; · Cuadra</title>');
    expect(html).toContain(
      'content="A description long enough to be a real one, with an ampersand &amp; quotes &quot;here&quot;."',
    );
    expect(html).toMatch(/<link data-page-meta rel="canonical" href="https?:\/\/[^"]+\/features" \/>/);
    expect(html).toContain('property="og:locale" content="es_ES"');
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('\\u003c/script>\\u003cb>');
  });

  it('replaces the previous page’s tags in the browser, and removes them when a page without any follows', () => {
    document.head.innerHTML = '<meta name="description" content="shell default"><title>Shell</title>';
    applyPageMeta({ ...META, title: 'First', path: '/first' });
    applyPageMeta({ ...META, title: 'Second', path: '/second', jsonLd: undefined });
    expect(document.title).toBe('Second · Cuadra');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/second$/);
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    removePageMeta();
    expect(document.head.querySelector('[data-page-meta]')).toBeNull();
  });
});
