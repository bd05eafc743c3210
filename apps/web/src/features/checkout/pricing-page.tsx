import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { StaticPageMeta } from '../../lib/seo/static-page-meta';
import { PlansChooser } from '../plans';
import { usePricingPurchase } from './pricing-purchase';

/**
 * /pricing (Spanish /es/precios), spec-2 §3–§4 and issue 19: "Simplify Your Accounting", the
 * monthly/annual toggle, every plan side by side and the coupon field. Prerendered in both languages; signed
 * in (after hydration), the balance panel, checkout and change of plan.
 */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const purchase = usePricingPurchase('/pricing');
  return (
    <>
      <StaticPageMeta page="pricing" path="/pricing" />
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <PageHeader eyebrow={t('plans.eyebrow')} title={t('plans.pageTitle')}>
          <p>{t('plans.pageSubtitle')}</p>
        </PageHeader>
        {purchase.panel}
        <div className="mt-10">
          <PlansChooser returnTo="/pricing?session_id={CHECKOUT_SESSION_ID}" />
        </div>
      </div>
    </>
  );
}
