import {
  CouponQuoteSchema,
  findPlan,
  PLANS,
  PlanIdSchema,
  PlanSchema,
  SubscriptionPatchSchema,
  SubscriptionSchema,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type AuthEnv, requireAuth } from '../../access/session';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { validationHook } from '../../http/errors';
import { errorResponse } from '../../http/openapi';
import { publicUrl } from '../../http/public-url';
import type { Services } from '../../services';
import { findValidCoupon, quoteCoupon } from './coupons';
import { findActivePacks } from './repo';
import {
  cancelSubscription,
  changeSubscription,
  findCurrentSubscription,
  findSubscriptionPlan,
  isUpgrade,
  openPortal,
  toSubscriptionDto,
  upgradeQuote,
} from './service';

const listPlans = createRoute({
  method: 'get',
  path: '/plans',
  tags: ['plans'],
  summary: 'Everything on sale: credit packs and subscription plans (Enterprise by contact)',
  responses: {
    200: {
      description: 'The plans, packs first',
      content: { 'application/json': { schema: z.object({ plans: z.array(PlanSchema) }) } },
    },
  },
});

const quoteCouponRoute = createRoute({
  method: 'get',
  path: '/coupons/{code}',
  tags: ['plans'],
  summary: 'What a coupon takes off a plan’s price, so the pricing page can show it before paying',
  request: {
    params: z.object({ code: z.string().min(1).max(64) }),
    query: z.object({ planId: PlanIdSchema }),
  },
  responses: {
    200: {
      description: 'The coupon applies',
      content: { 'application/json': { schema: CouponQuoteSchema } },
    },
    422: errorResponse('Unknown, expired, used up or not for this plan (COUPON_INVALID)'),
  },
});

/** `GET /api/v1/plans` and `GET /api/v1/coupons/:code`: public, the pricing page shows them to visitors. */
export function planRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(listPlans, async (c) => {
      // Packs as the pack table has them (an operator may retire one or change its price).
      const packs = new Map((await findActivePacks(services.db)).map((pack) => [pack.id, pack]));
      const plans = PLANS.flatMap((plan) => {
        if (plan.kind !== 'pack') return [plan];
        const pack = packs.get(plan.id);
        return pack ? [{ ...plan, invoices: pack.credits, priceCents: pack.amountCents }] : [];
      });
      return c.json({ plans }, 200);
    })
    .openapi(quoteCouponRoute, async (c) => {
      const { code } = c.req.valid('param');
      const plan = findPlan(c.req.valid('query').planId);
      if (!plan || plan.priceCents === null) throw new AppError('COUPON_INVALID');
      const coupon = await findValidCoupon(services.db, code, plan.id);
      return c.json(quoteCoupon(coupon, plan), 200);
    });
}

const SubscriptionBodySchema = z.object({ subscription: SubscriptionSchema.nullable() });
const security = [{ bearer: [] }];

const getSubscription = createRoute({
  method: 'get',
  path: '/',
  tags: ['plans'],
  summary: 'The signed-in user’s subscription, or null',
  security,
  responses: {
    200: {
      description: 'Current subscription',
      content: { 'application/json': { schema: SubscriptionBodySchema } },
    },
    401: errorResponse('Not signed in'),
  },
});

const patchSubscription = createRoute({
  method: 'patch',
  path: '/',
  tags: ['plans'],
  summary:
    'Turn auto-renew on or off, or downgrade at the period’s end (an upgrade is bought at POST /checkout)',
  security,
  request: { body: { content: { 'application/json': { schema: SubscriptionPatchSchema } }, required: true } },
  responses: {
    200: { description: 'Changed', content: { 'application/json': { schema: SubscriptionBodySchema } } },
    401: errorResponse('Not signed in'),
    404: errorResponse('No live subscription (SUBSCRIPTION_NOT_FOUND)'),
    422: errorResponse(
      'Not a subscription plan one can change to (PLAN_CHANGE_INVALID); an upgrade, paid at the checkout (UPGRADE_NEEDS_CHECKOUT)',
    ),
  },
});

const deleteSubscription = createRoute({
  method: 'delete',
  path: '/',
  tags: ['plans'],
  summary: 'Cancel: no renewal; the plan and its credits stay until the period’s end',
  security,
  responses: {
    200: {
      description: 'Will end at the period’s end',
      content: { 'application/json': { schema: SubscriptionBodySchema } },
    },
    401: errorResponse('Not signed in'),
    404: errorResponse('No live subscription (SUBSCRIPTION_NOT_FOUND)'),
  },
});

const portalRoute = createRoute({
  method: 'post',
  path: '/portal',
  tags: ['plans'],
  summary: 'A Stripe customer portal session to manage payment methods and invoices',
  security,
  responses: {
    200: {
      description: 'Where to send the browser',
      content: { 'application/json': { schema: z.object({ url: z.string() }) } },
    },
    401: errorResponse('Not signed in'),
    404: errorResponse('No Stripe subscription (SUBSCRIPTION_NOT_FOUND)'),
    422: errorResponse('Stripe is not configured (PORTAL_NOT_AVAILABLE)'),
  },
});

const upgradeQuoteRoute = createRoute({
  method: 'get',
  path: '/upgrade-quote',
  tags: ['plans'],
  summary:
    'What an upgrade to planId costs now (prorated over what is left of the period): shown before the checkout that takes it',
  security,
  request: { query: z.object({ planId: z.string().min(1).max(50) }) },
  responses: {
    200: {
      description: 'The amount to pay now',
      content: {
        'application/json': {
          schema: z.object({ planId: z.string(), amountCents: z.number().int(), currency: z.literal('eur') }),
        },
      },
    },
    401: errorResponse('Not signed in'),
    404: errorResponse('No live subscription (SUBSCRIPTION_NOT_FOUND)'),
    422: errorResponse('Not an upgrade of the current plan (PLAN_CHANGE_INVALID)'),
  },
});

/** `/api/v1/subscription`: the signed-in user's plan, auto-renew, change, cancel and Stripe's portal. */
export function subscriptionRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('*', requireAuth(services));
  const portalAvailable = services.payments.kind === 'stripe';
  const answer = (row: Awaited<ReturnType<typeof findCurrentSubscription>>) => ({
    subscription: row ? toSubscriptionDto(row, portalAvailable) : null,
  });
  return router
    .openapi(getSubscription, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(answer(await findCurrentSubscription(services.db, c.get('user').id)), 200);
    })
    .openapi(patchSubscription, async (c) => {
      const row = await changeSubscription(services, c.get('user').id, c.req.valid('json'));
      return c.json(answer(row), 200);
    })
    .openapi(deleteSubscription, async (c) => {
      return c.json(answer(await cancelSubscription(services, c.get('user').id)), 200);
    })
    .openapi(upgradeQuoteRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      const row = await findCurrentSubscription(services.db, c.get('user').id);
      if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
      const { planId } = c.req.valid('query');
      const to = findSubscriptionPlan(planId);
      const from = findSubscriptionPlan(row.planId);
      if (!to || !from || to.id === from.id || !isUpgrade(from, to))
        throw new AppError('PLAN_CHANGE_INVALID');
      return c.json({ planId: to.id, ...upgradeQuote(row, to) }, 200);
    })
    .openapi(portalRoute, async (c) => {
      const url = await openPortal(services, c.get('user').id, `${publicUrl(services.config)}/user`);
      return c.json({ url }, 200);
    });
}
