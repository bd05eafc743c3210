import { LoginRequestSchema } from '@cuadra/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '../../access/auth-store';
import { isTokenValid, readStoredToken } from '../../access/session-storage';
import { PRIMARY_BUTTON } from '../../components/layout/nav-styles';
import { authApi } from './auth-api';
import { AuthCard, ErrorAlert, Field, Notice } from './auth-ui';
import { GoogleSignIn } from './google-button';
import { loginErrorMessage } from './login-errors';
import { InvitationNotice, usePendingInvitation } from './pending-invitation';
import { type LoginLocationState, useAfterLogin } from './use-after-login';

/** /login (spec-2 §2.8): email and password, Google when configured, a link to /register. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const location = useLocation();
  const state = (location.state as LoginLocationState | null) ?? {};
  const auth = useAuth();
  const afterLogin = useAfterLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<{ email?: string; password?: string }>({});
  const invitation = usePendingInvitation();

  const mutation = useMutation({ mutationFn: authApi.login, onSuccess: afterLogin });

  // A visitor who already holds a session goes to the dashboard.
  if (!mutation.isPending && !mutation.isSuccess && (auth.token || isTokenValid(readStoredToken()))) {
    return <Navigate to="/dashboard" replace />;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = LoginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setInvalid({
        email: fields.has('email') ? t('auth:validation.emailInvalid') : undefined,
        password: fields.has('password') ? t('auth:validation.passwordRequired') : undefined,
      });
      return;
    }
    setInvalid({});
    mutation.mutate(parsed.data);
  }

  return (
    <AuthCard title={t('auth:login.title')} subtitle={t('auth:login.subtitle')}>
      <div className="space-y-4">
        {invitation ? <InvitationNotice invitation={invitation} /> : null}
        {state.sessionEnded ? <Notice>{t('auth:login.sessionEnded')}</Notice> : null}
        {state.passwordChanged ? <Notice>{t('auth:login.passwordChanged')}</Notice> : null}
        {mutation.isError ? <ErrorAlert>{loginErrorMessage(mutation.error, t)}</ErrorAlert> : null}
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field
            label={t('auth:fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={invalid.email}
          />
          <Field
            label={t('auth:fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={invalid.password}
          />
          <div className="text-right text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-800 hover:underline">
              {t('auth:login.forgot')}
            </Link>
          </div>
          <button
            type="submit"
            disabled={mutation.isPending}
            className={`${PRIMARY_BUTTON} w-full disabled:opacity-60`}
          >
            {mutation.isPending ? t('auth:login.submitting') : t('auth:login.submit')}
          </button>
        </form>
      </div>
      <GoogleSignIn mode="login" onSignedIn={afterLogin} />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth:login.noAccount')}{' '}
        <Link
          to={invitation ? '/register?type=freelancer' : '/register'}
          className="font-medium text-brand-800 hover:underline"
        >
          {t('auth:login.register')}
        </Link>
      </p>
    </AuthCard>
  );
}
