/** The plans feature's public entry: what other features use of it, and nothing else. */
export { findValidCoupon, redeemCoupon } from './coupons';
export { findActivePack, findActivePacks, findLiveSubscription } from './repo';
export {
  activateLocalSubscription,
  applyLocalUpgrade,
  applyStripeUpgrade,
  findSubscriptionPlan,
  grantStripeUpgradeCredits,
  isUpgrade,
  PLAN_NAMES,
  renewLocalNow,
  settleStripeInvoice,
  syncStripeSubscription,
  upgradeQuote,
} from './service';
