/** Credit packs as the spec sells them. Prices in integer cents. */
export type Pack = {
  id: 'small' | 'large';
  credits: number;
  amountCents: number;
  originalAmountCents: number;
  currency: 'eur' | 'usd';
  popular: boolean;
  active: boolean;
  /** The i18n key of the pack's name. */
  translationKey: string;
};

export const PACKS: readonly Pack[] = [
  {
    id: 'small',
    credits: 33,
    amountCents: 600,
    originalAmountCents: 900,
    currency: 'eur',
    popular: false,
    active: true,
    translationKey: 'packs.small',
  },
  {
    id: 'large',
    credits: 150,
    amountCents: 2000,
    originalAmountCents: 4500,
    currency: 'eur',
    popular: true,
    active: true,
    translationKey: 'packs.large',
  },
];

/** Every pack includes these (spec-1 §3); the browser translates the keys. */
export const PACK_FEATURES = ['noExpiration', 'instantDelivery', 'fullAccess', 'supportIncluded'] as const;

/** The spec's rule: round((original − amount) / original × 100), only when the original is higher. */
export function savingPercent(pack: Pick<Pack, 'amountCents' | 'originalAmountCents'>): number | null {
  if (pack.originalAmountCents <= pack.amountCents) return null;
  return Math.round(((pack.originalAmountCents - pack.amountCents) / pack.originalAmountCents) * 100);
}

/** € for eur, otherwise $ (spec-1 §9). */
export function currencySymbol(currency: Pack['currency']): string {
  return currency === 'eur' ? '€' : '$';
}

/** Credits granted once, on email verification. */
export const WELCOME_CREDITS = 3;
/** The widget shows the low style at this many credits or fewer; settings warns below it. */
export const LOW_CREDITS_THRESHOLD = 5;
