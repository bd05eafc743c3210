import {
  type ClientDetail,
  FORMS,
  type FormId,
  filingDeadline,
  formatDay,
  type LegalForm,
  periodRange,
} from '@cuadra/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectClass, type Translate } from '../../components/ui/form-controls';
import { toLocale } from '../../i18n/i18n';
import { ExportMenu } from '../exports';
import { localToday } from '../reports';
import { FormCard } from './form-card';
import { useInvoiceNames } from './forms-api';
import { TaxProfileEditor } from './tax-profile-editor';

/** The quarter to file now: the one before today's. */
function quarterToFile(today: string): { year: number; quarter: number } {
  const year = Number(today.slice(0, 4));
  const current = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
  return current === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: current - 1 };
}

/** The forms to show for a quarter: quarterly ones, the annual ones with the 4th, 202 where it falls. */
function formsFor(quarter: number, legalForm: LegalForm): { form: FormId; period: string }[] {
  const list: { form: FormId; period: string }[] = [];
  for (const form of FORMS) {
    if (form === '130' && legalForm !== 'individual') continue;
    if (form === '202') {
      // 202's instalments are filed in April (1P), October (2P) and December (3P).
      const instalment = { 1: '1P', 3: '2P', 4: '3P' }[quarter];
      if (legalForm === 'company' && instalment) list.push({ form, period: instalment });
      continue;
    }
    if (form === '347' || form === '390') {
      if (quarter === 4) list.push({ form, period: '0A' });
      continue;
    }
    list.push({ form, period: `${quarter}T` });
  }
  return list;
}

/**
 * The Forms tab of the client page (issue 18): the client's tax profile, the quarter's AEAT forms as their
 * boxes (each figure opens the invoices behind it), warnings, the filing calendar and the export menu.
 */
export function FormsPanel({ client }: { client: ClientDetail }) {
  // A client detail cached from before the tax profile existed has none: nothing to show until refetched.
  if (!client.taxProfile) return null;
  return <FormsPanelContent client={client} />;
}

function FormsPanelContent({ client }: { client: ClientDetail }) {
  const { t, i18n } = useTranslation('forms');
  const tx = t as unknown as Translate;
  const id = useId();
  const today = localToday();
  const initial = quarterToFile(today);
  const [year, setYear] = useState(initial.year);
  const [quarter, setQuarter] = useState(initial.quarter);
  const thisYear = Number(today.slice(0, 4));
  const language = toLocale(i18n.resolvedLanguage);
  const profile = client.taxProfile;
  const range = periodRange(year, `${quarter}T`);
  const names = useInvoiceNames(client.id, year);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>

      <TaxProfileEditor client={client} />

      <div className="mt-4 grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="text-sm font-medium text-slate-800">
          <label htmlFor={`${id}-year`}>{t('year')}</label>
          <select
            id={`${id}-year`}
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
            className={selectClass}
          >
            {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div className="text-sm font-medium text-slate-800">
          <label htmlFor={`${id}-quarter`}>{t('quarter')}</label>
          <select
            id={`${id}-quarter`}
            value={quarter}
            onChange={(e) => setQuarter(Number(e.target.value))}
            className={selectClass}
          >
            {[1, 2, 3, 4].map((q) => (
              <option key={q} value={q}>
                {t('quarterOption', { quarter: q, period: `${q}T` })}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-4 grid gap-4">
        {formsFor(quarter, profile.legalForm).map(({ form, period }) => (
          <FormCard
            key={`${form}-${period}`}
            clientId={client.id}
            form={form}
            year={year}
            period={period}
            names={names}
          />
        ))}
      </div>

      <ExportMenu clientId={client.id} from={range.from} to={range.to} />

      <section aria-labelledby={`${id}-calendar`} className="mt-6">
        <h3 id={`${id}-calendar`} className="text-base font-semibold text-slate-900">
          {t('calendar.title', { year })}
        </h3>
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {[1, 2, 3, 4].map((q) => (
            <li key={q} className="flex flex-col py-2 sm:flex-row sm:justify-between">
              <span>
                {t('calendar.quarterly', {
                  forms:
                    profile.legalForm === 'individual' ? '303, 130, 111, 115, 349' : '303, 111, 115, 349',
                  period: `${q}T`,
                })}
              </span>
              <span className="tabular-nums text-slate-700">
                {formatDay(filingDeadline('303', year, `${q}T`), language)}
              </span>
            </li>
          ))}
          {(['390', '347'] as const).map((form) => (
            <li key={form} className="flex flex-col py-2 sm:flex-row sm:justify-between">
              <span>{t('calendar.annual', { form, year })}</span>
              <span className="tabular-nums text-slate-700">
                {formatDay(filingDeadline(form, year, '0A'), language)}
              </span>
            </li>
          ))}
          {profile.legalForm === 'company'
            ? (['1P', '2P', '3P'] as const).map((period) => (
                <li key={period} className="flex flex-col py-2 sm:flex-row sm:justify-between">
                  <span>{tx('calendar.instalment', { period })}</span>
                  <span className="tabular-nums text-slate-700">
                    {formatDay(filingDeadline('202', year, period), language)}
                  </span>
                </li>
              ))
            : null}
        </ul>
      </section>
    </section>
  );
}
