import { type AcceptInvitationResult, INVITATION_TOKEN_STORAGE_KEY } from '@cuadra/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../access/auth-store';
import { DocumentTitle } from '../../components/document-title';
import { ApiError, api } from '../../lib/api';
import { errorMessageKey } from '../../lib/error-message';
import { clientKeys } from '../../lib/query-keys';

export type InvitationErrorState = { message: string };
export type InvitationAcceptedState = { clientId: string };

function storeToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(INVITATION_TOKEN_STORAGE_KEY, token);
    else window.localStorage.removeItem(INVITATION_TOKEN_STORAGE_KEY);
  } catch {
    // Storage disabled: the visitor signs in and opens the emailed link again.
  }
}

/**
 * spec-2 §2.7: no token → home; signed out → keep the token and sign in (the login page sends them back
 * here, and links to sign-up); signed in → accept, then the accepted page, the error page with the
 * reason, or the generic error page.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('clients');
  const { t: te } = useTranslation('errors');
  const [params] = useSearchParams();
  const token = params.get('token');
  const { status, token: session, user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const signedIn = status === 'ready' && Boolean(session && user);

  useEffect(() => {
    if (!token || status === 'loading' || started.current) return;
    started.current = true;
    if (!signedIn) {
      storeToken(token);
      navigate('/login?redirect=accept-invitation', { replace: true });
      return;
    }
    api
      .post<AcceptInvitationResult>('/invitations/accept', { token })
      .then((result) => {
        storeToken(null);
        void queryClient.invalidateQueries({ queryKey: clientKeys.all });
        navigate('/invitation-accepted', { replace: true, state: { clientId: result.clientId } });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.isClientError && error.status !== 401) {
          storeToken(null);
          const state: InvitationErrorState = { message: te(errorMessageKey(error)) };
          navigate('/invitation-error', { replace: true, state });
        } else {
          navigate('/error', { replace: true });
        }
      });
  }, [token, status, signedIn, navigate, queryClient, te]);

  if (!token) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 text-center sm:px-6">
      <DocumentTitle title={t('invitation.title')} />
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{t('invitation.title')}</h1>
      <p role="status" className="mt-4 text-lg text-slate-700">
        {t('invitation.processing')}
      </p>
    </div>
  );
}
