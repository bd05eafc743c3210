import type { PlanId } from '@cuadra/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/layout/page-header';
import { StaticPageMeta } from '../../lib/seo/static-page-meta';
import { findBuyablePlan, PlansChooser } from '../plans';
import { usePricingPurchase } from './pricing-purchase';

/**
 * /select-plan (spec-1 §2 "Plan selection and credits"): where the landing page's calls to action and the
 * low-credit links lead. The same plans and coupon as /pricing; signed in, a plan goes to its checkout
 * (`POST /checkout` → the answer's `url`). `?plan=` (a plan chosen before signing up) starts that checkout
 * at once; it is read after the first render, as the prerendered HTML has no query string.
 */
export function SelectPlanPage() {
  const { t } = useTranslation('pricing');
  const purchase = usePricingPurchase('/select-plan');
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<PlanId | null>(null);
  const planParam = params.get('plan');
  useEffect(() => setChosen(findBuyablePlan(planParam)?.id ?? null), [planParam]);
  return (
    <>
      <StaticPageMeta page="selectPlan" path="/select-plan" />
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <PageHeader eyebrow={t('plans.eyebrow')} title={t('plans.selectTitle')}>
          <p>{t('plans.pageSubtitle')}</p>
        </PageHeader>
        {purchase.panel}
        <div className="mt-10">
          <PlansChooser returnTo="/select-plan?session_id={CHECKOUT_SESSION_ID}" autoCheckout={chosen} />
        </div>
      </div>
    </>
  );
}
