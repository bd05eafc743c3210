import { isCommonPassword, PasswordSchema } from '@cuadra/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { logout } from '../../access/auth-store';
import { PRIMARY_BUTTON } from '../../components/layout/nav-styles';
import { useErrorMessage } from '../../lib/error-message';
import { authApi } from './auth-api';
import { AuthCard, ErrorAlert, Field } from './auth-ui';

/** /reset-password?token=…: sets a new password; every session ends, so the user logs in again. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const toMessage = useErrorMessage();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [invalid, setInvalid] = useState<{ password?: string; repeat?: string }>({});
  const mutation = useMutation({
    mutationFn: authApi.confirmPasswordReset,
    onSuccess: () => {
      logout(); // the server has voided every token, this browser's included
      navigate('/login', { replace: true, state: { passwordChanged: true } });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof invalid = {};
    if (!PasswordSchema.safeParse(password).success) next.password = t('auth:validation.passwordLength');
    else if (isCommonPassword(password)) next.password = t('errors:PASSWORD_TOO_COMMON');
    if (password !== repeat) next.repeat = t('auth:validation.passwordMismatch');
    setInvalid(next);
    if (!next.password && !next.repeat && token) mutation.mutate({ token, password });
  }

  return (
    <AuthCard title={t('auth:reset.title')}>
      {!token ? (
        <ErrorAlert>{t('auth:reset.noToken')}</ErrorAlert>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {mutation.isError ? <ErrorAlert>{toMessage(mutation.error)}</ErrorAlert> : null}
          <Field
            label={t('auth:fields.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={invalid.password}
            hint={t('auth:fields.passwordHint')}
          />
          <Field
            label={t('auth:fields.repeatPassword')}
            name="repeat"
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={setRepeat}
            error={invalid.repeat}
          />
          <button
            type="submit"
            disabled={mutation.isPending}
            className={`${PRIMARY_BUTTON} w-full disabled:opacity-60`}
          >
            {mutation.isPending ? t('auth:reset.submitting') : t('auth:reset.submit')}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-800 hover:underline">
          {t('auth:reset.requestNew')}
        </Link>
      </p>
    </AuthCard>
  );
}
