import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { PRIMARY_BUTTON } from '../../components/layout/nav-styles';
import { AuthCard } from './auth-ui';

type SuccessState = { fromRegister?: boolean; fromStartFree?: boolean; email?: string } | null;

/** /register/success: only right after a sign-up (spec-1 §2); anyone else goes to /. */
export function RegisterSuccessPage() {
  const { t } = useTranslation('auth');
  const state = useLocation().state as SuccessState;
  if (!state?.fromRegister && !state?.fromStartFree) return <Navigate to="/" replace />;
  return (
    <AuthCard title={t('registerSuccess.title')}>
      <p className="text-slate-700">
        {state.email ? t('registerSuccess.sentTo', { email: state.email }) : t('registerSuccess.sent')}
      </p>
      <p
        role="note"
        className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-300"
      >
        {t('registerSuccess.warning')}
      </p>
      <Link to="/login" className={`${PRIMARY_BUTTON} mt-6 w-full`}>
        {t('registerSuccess.login')}
      </Link>
    </AuthCard>
  );
}
