import {
  type ClientDetail,
  COUNT_BOXES,
  EXPORT_KINDS,
  type ExportKind,
  FORMS,
  type FormId,
  type FormResult,
  filingDeadline,
  LEGAL_FORMS,
  type LegalForm,
  periodRange,
  TERRITORIES,
  type Territory,
  VAT_REGIMES,
  type VatRegime,
} from '@cuadra/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClass, primaryButtonClass, StateBox, secondaryButtonClass } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';
import { formatEuros } from '../invoices/amount';
import { formatDay, localToday } from '../reports/format';
import { fetchExport, useForm, useUpdateTaxProfile } from './forms-api';

type Translate = (key: string, options?: Record<string, unknown>) => string;
const selectClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm';

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
        <label className="text-sm font-medium text-slate-800">
          {t('year')}
          <select value={year} onChange={(e) => setYear(Number(e.target.value))} className={selectClass}>
            {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t('quarter')}
          <select
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
        </label>
      </div>

      <div className="mt-4 grid gap-4">
        {formsFor(quarter, profile.legalForm).map(({ form, period }) => (
          <FormCard key={`${form}-${period}`} clientId={client.id} form={form} year={year} period={period} />
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

function FormCard({
  clientId,
  form,
  year,
  period,
}: {
  clientId: string;
  form: FormId;
  year: number;
  period: string;
}) {
  const { t, i18n } = useTranslation('forms');
  const tx = t as unknown as Translate;
  const toMessage = useErrorMessage();
  const id = useId();
  const language = toLocale(i18n.resolvedLanguage);
  const query = useForm(clientId, form, year, period);
  const title = tx(`titles.${form}`);
  const deadline = formatDay(filingDeadline(form, year, period), language);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <StateBox>{t('loading')}</StateBox>;
  } else if (query.isError) {
    const notApplicable = query.error instanceof ApiError && query.error.status === 422;
    body = notApplicable ? (
      <p className="text-sm text-slate-700">
        <span className="font-medium">{t('notApplicable')}: </span>
        {toMessage(query.error)}
      </p>
    ) : (
      <StateBox tone="error">
        <p className="font-semibold">{t('loadError')}</p>
        <p className="mt-1">{toMessage(query.error)}</p>
        <button type="button" onClick={() => query.refetch()} className={`${secondaryButtonClass} mt-3`}>
          {t('retry')}
        </button>
      </StateBox>
    );
  } else {
    body = <FormBoxes result={query.data} />;
  }

  return (
    <article aria-labelledby={`${id}-title`} className="rounded-md border border-slate-200 p-3 sm:p-4">
      <header className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900">
          {title} <span className="font-normal text-slate-600">· {t('period', { period })}</span>
        </h3>
        <p className="text-sm text-slate-600">{t('deadline', { date: deadline })}</p>
      </header>
      <div className="mt-3">{body}</div>
    </article>
  );
}

function FormBoxes({ result }: { result: FormResult }) {
  const { t, i18n } = useTranslation('forms');
  const tx = t as unknown as Translate;
  const language = toLocale(i18n.resolvedLanguage);
  const [open, setOpen] = useState<string | null>(null);
  const id = useId();
  const counts = COUNT_BOXES[result.form] ?? [];
  const boxes = Object.entries(result.boxes);
  const hasInvoices = Object.values(result.invoices).some((ids) => ids.length > 0);
  const numberFormat = new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB');

  return (
    <>
      {result.warnings.length > 0 ? (
        <div className="mb-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{t('warnings')}</p>
          <ul className="mt-1 list-disc pl-5">
            {result.warnings.map((warning) => (
              <li key={warning.code}>
                {tx(`warning.${warning.code}`, { count: warning.invoiceIds.length })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {boxes.length === 0 ? null : (
        <>
          {hasInvoices ? null : <p className="mb-2 text-sm text-slate-600">{t('empty')}</p>}
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('box')}
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  <span className="sr-only">{t('box')}</span>
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {boxes.map(([box, value]) => {
                const ids = result.invoices[box] ?? [];
                const label = tx(`boxes.${result.form}.${box}`, { defaultValue: tx('boxFallback', { box }) });
                const shown = counts.includes(box)
                  ? numberFormat.format(value)
                  : formatEuros(value, language);
                const panelId = `${id}-${box}`;
                return (
                  <BoxRow
                    key={box}
                    box={box}
                    label={label}
                    shown={shown}
                    ids={ids}
                    open={open === box}
                    panelId={panelId}
                    onToggle={() => setOpen(open === box ? null : box)}
                  />
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

function BoxRow(props: {
  box: string;
  label: string;
  shown: string;
  ids: string[];
  open: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  const { t } = useTranslation('forms');
  const { box, label, shown, ids, open, panelId, onToggle } = props;
  return (
    <>
      <tr className="border-b border-slate-100 align-top">
        <td className="py-1.5 pr-2 font-mono tabular-nums text-slate-700">[{box}]</td>
        <td className="py-1.5 pr-2 text-slate-800">{label}</td>
        <td className="py-1.5 text-right tabular-nums">
          {ids.length > 0 ? (
            <button
              type="button"
              onClick={onToggle}
              aria-expanded={open}
              aria-controls={panelId}
              aria-label={t('showInvoices', { count: ids.length, box })}
              className={`${linkClass} tabular-nums`}
            >
              {shown}
            </button>
          ) : (
            <span className="text-slate-900">{shown}</span>
          )}
        </td>
      </tr>
      {open ? (
        <tr id={panelId}>
          <td colSpan={3} className="bg-slate-50 px-2 py-2">
            <p className="text-xs font-medium text-slate-600">{t('invoicesOf', { box })}</p>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {ids.map((invoiceId, index) => (
                <li key={invoiceId}>
                  <Link
                    to={`/invoicePage/${encodeURIComponent(invoiceId)}`}
                    className={`${linkClass} text-sm`}
                  >
                    {t('invoiceLink', { index: index + 1 })}
                  </Link>
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ) : null}
    </>
  );
}

function TaxProfileEditor({ client }: { client: ClientDetail }) {
  const { t } = useTranslation('forms');
  const tx = t as unknown as Translate;
  const toMessage = useErrorMessage();
  const id = useId();
  const profile = client.taxProfile;
  const canEdit = client.role === 'owner';
  const [legalForm, setLegalForm] = useState<LegalForm | 'auto'>(
    profile.legalFormInferred ? 'auto' : profile.legalForm,
  );
  const [vatRegime, setVatRegime] = useState<VatRegime>(profile.vatRegime);
  const [territory, setTerritory] = useState<Territory>(profile.territory);
  const update = useUpdateTaxProfile(client.id);

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="mt-4 rounded-md border border-slate-200 p-3 sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ legalForm: legalForm === 'auto' ? null : legalForm, vatRegime, territory });
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {t('profile.title')}
      </h3>
      <fieldset disabled={!canEdit || update.isPending} className="mt-2 grid gap-3 sm:grid-cols-3">
        <label className="text-sm font-medium text-slate-800">
          {t('profile.legalForm')}
          <select
            value={legalForm}
            onChange={(e) => setLegalForm(e.target.value as LegalForm | 'auto')}
            className={selectClass}
          >
            <option value="auto">
              {t('profile.legalFormAuto', { value: tx(`profile.legalForms.${profile.legalForm}`) })}
            </option>
            {LEGAL_FORMS.map((value) => (
              <option key={value} value={value}>
                {tx(`profile.legalForms.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t('profile.vatRegime')}
          <select
            value={vatRegime}
            onChange={(e) => setVatRegime(e.target.value as VatRegime)}
            className={selectClass}
          >
            {VAT_REGIMES.map((value) => (
              <option key={value} value={value}>
                {tx(`profile.vatRegimes.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t('profile.territory')}
          <select
            value={territory}
            onChange={(e) => setTerritory(e.target.value as Territory)}
            className={selectClass}
          >
            {TERRITORIES.map((value) => (
              <option key={value} value={value}>
                {tx(`profile.territories.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {canEdit ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
          <button type="submit" className={primaryButtonClass} disabled={update.isPending}>
            {update.isPending ? t('profile.saving') : t('profile.save')}
          </button>
          <p aria-live="polite" className="text-sm">
            {update.isSuccess ? <span className="text-green-800">{t('profile.saved')}</span> : null}
            {update.isError ? <span className="text-red-700">{toMessage(update.error)}</span> : null}
          </p>
        </div>
      ) : null}
    </form>
  );
}

function ExportMenu({ clientId, from, to }: { clientId: string; from: string; to: string }) {
  const { t } = useTranslation('forms');
  const tx = t as unknown as Translate;
  const toMessage = useErrorMessage();
  const id = useId();
  const [kind, setKind] = useState<ExportKind>('libro-registro-xlsx');
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });
  const [url, setUrl] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  const filenames: Record<ExportKind, string> = {
    'libro-registro-xlsx': `libro-registro_${from}_${to}.xlsx`,
    'libro-registro-csv': `libro-registro_${from}_${to}.csv`,
    a3: 'SUENLACE.DAT',
    contaplus: `contaplus-diario_${from}_${to}.txt`,
    contasol: 'contasol',
  };

  async function download() {
    setState({ busy: true, message: null, error: false });
    try {
      const blob = await fetchExport(clientId, kind, from, to);
      const objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
      const anchor = document.createElement('a');
      anchor.href = objectUrl;
      anchor.download = filenames[kind];
      anchor.click();
      setState({ busy: false, message: t('exports.ready', { filename: filenames[kind] }), error: false });
    } catch (error) {
      setState({ busy: false, message: `${t('exports.failed')} ${toMessage(error)}`, error: true });
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('exports.title')}{' '}
        <span className="font-normal text-slate-600">
          ({from} – {to})
        </span>
      </h3>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="text-sm font-medium text-slate-800 sm:w-72">
          {t('exports.kind')}
          <select
            value={kind}
            onChange={(e) => setKind(e.target.value as ExportKind)}
            className={selectClass}
          >
            {EXPORT_KINDS.map((value) => (
              <option key={value} value={value} disabled={value === 'contasol'}>
                {tx(`exports.kinds.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={download} disabled={state.busy} className={secondaryButtonClass}>
          {state.busy ? t('exports.downloading') : t('exports.download')}
        </button>
      </div>
      <p aria-live="polite" className={`mt-2 text-sm ${state.error ? 'text-red-700' : 'text-slate-700'}`}>
        {state.message}
      </p>
    </section>
  );
}
