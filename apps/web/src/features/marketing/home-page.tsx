import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { PlaceholderPage } from '../../components/placeholder-page';

/** The landing page (spec-1 §2 "Landing page"); for now its heading and the call to action to /select-plan. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage page="home">
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/select-plan" className={PRIMARY_BUTTON}>
          {t('pages.home.primaryCta')}
        </Link>
        <Link to="/credits" className={SECONDARY_BUTTON}>
          {t('pages.home.secondaryCta')}
        </Link>
      </div>
    </PlaceholderPage>
  );
}
