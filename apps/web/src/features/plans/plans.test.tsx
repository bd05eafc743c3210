import { PLANS, type Subscription } from '@cuadra/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initAuth, resetAuthForTests } from '../../access/auth-store';
import { i18n } from '../../i18n/i18n';
import { resources } from '../../i18n/resources';
import { localizedPath, splitLocalizedPath } from '../../lib/seo/localized-path';
import { routes } from '../../router';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { fakeToken, storeTestSession, testUser } from '../../test/session';
import { CHOSEN_PLAN_STORAGE_KEY } from './chosen-plan';
import { PlanSettings } from './plan-settings';
import { PlansChooser } from './plans-chooser';

configure({ asyncUtilTimeout: 10_000 });

type Handler = (body: unknown, url: URL) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers API calls by "METHOD /path" like the plans server's contract; anything else is a 404. */
function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown; url: URL }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1/, '')}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body, url });
      const handler = handlers[key] ?? (key === 'GET /me' ? () => json(200, testUser()) : undefined);
      return handler ? handler(body, url) : json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  if (window.localStorage.getItem('authToken')) initAuth();
  return calls;
}

/** A stored session; `mockApi` then starts it as the app does at start-up. */
function signIn() {
  storeTestSession(testUser());
}

const card = (planId: string) => document.querySelector(`[data-plan="${planId}"]`) as HTMLElement;

beforeEach(() => resetAuthForTests());
afterEach(async () => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the plan catalogue’s texts', () => {
  it('has every feature and "ideal for" key of PLANS in English and Spanish', () => {
    for (const locale of ['en', 'es'] as const) {
      const plans = resources[locale].pricing.plans as unknown as {
        features: Record<string, string>;
        idealFor: Record<string, string>;
      };
      for (const plan of PLANS) {
        for (const feature of plan.features)
          expect(plans.features[feature], `${locale} ${feature}`).toBeTruthy();
        expect(plans.idealFor[plan.idealFor], `${locale} ${plan.idealFor}`).toBeTruthy();
      }
    }
  });

  it('gives the pricing page the Spanish address /es/precios, and back', () => {
    expect(localizedPath('/pricing', 'es')).toBe('/es/precios');
    expect(localizedPath('/pricing', 'en')).toBe('/pricing');
    expect(splitLocalizedPath('/es/precios')).toEqual({ language: 'es', path: '/pricing' });
    expect(splitLocalizedPath('/es/credits')).toEqual({ language: 'es', path: '/credits' });
  });
});

