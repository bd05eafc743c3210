import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { secondaryButtonClass } from '../../components/ui/index';
import { StaticPageMeta } from '../../lib/seo/static-page-meta';
import { FaqSection } from '../marketing';

/**
 * /help, for visitors and signed-in users alike (the footer's "Help centre" and the sidebar): the landing
 * page's twelve FAQ topics, and a way to write to support. Prerendered in both languages.
 */
export function HelpPage() {
  const { t } = useTranslation('clients');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <StaticPageMeta page="help" path="/help" />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('help.title')}</h1>
      <p className="mt-2 mb-6 text-slate-600">{t('help.intro')}</p>
      <FaqSection />
      <Link to="/contact" className={`${secondaryButtonClass} mt-6`}>
        {t('help.contact')}
      </Link>
    </div>
  );
}
