import { useTranslation } from 'react-i18next';
import { OutcomePage } from './outcome-page';

/** /exito: where a completed payment returns. */
export function SuccessPage() {
  const { t } = useTranslation();
  return <OutcomePage outcome="success" path="/exito" title={t('pages.success.title')} tone="good" />;
}
