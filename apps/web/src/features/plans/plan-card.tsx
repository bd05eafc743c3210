import type { Plan } from '@cuadra/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../components/icons';
import { toLocale } from '../../i18n/i18n';
import {
  formatPlanPrice,
  planInvoicesLabel,
  planName,
  planPriceLabel,
  planRetentionLabel,
} from './plan-text';
import type { CouponQuote } from './plans-api';

/**
 * One plan of the catalogue (`PLANS`): name, who it suits, price, invoices, retention and features. /pricing
 * and /credits both draw their plans with it, so the two pages cannot quote different prices or copy.
 */
export function PlanCard({
  plan,
  quote = null,
  action,
}: {
  plan: Plan;
  quote?: CouponQuote | null;
  action: ReactNode;
}) {
  const { t, i18n } = useTranslation('pricing');
  const language = toLocale(i18n.resolvedLanguage);
  const highlighted = plan.id === 'freelancer-monthly' || plan.id === 'freelancer-yearly';
  return (
    <article
      data-plan={plan.id}
      className={`relative flex w-full flex-col rounded-2xl bg-white p-6 shadow-sm sm:p-8 ${
        highlighted ? 'ring-2 ring-brand-700' : 'ring-1 ring-slate-200'
      }`}
    >
      <h3 className="text-lg font-semibold text-slate-900">{planName(t, plan)}</h3>
      <p className="mt-1 text-sm text-slate-600">
        {t(`plans.idealFor.${plan.idealFor}` as 'plans.idealFor.firms')}
      </p>
      <div className="mt-5 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-3xl font-bold tracking-tight text-slate-900" data-testid={`price-${plan.id}`}>
          <span className="sr-only">{t('price')}: </span>
          {planPriceLabel(t, plan, language, quote ? quote.priceCents : plan.priceCents)}
        </p>
        {quote && plan.priceCents !== null && quote.priceCents !== plan.priceCents ? (
          <p className="text-base text-slate-500">
            <span className="sr-only">{t('originalPrice')}: </span>
            <s>{formatPlanPrice(plan.priceCents, language, plan.currency)}</s>
          </p>
        ) : null}
      </div>
      <p className="mt-2 text-base font-semibold text-slate-900">{planInvoicesLabel(t, plan, language)}</p>
      <p className="mt-1 text-sm text-slate-600">{planRetentionLabel(t, plan)}</p>
      <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {t(`plans.features.${feature}` as 'plans.features.fullAccess')}
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}
