import { AccountTypeSchema } from '@cuadra/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AuthCard } from './auth-ui';
import { SignUpForm } from './sign-up-form';

/** /register/accountant and /register/freelancer: the type is fixed; any other value goes to /register. */
export function RegisterUserTypePage() {
  const { t } = useTranslation('auth');
  const parsed = AccountTypeSchema.safeParse(useParams().userType);
  if (!parsed.success) return <Navigate to="/register" replace />;
  return (
    <AuthCard title={t('signup.title')} subtitle={t(`accountTypes.${parsed.data}`)}>
      <SignUpForm origin="register" fixedType={parsed.data} />
    </AuthCard>
  );
}
