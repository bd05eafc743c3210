import { useTranslation } from 'react-i18next';
import { AuthCard } from './auth-ui';
import { SignUpForm } from './sign-up-form';

/** /register: sign-up with a choice of account type. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <SignUpForm origin="register" />
    </AuthCard>
  );
}
