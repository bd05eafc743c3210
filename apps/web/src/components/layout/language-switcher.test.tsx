import { LOCALE_STORAGE_KEY } from '@cuadra/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_CHANGED_EVENT, type LanguageChangedDetail } from '../../i18n/i18n';
import { routes } from '../../router';
import { renderRoutes } from '../../test/render';

describe('language switcher', () => {
  it('switches the whole page to Spanish, remembers it and announces it', async () => {
    const onLanguageChanged = vi.fn<(event: Event) => void>();
    window.addEventListener(LANGUAGE_CHANGED_EVENT, onLanguageChanged);
    renderRoutes(routes, '/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice capture that adds up' }),
    ).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    const select = screen.getByLabelText<HTMLSelectElement>('Language');
    expect(footer.contains(select)).toBe(true);
    expect(screen.getByRole('option', { name: 'English' })).toBeTruthy();
    expect(select.value).toBe('en');

    fireEvent.change(select, { target: { value: 'es' } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Facturas que cuadran' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Iniciar sesión' }).length).toBeGreaterThan(0);
    expect(screen.getByLabelText<HTMLSelectElement>('Idioma').value).toBe('es');
    expect(screen.getByRole('option', { name: 'Español' })).toBeTruthy();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');

    expect(onLanguageChanged).toHaveBeenCalledTimes(1);
    const event = onLanguageChanged.mock.calls[0]?.[0] as CustomEvent<LanguageChangedDetail>;
    expect(event.detail).toEqual({ language: 'es' });
    window.removeEventListener(LANGUAGE_CHANGED_EVENT, onLanguageChanged);
  });

  it('switches back to English', async () => {
    renderRoutes(routes, '/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Idioma'), { target: { value: 'en' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
