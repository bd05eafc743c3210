import { formatMoney, pickLocale } from '@cuadra/shared';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import type { Services } from '../../services';
import { findLiveSubscription, findSubscriptionPlan, renewLocalNow } from '../plans';
import { findCheckout, markClosed } from './repo';
import { applySession, SESSION_ID_PLACEHOLDER } from './service';

const TEXT = {
  en: {
    title: 'Test checkout',
    testModeTag: 'test mode',
    testMode:
      'TEST MODE — no real payment is taken. Stripe is not configured, so this page stands in for it.',
    pack: (credits: number) => `${credits} credits`,
    plan: (credits: number, interval: 'month' | 'year') =>
      interval === 'month'
        ? `Subscription: ${credits} credits a month`
        : `Subscription: ${credits} credits a year, all up front`,
    coupon: (code: string) => `Coupon ${code}`,
    total: 'Total',
    renewNote:
      'Test mode: end the current period now, as if its time were up. The subscription renews (new credits; what is left of the old ones expires), or ends if auto-renew is off.',
    renew: 'Simulate the end of the period',
    pay: 'Pay',
    cancel: 'Cancel',
    done: 'This checkout is already closed.',
    back: 'Back to Cuadra',
  },
  es: {
    title: 'Pago de prueba',
    testModeTag: 'modo de prueba',
    testMode: 'MODO DE PRUEBA: no se cobra nada. Stripe no está configurado y esta página lo sustituye.',
    pack: (credits: number) => `${credits} créditos`,
    plan: (credits: number, interval: 'month' | 'year') =>
      interval === 'month'
        ? `Suscripción: ${credits} créditos al mes`
        : `Suscripción: ${credits} créditos al año, todos por adelantado`,
    coupon: (code: string) => `Cupón ${code}`,
    total: 'Total',
    renewNote:
      'Modo de prueba: termina ahora el periodo actual, como si hubiera llegado su fin. La suscripción se renueva (créditos nuevos; los que quedaban caducan), o termina si la renovación automática está desactivada.',
    renew: 'Simular el fin del periodo',
    pay: 'Pagar',
    cancel: 'Cancelar',
    done: 'Este pago ya está cerrado.',
    back: 'Volver a Cuadra',
  },
} as const;

/**
 * The embedded stand-in for Stripe Checkout, at /dev/checkout/:id (only on a local trial without
 * STRIPE_SECRET_KEY, to loopback clients, posts from its own pages: see app.ts). Paying settles the
 * checkout through `applySession`, the same code the Stripe webhook uses. For a subscription, the paid page
 * offers a test-mode renewal (POST /dev/checkout/:id/renew): the period ends now and rolls as the job would.
 */
export function localCheckoutRoutes(services: Services) {
  const load = async (id: string) => {
    // Only a well-formed UUID reaches the database (a malformed one would be its error, a 500).
    const checkout = z.uuid().safeParse(id).success ? await findCheckout(services.db, id) : null;
    if (checkout?.provider !== 'local') throw new AppError('CHECKOUT_NOT_FOUND');
    return checkout;
  };
  const successUrl = (returnTo: string, id: string) => returnTo.replaceAll(SESSION_ID_PLACEHOLDER, id);

  return new Hono<AppEnv>()
    .get('/:id', async (c) => {
      const checkout = await load(c.req.param('id'));
      const locale = pickLocale(c.req.header('accept-language'));
      const t = TEXT[locale];
      const isOpen = checkout.status === 'open';
      const plan = findSubscriptionPlan(checkout.planId);
      const label = plan ? t.plan(checkout.credits, plan.interval) : t.pack(checkout.credits);
      const live = plan ? await findLiveSubscription(services.db, checkout.userId) : null;
      const canRenew = checkout.status === 'paid' && live?.provider === 'local';
      c.header('Cache-Control', 'no-store');
      return c.html(html`<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${t.title} (${t.testModeTag}) · Cuadra</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 28rem; padding: 1rem; color: #1c2430; }
      .test { background: #fef3c7; border: 2px dashed #d97706; padding: .75rem; border-radius: .5rem; font-weight: 600; }
      .card { border: 1px solid #d4d9e1; border-radius: .75rem; padding: 1rem; margin: 1rem 0; }
      .total { font-size: 1.5rem; font-weight: 700; }
      .actions { display: flex; gap: .75rem; flex-wrap: wrap; }
      button { font: inherit; padding: .6rem 1.2rem; border-radius: .5rem; border: 1px solid #1c2430; background: #fff; cursor: pointer; }
      button.pay { background: #0b5cad; border-color: #0b5cad; color: #fff; }
      button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <h1>${t.title}</h1>
      <p class="test" role="note">${t.testMode}</p>
      <section class="card" aria-label="${label}">
        <p>${label}</p>
        ${checkout.couponCode ? html`<p>${t.coupon(checkout.couponCode)}: −${formatMoney(checkout.discountCents, locale, { currency: checkout.currency })}</p>` : ''}
        <p>${t.total}: <span class="total">${formatMoney(checkout.amountCents, locale, { currency: checkout.currency })}</span></p>
      </section>
      ${
        isOpen
          ? html`<div class="actions">
              <form method="post" action="/dev/checkout/${checkout.id}/pay"><button class="pay" type="submit">${t.pay} ${formatMoney(checkout.amountCents, locale, { currency: checkout.currency })}</button></form>
              <form method="post" action="/dev/checkout/${checkout.id}/cancel"><button type="submit">${t.cancel}</button></form>
            </div>`
          : html`<p>${t.done}</p><p><a href="${successUrl(checkout.returnTo, checkout.id)}">${t.back}</a></p>`
      }
      ${
        canRenew
          ? html`<section class="card"><p>${t.renewNote}</p>
              <form method="post" action="/dev/checkout/${checkout.id}/renew"><button type="submit">${t.renew}</button></form></section>`
          : ''
      }
    </main>
  </body>
</html>`);
    })
    .post('/:id/pay', async (c) => {
      const checkout = await load(c.req.param('id'));
      if (checkout.status === 'cancelled') return c.redirect(checkout.cancelTo, 303);
      if (checkout.status === 'open') {
        await applySession(services, checkout, {
          id: checkout.id,
          checkoutId: checkout.id,
          paid: true,
          closed: false,
        });
      }
      return c.redirect(successUrl(checkout.returnTo, checkout.id), 303);
    })
    .post('/:id/renew', async (c) => {
      const checkout = await load(c.req.param('id'));
      if (checkout.status !== 'paid' || !findSubscriptionPlan(checkout.planId))
        throw new AppError('SUBSCRIPTION_NOT_FOUND');
      await renewLocalNow(services.db, checkout.userId);
      return c.redirect(`/dev/checkout/${checkout.id}`, 303);
    })
    .post('/:id/cancel', async (c) => {
      const checkout = await load(c.req.param('id'));
      await markClosed(services.db, checkout.id, 'cancelled');
      return c.redirect(checkout.cancelTo, 303);
    });
}
