import { formatMoney } from '@cuadra/shared';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../components/icons';
import { toLocale } from '../../i18n/i18n';

const POINTS = ['quarterly', 'annual', 'custom', 'excel'] as const;

// Example figures for the illustration: bases in cents and the VAT or IRPF on each.
const ROWS = [
  { key: 'issued', base: 1_845_000, tax: 387_450 },
  { key: 'received', base: 412_300, tax: 86_583 },
  { key: 'receivedReduced', base: 96_000, tax: 9_600 },
  { key: 'irpf', base: 1_845_000, tax: 276_750 },
] as const;

/** The reports section of the landing page: what the reports contain, and an example summary. */
export function ReportsSection() {
  const { t, i18n } = useTranslation('marketing');
  const language = toLocale(i18n.resolvedLanguage);
  return (
    <div className="grid items-start gap-10 lg:grid-cols-2">
      <div>
        <h2 id="reports-title" className="text-2xl font-semibold text-slate-900 sm:text-3xl">
          {t('reports.title')}
        </h2>
        <p className="mt-3 text-slate-600">{t('reports.subtitle')}</p>
        <ul className="mt-6 flex flex-col gap-3">
          {POINTS.map((point) => (
            <li key={point} className="flex gap-3 text-slate-700">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
              {t(`reports.points.${point}`)}
            </li>
          ))}
        </ul>
      </div>
      <div className="overflow-x-auto rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-6">
        <table className="w-full text-left text-sm">
          <caption className="mb-3 text-left font-semibold text-slate-900">
            {t('reports.table.caption')}
          </caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('reports.table.concept')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t('reports.table.base')}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t('reports.table.vat')}
              </th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.key} className="border-b border-slate-200 last:border-0">
                <th scope="row" className="py-2 pr-3 font-normal text-slate-700">
                  {t(`reports.table.${row.key}`)}
                </th>
                <td className="py-2 pr-3 text-right whitespace-nowrap">
                  {formatMoney(row.base, language, { wholeUnits: true })}
                </td>
                <td className="py-2 text-right whitespace-nowrap">
                  {formatMoney(row.tax, language, { wholeUnits: true })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
