import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, connectBrowser, hasBrowser, newContext, openLive } from './support/browser';

const ARTICLES = [
  'automated-invoice-management-restaurant',
  'how-to-automate-invoice-processing',
  'how-to-automate-invoices',
  'invoice-processing-automation',
  'invoice-processing-for-restaurant',
  'restaurant-invoice-automation',
  'restaurant-invoice-processing-software',
  'restaurant-invoice-scanning-software',
  'retail-invoice-automation',
  'retail-invoice-processing-software',
];
const HOW_TO = ['how-to-automate-invoice-processing', 'how-to-automate-invoices'];

const PUBLIC_PAGES = [
  '/',
  '/features',
  '/integrations',
  '/privacy',
  '/terms',
  '/pricing',
  '/credits',
  '/select-plan',
  '/exito',
  '/register/cancel',
  '/payment-cancelled',
  '/blog',
  ...ARTICLES.map((slug) => `/blog/${slug}`),
];

// Text that betrays unfilled metadata: template markers, stringified nothing, filler.
const PLACEHOLDER =
  /\{\{|\}\}|\$\{|undefined|\bnull\b|\[object Object\]|\bNaN\b|lorem|ipsum|placeholder|\bTODO\b|\bTBD\b|XXX|example\.com/i;

async function rawHtml(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
  return { status: res.status, html: await res.text() };
}

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | null {
  const tag = head(html).match(new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1] ?? null;
}

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

/** Every string in a JSON value, and every number or null as text (a null is itself a missing value). */
function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (typeof value === 'object') return Object.values(value as object).flatMap(stringValues);
  return [];
}

describe('the public site as search engines read it (raw HTML)', () => {
  it.each(PUBLIC_PAGES)(
    '%s answers 200 with its title, description and content in the HTML',
    async (path) => {
      const { status, html } = await rawHtml(path);
      expect(status).toBe(200);
      const title = head(html).match(/<title>([^<]+)<\/title>/)?.[1] ?? '';
      expect(title.length).toBeGreaterThan(5);
      expect(title).toContain('Cuadra');
      const description = metaContent(html, 'name', 'description') ?? '';
      expect(description.length).toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(200);
      const canonical = head(html).match(/<link[^>]*rel="canonical"[^>]*href="([^"]+)"/)?.[1] ?? '';
      expect(canonical).toMatch(/^https?:\/\/[^/]+/);
      expect(new URL(canonical).pathname).toBe(path);
      expect(metaContent(html, 'property', 'og:url')).toBe(canonical);
      expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(html).toMatch(/<html lang="en"/);
      // Readable without JavaScript: the page's heading is in the HTML itself.
      expect(html).toMatch(/<div id="root" data-prerendered="en"><[\s\S]*<h1[^>]*>[^<]+/);
    },
  );

  it('no page carries placeholder metadata', async () => {
    for (const path of PUBLIC_PAGES) {
      const { html } = await rawHtml(path);
      const tags = head(html).match(/<(title|meta|link)[^>]*>[^<]*/g) ?? [];
      for (const tag of tags) expect(tag, `${path}: ${tag}`).not.toMatch(PLACEHOLDER);
      for (const value of jsonLdBlocks(html).flatMap(stringValues)) {
        expect(value, path).not.toMatch(PLACEHOLDER);
      }
    }
  });

  it.each(ARTICLES)('/blog/%s has valid article metadata and JSON-LD', async (slug) => {
    const { html } = await rawHtml(`/blog/${slug}`);
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'name', 'keywords')?.split(',').length).toBeGreaterThanOrEqual(3);
    const blocks = jsonLdBlocks(html);
    const posting = blocks.find((block) => block['@type'] === 'BlogPosting');
    if (!posting) throw new Error(`/blog/${slug} has no BlogPosting`);
    expect(posting['@context']).toBe('https://schema.org');
    expect(String(posting.headline).length).toBeGreaterThan(10);
    expect(posting.url).toMatch(new RegExp(`^https?://[^/]+/blog/${slug}$`));
    expect(String(posting.datePublished)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String(posting.dateModified)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((posting.author as { name?: string }).name).toBeTruthy();
    expect((posting.publisher as { logo?: { url?: string } }).logo?.url).toMatch(/^https?:\/\/.+\.png$/);
    expect(posting.wordCount).toBeGreaterThanOrEqual(1400);
    expect(posting.wordCount).toBeLessThanOrEqual(1900);
    const howTo = blocks.find((block) => block['@type'] === 'HowTo');
    if (HOW_TO.includes(slug)) {
      expect(howTo?.totalTime).toBe('PT10M');
      expect(Array.isArray(howTo?.step) && howTo.step.length).toBeGreaterThanOrEqual(3);
    } else {
      expect(howTo).toBeUndefined();
    }
  });

  it('publishes sitemap.xml and robots.txt', async () => {
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toContain('xml');
    const xml = await sitemap.text();
    for (const slug of ARTICLES) expect(xml).toContain(`/blog/${slug}</loc>`);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/features<\/loc>/);
    expect(xml).not.toContain('/exito');
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });

  it('serves the images the metadata points to', async () => {
    for (const path of ['/og-image.png', '/logo-512.png']) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
  });

  it('sends the pages and scripts compressed', async () => {
    const page = await fetch(`${baseUrl}/features`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('<h1');
  });
});

