import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refreshUser, useAuth } from '../../access/auth-store';
import { SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { authApi } from './auth-api';

/** The unverified-email warning with its resend action: idle, sending, sent, error (spec-1 §2, spec-2 §4). */
export function VerifyEmailBanner() {
  const { t } = useTranslation('auth');
  const { user } = useAuth();
  const resend = useMutation({
    mutationFn: authApi.resendVerification,
    onSuccess: (result) => {
      if (result.alreadyVerified) void refreshUser();
    },
  });
  if (!user || user.verified) return null;
  return (
    <section
      aria-labelledby="verify-email-banner"
      className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-300"
    >
      <h2 id="verify-email-banner" className="font-semibold">
        {t('banner.title')}
      </h2>
      <p className="mt-1 text-sm">{t('banner.message', { email: user.email })}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          className={`${SECONDARY_BUTTON} disabled:opacity-60`}
        >
          {resend.isPending ? t('banner.sending') : t('banner.resend')}
        </button>
        <p role="status" className="text-sm">
          {resend.isSuccess ? t('banner.sent') : null}
          {resend.isError ? <span className="text-red-800">{t('banner.error')}</span> : null}
        </p>
      </div>
    </section>
  );
}
