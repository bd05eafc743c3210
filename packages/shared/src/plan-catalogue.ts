import { PACKS } from './packs';

/**
 * Everything Cuadra sells, as plain data (no zod): the public pricing pages import only this, so they do
 * not load the schema library. `plans.ts` holds the schemas and checks that `Plan` matches them.
 */
export const PLAN_IDS = [
  'small',
  'large',
  'freelancer-monthly',
  'freelancer-yearly',
  'business-monthly',
  'business-yearly',
  'enterprise',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  kind: 'pack' | 'subscription';
  /** For subscriptions only. */
  interval: 'month' | 'year' | null;
  /** Credits granted (per month for monthly plans, up front for yearly ones); null: custom (Enterprise). */
  invoices: number | null;
  /** Price per interval (or of the pack); null: custom pricing, reached through the contact form. */
  priceCents: number | null;
  currency: 'eur';
  /** How long originals and extracted data are kept; null where unlimited. */
  retentionDays: number | null;
  /** i18n keys under `plans.features.*`; the browser translates them. */
  features: string[];
  /** i18n key under `plans.idealFor.*`. */
  idealFor: string;
  /** Enterprise: no checkout, the contact form with the subject preset. */
  contactOnly: boolean;
};

const pack = (id: 'small' | 'large', retentionDays: number, idealFor: string): Plan => {
  const found = PACKS.find((p) => p.id === id);
  if (!found) throw new Error(`pack ${id} missing`);
  return {
    id,
    kind: 'pack',
    interval: null,
    invoices: found.credits,
    priceCents: found.amountCents,
    currency: 'eur',
    retentionDays,
    features: ['noExpiration', 'instantDelivery', 'fullAccess', 'supportIncluded'],
    idealFor,
    contactOnly: false,
  };
};

export const PLANS: readonly Plan[] = [
  pack('small', 30, 'occasional'),
  pack('large', 90, 'smallBusiness'),
  {
    id: 'freelancer-monthly',
    kind: 'subscription',
    interval: 'month',
    invoices: 50,
    priceCents: 1200,
    currency: 'eur',
    retentionDays: 365,
    features: ['monthlyScans', 'noCarryOver', 'fullAccess', 'cancelAnytime'],
    idealFor: 'freelancers',
    contactOnly: false,
  },
  {
    id: 'freelancer-yearly',
    kind: 'subscription',
    interval: 'year',
    invoices: 600,
    priceCents: 12000,
    currency: 'eur',
    retentionDays: 365,
    features: ['allScansUpFront', 'twoMonthsFree', 'fullAccess', 'cancelAnytime'],
    idealFor: 'freelancers',
    contactOnly: false,
  },
  {
    id: 'business-monthly',
    kind: 'subscription',
    interval: 'month',
    invoices: 1000,
    priceCents: 7900,
    currency: 'eur',
    retentionDays: 730,
    features: ['monthlyScans', 'noCarryOver', 'clientCollaboratorsSoon', 'prioritySupport'],
    idealFor: 'accountants',
    contactOnly: false,
  },
  {
    id: 'business-yearly',
    kind: 'subscription',
    interval: 'year',
    invoices: 12000,
    priceCents: 79000,
    currency: 'eur',
    retentionDays: 730,
    features: ['allScansUpFront', 'twoMonthsFree', 'clientCollaboratorsSoon', 'prioritySupport'],
    idealFor: 'accountants',
    contactOnly: false,
  },
  {
    id: 'enterprise',
    kind: 'subscription',
    interval: null,
    invoices: null,
    priceCents: null,
    currency: 'eur',
    retentionDays: null,
    features: ['unlimitedInvoices', 'customPricing', 'dedicatedManager', 'unlimitedRetention'],
    idealFor: 'firms',
    contactOnly: true,
  },
];

export function findPlan(id: string): Plan | null {
  return PLANS.find((plan) => plan.id === id) ?? null;
}
