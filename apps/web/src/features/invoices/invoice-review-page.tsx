import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { StateBox, secondaryButtonClass } from '../../components/ui';
import { InvoiceScreen, Shell } from './invoice-screen';

/**
 * `/invoicereview` (spec-2 §2.4): a just-extracted invoice, by navigation state `{ invoiceId, clientId }`
 * or `?invoiceId=` (so a reload or a shared link still works). The type must be chosen before saving.
 */
export function InvoiceReviewPage() {
  const { t } = useTranslation('invoices');
  const state = useLocation().state as { invoiceId?: unknown; clientId?: unknown } | null;
  const [params] = useSearchParams();
  const invoiceId = typeof state?.invoiceId === 'string' ? state.invoiceId : params.get('invoiceId');
  const clientId = typeof state?.clientId === 'string' ? state.clientId : null;
  if (!invoiceId) {
    return (
      <Shell title={t('review.title')}>
        <StateBox>
          <p>{t('review.noData')}</p>
          <Link
            to={clientId ? `/customer/${encodeURIComponent(clientId)}` : '/dashboard'}
            className={`${secondaryButtonClass} mt-3`}
          >
            {t('edit.back')}
          </Link>
        </StateBox>
      </Shell>
    );
  }
  return <InvoiceScreen key={invoiceId} invoiceId={invoiceId} mode="review" clientIdHint={clientId} />;
}
