import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRIMARY_BUTTON } from '../../components/layout/nav-styles';
import { PageHeader } from '../../components/layout/page-header';
import { StaticPageMeta } from '../../lib/seo/static-page-meta';

const SECTIONS = ['capture', 'extract', 'checks', 'review', 'clients', 'reports'] as const;

export function FeaturesPage() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('marketing');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <StaticPageMeta page="features" path="/features" />
      <PageHeader title={t('pages.features.title')}>
        <p>{tm('features.intro')}</p>
      </PageHeader>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {SECTIONS.map((section) => (
          <li key={section} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 className="text-lg font-semibold text-slate-900">
              {tm(`features.sections.${section}.title`)}
            </h2>
            <p className="mt-2 text-slate-600">{tm(`features.sections.${section}.text`)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-12 text-center">
        <Link to="/credits" className={`${PRIMARY_BUTTON} px-6 py-3 text-base`}>
          {tm('features.cta')}
        </Link>
      </div>
    </div>
  );
}
