import {
  findPlan,
  formatMoney,
  PACK_FEATURES,
  PACKS,
  type Pack,
  roundDiv,
  savingPercent,
} from '@cuadra/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasSession } from '../../access/use-has-session';
import { CheckIcon } from '../../components/icons';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { toLocale } from '../../i18n/i18n';
import { PlanCard, planName } from '../plans';

type HeadingLevel = 'h2' | 'h3' | 'h4';

/**
 * Where a pack's buy button leads. Signed out: the free sign-up (spec-1 §5: a purchase when not
 * authenticated goes to /start-free). Signed in: settings with the pack, where the purchase runs.
 */
export function buyHref(pack: Pick<Pack, 'id'>, hasSession: boolean): string {
  const id = encodeURIComponent(pack.id);
  // `plan`: a Google sign-up there continues to this pack's checkout (spec-1 §7 call 10).
  return hasSession ? `/user?buyCredits=true&priceId=${id}` : `/start-free?plan=${id}`;
}

/**
 * For a signed-in buyer (issue 7): buy buttons that start the checkout here instead of links. While one
 * runs every button is disabled and the chosen one says it is processing (spec-1 §4).
 */
export type PackPurchaseControls = {
  onBuy: (pack: Pack) => void;
  /** The pack whose checkout is being created, or null. */
  processingPackId: string | null;
  /** A pack to mark as chosen (settings reached from the pricing page). */
  chosenPackId?: string | null;
};

/** The active credit packs (spec-1 §2 "Pricing"): badge, struck-through original price, saving, buy link. */
export function PackCards({
  heading: Heading = 'h3',
  purchase,
}: {
  heading?: HeadingLevel;
  purchase?: PackPurchaseControls | null;
}) {
  const hasSession = useHasSession();
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {PACKS.filter((pack) => pack.active).map((pack) => (
        <li key={pack.id} className="flex">
          <PackCard pack={pack} heading={Heading} hasSession={hasSession} purchase={purchase ?? null} />
        </li>
      ))}
    </ul>
  );
}

function PackCard({
  pack,
  heading: Heading,
  hasSession,
  purchase,
}: {
  pack: Pack;
  heading: HeadingLevel;
  hasSession: boolean;
  purchase: PackPurchaseControls | null;
}) {
  const { t, i18n } = useTranslation('pricing');
  const { t: tc } = useTranslation('credits');
  const language = toLocale(i18n.resolvedLanguage);
  // Name and audience from the plan catalogue, as /pricing shows them: one copy for both pages.
  const plan = findPlan(pack.id);
  const name = planName(t, { id: pack.id });
  const saving = savingPercent(pack);
  const price = formatMoney(pack.amountCents, language, { currency: pack.currency, wholeUnits: true });
  const perInvoice = formatMoney(roundDiv(pack.amountCents, pack.credits), language, {
    currency: pack.currency,
    wholeUnits: true,
  });
  return (
    <article
      data-chosen={purchase?.chosenPackId === pack.id || undefined}
      className={`relative flex w-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 sm:p-8 ${
        pack.popular || purchase?.chosenPackId === pack.id ? 'ring-2 ring-brand-700' : 'ring-slate-200'
      }`}
    >
      {pack.popular && (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
          {t('popular')}
        </p>
      )}
      <Heading className="text-lg font-semibold text-slate-900">{name}</Heading>
      {plan ? (
        <p className="mt-1 text-sm text-slate-600">
          {t(`plans.idealFor.${plan.idealFor}` as 'plans.idealFor.firms')}
        </p>
      ) : null}
      <p className="mt-5 text-2xl font-semibold text-slate-900">{t('credits', { count: pack.credits })}</p>
      <div className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-4xl font-bold tracking-tight text-slate-900">
          <span className="sr-only">{t('price')}: </span>
          {price}
        </p>
        {saving !== null && (
          <>
            <p className="text-lg text-slate-500">
              <span className="sr-only">{t('originalPrice')}: </span>
              <s>
                {formatMoney(pack.originalAmountCents, language, {
                  currency: pack.currency,
                  wholeUnits: true,
                })}
              </s>
            </p>
            <p className="rounded-md bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">
              {t('save', { percent: saving })}
            </p>
          </>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {t('oneTime')} · {t('perInvoice', { price: perInvoice })}
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm text-slate-700">
        {PACK_FEATURES.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {t(`features.${feature}`)}
          </li>
        ))}
      </ul>
      {purchase ? (
        <button
          type="button"
          data-buy-pack={pack.id}
          onClick={() => purchase.onBuy(pack)}
          disabled={purchase.processingPackId !== null}
          aria-busy={purchase.processingPackId === pack.id}
          className={`${pack.popular || purchase.chosenPackId === pack.id ? PRIMARY_BUTTON : SECONDARY_BUTTON} mt-8 w-full py-3 disabled:cursor-not-allowed disabled:opacity-60`}
        >
          {purchase.processingPackId === pack.id ? tc('purchase.processing') : t('buy', { name })}
        </button>
      ) : (
        <Link
          to={buyHref(pack, hasSession)}
          className={`${pack.popular ? PRIMARY_BUTTON : SECONDARY_BUTTON} mt-8 w-full py-3`}
        >
          {t('buy', { name })}
        </Link>
      )}
    </article>
  );
}

/** The plans for larger volumes that /credits lists below the packs: the catalogue's, as /pricing sells them. */
const LARGER_PLAN_IDS = ['business-monthly', 'enterprise'] as const;

/**
 * Business and Enterprise from the plan catalogue (`PLANS`), drawn by /pricing's own card: the same price
 * (Business at its monthly price, not "a tailored quote"), invoices, retention and features. Business leads
 * to /pricing, where the interval, coupon and checkout are; Enterprise to the contact form.
 */
export function ContactPlans() {
  const { t } = useTranslation('pricing');
  const plans = LARGER_PLAN_IDS.map((id) => findPlan(id)).filter((plan) => plan !== null);
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {plans.map((plan) => (
        <li key={plan.id} className="flex">
          <PlanCard
            plan={plan}
            action={
              plan.contactOnly ? (
                <Link
                  to={`/contact?subject=${encodeURIComponent(t('plans.enterpriseSubject'))}`}
                  className={`${SECONDARY_BUTTON} w-full py-3`}
                >
                  {t('plans.contact')}
                </Link>
              ) : (
                <Link to="/pricing" className={`${SECONDARY_BUTTON} w-full py-3`}>
                  {/* The name starts with what is shown (WCAG 2.5.3), then says which plan. */}
                  {t('settings.seePlans')}
                  <span className="sr-only">: {planName(t, plan)}</span>
                </Link>
              )
            }
          />
        </li>
      ))}
    </ul>
  );
}
