import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { routes } from '../../router';
import { renderRoutes } from '../../test/render';

configure({ asyncUtilTimeout: 10_000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** What a visitor reads on one page: each plan card's and pack card's text, by plan id. */
async function readPage(path: string, heading: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } })),
  );
  const view = renderRoutes(routes, path);
  await screen.findByRole('heading', { level: 1, name: heading });
  const text = (planId: string) =>
    (document.querySelector(`[data-plan="${planId}"]`) as HTMLElement | null)?.textContent ?? null;
  const result = {
    business: text('business-monthly'),
    enterprise: text('enterprise'),
    businessPrice: document.querySelector('[data-testid="price-business-monthly"]')?.textContent ?? null,
    body: document.body.textContent ?? '',
  };
  view.unmount();
  return result;
}

describe('/credits and /pricing read one catalogue', { timeout: 60_000 }, () => {
  it('sells Business at the same price on both pages, not as "a tailored quote"', async () => {
    const credits = await readPage('/credits', 'Plans and pricing');
    const pricing = await readPage('/pricing', 'Simplify Your Accounting');
    expect(credits.businessPrice).toBe('Price: €79 / month');
    expect(credits.businessPrice).toBe(pricing.businessPrice);
    expect(credits.body).not.toMatch(/Tailored quote/);
    expect(credits.business).toContain('1,000 invoices a month');
    expect(credits.enterprise).toContain('Contact us');
  });

  it('says the same about each pack on both pages, in English and Spanish', async () => {
    const idealLarge = {
      en: 'Ideal for small businesses and busy freelancers',
      es: 'Ideal para pequeñas empresas y autónomos con mucho movimiento',
    };
    for (const language of ['en', 'es'] as const) {
      await i18n.changeLanguage(language);
      const credits = await readPage(
        '/credits',
        language === 'en' ? 'Plans and pricing' : 'Planes y precios',
      );
      const pricing = await readPage(
        language === 'en' ? '/pricing' : '/es/precios',
        language === 'en' ? 'Simplify Your Accounting' : 'Simplifica tu contabilidad',
      );
      expect(credits.body).toContain(idealLarge[language]);
      expect(pricing.body).toContain(idealLarge[language]);
      expect(credits.body).not.toMatch(/for accountants with several clients|asesorías con varios clientes/i);
      expect(credits.businessPrice).toBe(pricing.businessPrice);
    }
  });
});
