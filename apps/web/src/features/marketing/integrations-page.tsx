import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { StaticPageMeta } from '../../lib/seo/static-page-meta';

/**
 * What connects today and what is still to come. The accounting exports (a3 SUENLACE.DAT, ContaPlus,
 * ContaSOL, libro registro in XLSX/CSV) are the server's `EXPORT_KINDS` and work now; only direct
 * connections, sending entries into a package without a file, are planned.
 */
const ITEMS = [
  { key: 'excel', available: true },
  { key: 'libroRegistro', available: true },
  { key: 'accounting', available: true },
  { key: 'einvoice', available: true },
  { key: 'verifactu', available: true },
  { key: 'api', available: true },
  { key: 'connectors', available: false },
] as const;

export function IntegrationsPage() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('marketing');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <StaticPageMeta page="integrations" path="/integrations" />
      <PageHeader title={t('pages.integrations.title')}>
        <p>{tm('integrations.intro')}</p>
      </PageHeader>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {ITEMS.map(({ key, available }) => (
          <li
            key={key}
            data-testid={`integration-${key}`}
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <p
              className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                available ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : 'bg-slate-100 text-slate-700'
              }`}
            >
              {available ? tm('integrations.available') : tm('integrations.planned')}
            </p>
            <h2 className="mt-3 text-lg font-semibold text-slate-900">
              {tm(`integrations.items.${key}.title`)}
            </h2>
            <p className="mt-2 text-slate-600">{tm(`integrations.items.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
