import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { StaticPageMeta } from '../marketing/seo/static-page-meta';
import { PricingContent } from './pricing-content';

type PurchaseStatus = 'success' | 'cancelled' | null;

/**
 * /credits (spec-1 §2 "Pricing"). Reads `session_id` (payment success) and `cancelled=true`, shows the
 * outcome, and clears the query string back to /credits. Read after the first render: the prerendered
 * HTML has no query string, and hydration must match it.
 * The signed-in purchase panel and balance widget come with the purchase flow (issue 7).
 */
export function CreditsPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('pricing');
  const { search } = useLocation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<PurchaseStatus>(null);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const next: PurchaseStatus = params.has('session_id')
      ? 'success'
      : params.get('cancelled') === 'true'
        ? 'cancelled'
        : null;
    if (!next) return;
    setStatus(next);
    void navigate('/credits', { replace: true });
  }, [search, navigate]);

  return (
    <>
      <StaticPageMeta page="credits" path="/credits" />
      {status && (
        <div className="mx-auto w-full max-w-5xl px-4 pt-8 sm:px-6">
          <div
            role="status"
            className={`flex items-start justify-between gap-4 rounded-lg p-4 text-sm ring-1 ${
              status === 'success'
                ? 'bg-brand-50 text-brand-900 ring-brand-200'
                : 'bg-amber-50 text-amber-900 ring-amber-200'
            }`}
          >
            <p>{tp(`status.${status}`)}</p>
            <button type="button" onClick={() => setStatus(null)} className="font-semibold underline">
              {tp('status.dismiss')}
            </button>
          </div>
        </div>
      )}
      <PricingContent title={t('pages.credits.title')} />
    </>
  );
}
