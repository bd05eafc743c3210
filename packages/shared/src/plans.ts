import { z } from 'zod';
import { percentOf } from './money';
import { PLAN_IDS, type Plan as PlanData } from './plan-catalogue';

export { findPlan, PLAN_IDS, PLANS } from './plan-catalogue';

/**
 * Everything Cuadra sells (spec-2 §3 "Plans named in the copy", §4 "Subscription plans"): the two credit
 * packs, a freelancer subscription and Business in both intervals, and Enterprise, which is "contact us".
 *
 * `invoices` is the credits a plan grants: per period for monthly plans (unused ones expire at the period's
 * end), all at once for yearly ones, once for packs (never expire). Prices are integer cents.
 *
 * The spec's two language copies disagree on the packs' "invoice limit" (100/500 in English, 30/100 in
 * Spanish); both copies agree on the credits (33 and 150), so both languages show the credits.
 */
export const PlanIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof PlanIdSchema>;

export const PlanSchema = z.object({
  id: PlanIdSchema,
  kind: z.enum(['pack', 'subscription']),
  /** For subscriptions only. */
  interval: z.enum(['month', 'year']).nullable(),
  /** Credits granted (per month for monthly plans, up front for yearly ones); null: custom (Enterprise). */
  invoices: z.number().int().positive().nullable(),
  /** Price per interval (or of the pack); null: custom pricing, reached through the contact form. */
  priceCents: z.number().int().nonnegative().nullable(),
  currency: z.literal('eur'),
  /** How long originals and extracted data are kept; null where unlimited. */
  retentionDays: z.number().int().positive().nullable(),
  /** i18n keys under `plans.features.*`; the browser translates them. */
  features: z.array(z.string()),
  /** i18n key under `plans.idealFor.*`. */
  idealFor: z.string(),
  /** Enterprise: no checkout, the contact form with the subject preset. */
  contactOnly: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** The schema and the plain catalogue type agree, both ways (a compile error otherwise). */
const _sameShape: [Plan, PlanData] extends [PlanData, Plan] ? true : never = true;
void _sameShape;

/**
 * The caller's subscription (`GET /api/v1/subscription`, null without one). A downgrade waits for the
 * period's end in `pendingPlanId`; `cancelAtPeriodEnd` means it will not renew.
 */
export const SubscriptionSchema = z.object({
  planId: PlanIdSchema,
  status: z.enum(['active', 'past_due', 'canceled']),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  autoRenew: z.boolean(),
  pendingPlanId: PlanIdSchema.nullable(),
  /** Where Stripe is configured: its customer portal is offered. */
  portalAvailable: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** `PATCH /api/v1/subscription`: turn auto-renew on/off, or change plan (upgrade now, downgrade at period end). */
export const SubscriptionPatchSchema = z
  .object({ autoRenew: z.boolean().optional(), planId: PlanIdSchema.optional() })
  .refine((body) => body.autoRenew !== undefined || body.planId !== undefined);
/** `GET /api/v1/coupons/:code?planId=`: what a valid coupon takes off a plan's price. */
export const CouponQuoteSchema = z
  .object({
    /** Upper-cased, as stored. */
    code: z.string(),
    percentOff: z.number().int().min(1).max(100).nullable(),
    amountOffCents: z.number().int().positive().nullable(),
    /** The plan's price with the coupon applied (first payment), never below 0. */
    priceCents: z.number().int().nonnegative(),
  })
  .meta({ id: 'CouponQuote' });
export type CouponQuote = z.infer<typeof CouponQuoteSchema>;

/** Upper case, no surrounding spaces: how codes are stored and compared. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A coupon's effect on a price: a percentage (rounded half away from zero) or an amount, never below 0. */
export function discountedPriceCents(
  priceCents: number,
  coupon: { percentOff: number | null; amountOffCents: number | null },
): number {
  const off =
    coupon.percentOff !== null
      ? percentOf(priceCents, coupon.percentOff * 100)
      : Math.min(priceCents, coupon.amountOffCents ?? 0);
  return Math.max(0, priceCents - off);
}
