import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n/i18n';
import { routes } from './router';
import { renderRoutes } from './test/render';
import { storeTestSession } from './test/session';

// Every route of spec-1 §2 and spec-2 §2.1, with sample parameters, and the heading its placeholder shows.
const PAGES: [path: string, english: string, spanish: string][] = [
  ['/', 'Invoice capture that adds up', 'Facturas que cuadran'],
  ['/login', 'Log in', 'Iniciar sesión'],
  ['/logedout', 'You have logged out', 'Has cerrado la sesión'],
  ['/register', 'Create your account', 'Crea tu cuenta'],
  ['/register/accountant', 'Create your account', 'Crea tu cuenta'],
  ['/register/freelancer', 'Create your account', 'Crea tu cuenta'],
  ['/register/cancel', 'Payment cancelled', 'Pago cancelado'],
  ['/start-free', 'Start free', 'Empieza gratis'],
  ['/select-plan', 'Choose your plan', 'Elige tu plan'],
  ['/pricing', 'Simplify Your Accounting', 'Simplifica tu contabilidad'],
  ['/credits', 'Plans and pricing', 'Planes y precios'],
  ['/user', 'Settings', 'Configuración'],
  ['/user?checkout=success', 'Settings', 'Configuración'],
  ['/customer/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'Client', 'Cliente'],
  ['/clients', 'Clients', 'Clientes'],
  ['/documents', 'Documents', 'Documentos'],
  ['/help', 'Help', 'Ayuda'],
  ['/features', 'Features', 'Funciones'],
  ['/integrations', 'Integrations', 'Integraciones'],
  ['/contact', 'Contact us', 'Contacto'],
  ['/privacy', 'Privacy policy', 'Política de privacidad'],
  ['/terms', 'Terms of service', 'Condiciones del servicio'],
  // Signed out, the invitation keeps its token and sends the visitor to sign in (spec-2 §2.7).
  ['/acceptinvitation?token=abc', 'Log in', 'Iniciar sesión'],
  ['/exito', 'All done', '¡Listo!'],
  ['/verify-email?token=abc', 'Verify your email', 'Verifica tu correo'],
  ['/dashboard', 'Dashboard', 'Panel'],
  ['/invoicePage/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'Edit invoice', 'Editar factura'],
  ['/invoicereview', 'Review new invoice', 'Revisar nueva factura'],
  ['/blog', 'Blog', 'Blog'],
  [
    '/blog/how-to-automate-invoice-processing',
    'How to Automate Invoice Processing in Seven Steps',
    'Cómo automatizar el proceso de facturas en siete pasos',
  ],
  ['/payment-cancelled', 'Payment cancelled', 'Pago cancelado'],
  ['/invitation-accepted', 'Invitation accepted', 'Invitación aceptada'],
  ['/invitation-error', 'Invitation not valid', 'Invitación no válida'],
  ['/error', 'Something went wrong', 'Algo ha salido mal'],
];

const SIGNED_IN_AREA = ['/dashboard', '/user', '/customer/x', '/invoicePage/x', '/invoicereview'];
/** The protected layout's pages: the guard lets them through only with a session. */
const PROTECTED = [
  '/dashboard',
  '/clients',
  '/customer/',
  '/documents',
  '/invoicePage/',
  '/invoicereview',
  '/user',
];
const isSignedInArea = (path: string) =>
  PROTECTED.some(
    (prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}?`),
  );

describe('routes', () => {
  it.each(PAGES)(
    '%s shows its page with a heading, in English and Spanish',
    async (path, english, spanish) => {
      const errors = vi.spyOn(console, 'error');
      if (isSignedInArea(path)) storeTestSession();
      renderRoutes(routes, path);

      expect(await screen.findByRole('heading', { level: 1, name: english })).toBeTruthy();
      expect(screen.getByRole('main')).toBeTruthy();
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(screen.getByRole('contentinfo')).toBeTruthy();

      await i18n.changeLanguage('es');
      expect(await screen.findByRole('heading', { level: 1, name: spanish })).toBeTruthy();
      expect(errors).not.toHaveBeenCalled();
    },
  );

  it.each(SIGNED_IN_AREA)('%s is inside the layout with the account sidebar', async (path) => {
    storeTestSession();
    renderRoutes(routes, path);
    await screen.findByRole('heading', { level: 1 });

    const sidebar = screen.getByRole('navigation', { name: 'Account' });
    const links = within(sidebar)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/dashboard', '/clients', '/documents', '/credits', '/user', '/help']);
  });

  it('public pages have no account sidebar', async () => {
    renderRoutes(routes, '/features');
    await screen.findByRole('heading', { level: 1, name: 'Features' });
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });

  it('an unknown address shows a friendly not-found page with a link home, in both languages', async () => {
    renderRoutes(routes, '/facturas/2026/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');

    await i18n.changeLanguage('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' }).getAttribute('href')).toBe('/');
  });

  it('names the tab after the page', async () => {
    renderRoutes(routes, '/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    await waitFor(() => expect(document.title).toBe('Privacy policy · Cuadra'));
  });
});
