import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RootLayout } from '../../root-layout';
import { renderRoutes } from '../../test/render';
import { PageLoading } from '../layout/page-loading';
import { PublicLayout } from '../layout/public-layout';
import { RouteErrorPage } from './route-error-page';

function EmptyPage() {
  return null;
}

function routesWithPage(page: { loader?: () => unknown; Component?: () => null }) {
  return [
    {
      Component: RootLayout,
      errorElement: <RouteErrorPage />,
      HydrateFallback: PageLoading,
      children: [
        {
          Component: PublicLayout,
          errorElement: <RouteErrorPage />,
          children: [{ path: '/broken', Component: EmptyPage, ...page }],
        },
      ],
    },
  ];
}

describe('router fallback', () => {
  it("shows 'Unexpected Application Error!' with the error's message, inside the chrome", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(
      routesWithPage({
        loader: () => {
          throw new Error('The invoice list could not be read');
        },
      }),
      '/broken',
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByText('The invoice list could not be read')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('shows the status text of a thrown response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(
      routesWithPage({
        loader: () => {
          throw new Response(null, { status: 503, statusText: 'Service Unavailable' });
        },
      }),
      '/broken',
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByText(/503\s*Service Unavailable/)).toBeTruthy();
  });

  it('keeps the title verbatim in Spanish and translates the rest', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { i18n } = await import('../../i18n/i18n');
    await i18n.changeLanguage('es');
    renderRoutes(
      routesWithPage({
        loader: () => {
          throw new Error('boom');
        },
      }),
      '/broken',
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la página de inicio' })).toBeTruthy();
  });
});