describe('the pricing page', { timeout: 30_000 }, () => {
  it('shows every plan side by side with the monthly/annual toggle', async () => {
    mockApi({});
    renderRoutes(routes, '/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Simplify Your Accounting' })).toBeTruthy();
    // Monthly first: the freelancer and Business monthly plans, Enterprise, and both packs.
    expect(within(card('freelancer-monthly')).getByText('€12 / month')).toBeTruthy();
    expect(within(card('freelancer-monthly')).getByText('50 invoices a month')).toBeTruthy();
    expect(within(card('business-monthly')).getByText('1,000 invoices a month')).toBeTruthy();
    expect(within(card('business-monthly')).getByText('Documents kept for 2 years')).toBeTruthy();
    expect(within(card('small')).getByText('33 credits')).toBeTruthy();
    expect(within(card('large')).getByText('150 credits')).toBeTruthy();
    expect(within(card('large')).getByText('€20 one-time')).toBeTruthy();
    expect(card('freelancer-yearly')).toBeNull();
    // Signed out, a plan is kept through the sign-up.
    expect(within(card('large')).getByRole('link').getAttribute('href')).toBe('/start-free?plan=large');
    // Enterprise: the contact form with the subject preset.
    expect(within(card('enterprise')).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      '/contact?subject=Enterprise%20Plan',
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Annual' }));
    expect(within(card('freelancer-yearly')).getByText('€120 / year')).toBeTruthy();
    expect(
      within(card('freelancer-yearly')).getByText('600 invoices for the year, all up front'),
    ).toBeTruthy();
    expect(
      within(card('business-yearly')).getByText('12,000 invoices for the year, all up front'),
    ).toBeTruthy();
    expect(card('freelancer-monthly')).toBeNull();
    expect(within(card('freelancer-yearly')).getByRole('link').getAttribute('href')).toBe(
      '/start-free?plan=freelancer-yearly',
    );
  });

  it('is written in Spanish at /es/precios', async () => {
    mockApi({});
    renderRoutes(routes, '/es/precios');
    await i18n.changeLanguage('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Simplifica tu contabilidad' })).toBeTruthy();
    expect(within(card('business-monthly')).getByText('1000 facturas al mes')).toBeTruthy();
    expect(within(card('freelancer-monthly')).getByText('12 € / mes')).toBeTruthy();
    expect(within(card('enterprise')).getByRole('link').getAttribute('href')).toBe(
      '/contact?subject=Plan%20Enterprise',
    );
  });

  it('shows the price after a valid coupon, and the refusal of an invalid one', async () => {
    const calls = mockApi({
      'GET /coupons/HALF': (_body, url) => {
        const plan = PLANS.find((p) => p.id === url.searchParams.get('planId'));
        return json(200, {
          code: 'HALF',
          percentOff: 50,
          priceCents: Math.round((plan?.priceCents ?? 0) / 2),
        });
      },
      'GET /coupons/EXPIRED': () =>
        json(422, { error: { code: 'COUPON_INVALID', message: 'The coupon is not valid' } }),
    });
    renderWithProviders(<PlansChooser returnTo="/pricing" />);
    const field = screen.getByLabelText('Coupon code');
    fireEvent.change(field, { target: { value: 'HALF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon HALF applied: the prices shown include it.')).toBeTruthy();
    expect(within(card('freelancer-monthly')).getByText('€6 / month')).toBeTruthy();
    expect(within(card('freelancer-monthly')).getByText('€12').tagName).toBe('S');
    expect(calls.some((call) => call.url.searchParams.get('planId') === 'business-monthly')).toBe(true);
    // Signed out, the coupon travels with the plan to the sign-up.
    expect(within(card('small')).getByRole('link').getAttribute('href')).toBe(
      '/start-free?plan=small&coupon=HALF',
    );

    fireEvent.change(field, { target: { value: 'EXPIRED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This coupon is not valid or has expired.');
    expect(within(card('freelancer-monthly')).getByText('€12 / month')).toBeTruthy();
  });

  it('signed in, starts the checkout of the chosen plan with the coupon and goes to its url', async () => {
    signIn();
    const calls = mockApi({
      'GET /subscription': () => json(200, { subscription: null }),
      'GET /coupons/WELCOME': () => json(200, { code: 'WELCOME', amountOffCents: 2000, priceCents: 10000 }),
      'POST /checkout': () => json(200, { url: 'https://checkout.example/session/1' }),
    });
    const redirect = vi.fn();
    renderWithProviders(<PlansChooser returnTo="/select-plan" redirect={redirect} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Annual' }));
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'WELCOME' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Coupon WELCOME applied: the prices shown include it.');
    fireEvent.click(
      within(card('freelancer-yearly')).getByRole('button', { name: 'Choose plan: Freelancer Plan' }),
    );
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.example/session/1'));
    expect(calls.find((call) => call.key === 'POST /checkout')?.body).toEqual({
      planId: 'freelancer-yearly',
      coupon: 'WELCOME',
      returnTo: '/select-plan',
    });
  });

  it('signed in as a member who is not the firm’s owner, says who buys instead of offering a checkout (issue 40)', async () => {
    const admin = testUser({ firmRole: 'admin' });
    storeTestSession(admin);
    const calls = mockApi({
      'GET /me': () => json(200, admin),
      'GET /subscription': () => json(200, { subscription: null }),
    });
    renderWithProviders(
      <PlansChooser returnTo="/select-plan" redirect={vi.fn()} autoCheckout="freelancer-monthly" />,
    );
    const note = await within(card('freelancer-monthly')).findByText(
      "Your firm's owner chooses and pays for the plan.",
    );
    expect(note).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Choose plan/ })).toBeNull();
    expect(calls.filter((c) => c.key === 'POST /checkout')).toHaveLength(0);
  });

  it('with a subscription running, changes plan after a confirmation instead of a second checkout', async () => {
    signIn();
    const subscription: Subscription = {
      planId: 'business-monthly',
      status: 'active',
      currentPeriodStart: '2026-11-01T00:00:00.000Z',
      currentPeriodEnd: '2026-12-01T00:00:00.000Z',
      autoRenew: true,
      pendingPlanId: null,
      portalAvailable: false,
    };
    const calls = mockApi({
      'GET /subscription': () => json(200, { subscription }),
      'PATCH /subscription': (body) =>
        json(200, { subscription: { ...subscription, pendingPlanId: (body as { planId: string }).planId } }),
    });
    renderWithProviders(<PlansChooser returnTo="/pricing" />);
    expect(await within(card('business-monthly')).findByText('Your current plan')).toBeTruthy();
    fireEvent.click(
      within(card('freelancer-monthly')).getByRole('button', {
        name: 'Switch to this plan: Freelancer Plan',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'You keep the Business Plan until 1 December 2026, the end of the period already paid for; the Freelancer Plan starts then.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change at period end' }));
    expect(
      await within(dialog).findByText('Done: the Freelancer Plan starts on 1 December 2026.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.key === 'PATCH /subscription')?.body).toEqual({
      planId: 'freelancer-monthly',
    });
    expect(calls.some((call) => call.key === 'POST /checkout')).toBe(false);
  });
});

