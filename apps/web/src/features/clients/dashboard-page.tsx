import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../access/auth-store';
import { useCanWrite } from '../../access/can-write';
import { DocumentTitle } from '../../components/document-title';
import { primaryButtonClass } from '../../components/ui';
import { VerifyEmailBanner } from '../auth';
import { CreditsWidget } from '../credits';
import { AddClientDialog } from './add-client-dialog';
import { ClientTable } from './client-table';
import { FreelancerHome } from './freelancer-home';

export function DashboardPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('clients');
  const { user } = useAuth();
  if (user?.accountType === 'freelancer') return <FreelancerHome />;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <DocumentTitle title={tc('dashboard.title')} />
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{tc('dashboard.title')}</h1>
        {user ? (
          <p className="text-lg font-medium text-slate-900">{t('dashboard.welcome', { name: user.name })}</p>
        ) : null}
        <VerifyEmailBanner />
        {user ? <CreditsWidget compact /> : null}
      </div>
      <ClientSection verified={user?.verified === true} />
    </div>
  );
}

/** Search, the add-customer button (verified email only, spec-1 §6) and the table. */
export function ClientSection({ verified, withTitle = true }: { verified: boolean; withTitle?: boolean }) {
  const { t } = useTranslation('clients');
  const [adding, setAdding] = useState(false);
  // A reader (issue 40) reads the firm's clients; adding one is not theirs to offer.
  const canWrite = useCanWrite();
  const toolbar = !canWrite ? null : verified ? (
    <button type="button" onClick={() => setAdding(true)} className={primaryButtonClass}>
      <span aria-hidden="true">+</span>
      {t('add.button')}
    </button>
  ) : (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      {t('add.verifyFirst')}
    </p>
  );
  return (
    <section
      aria-label={withTitle ? undefined : t('section.title')}
      aria-labelledby={withTitle ? 'client-section-title' : undefined}
      className="mt-8"
    >
      {withTitle ? (
        <h2 id="client-section-title" className="mb-4 text-xl font-semibold text-slate-900">
          {t('section.title')}
        </h2>
      ) : null}
      <ClientTable canManage={verified && canWrite} toolbar={toolbar} />
      {adding ? <AddClientDialog onClose={() => setAdding(false)} /> : null}
    </section>
  );
}
