import {
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  CheckoutSessionStatusSchema,
  DEFAULT_CHECKOUT_RETURN,
  PackSchema,
  savingPercent,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type AuthEnv, requireAuth } from '../../access/session';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { validationHook } from '../../http/errors';
import { errorResponse } from '../../http/openapi';
import type { Services } from '../../services';
import { findActivePacks, settleStripeInvoice, syncStripeSubscription } from '../plans';
import { checkoutSessionStatus, failStripeSession, settleStripeSession, startCheckout } from './service';

const listPacks = createRoute({
  method: 'get',
  path: '/',
  tags: ['credits'],
  summary: 'Credit packs on sale',
  responses: {
    200: {
      description: 'Active packs, cheapest first',
      content: {
        'application/json': {
          schema: z.object({
            packs: z.array(PackSchema),
            /** False on a deployment without Stripe: buying answers PAYMENTS_NOT_CONFIGURED. */
            paymentsConfigured: z.boolean(),
          }),
        },
      },
    },
  },
});

/** `GET /api/v1/packs`: public, the pricing page shows them to visitors too. */
export function packRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(listPacks, async (c) => {
    const packs = await findActivePacks(services.db);
    return c.json(
      {
        packs: packs.map((pack) => ({
          id: pack.id,
          credits: pack.credits,
          amountCents: pack.amountCents,
          originalAmountCents: pack.originalAmountCents,
          currency: pack.currency,
          popular: pack.popular,
          savingPercent: savingPercent(pack),
        })),
        paymentsConfigured: services.payments.kind !== 'none',
      },
      200,
    );
  });
}

const createCheckout = createRoute({
  method: 'post',
  path: '/',
  tags: ['credits'],
  summary:
    'Start buying a plan (a credit pack or a subscription); answers the checkout page to send the browser to',
  security: [{ bearer: [] }],
  request: { body: { content: { 'application/json': { schema: CheckoutRequestSchema } }, required: true } },
  responses: {
    201: {
      description: 'Checkout started',
      content: { 'application/json': { schema: CheckoutResponseSchema } },
    },
    401: errorResponse('Not signed in'),
    404: errorResponse(
      'No such plan (PLAN_NOT_FOUND), or pack on sale (PACK_NOT_FOUND, when named `packId`)',
    ),
    409: errorResponse('A subscription is already live: change it instead (SUBSCRIPTION_EXISTS)'),
    422: errorResponse(
      'Enterprise is by contact only (PLAN_CONTACT_ONLY), or the coupon is not valid (COUPON_INVALID)',
    ),
    502: errorResponse('The payment service failed (CHECKOUT_FAILED)'),
    503: errorResponse('Payments are not configured (PAYMENTS_NOT_CONFIGURED)'),
  },
});

const sessionStatus = createRoute({
  method: 'get',
  path: '/sessions/{sessionId}',
  tags: ['credits'],
  summary: 'Where one of your checkouts stands, by the session id the checkout returned with',
  security: [{ bearer: [] }],
  request: { params: z.object({ sessionId: z.string().min(1).max(255) }) },
  responses: {
    200: {
      description: 'The checkout: paid, still open, or closed without payment',
      content: { 'application/json': { schema: CheckoutSessionStatusSchema } },
    },
    401: errorResponse('Not signed in'),
    404: errorResponse('No checkout of yours has this session (CHECKOUT_NOT_FOUND)'),
  },
});

/** `POST /api/v1/checkout`, `GET /api/v1/checkout/sessions/:sessionId`. */
export function checkoutRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('*', requireAuth(services));
  router.openapi(sessionStatus, async (c) => {
    const { sessionId } = c.req.valid('param');
    const status = await checkoutSessionStatus(services, services.payments, c.get('user').id, sessionId);
    return c.json({ status }, 200);
  });
  return router.openapi(createCheckout, async (c) => {
    const { planId, packId, coupon, returnTo = DEFAULT_CHECKOUT_RETURN, cancelTo } = c.req.valid('json');
    const user = c.get('user');
    const { url } = await startCheckout(services, services.payments, user, {
      planId: (planId ?? packId)!,
      viaPackId: planId === undefined,
      coupon: coupon || undefined,
      returnTo,
      cancelTo: cancelTo ?? `${returnTo.split('?')[0]}?cancelled=true`,
    });
    return c.json({ url }, 201);
  });
}

const stripeWebhook = createRoute({
  method: 'post',
  path: '/stripe',
  tags: ['credits'],
  summary:
    'Stripe events (signed); credits are granted only for sessions and invoices Stripe reports as paid',
  responses: {
    200: {
      description: 'Handled',
      content: { 'application/json': { schema: z.object({ received: z.boolean() }) } },
    },
    400: errorResponse('Missing or bad signature (WEBHOOK_SIGNATURE_INVALID)'),
    404: errorResponse('Stripe is not configured'),
  },
});

/** `POST /api/v1/webhooks/stripe`: the signature is checked on the raw body, then the session re-read. */
export function webhookRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(stripeWebhook, async (c) => {
    const payments = services.payments;
    if (payments.kind !== 'stripe') throw new AppError('ROUTE_NOT_FOUND');
    const rawBody = await c.req.text();
    let event: ReturnType<typeof payments.verifyWebhook>;
    try {
      event = payments.verifyWebhook(rawBody, c.req.header('stripe-signature'));
    } catch {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    }
    if (event.invoiceId && event.type === 'invoice.paid') {
      await settleStripeInvoice(services, payments, event.invoiceId);
    }
    if (
      event.subscriptionId &&
      (event.type === 'customer.subscription.updated' ||
        event.type === 'customer.subscription.deleted' ||
        event.type === 'customer.subscription.created')
    ) {
      await syncStripeSubscription(services, payments, event.subscriptionId);
    }
    if (event.sessionId) {
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.expired':
          await settleStripeSession(services, payments, event.sessionId);
          break;
        case 'checkout.session.async_payment_failed':
          await failStripeSession(services, payments, event.sessionId);
          break;
      }
    }
    return c.json({ received: true }, 200);
  });
}
