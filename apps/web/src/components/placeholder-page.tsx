import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageId } from '../i18n/resources';
import { DocumentTitle } from './document-title';

/** A route that exists but whose screen is still to be built: a real heading and one line of copy. */
export function PlaceholderPage({ page, children }: { page: PageId; children?: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <DocumentTitle title={title} />
      <p className="mb-3 inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
        {t('comingSoon')}
      </p>
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base text-slate-600 sm:text-lg">{t(`pages.${page}.description`)}</p>
      {children}
    </div>
  );
}
