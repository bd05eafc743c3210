import { EmailSchema } from '@cuadra/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRIMARY_BUTTON } from '../../components/layout/nav-styles';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { authApi } from './auth-api';
import { AuthCard, ErrorAlert, Field, Notice } from './auth-ui';

/** /forgot-password: asks for a reset link. The answer is the same whether the account exists or not. */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  const toMessage = useErrorMessage();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: authApi.requestPasswordReset });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) return setInvalid(t('validation.emailInvalid'));
    setInvalid(null);
    mutation.mutate({ email: parsed.data, locale: toLocale(i18n.language) });
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.intro')}>
      {mutation.isSuccess ? (
        <Notice>{t('forgot.sent', { email: mutation.variables.email })}</Notice>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {mutation.isError ? <ErrorAlert>{toMessage(mutation.error)}</ErrorAlert> : null}
          <Field
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={invalid}
          />
          <button
            type="submit"
            disabled={mutation.isPending}
            className={`${PRIMARY_BUTTON} w-full disabled:opacity-60`}
          >
            {mutation.isPending ? t('forgot.submitting') : t('forgot.submit')}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-800 hover:underline">
          {t('forgot.back')}
        </Link>
      </p>
    </AuthCard>
  );
}
