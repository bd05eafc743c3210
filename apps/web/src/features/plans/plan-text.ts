import { formatMoney, type Locale, PLANS, type Plan, type PlanId } from '@cuadra/shared';
import type { TFunction } from 'i18next';

/** The name key of a plan: both intervals of a subscription share one name. */
export type PlanFamily = 'small' | 'large' | 'freelancer' | 'business' | 'enterprise';

export function planFamily(id: PlanId): PlanFamily {
  return id.split('-')[0] as PlanFamily;
}

/** A plan anyone may buy here (not Enterprise, which is reached through the contact form). */
export function findBuyablePlan(id: string | null | undefined): Plan | null {
  const plan = PLANS.find((p) => p.id === id);
  return plan && !plan.contactOnly ? plan : null;
}

export function planName(t: TFunction<'pricing'>, plan: Pick<Plan, 'id'>): string {
  return t(`plans.name.${planFamily(plan.id)}`);
}

export function formatPlanPrice(priceCents: number, language: Locale, currency: Plan['currency']): string {
  return formatMoney(priceCents, language, { currency, wholeUnits: priceCents % 100 === 0 });
}

/** "€12 / month", "€120 / year", "€20 one-time"; Enterprise: custom pricing. */
export function planPriceLabel(
  t: TFunction<'pricing'>,
  plan: Plan,
  language: Locale,
  priceCents = plan.priceCents,
): string {
  if (priceCents === null) return t('plans.customPrice');
  const price = formatPlanPrice(priceCents, language, plan.currency);
  if (plan.kind === 'pack') return t('plans.pricePack', { price });
  return t(plan.interval === 'year' ? 'plans.perYear' : 'plans.perMonth', { price });
}

/** What the plan grants: per month, up front for the year, once for a pack; Enterprise unlimited. */
export function planInvoicesLabel(t: TFunction<'pricing'>, plan: Plan, language: Locale): string {
  if (plan.invoices === null) return t('plans.invoicesUnlimited');
  const count = plan.invoices;
  const formatted = count.toLocaleString(language === 'es' ? 'es-ES' : 'en-GB');
  if (plan.kind === 'pack') return t('plans.invoicesPack', { count, formatted });
  return t(plan.interval === 'year' ? 'plans.invoicesYear' : 'plans.invoicesMonth', { count, formatted });
}

/** How long documents are kept: whole years as years, otherwise days; null is unlimited. */
export function planRetentionLabel(t: TFunction<'pricing'>, plan: Plan): string {
  if (plan.retentionDays === null) return t('plans.retentionUnlimited');
  if (plan.retentionDays % 365 === 0) return t('plans.retentionYears', { count: plan.retentionDays / 365 });
  return t('plans.retentionDays', { count: plan.retentionDays });
}

/**
 * Upgrade or downgrade, by what the plan costs a month: an upgrade applies now, a downgrade at the end of
 * the period already paid for (issue 19).
 */
export function isUpgrade(from: Plan, to: Plan): boolean {
  const monthly = (plan: Plan) =>
    (plan.priceCents ?? Number.POSITIVE_INFINITY) / (plan.interval === 'year' ? 12 : 1);
  return monthly(to) > monthly(from);
}
