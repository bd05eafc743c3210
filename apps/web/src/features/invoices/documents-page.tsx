import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { StateBox, secondaryButtonClass } from '../../components/ui';

/**
 * The sidebar's documents: recent invoices across all clients. Invoices arrive with the invoice pipeline
 * (issue 6); until then there are none to list.
 */
export function DocumentsPage() {
  const { t } = useTranslation('clients');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <DocumentTitle title={t('documents.title')} />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('documents.title')}</h1>
      <p className="mt-2 mb-6 text-slate-600">{t('documents.intro')}</p>
      <StateBox>
        <p>{t('documents.empty')}</p>
        <Link to="/clients" className={`${secondaryButtonClass} mt-4`}>
          {t('documents.toClients')}
        </Link>
      </StateBox>
    </div>
  );
}
