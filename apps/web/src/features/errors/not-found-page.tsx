import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { PRIMARY_BUTTON } from '../../components/layout/nav-styles';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16 text-center sm:py-24">
      <DocumentTitle title={t('notFound.title')} />
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
        {t('notFound.title')}
      </h1>
      <p className="mt-4 text-slate-600">{t('notFound.description')}</p>
      <Link to="/" className={`${PRIMARY_BUTTON} mt-8`}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
