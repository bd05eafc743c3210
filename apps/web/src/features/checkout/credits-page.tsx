import { useTranslation } from 'react-i18next';
import { StaticPageMeta } from '../../lib/seo/static-page-meta';
import { PricingContent } from './pricing-content';
import { usePricingPurchase } from './pricing-purchase';

/**
 * /credits (spec-1 §2 "Pricing"). Reads `session_id` (payment success) and `cancelled=true`, shows the
 * outcome, and clears the query string back to /credits. Read after the first render: the prerendered
 * HTML has no query string, and hydration must match it. Signed in (after hydration), a purchase panel
 * with the balance, and buy buttons that start the checkout here (issue 7).
 */
export function CreditsPage() {
  const { t } = useTranslation();
  const purchase = usePricingPurchase('/credits');

  return (
    <>
      <StaticPageMeta page="credits" path="/credits" />
      <PricingContent title={t('pages.credits.title')} panel={purchase.panel} purchase={purchase.purchase} />
    </>
  );
}
