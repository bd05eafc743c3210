import { useTranslation } from 'react-i18next';
import { usePricingPurchase } from '../credits/pricing-purchase';
import { StaticPageMeta } from '../marketing/seo/static-page-meta';
import { PricingContent } from './pricing-content';

/**
 * /select-plan: where the landing page's calls to action and the low-credit links lead; the same packs
 * and, signed in, the same purchase panel as /credits.
 */
export function SelectPlanPage() {
  const { t } = useTranslation();
  const purchase = usePricingPurchase('/select-plan');
  return (
    <>
      <StaticPageMeta page="selectPlan" path="/select-plan" />
      <PricingContent
        title={t('pages.selectPlan.title')}
        panel={purchase.panel}
        purchase={purchase.purchase}
      />
    </>
  );
}