describe('a plan chosen before signing up (issue 16 item 4)', { timeout: 30_000 }, () => {
  it('is named on the sign-up page and kept for after verification', async () => {
    const calls = mockApi({ 'POST /auth/register': () => json(201, { email: 'new@example.com' }) });
    renderRoutes(routes, '/start-free?plan=large');
    const note = await screen.findByTestId('chosen-plan');
    expect(note.textContent).toContain('You chose the Large Credits Pack');
    expect(note.textContent).toContain('€20 one-time · 150 credits');
    await i18n.changeLanguage('es');
    await waitFor(() =>
      expect(screen.getByTestId('chosen-plan').textContent).toContain(
        'Has elegido el Paquete grande de créditos',
      ),
    );
    await i18n.changeLanguage('en');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lola Pérez' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-long-and-unusual-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(window.localStorage.getItem(CHOSEN_PLAN_STORAGE_KEY)).toBe('large'));
    // Kept on the account too, for a verification link opened in another browser.
    expect(calls.find((call) => call.key === 'POST /auth/register')?.body).toMatchObject({ planId: 'large' });
  });

  it('leads the first sign-in after verifying to that plan’s checkout', async () => {
    window.localStorage.setItem(CHOSEN_PLAN_STORAGE_KEY, 'business-yearly');
    const calls = mockApi({
      'POST /auth/login': () => json(200, { token: fakeToken(), user: testUser() }),
      'GET /me': () => json(200, testUser()),
      'GET /subscription': () => json(200, { subscription: null }),
      'POST /checkout': () => new Promise<Response>(() => {}),
    });
    const { router } = renderRoutes(routes, '/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-long-and-unusual-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-plan'));
    expect(router.state.location.search).toBe('?plan=business-yearly');
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /checkout')?.body).toMatchObject({
        planId: 'business-yearly',
      }),
    );
  });
});

