import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../router';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { TopBar } from './top-bar';

describe('top bar', () => {
  it('links the logo home and offers log in and sign up to a visitor', async () => {
    renderWithProviders(<TopBar />);
    const header = screen.getByRole('banner');

    expect(within(header).getByRole('link', { name: 'Cuadra, home' }).getAttribute('href')).toBe('/');
    const [logIn] = within(header).getAllByRole('link', { name: 'Log in' });
    const [signUp] = within(header).getAllByRole('link', { name: 'Sign up' });
    expect(logIn?.getAttribute('href')).toBe('/login');
    expect(signUp?.getAttribute('href')).toBe('/register');
    expect(within(header).queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('opens the mobile menu, moves focus into it, and closes with Escape back on the button', () => {
    renderWithProviders(<TopBar />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hidden).toBe(true);

    fireEvent.click(button);

    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.textContent).toContain('Close menu');
    expect(panel?.hidden).toBe(false);
    expect(panel?.contains(document.activeElement)).toBe(true);
    expect(within(panel as HTMLElement).getByRole('link', { name: 'Sign up' })).toBeTruthy();

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });

    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('closes the mobile menu after following one of its links', async () => {
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    const button = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;

    fireEvent.click(within(panel).getByRole('link', { name: 'Features' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Features' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // Focus moves in an effect after the new page is in the DOM, which findBy can see first.
    await waitFor(() => expect(document.activeElement?.id).toBe('main-content'));
  });

  it('shows the credits and a user menu with settings, buy credits, help and logout when signed in', () => {
    const onLogout = vi.fn();
    renderWithProviders(
      <TopBar account={{ name: 'Ana García', credits: <span>12 credits</span>, onLogout }} />,
    );

    expect(screen.getAllByText('12 credits').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();

    const menuButton = screen.getByRole('button', { name: 'Account menu for Ana García' });
    fireEvent.click(menuButton);
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Settings', '/user'],
      ['Buy credits', '/credits'],
      ['Help', '/help'],
    ]);

    fireEvent.click(within(menu).getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('lists the signed-in places in the phone menu besides settings, buy credits, help and logout', () => {
    renderWithProviders(<TopBar account={{ name: 'Ana', credits: null, onLogout: () => {} }} />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    const links = within(panel)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    for (const place of [
      ['Dashboard', '/dashboard'],
      ['Clients', '/clients'],
      ['Documents', '/documents'],
      ['Credits', '/credits'],
      ['Settings', '/user'],
      ['Buy credits', '/credits'],
      ['Help', '/help'],
    ]) {
      expect(links).toContainEqual(place);
    }
    expect(within(panel).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('closes the user menu on a press outside it', () => {
    renderWithProviders(<TopBar account={{ name: 'Ana', credits: null, onLogout: () => {} }} />);
    const menuButton = screen.getByRole('button', { name: 'Account menu for Ana' });
    fireEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');

    fireEvent.pointerDown(document.body);

    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });
});
