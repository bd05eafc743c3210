import {
  checkReportRange,
  formatDay,
  type ReportFormat,
  type ReportKind,
  type ReportPeriod,
  rangeDays,
  reportKind,
} from '@cuadra/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClass, linkClass, primaryButtonClass, secondaryButtonClass } from '../../components/ui';
import { DateInput } from '../../components/ui/date-input';
import { Modal } from '../../components/ui/modal';
import { toLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { localToday } from './format';
import { fetchReportFile, requestReport } from './reports-api';

type Outcome =
  | { state: 'ready'; url: string; filename: string; kind: ReportKind; from: string; to: string }
  | { state: 'error'; message: string; detail?: string };

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A quarter (1–4) or the whole year (0), its end clamped to today. */
function shortcutRange(year: number, quarter: number, today: string) {
  const first = quarter === 0 ? 1 : quarter * 3 - 2;
  const last = quarter === 0 ? 12 : quarter * 3;
  const from = `${year}-${pad(first)}-01`;
  const end = `${year}-${pad(last)}-${pad(lastDay(year, last))}`;
  return { from, to: end > today ? today : end, disabled: from > today };
}

/**
 * The custom report panel of the client page (spec-2 §2.2, §4 "Report", §5 "Report range"): start and end
 * dates (at most today, the end not before the start, at most 730 days), quarter and year shortcuts, the
 * button disabled until the range is valid with the reason shown; generating, then a modal with the
 * download link or the error.
 */
export function ReportPanel({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('reports');
  const { t: te } = useTranslation('errors');
  const language = toLocale(i18n.resolvedLanguage);
  const id = useId();
  const today = localToday();
  const thisYear = Number(today.slice(0, 4));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState<ReportFormat>('xlsx');
  // The shortcut that picked the range, until a date is edited by hand: a whole year is annual even when
  // its end is capped at today.
  const [period, setPeriod] = useState<ReportPeriod | undefined>(undefined);
  const [year, setYear] = useState(thisYear);
  const [generating, setGenerating] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // The object URL lives as long as the modal that offers it.
  useEffect(() => {
    if (outcome?.state !== 'ready') return;
    return () => URL.revokeObjectURL(outcome.url);
  }, [outcome]);

  const problem = checkReportRange(from, to, today);
  // Before anything is picked the button is simply disabled; the reason shows once a date is set.
  const showProblem = problem !== null && (from !== '' || to !== '');
  const kind = problem === null ? reportKind(from, to, { today, period }) : null;

  async function generate() {
    if (problem !== null || generating) return;
    setGenerating(true);
    try {
      let link: Awaited<ReturnType<typeof requestReport>>;
      try {
        link = await requestReport(clientId, { from, to, format, period });
      } catch (error) {
        const known = error instanceof ApiError && error.status === 400 ? te(error.code) : undefined;
        setOutcome({ state: 'error', message: t('panel.failed'), detail: known });
        return;
      }
      if (!link?.downloadUrl) {
        setOutcome({ state: 'error', message: t('panel.noUrl') });
        return;
      }
      const blob = await fetchReportFile(link.downloadUrl).catch(() => null);
      if (!blob) {
        setOutcome({ state: 'error', message: t('panel.failed') });
        return;
      }
      setOutcome({
        state: 'ready',
        url: URL.createObjectURL(blob),
        filename: link.filename ?? `report.${format}`,
        kind: link.kind ?? kind ?? 'custom',
        from,
        to,
      });
    } finally {
      setGenerating(false);
    }
  }

  const pick = (quarter: number) => {
    const range = shortcutRange(year, quarter, today);
    setFrom(range.from);
    setTo(range.to);
    setPeriod(quarter === 0 ? 'annual' : 'quarterly');
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {t('panel.title')}
        </h2>
        <Link
          to={`/customer/${encodeURIComponent(clientId)}/fiscal?year=${thisYear}`}
          className={`${linkClass} text-sm`}
        >
          {t('panel.fiscalLink')}
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">{t('panel.intro')}</p>

      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-800">{t('panel.shortcuts')}</legend>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`${id}-year`}>
            {t('panel.shortcutYear')}
          </label>
          <select
            id={`${id}-year`}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
          >
            {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          {[1, 2, 3, 4].map((quarter) => (
            <button
              key={quarter}
              type="button"
              onClick={() => pick(quarter)}
              disabled={shortcutRange(year, quarter, today).disabled}
              aria-label={t('panel.quarterLabel', { quarter, year })}
              className={`${secondaryButtonClass} px-3`}
            >
              {t('panel.quarter', { quarter })}
            </button>
          ))}
          <button type="button" onClick={() => pick(0)} className={`${secondaryButtonClass} px-3`}>
            {t('panel.wholeYear', { year })}
          </button>
        </div>
      </fieldset>

      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-800">
            {t('panel.from')}
          </label>
          <DateInput
            id={`${id}-from`}
            value={from}
            onChange={(value) => {
              setFrom(value);
              setPeriod(undefined);
            }}
            aria-describedby={`${id}-hint ${id}-problem`}
            aria-invalid={showProblem && problem !== 'REPORT_END_IN_FUTURE'}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
            {t('panel.to')}
          </label>
          <DateInput
            id={`${id}-to`}
            value={to}
            onChange={(value) => {
              setTo(value);
              setPeriod(undefined);
            }}
            aria-describedby={`${id}-hint ${id}-problem`}
            aria-invalid={showProblem}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-format`} className="block text-sm font-medium text-slate-800">
            {t('panel.format')}
          </label>
          <select
            id={`${id}-format`}
            value={format}
            onChange={(event) => setFormat(event.target.value as ReportFormat)}
            className={inputClass}
          >
            <option value="xlsx">{t('panel.xlsx')}</option>
            <option value="csv">{t('panel.csv')}</option>
          </select>
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-2 text-sm text-slate-600">
        {kind
          ? t('panel.selected', {
              from: formatDay(from, language),
              to: formatDay(to, language),
              days: rangeDays(from, to) + 1,
              kind: t(`kind.${kind}`),
            })
          : // No format in the hint: a native date picker shows the browser's own, which `lang` may not change.
            t('panel.dateHint')}
      </p>
      <p id={`${id}-problem`} role="alert" className="mt-1 min-h-5 text-sm text-red-700">
        {showProblem && problem ? te(problem) : ''}
      </p>

      <div className="mt-3">
        <button
          type="button"
          onClick={generate}
          disabled={problem !== null || generating}
          aria-busy={generating}
          className={primaryButtonClass}
        >
          {generating ? t('panel.generating') : t('panel.generate')}
        </button>
        <span role="status" className="sr-only">
          {generating ? t('panel.generating') : ''}
        </span>
      </div>

      {outcome ? (
        <Modal
          title={outcome.state === 'ready' ? t('panel.readyTitle') : t('panel.errorTitle')}
          onClose={() => setOutcome(null)}
        >
          {outcome.state === 'ready' ? (
            <div>
              <p className="text-sm text-slate-700">
                {t('panel.readyText', {
                  kind: t(`kind.${outcome.kind}`),
                  from: formatDay(outcome.from, language),
                  to: formatDay(outcome.to, language),
                })}
              </p>
              <a
                href={outcome.url}
                download={outcome.filename}
                className={`${primaryButtonClass} mt-4 w-full break-all`}
              >
                {t('panel.download', { filename: outcome.filename })}
              </a>
            </div>
          ) : (
            <div role="alert" className="text-sm text-red-800">
              <p className="font-semibold">{outcome.message}</p>
              {outcome.detail ? <p className="mt-1">{outcome.detail}</p> : null}
            </div>
          )}
        </Modal>
      ) : null}
    </section>
  );
}
