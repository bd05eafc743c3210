import { useTranslation } from 'react-i18next';
import { StaticPageMeta } from '../marketing/seo/static-page-meta';
import { PricingContent } from './pricing-content';

/** /select-plan: where the landing page's calls to action lead; the same packs as /credits. */
export function SelectPlanPage() {
  const { t } = useTranslation();
  return (
    <>
      <StaticPageMeta page="selectPlan" path="/select-plan" />
      <PricingContent title={t('pages.selectPlan.title')} />
    </>
  );
}
