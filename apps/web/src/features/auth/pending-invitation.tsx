import { INVITATION_TOKEN_STORAGE_KEY, type InvitationPreview } from '@cuadra/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

function storedInvitationToken(): string | null {
  try {
    return window.localStorage.getItem(INVITATION_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Whether a signed-out visitor came from an invitation link (its token is kept until accepted). */
export function hasPendingInvitation(): boolean {
  return storedInvitationToken() !== null;
}

/**
 * The invitation a signed-out visitor followed from its email (the accept page keeps its token before
 * sending them to sign in): who sent it and for which client, from the public preview. Null when there is
 * none, or it is no longer open.
 */
export function usePendingInvitation(): InvitationPreview | null {
  const [token] = useState(storedInvitationToken);
  const preview = useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: () => api.get<InvitationPreview>(`/invitations/${encodeURIComponent(token ?? '')}`),
    enabled: Boolean(token),
    retry: false,
    staleTime: 5 * 60_000,
  });
  return preview.data ?? null;
}

/** Above the login and sign-up forms: what the invitee is signing in for (issue 36, item 16). */
export function InvitationNotice({ invitation }: { invitation: InvitationPreview }) {
  const { t } = useTranslation('auth');
  return (
    <div
      data-testid="invitation-notice"
      className="rounded-md bg-brand-50 px-3 py-3 text-sm text-brand-900 ring-1 ring-brand-200"
    >
      <p className="font-semibold">{t('invitation.title')}</p>
      <p className="mt-1 break-words">
        <Trans
          t={t}
          i18nKey="invitation.text"
          values={{
            accountant: invitation.accountantName,
            client: invitation.clientName,
            email: invitation.email,
          }}
          components={{ strong: <strong /> }}
        />
      </p>
    </div>
  );
}
