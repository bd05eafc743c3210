import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../access/auth-store';
import { DocumentTitle } from '../../components/document-title';
import { primaryButtonClass, StateBox, secondaryButtonClass } from '../../components/ui/index';
import { useErrorMessage } from '../../lib/error-message';
import { storeFirmInvitationToken } from './invitation-token';
import { useAcceptFirmInvitation, useFirmInvitation } from './team-api';

/**
 * `/join-team?token=…` (issue 40). Signed out, the token is kept and the colleague goes to sign in (or sign
 * up, verify and sign in: the login comes back here either way). Signed in: what the emailed invitation is for, and the button that
 * joins the firm. The server checks that the signed-in account is the invited address.
 */
export function JoinTeamPage() {
  const { t } = useTranslation('team');
  const toMessage = useErrorMessage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status, token: session, user } = useAuth();
  const location = useLocation();
  const signedIn = status === 'ready' && Boolean(session && user);
  const preview = useFirmInvitation(token);
  const accept = useAcceptFirmInvitation();
  useEffect(() => {
    if (status === 'loading') return;
    storeFirmInvitationToken(signedIn ? null : token || null);
  }, [status, signedIn, token]);

  if (!token) return <Navigate to="/" replace />;
  if (status !== 'loading' && !signedIn) return <Navigate to="/login" replace state={{ from: location }} />;

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
      <DocumentTitle title={t('join.title')} />
      <h1 className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">{t('join.title')}</h1>
      {/* Joined first: the invitation is spent now, so reading it again would say it cannot be used. */}
      {accept.isSuccess ? (
        <StateBox>
          <p className="font-semibold text-slate-900">
            {t('join.joined', { firm: preview.data?.firmName ?? '' })}
          </p>
          <Link to="/dashboard" className={`${secondaryButtonClass} mt-3`}>
            {t('join.toDashboard')}
          </Link>
        </StateBox>
      ) : preview.isPending ? (
        <StateBox>{t('join.loading')}</StateBox>
      ) : preview.isError ? (
        <StateBox tone="error">
          <p className="font-semibold">{t('join.invalid')}</p>
          <p className="mt-1">{toMessage(preview.error)}</p>
        </StateBox>
      ) : (
        <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
          <p className="text-slate-800">
            {t('join.body', {
              inviter: preview.data.inviterName,
              firm: preview.data.firmName,
              role: t(`roles.${preview.data.role}`),
            })}
          </p>
          <p className="text-sm text-slate-600">{t('join.sentTo', { email: preview.data.email })}</p>
          <button
            type="button"
            className={`${primaryButtonClass} self-start`}
            disabled={accept.isPending || !user}
            onClick={() => accept.mutate(token)}
          >
            {accept.isPending ? t('join.accepting') : t('join.accept')}
          </button>
          {accept.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {toMessage(accept.error)}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
