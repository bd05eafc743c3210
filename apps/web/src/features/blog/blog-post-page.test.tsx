import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { routes } from '../../router';
import { renderRoutes } from '../../test/render';
import { setPageViewTracker } from './page-views';

// The first visit of a route compiles its lazy modules, which is slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => setPageViewTracker(null));

describe('an article page', () => {
  it('shows the article with its date, read time, author, tags, back link and closing call to action', async () => {
    renderRoutes(routes, '/blog/retail-invoice-automation');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Retail Invoice Automation and the Equivalence Surcharge',
      }),
    ).toBeTruthy();
    expect(screen.getByText('September 16, 2025')).toBeTruthy();
    expect(screen.getByText(/7 min read/)).toBeTruthy();
    expect(screen.getAllByText('The Cuadra team').length).toBeGreaterThan(0);
    expect(screen.getByRole('list', { name: 'Tags' }).textContent).toContain('Retail');
    expect(screen.getByRole('link', { name: /Back to the blog/ }).getAttribute('href')).toBe('/blog');
    expect(screen.getByRole('heading', { name: 'Ready to Automate Your Invoice Processing?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('heading', { level: 2, name: 'What the equivalence surcharge is' })).toBeTruthy();

    await i18n.changeLanguage('es');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Automatizar las facturas de una tienda y el recargo de equivalencia',
      }),
    ).toBeTruthy();
    expect(screen.getByText('16 de septiembre de 2025')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Empieza la prueba gratis' }).getAttribute('href')).toBe(
      '/register',
    );
  });

  it('sets its metadata: title, description, canonical, article tags and JSON-LD', async () => {
    renderRoutes(routes, '/blog/how-to-automate-invoices');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(document.title).toBe('How to Automate Your Invoices Under VeriFactu and E-invoicing · Cuadra'),
    );
    const canonical = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
    expect(canonical).toMatch(/^https?:\/\/[^/]+\/blog\/how-to-automate-invoices$/);
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
    const blocks = [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
    );
    expect(blocks.map((block) => block['@type'])).toEqual(['BlogPosting', 'HowTo']);
    expect(blocks[1]?.totalTime).toBe('PT10M');
  });

  it('reports one page view to the tracker that is plugged in, and none by default', async () => {
    const tracker = vi.fn();
    setPageViewTracker(tracker);
    renderRoutes(routes, '/blog/invoice-processing-automation');
    await screen.findByRole('heading', { level: 1 });
    await i18n.changeLanguage('es');
    await screen.findByRole('heading', { level: 1, name: /Automatización del proceso de facturas/ });
    expect(tracker).toHaveBeenCalledTimes(1);
    expect(tracker).toHaveBeenCalledWith({
      path: '/blog/invoice-processing-automation',
      title: 'Invoice Processing Automation: What It Costs and Where It Pays Off',
      language: 'en',
    });
  });

  it('leaves an unknown article to the not-found page', async () => {
    renderRoutes(routes, '/blog/no-such-article');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
