import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { AuthCard } from './auth-ui';

/** /logedout: where the logout button lands. */
export function LoggedOutPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('loggedOut.title')} subtitle={t('loggedOut.message')}>
      <div className="flex flex-wrap gap-3">
        <Link to="/login" className={PRIMARY_BUTTON}>
          {t('loggedOut.login')}
        </Link>
        <Link to="/" className={SECONDARY_BUTTON}>
          {t('loggedOut.home')}
        </Link>
      </div>
    </AuthCard>
  );
}
