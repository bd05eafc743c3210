import { useTranslation } from 'react-i18next';
import { OutcomePage } from './outcome-page';

/** /payment-cancelled: a credit purchase was cancelled at checkout (spec-2 §8 "Payment was cancelled…"). */
export function PaymentCancelledPage() {
  const { t } = useTranslation('marketing');
  return (
    <OutcomePage
      outcome="paymentCancelled"
      path="/payment-cancelled"
      title={t('outcome.paymentCancelled.title')}
      tone="neutral"
    />
  );
}