describe('a plan chosen before signing up, kept on the account (issue 16 item 4)', {
  timeout: 30_000,
}, () => {
  it('leads a sign-in in another browser (nothing stored here) to that plan’s checkout', async () => {
    const user = testUser({ chosenPlanId: 'large' });
    const calls = mockApi({
      'POST /auth/login': () => json(200, { token: fakeToken(), user }),
      'GET /me': () => json(200, user),
      'GET /subscription': () => json(200, { subscription: null }),
      'POST /checkout': () => new Promise<Response>(() => {}),
    });
    const { router } = renderRoutes(routes, '/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-long-and-unusual-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.search).toBe('?plan=large'));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /checkout')?.body).toMatchObject({ packId: 'large' }),
    );
  });

  it('is let go of when the user comes back from cancelling the checkout', async () => {
    let user = testUser({ chosenPlanId: 'large' });
    storeTestSession(user);
    const calls = mockApi({
      'GET /me': () => json(200, user),
      'PATCH /me': (body) => {
        user = { ...user, ...(body as object) };
        return json(200, user);
      },
      'GET /subscription': () => json(200, { subscription: null }),
    });
    renderRoutes(routes, '/select-plan?cancelled=true');
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'PATCH /me')?.body).toEqual({ chosenPlanId: null }),
    );
    expect(user.chosenPlanId).toBeNull();
  });
});

