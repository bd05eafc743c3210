import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getAuthState, refreshUser, useAuth } from '../../access/auth-store';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { useErrorMessage } from '../../lib/error-message';
import { authApi } from './auth-api';
import { AuthCard } from './auth-ui';

/**
 * /confirm-email?token=… : the link sent to a new address from Settings. Opening it moves the account to
 * that address (signed in or not: the link is the proof).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const toMessage = useErrorMessage();
  const token = useSearchParams()[0].get('token');
  const signedIn = Boolean(useAuth().token);
  // A query, not an effect: the token is spent once even when React mounts the page twice.
  const confirmation = useQuery({
    queryKey: ['confirm-email', token],
    queryFn: () => authApi.confirmEmailChange(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const result = confirmation.data;
  useEffect(() => {
    if (result && getAuthState().token) void refreshUser();
  }, [result]);

  let body: React.ReactNode;
  if (!token || confirmation.isError) {
    body = (
      <div role="alert">
        <h2 className="text-lg font-semibold text-red-800">{t('confirmEmail.errorTitle')}</h2>
        <p className="mt-2 text-slate-700">
          {token ? toMessage(confirmation.error) : t('confirmEmail.noToken')}
        </p>
        <Link to="/contact" className={`${SECONDARY_BUTTON} mt-6`}>
          {t('confirmEmail.contactSupport')}
        </Link>
      </div>
    );
  } else if (!result) {
    body = (
      <p role="status" className="text-slate-700">
        {t('confirmEmail.confirming')}
      </p>
    );
  } else {
    body = (
      <div role="status">
        <h2 className="text-lg font-semibold text-brand-900">{t('confirmEmail.successTitle')}</h2>
        <p className="mt-2 text-slate-700">{t('confirmEmail.success', { email: result.email })}</p>
        <Link to={signedIn ? '/dashboard' : '/login'} className={`${PRIMARY_BUTTON} mt-6`}>
          {signedIn ? t('confirmEmail.goDashboard') : t('confirmEmail.goLogin')}
        </Link>
      </div>
    );
  }
  return <AuthCard title={t('confirmEmail.title')}>{body}</AuthCard>;
}
