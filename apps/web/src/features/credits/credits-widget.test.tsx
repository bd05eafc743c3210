import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { login, resetAuthForTests } from '../../access/auth-store';
import { renderWithProviders } from '../../test/render';
import { fakeToken, testUser } from '../../test/session';
import { CreditsWidget, CreditsWidgetView } from './credits-widget';
import { type CreditsView, creditsView } from './use-credits';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Renders the widget alone in one state (a fresh tree each time). */
function show(view: CreditsView, onRetry?: () => void) {
  cleanup();
  renderWithProviders(<CreditsWidgetView view={view} onRetry={onRetry} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthForTests();
});

describe('creditsView (spec-1 §4 "Credits widget")', () => {
  const base = { authStatus: 'ready' as const, available: undefined, isPending: false, isError: false };
  it('is loading while the session or the first fetch loads', () => {
    expect(creditsView({ ...base, authStatus: 'loading' })).toEqual({ kind: 'loading' });
    expect(creditsView({ ...base, isPending: true })).toEqual({ kind: 'loading' });
  });
  it('is an error when the fetch failed, even with an older balance at hand', () => {
    expect(creditsView({ ...base, available: 4, isError: true })).toEqual({ kind: 'error' });
    expect(creditsView({ ...base, authStatus: 'error' })).toEqual({ kind: 'error' });
  });
  it('shows the balance when there is one, and no data otherwise', () => {
    expect(creditsView({ ...base, available: 0, isPending: true })).toEqual({
      kind: 'balance',
      available: 0,
    });
    expect(creditsView(base)).toEqual({ kind: 'empty' });
  });
});

describe('the credits widget', () => {
  it('says so while loading, on an error (with a retry) and without data', () => {
    const onRetry = vi.fn();
    show({ kind: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Loading credits…');

    show({ kind: 'error' }, onRetry);
    expect(screen.getByRole('alert').textContent).toContain('Error loading credits');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledOnce();

    show({ kind: 'empty' });
    expect(screen.getByText('No credits data available')).toBeTruthy();
  });

  it('shows a healthy balance plainly, and 5 or fewer in red with a link to /select-plan', () => {
    show({ kind: 'balance', available: 6 });
    expect(screen.getByTestId('credits-widget').dataset.state).toBe('available');
    expect(screen.getByTestId('credits-widget').textContent).toContain('6 credits available');
    expect(screen.queryByRole('link', { name: 'Add more credits' })).toBeNull();

    show({ kind: 'balance', available: 5 });
    expect(screen.getByTestId('credits-widget').dataset.state).toBe('low');
    expect(screen.getByTestId('credits-widget').className).toContain('bg-red-50');
    expect(screen.getByRole('link', { name: 'Add more credits' }).getAttribute('href')).toBe('/select-plan');

    show({ kind: 'balance', available: 0 });
    expect(screen.getByTestId('credits-widget').dataset.state).toBe('none');
    expect(screen.getByText('You have no credits left.')).toBeTruthy();
  });

  it('reads the balance from /me, updates the session with it, and refetches on scanComplete', async () => {
    let available = 12;
    const fetchMock = vi.fn(async () =>
      json(200, testUser({ credits: { ...testUser().credits, available } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    login({ token: fakeToken(), user: testUser({ credits: { ...testUser().credits, available: 9 } }) });
    renderWithProviders(<CreditsWidget />);
    await waitFor(() => expect(screen.getByTestId('credits-widget-count').textContent).toBe('12'));

    available = 11;
    window.dispatchEvent(new Event('scanComplete'));
    await waitFor(() => expect(screen.getByTestId('credits-widget-count').textContent).toBe('11'));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').credits.available).toBe(11);
  });

  it('shows the error when /me fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { error: { code: 'VALIDATION_FAILED', message: 'x' } })),
    );
    login({ token: fakeToken(), user: testUser() });
    renderWithProviders(<CreditsWidget />);
    expect(await screen.findByText('Error loading credits')).toBeTruthy();
  });
});