describe('Settings → Plan', { timeout: 30_000 }, () => {
  const active: Subscription = {
    planId: 'freelancer-yearly',
    status: 'active',
    currentPeriodStart: '2026-01-15T00:00:00.000Z',
    currentPeriodEnd: '2027-01-15T00:00:00.000Z',
    autoRenew: true,
    pendingPlanId: null,
    portalAvailable: true,
  };

  it('without a plan, links to the pricing page', async () => {
    signIn();
    mockApi({ 'GET /subscription': () => json(200, { subscription: null }) });
    renderWithProviders(<PlanSettings />);
    expect(await screen.findByText('You have no plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans and pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it('tells a member who is not the firm’s owner that the owner chooses the plan, and asks nothing (issue 40)', async () => {
    const admin = testUser({ firmRole: 'admin' });
    storeTestSession(admin);
    const calls = mockApi({
      'GET /me': () => json(200, admin),
      'GET /subscription': () => json(200, { subscription: active }),
    });
    renderWithProviders(<PlanSettings />);
    expect(
      await screen.findByText(
        "Your firm's owner chooses its plan and pays for it; you work with the credits it brings.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cancel|Switch to this plan/ })).toBeNull();
    expect(calls.filter((c) => c.key === 'GET /subscription')).toHaveLength(0);
  });

  it('says when loading failed, and tries again', async () => {
    signIn();
    let fail = true;
    mockApi({
      'GET /subscription': () =>
        fail
          ? json(503, { error: { code: 'PAYMENTS_NOT_CONFIGURED', message: 'x' } })
          : json(200, { subscription: null }),
    });
    renderWithProviders(<PlanSettings />);
    expect(await screen.findByText('Your plan could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no plan')).toBeTruthy();
  });

  it('shows the plan and its renewal, turns auto-renew off, cancels after a confirmation, opens the portal', async () => {
    signIn();
    let subscription = active;
    const calls = mockApi({
      'GET /subscription': () => json(200, { subscription }),
      'PATCH /subscription': (body) => {
        subscription = { ...subscription, ...(body as object) };
        return json(200, { subscription });
      },
      'DELETE /subscription': () => {
        subscription = { ...subscription, autoRenew: false };
        return json(200, { subscription });
      },
      'POST /subscription/portal': () => json(200, { url: 'https://billing.example/portal' }),
    });
    const redirect = vi.fn();
    renderWithProviders(<PlanSettings redirect={redirect} />);
    expect((await screen.findByTestId('current-plan')).textContent).toContain('Freelancer Plan');
    expect(screen.getByTestId('renewal').textContent).toBe('Renews on 15 January 2027');

    const toggle = screen.getByRole('switch', { name: 'Auto-renew' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByTestId('renewal').textContent).toBe('Ends on 15 January 2027: it will not renew'),
    );
    expect(calls.find((call) => call.key === 'PATCH /subscription')?.body).toEqual({ autoRenew: false });
    expect(screen.getByRole('switch', { name: 'Auto-renew' }).getAttribute('aria-checked')).toBe('false');

    fireEvent.click(screen.getByRole('switch', { name: 'Auto-renew' }));
    await waitFor(() => expect(screen.getByTestId('renewal').textContent).toBe('Renews on 15 January 2027'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The Freelancer Plan stays active until 15 January 2027');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await within(dialog).findByText('Cancelled: your plan ends on 15 January 2027.')).toBeTruthy();
    expect(calls.some((call) => call.key === 'DELETE /subscription')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://billing.example/portal'));
  });

  it('offers to cancel with auto-renew off too, saying it would end then anyway', async () => {
    signIn();
    let subscription: Subscription = { ...active, autoRenew: false };
    const calls = mockApi({
      'GET /subscription': () => json(200, { subscription }),
      'DELETE /subscription': () => {
        subscription = { ...subscription, autoRenew: false };
        return json(200, { subscription });
      },
    });
    renderWithProviders(<PlanSettings />);
    await waitFor(() =>
      expect(screen.getByTestId('renewal').textContent).toBe('Ends on 15 January 2027: it will not renew'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Auto-renew is already off, so it would end then anyway');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await within(dialog).findByText('Cancelled: your plan ends on 15 January 2027.')).toBeTruthy();
    expect(calls.some((call) => call.key === 'DELETE /subscription')).toBe(true);
  });

  it('shows what an upgrade costs now and sends it to the checkout, not applied for free (issue 36 item 4)', async () => {
    signIn();
    const calls = mockApi({
      'GET /subscription': () => json(200, { subscription: { ...active, portalAvailable: false } }),
      'GET /subscription/upgrade-quote': () =>
        json(200, { planId: 'business-yearly', amountCents: 71_234, currency: 'eur' }),
      'POST /checkout': () => json(201, {}),
    });
    renderWithProviders(<PlanSettings />);
    await screen.findByTestId('current-plan');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to this plan: Business Plan (Annual)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('You move from the Freelancer Plan to the Business Plan now');
    await waitFor(() =>
      expect(within(dialog).getByTestId('upgrade-amount').textContent).toContain('To pay now: €712.34'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay and upgrade' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /checkout')?.body).toEqual({
        planId: 'business-yearly',
        returnTo: '/credits',
      }),
    );
    expect(calls.some((call) => call.key === 'PATCH /subscription')).toBe(false);
  });

  it('with Stripe too, shows the prorated amount and then goes to the checkout page, not the saved card', async () => {
    signIn();
    const redirect = vi.fn();
    const calls = mockApi({
      'GET /subscription': () => json(200, { subscription: { ...active, portalAvailable: true } }),
      'GET /subscription/upgrade-quote': () =>
        json(200, { planId: 'business-yearly', amountCents: 71_234, currency: 'eur' }),
      'POST /checkout': () =>
        json(201, { checkoutId: 'c1', url: 'https://checkout.stripe.test/pay/cs_test_1' }),
      'PATCH /subscription': (body) => json(200, { subscription: { ...active, ...(body as object) } }),
    });
    renderWithProviders(<PlanSettings redirect={redirect} />);
    await screen.findByTestId('current-plan');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to this plan: Business Plan (Annual)' }));
    const dialog = await screen.findByRole('dialog');
    // The amount is on screen before anything is paid, and nothing was asked of the server but the quote.
    await within(dialog).findByText(/To pay now: €712\.34/);
    expect(calls.some((call) => call.key === 'POST /checkout' || call.key === 'PATCH /subscription')).toBe(
      false,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay and upgrade' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_test_1'));
    expect(calls.find((call) => call.key === 'POST /checkout')?.body).toEqual({
      planId: 'business-yearly',
      returnTo: '/credits',
    });
    expect(calls.some((call) => call.key === 'PATCH /subscription')).toBe(false);
  });
});
