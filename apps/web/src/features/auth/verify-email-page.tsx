import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getAuthState, refreshUser, updateUser, useAuth } from '../../access/auth-store';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { ApiError } from '../../lib/api';
import { chosenPlanPath, pendingPlan } from '../plans';
import { authApi } from './auth-api';
import { AuthCard } from './auth-ui';

type Cause =
  | 'noToken'
  | 'expired'
  | 'invalid'
  | 'userNotFound'
  | 'generic'
  | 'server'
  | 'connection'
  | 'unknown';

/** Why a verification failed, from the answer (spec-2 §8 "Verification"). */
export function verificationCause(error: unknown): Cause {
  if (!(error instanceof ApiError)) return 'unknown';
  if (error.status === 0) return 'connection';
  if (error.code === 'TOKEN_EXPIRED') return 'expired';
  if (error.code === 'TOKEN_INVALID') return 'invalid';
  if (error.code === 'USER_NOT_FOUND') return 'userNotFound';
  if (error.status === 400) return 'generic';
  if (error.status >= 500) return 'server';
  return 'unknown';
}

/** /verify-email?token=… (spec-2 §2.5): verifying, then success (credits or already verified) or error. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const token = useSearchParams()[0].get('token');
  const auth = useAuth();
  const signedIn = Boolean(auth.token);
  // A query, not an effect: it runs once per token even when React mounts the page twice.
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => authApi.verifyEmail(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  // The local user is marked verified (spec-2 §4).
  const result = verification.data;
  useEffect(() => {
    if (!result || !getAuthState().token) return;
    const current = getAuthState().user;
    if (result.user && current?.id === result.user.id) updateUser(result.user);
    else void refreshUser();
  }, [result]);

  let body: React.ReactNode;
  if (!token || verification.isError) {
    const cause = token ? verificationCause(verification.error) : 'noToken';
    body = (
      <div role="alert">
        <h2 className="text-lg font-semibold text-red-800">{t('verify.errorTitle')}</h2>
        <p className="mt-2 text-slate-700">{t(`verify.causes.${cause}`)}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/contact" className={SECONDARY_BUTTON}>
            {t('verify.contactSupport')}
          </Link>
          <button
            type="button"
            className={PRIMARY_BUTTON}
            onClick={() => token && void verification.refetch()}
          >
            {t('verify.retry')}
          </button>
        </div>
      </div>
    );
  } else if (!result) {
    body = (
      <p role="status" className="text-slate-700">
        {t('verify.verifying')}
      </p>
    );
  } else {
    // A plan chosen before signing up (issue 16 item 4), kept in this browser or on the account.
    const chosen = pendingPlan(result.user ?? auth.user);
    body = (
      <div role="status">
        <h2 className="text-lg font-semibold text-brand-900">{t('verify.successTitle')}</h2>
        <p className="mt-2 text-slate-700">
          {result.creditsGranted > 0
            ? t('verify.credits', { count: result.creditsGranted })
            : t('verify.alreadyVerified')}
        </p>
        {signedIn && chosen ? (
          // A plan chosen before signing up (issue 16 item 4); signed out, the login continues to it.
          <Link to={chosenPlanPath(chosen)} className={`${PRIMARY_BUTTON} mt-6`}>
            {t('verify.continueToPayment')}
          </Link>
        ) : (
          <Link to={signedIn ? '/dashboard' : '/login'} className={`${PRIMARY_BUTTON} mt-6`}>
            {signedIn ? t('verify.goDashboard') : t('verify.goLogin')}
          </Link>
        )}
      </div>
    );
  }
  return <AuthCard title={t('verify.title')}>{body}</AuthCard>;
}
