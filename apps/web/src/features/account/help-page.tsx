import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { secondaryButtonClass } from '../../components/ui';
import { FaqSection } from '../marketing/faq-section';

/** The sidebar's help: the landing page's twelve FAQ topics, and a way to write to support. */
export function HelpPage() {
  const { t } = useTranslation('clients');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <DocumentTitle title={t('help.title')} />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('help.title')}</h1>
      <p className="mt-2 mb-6 text-slate-600">{t('help.intro')}</p>
      <FaqSection />
      <Link to="/contact" className={`${secondaryButtonClass} mt-6`}>
        {t('help.contact')}
      </Link>
    </div>
  );
}
