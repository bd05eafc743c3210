import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { primaryButtonClass, secondaryButtonClass } from '../../components/ui/index';
import type { InvitationErrorState } from './accept-invitation-page';

export function InvitationErrorPage() {
  const { t } = useTranslation('clients');
  const state = useLocation().state as InvitationErrorState | null;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 text-center sm:px-6">
      <DocumentTitle title={t('invitation.errorTitle')} />
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{t('invitation.errorTitle')}</h1>
      <p role="alert" className="mt-4 text-slate-700">
        {state?.message ?? t('invitation.errorFallback')}
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/dashboard" className={primaryButtonClass}>
          {t('invitation.toDashboard')}
        </Link>
        <Link to="/contact" className={secondaryButtonClass}>
          {t('invitation.contact')}
        </Link>
      </div>
    </div>
  );
}
