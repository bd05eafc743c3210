import { useTranslation } from 'react-i18next';
import { useAuth } from '../../access/auth-store';
import { DocumentTitle } from '../../components/document-title';
import { ClientSection } from './dashboard-page';
import { FreelancerHome } from './freelancer-home';

/** The sidebar's "clients": the same searchable, sortable, paged list as the dashboard, on its own. */
export function ClientsPage() {
  const { t } = useTranslation('clients');
  const { user } = useAuth();
  if (user?.accountType === 'freelancer') return <FreelancerHome />;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <DocumentTitle title={t('section.title')} />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('section.title')}</h1>
      <p className="mt-2 text-slate-600">{t('section.allIntro')}</p>
      <ClientSection verified={user?.verified === true} withTitle={false} />
    </div>
  );
}
