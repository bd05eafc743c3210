import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthForTests } from '../../access/auth-store';
import { routes } from '../../router';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { storeTestSession, testUser } from '../../test/session';
import { CheckoutSuccessBanner, SUCCESS_BANNER_MS } from './purchase-status';
import { usePurchase } from './use-purchase';

// Lazy route modules load slower than Testing Library's 1 s default when suites share two busy cores.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

type Handler = (init: RequestInit, url: string) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers API calls by "METHOD /path"; anything unexpected is a 404, and every call is recorded. */
function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const key = `${init.method ?? 'GET'} ${url.replace(/^\/api\/v1/, '').split('?')[0]}`;
      calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const handler = handlers[key];
      return handler ? handler(init, url) : json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

const user = (available: number) => testUser({ credits: { ...testUser().credits, available } });

beforeEach(() => {
  resetAuthForTests();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('buying on /credits (spec-1 §2 "Pricing", §4)', () => {
  it('disables every buy button while a checkout is created, shows processing on the chosen one, and on failure shows the purchase error and enables them again', async () => {
    storeTestSession(user(12));
    let answer: (response: Response) => void = () => {};
    const calls = mockApi({
      'GET /me': () => json(200, user(12)),
      'POST /checkout': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoutes(routes, '/credits');
    const large = await screen.findByRole(
      'button',
      { name: 'Buy the Large Credits Pack' },
      { timeout: 5000 },
    );
    const small = screen.getByRole('button', { name: 'Buy the Credits Pack' });
    expect(await screen.findByTestId('credits-widget-count')).toBeTruthy();

    fireEvent.click(large);
    await waitFor(() => expect(large.textContent).toBe('Processing…'));
    expect((large as HTMLButtonElement).disabled).toBe(true);
    expect((small as HTMLButtonElement).disabled).toBe(true);
    expect(small.textContent).toBe('Buy the Credits Pack');
    fireEvent.click(large); // ignored: one checkout at a time
    expect(calls.filter((call) => call.key === 'POST /checkout')).toEqual([
      {
        key: 'POST /checkout',
        body: { packId: 'large', returnTo: '/credits?session_id={CHECKOUT_SESSION_ID}' },
      },
    ]);

    await act(async () => {
      answer(json(502, { error: { code: 'CHECKOUT_FAILED', message: 'x' } }));
    });
    expect(await screen.findByText('Payment Error')).toBeTruthy();
    expect(screen.getByText('There was an error processing your purchase. Please try again.')).toBeTruthy();
    expect((large as HTMLButtonElement).disabled).toBe(false);
    expect(large.textContent).toBe('Buy the Large Credits Pack');
  });

  it('with session_id: says the payment went through, refreshes the user, and clears the query', async () => {
    storeTestSession(user(3));
    const calls = mockApi({
      'GET /me': () => json(200, user(153)),
      'GET /checkout/sessions/cs_test_1': () => json(200, { status: 'paid' }),
    });
    const { router } = renderRoutes(routes, '/credits?session_id=cs_test_1');
    expect(
      await screen.findByText('Payment received. Your credits have been added to your balance.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/credits');
    await waitFor(() => expect(screen.getByTestId('credits-widget-count').textContent).toBe('153'));
    expect(calls.some((call) => call.key === 'GET /me')).toBe(true);
  });

  it('with a session_id the server does not know as paid, says nothing of a payment (issue 36, item 17)', async () => {
    storeTestSession(user(3));
    const calls = mockApi({
      'GET /me': () => json(200, user(3)),
      'GET /checkout/sessions/cs_open': () => json(200, { status: 'open' }),
    });
    for (const id of ['anything', 'cs_open']) {
      const { router, unmount } = renderRoutes(routes, `/credits?session_id=${id}`);
      await waitFor(() => expect(router.state.location.search).toBe(''));
      await waitFor(() =>
        expect(calls.some((call) => call.key === `GET /checkout/sessions/${id}`)).toBe(true),
      );
      await new Promise((done) => setTimeout(done, 50));
      expect(screen.queryByText(/Payment received/)).toBeNull();
      unmount();
    }
  });

  it('with cancelled=true: the payment_cancelled message, and the query cleared', async () => {
    storeTestSession(user(12));
    mockApi({ 'GET /me': () => json(200, user(12)) });
    const { router } = renderRoutes(routes, '/credits?cancelled=true');
    expect(await screen.findByText('Payment was cancelled. You can try again anytime.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('signed out, buying leads to /start-free', async () => {
    mockApi({});
    renderRoutes(routes, '/credits');
    const link = await screen.findByRole('link', { name: 'Buy the Large Credits Pack' });
    expect(link.getAttribute('href')).toBe('/start-free?plan=large');
  });
});

function PurchaseHarness({
  redirect,
  pack,
}: {
  redirect: (url: string) => void;
  pack: { id: 'large' } | null;
}) {
  const { state, buy } = usePurchase({ returnTo: '/user?checkout=success', redirect });
  return (
    <>
      <button type="button" onClick={() => void buy(pack)}>
        buy
      </button>
      <output>{`${state.status} ${state.error ?? ''}`}</output>
    </>
  );
}

describe('usePurchase', () => {
  it('goes to the URL the server answers, still processing', async () => {
    storeTestSession();
    mockApi({ 'POST /checkout': () => json(201, { url: '/dev/checkout/abc' }) });
    const { login } = await import('../../access/auth-store');
    login({ token: localStorage.getItem('authToken') ?? '', user: testUser() });
    const redirect = vi.fn();
    renderWithProviders(<PurchaseHarness redirect={redirect} pack={{ id: 'large' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'buy' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/dev/checkout/abc'));
    expect(screen.getByRole('status').textContent?.trim()).toBe('processing');
  });

  it('a pack without an id is select_package_error, and nothing is sent', async () => {
    const calls = mockApi({});
    renderWithProviders(<PurchaseHarness redirect={vi.fn()} pack={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'buy' }));
    expect(screen.getByRole('status').textContent).toBe('error selectPackage');
    expect(calls).toEqual([]);
  });

  it('an answer without a URL is a failure', async () => {
    storeTestSession();
    mockApi({ 'POST /checkout': () => json(201, {}) });
    const { login } = await import('../../access/auth-store');
    login({ token: localStorage.getItem('authToken') ?? '', user: testUser() });
    const redirect = vi.fn();
    renderWithProviders(<PurchaseHarness redirect={redirect} pack={{ id: 'large' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'buy' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('error checkoutFailed'));
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('settings /user (spec-1 §2 "Settings")', () => {
  it('the success banner hides after exactly 5 seconds', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<CheckoutSuccessBanner onDone={onDone} />);
    act(() => vi.advanceTimersByTime(SUCCESS_BANNER_MS - 1));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('with checkout=success: opens the credits tab, announces the banner, refreshes the balance, clears the query and hides the banner after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeTestSession(user(3));
    let available = 3;
    mockApi({
      'GET /me': () => json(200, user(available)),
      'GET /credits/ledger': () =>
        json(200, {
          entries: [{ id: 'e1', kind: 'purchase', amount: 150, createdAt: '2026-03-02T10:00:00.000Z' }],
          nextCursor: null,
        }),
    });
    available = 153;
    const { router } = renderRoutes(routes, '/user?checkout=success');
    const banner = await screen.findByTestId('checkout-success-banner');
    expect(banner.closest('[aria-live="polite"]')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Credits' }).getAttribute('aria-selected')).toBe('true'),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getAllByTestId('credits-widget-count')[0]?.textContent).toBe('153'));
    expect(await screen.findByText('+150')).toBeTruthy();
    expect(screen.getByText('Credit purchase')).toBeTruthy();

    act(() => vi.advanceTimersByTime(SUCCESS_BANNER_MS));
    await waitFor(() => expect(screen.queryByTestId('checkout-success-banner')).toBeNull());
  });

  it('with buyCredits=true&priceId=large: opens the credits tab and puts focus on that pack’s buy button', async () => {
    storeTestSession(user(2));
    mockApi({
      'GET /me': () => json(200, user(2)),
      'GET /credits/ledger': () => json(200, { entries: [], nextCursor: null }),
    });
    renderRoutes(routes, '/user?buyCredits=true&priceId=large');
    const large = await screen.findByRole(
      'button',
      { name: 'Buy the Large Credits Pack' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(document.activeElement).toBe(large));
    expect(screen.getByTestId('low-balance-warning').textContent).toContain('only 2 credits left');
    expect(await screen.findByText('No credit movements yet.')).toBeTruthy();
  });

  it('offers a member who is not the firm’s owner no pack to buy: the owner buys (issue 40)', async () => {
    const reader = testUser({ firmRole: 'reader' });
    storeTestSession(reader);
    mockApi({
      'GET /me': () => json(200, reader),
      'GET /credits/ledger': () => json(200, { entries: [], nextCursor: null }),
    });
    renderRoutes(routes, '/user');
    fireEvent.click(await screen.findByRole('tab', { name: 'Credits' }));
    expect((await screen.findByTestId('owner-buys')).textContent).toBe(
      "Your firm's owner buys its credits; you spend them with the rest of the team.",
    );
    expect(screen.queryByRole('button', { name: /^Buy the/ })).toBeNull();
  });

  it('with an unknown pack from the pricing page: select_package_error', async () => {
    storeTestSession(user(12));
    mockApi({
      'GET /me': () => json(200, user(12)),
      'GET /credits/ledger': () => json(200, { entries: [], nextCursor: null }),
    });
    renderRoutes(routes, '/user?buyCredits=true&priceId=gold');
    expect(await screen.findByText('Please select a credit package.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('the profile tab shows name, email and account type, and logout returns to /login', async () => {
    storeTestSession(user(12));
    mockApi({ 'GET /me': () => json(200, user(12)) });
    const { router } = renderRoutes(routes, '/user');
    expect(await screen.findByText('ana@example.com')).toBeTruthy();
    expect(screen.getAllByText('Accountant').length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Log out' }).at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
