import { type CouponQuote, discountedPriceCents, normalizeCouponCode, type Plan } from '@cuadra/shared';
import { eq, sql } from 'drizzle-orm';
import type { CouponDefinition } from '../../config';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';
import { AppError } from '../../errors';
import type { Services } from '../../services';

export type CouponRow = typeof coupons.$inferSelect;

/**
 * The demo coupon of a local trial without Stripe (README "Plans and coupons"), so a new user can try the
 * coupon field: 20 % off any plan, no end date.
 */
export const DEMO_COUPON: CouponDefinition = { code: 'BIENVENIDA20', percentOff: 20 };

/**
 * Writes the operator's coupons (COUPONS) at start-up, and the demo coupon on a local trial without Stripe.
 * A definition replaces the stored one of the same code; its redemption count is kept.
 */
export async function seedCoupons(services: Pick<Services, 'db' | 'config' | 'payments'>): Promise<void> {
  const definitions = [...services.config.COUPONS];
  if (services.payments.kind === 'local' && !definitions.some((c) => c.code === DEMO_COUPON.code)) {
    await services.db
      .insert(coupons)
      .values(toRow(DEMO_COUPON))
      .onConflictDoNothing({ target: coupons.code });
  }
  for (const definition of definitions) {
    const row = toRow(definition);
    await services.db
      .insert(coupons)
      .values(row)
      .onConflictDoUpdate({
        target: coupons.code,
        set: {
          percentOff: row.percentOff,
          amountOffCents: row.amountOffCents,
          validUntil: row.validUntil,
          maxRedemptions: row.maxRedemptions,
          planIds: row.planIds,
        },
      });
  }
}

function toRow(definition: CouponDefinition): typeof coupons.$inferInsert {
  return {
    code: definition.code,
    percentOff: definition.percentOff ?? null,
    amountOffCents: definition.amountOffCents ?? null,
    validUntil: definition.validUntil ? new Date(definition.validUntil) : null,
    maxRedemptions: definition.maxRedemptions ?? null,
    planIds: definition.planIds ?? null,
  };
}

/**
 * The coupon `code` as it applies to `plan` now, or COUPON_INVALID: unknown, past its date, used up, or
 * not for this plan. Checked before any payment starts.
 */
export async function findValidCoupon(
  db: Db,
  code: string,
  planId: string,
  now = new Date(),
): Promise<CouponRow> {
  const normalized = normalizeCouponCode(code);
  const [coupon] = normalized ? await db.select().from(coupons).where(eq(coupons.code, normalized)) : [];
  const usable =
    coupon &&
    (coupon.validUntil === null || coupon.validUntil > now) &&
    (coupon.maxRedemptions === null || coupon.redemptions < coupon.maxRedemptions) &&
    (coupon.planIds === null || coupon.planIds.includes(planId));
  if (!usable) throw new AppError('COUPON_INVALID');
  return coupon;
}

export function quoteCoupon(coupon: CouponRow, plan: Plan): CouponQuote {
  return {
    code: coupon.code,
    percentOff: coupon.percentOff,
    amountOffCents: coupon.amountOffCents,
    priceCents: discountedPriceCents(plan.priceCents ?? 0, coupon),
  };
}

/**
 * Counts a use of the coupon of a checkout being paid, in the payment's transaction, and says whether that
 * use was within `maxRedemptions`. The increment takes the row's lock and reads the latest count (PostgreSQL
 * re-reads a row updated by a transaction it waited for), so payments settling together are numbered one
 * after another: exactly `maxRedemptions` of them are within the limit (docs/decisions/0016).
 */
export async function redeemCoupon(db: Db, code: string): Promise<{ withinLimit: boolean }> {
  const [counted] = await db
    .update(coupons)
    .set({ redemptions: sql`${coupons.redemptions} + 1` })
    .where(eq(coupons.code, code))
    .returning({ redemptions: coupons.redemptions, maxRedemptions: coupons.maxRedemptions });
  // A coupon no longer stored (removed by the operator) has no limit left to keep.
  if (!counted || counted.maxRedemptions === null) return { withinLimit: true };
  return { withinLimit: counted.redemptions <= counted.maxRedemptions };
}
