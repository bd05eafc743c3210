import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useClientList } from '../../access/clients';
import { DocumentTitle } from '../../components/document-title';
import { linkClass, StateBox, secondaryButtonClass } from '../../components/ui';
import { useErrorMessage } from '../../lib/error-message';

/**
 * A freelancer has no client list: they land on their own client page. One linked to several records
 * (their own and an accountant's) chooses which.
 */
export function FreelancerHome() {
  const { t } = useTranslation('clients');
  const toMessage = useErrorMessage();
  const list = useClientList({ q: '', order: 'asc' });
  const items = list.data?.items ?? [];
  if (items.length === 1 && items[0]) return <Navigate to={`/customer/${items[0].id}`} replace />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <DocumentTitle title={t('freelancer.chooseTitle')} />
      <h1 className="mb-2 text-2xl font-semibold tracking-tight text-slate-900">
        {t('freelancer.chooseTitle')}
      </h1>
      {list.isPending ? (
        <StateBox>{t('table.loading')}</StateBox>
      ) : list.isError ? (
        <StateBox tone="error">
          <p className="font-semibold">{t('table.loadError')}</p>
          <p className="mt-1">{toMessage(list.error)}</p>
          <button type="button" onClick={() => list.refetch()} className={`${secondaryButtonClass} mt-3`}>
            {t('table.retry')}
          </button>
        </StateBox>
      ) : items.length === 0 ? (
        <StateBox>{t('table.noClients')}</StateBox>
      ) : (
        <>
          <p className="mb-4 text-slate-600">{t('freelancer.chooseIntro')}</p>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {items.map((client) => (
              <li key={client.id} className="px-4 py-3">
                <Link to={`/customer/${client.id}`} className={linkClass}>
                  {client.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
