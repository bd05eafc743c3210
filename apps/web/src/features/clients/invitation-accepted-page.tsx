import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useClient } from '../../access/clients';
import { DocumentTitle } from '../../components/document-title';
import { primaryButtonClass } from '../../components/ui/index';
import type { InvitationAcceptedState } from './accept-invitation-page';

export function InvitationAcceptedPage() {
  const { t } = useTranslation('clients');
  const state = useLocation().state as InvitationAcceptedState | null;
  const clientId = state?.clientId;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 text-center sm:px-6">
      <DocumentTitle title={t('invitation.acceptedTitle')} />
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">
        {t('invitation.acceptedTitle')}
      </h1>
      {clientId ? (
        <AcceptedText clientId={clientId} />
      ) : (
        <p className="mt-4 text-slate-600">{t('invitation.acceptedTextNoName')}</p>
      )}
      <Link to={clientId ? `/customer/${clientId}` : '/dashboard'} className={`${primaryButtonClass} mt-8`}>
        {t('invitation.openPage')}
      </Link>
    </div>
  );
}

function AcceptedText({ clientId }: { clientId: string }) {
  const { t } = useTranslation('clients');
  const client = useClient(clientId);
  return (
    <p className="mt-4 text-slate-600">
      {client.data
        ? t('invitation.acceptedText', { name: client.data.name })
        : t('invitation.acceptedTextNoName')}
    </p>
  );
}
