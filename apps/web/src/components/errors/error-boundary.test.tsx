import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { RootLayout } from '../../root-layout';
import { renderRoutes } from '../../test/render';
import { PublicLayout } from '../layout/public-layout';
import { AppErrorBoundary } from './error-boundary';

/** Crashes while `crash.now` is true, like a component hitting bad data. */
const crash = { now: true };
function Fragile() {
  if (crash.now) throw new Error('Cannot read properties of undefined');
  return <p>Invoice 2026-001</p>;
}

function FeaturesStub() {
  return <h1>Features</h1>;
}

function renderBoundary() {
  return render(
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <Fragile />
      </AppErrorBoundary>
    </I18nextProvider>,
  );
}

describe('error boundary', () => {
  it('shows the generic error screen instead of a blank page, and "Try again" renders again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    crash.now = true;
    renderBoundary();

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred. Please try refreshing the page.')).toBeTruthy();
    expect(screen.queryByText('Invoice 2026-001')).toBeNull();

    crash.now = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(screen.getByText('Invoice 2026-001')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('shows the screen again when the retry crashes too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    crash.now = true;
    renderBoundary();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('es');
    crash.now = true;
    renderBoundary();

    expect(screen.getByRole('heading', { name: 'Algo ha salido mal' })).toBeTruthy();
    expect(
      screen.getByText('Se ha producido un error inesperado. Prueba a recargar la página.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
  });

  it('keeps the chrome around a page that crashes, and clears when the user navigates away', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    crash.now = true;
    const { router } = renderRoutes(
      [
        {
          Component: RootLayout,
          children: [
            {
              Component: PublicLayout,
              children: [
                { path: '/crash', Component: Fragile },
                { path: '/features', Component: FeaturesStub },
              ],
            },
          ],
        },
      ],
      '/crash',
    );

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();

    await router.navigate('/features');
    expect(await screen.findByRole('heading', { level: 1, name: 'Features' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
