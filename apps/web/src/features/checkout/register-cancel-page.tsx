import { useTranslation } from 'react-i18next';
import { OutcomePage } from './outcome-page';

/** /register/cancel: the payment of a sign-up with a pack was abandoned; the account exists. */
export function RegisterCancelPage() {
  const { t } = useTranslation();
  return (
    <OutcomePage
      outcome="registerCancel"
      path="/register/cancel"
      title={t('pages.registerCancel.title')}
      tone="neutral"
    />
  );
}