describe.skipIf(!hasBrowser)('the public site in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  function collectErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    return errors;
  }

  it('landing → Spanish → an FAQ answer → pricing → start free', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectErrors(page);

    await openLive(page, '/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Invoice capture that adds up');
    expect(await page.locator('a[href="/select-plan"]').count()).toBe(2);

    await page.getByLabel('Language').selectOption({ label: 'Español' });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Facturas que cuadran');
    await expect.poll(() => page.title()).toContain('captura de facturas');

    const question = page.locator('summary', { hasText: '¿Hay costes ocultos?' });
    await question.click();
    await expect.poll(() => question.locator('xpath=..').getAttribute('open')).toBe('');
    expect(await page.getByText('No hay suscripción ni cuota de alta').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Ver las ofertas de lanzamiento' }).click();
    await expect.poll(() => page.url()).toMatch(/#prices$/);
    const prices = page.locator('#prices');
    expect(await prices.getByText('El más popular').isVisible()).toBe(true);
    expect(await prices.getByText('Ahorra un 56%').isVisible()).toBe(true);
    expect(await prices.locator('s').first().textContent()).toBe('9\u00a0€');

    await prices.getByRole('link', { name: 'Comprar el Paquete grande de créditos' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/start-free');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('highlights the sample invoice once it is scrolled into view', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openLive(page, '/');
    const demo = page.locator('[data-revealed]');
    expect(await demo.getAttribute('data-revealed')).toBe('false');
    await page.locator('#demo-title').scrollIntoViewIfNeeded();
    await demo.scrollIntoViewIfNeeded();
    await expect.poll(() => demo.getAttribute('data-revealed')).toBe('true');
    expect(await page.locator('[data-revealed] ol > li').count()).toBe(11);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    expect(await demo.getAttribute('data-revealed')).toBe('true');
    await context.close();
  });

  it('hydrates an article for a Spanish reader, in Spanish, without errors', async () => {
    const context = await newContext(browser, { locale: 'es-ES' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/blog/how-to-automate-invoices');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Cómo automatizar tus facturas con VeriFactu y la factura electrónica');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.getByRole('link', { name: 'Empieza la prueba gratis' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(await page.getByRole('link', { name: 'Volver al blog' }).getAttribute('href')).toBe('/blog');
    expect(await page.getByText('29 de julio de 2025').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is readable without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog/retail-invoice-automation');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Retail Invoice Automation and the Equivalence Surcharge',
    );
    expect(await page.getByText('Ready to Automate Your Invoice Processing?').isVisible()).toBe(true);
    await page.goto('/');
    expect(await page.locator('#prices').getByText('Most popular').isVisible()).toBe(true);
    await context.close();
  });

  it('sends a visitor who holds a valid token from the landing page to the dashboard', async () => {
    const context = await newContext(browser);
    const payload = Buffer.from(
      JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url');
    const user = { id: '0190c0de-0000-7000-8000-000000000001', name: 'Ana', email: 'ana@example.org' };
    await context.addInitScript(
      ([token, stored]) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('user', stored);
      },
      [`e30.${payload}.sig`, JSON.stringify(user)] as const,
    );
    const page = await context.newPage();
    await openLive(page, '/');
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/');
    expect(new URL(page.url()).pathname).toMatch(/^\/(dashboard|login)/);
    await context.close();
  });

  it('serves every public page in Spanish under /es, each naming its other language', async () => {
    const res = await fetch(`${baseUrl}/es/features`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toMatch(/rel="alternate" hreflang="en" href="[^"]*\/features"/);
    expect(html).toMatch(/rel="alternate" hreflang="es" href="[^"]*\/es\/features"/);
    expect(html).toMatch(/rel="canonical" href="[^"]*\/es\/features"/);
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/es\/blog<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]*\/blog<\/loc>/);
  });

  it('sends only its small loader until the visitor engages, then the app; a click meanwhile is kept', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.map((url) => new URL(url).pathname)).toEqual([
      expect.stringMatching(/^\/assets\/hydrate-/),
    ]);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);

    // The phone menu's button, clicked before the app is live: the menu opens once it is.
    const menuButton = page.getByRole('button', { name: /menu/i });
    await menuButton.click();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(scripts.length).toBeGreaterThan(1);
    await context.close();
  });

  it('opens the Spanish page when the language is chosen before the app is live, and remembers it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/features');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    await page.locator('select[data-language-switch]').selectOption('es');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/es/features');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.goto('/blog');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/es/blog');
    await context.close();
  });
});
