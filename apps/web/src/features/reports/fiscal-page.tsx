import { type FiscalSummary, formatMoney, formatPercent, formatRate, type Locale } from '@cuadra/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useClient } from '../../access/clients';
import { DocumentTitle } from '../../components/document-title';
import { linkClass, StateBox, secondaryButtonClass } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import { useErrorMessage } from '../../lib/error-message';
import { useFiscalSummary } from './reports-api';

const QUARTERS = [1, 2, 3, 4] as const;

/**
 * The fiscal summary of a client's year (spec-2 §2.9, §3 "Fiscal summary"): Modelo 303 and 130 per quarter
 * and the annual income-tax estimate, from reviewed invoices unless the toggle includes the others; all
 * labelled as estimates with their assumptions.
 */
export function FiscalPage() {
  const { customerId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { t, i18n } = useTranslation('reports');
  const language = toLocale(i18n.resolvedLanguage);
  const toMessage = useErrorMessage();
  const thisYear = new Date().getFullYear();
  const parsed = Number(params.get('year'));
  const year = Number.isInteger(parsed) && parsed >= 2000 && parsed <= 2100 ? parsed : thisYear;
  const includeUnreviewed = params.get('includeUnreviewed') === 'true';
  const client = useClient(customerId);
  const summary = useFiscalSummary(customerId, year, includeUnreviewed);
  const toggleId = useId();

  const update = (next: { year?: number; includeUnreviewed?: boolean }) => {
    const search = new URLSearchParams(params);
    search.set('year', String(next.year ?? year));
    if (next.includeUnreviewed ?? includeUnreviewed) search.set('includeUnreviewed', 'true');
    else search.delete('includeUnreviewed');
    setParams(search, { replace: true });
  };
  const money = (cents: number) => formatMoney(cents, language);
  const title = t('fiscal.title', { year });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <DocumentTitle title={t('fiscal.documentTitle', { year, client: client.data?.name ?? '' })} />
      <Link to={`/customer/${encodeURIComponent(customerId)}`} className={`${linkClass} text-sm`}>
        ← {t('fiscal.back')}
      </Link>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {client.data ? <p className="text-sm text-slate-600">{client.data.name}</p> : null}
        </div>
        <nav aria-label={t('fiscal.year')} className="flex items-center gap-2">
          <button type="button" onClick={() => update({ year: year - 1 })} className={secondaryButtonClass}>
            <span aria-hidden="true">←</span> {year - 1}
            <span className="sr-only"> ({t('fiscal.previousYear')})</span>
          </button>
          <button
            type="button"
            onClick={() => update({ year: year + 1 })}
            disabled={year >= thisYear}
            className={secondaryButtonClass}
          >
            {year + 1} <span aria-hidden="true">→</span>
            <span className="sr-only"> ({t('fiscal.nextYear')})</span>
          </button>
        </nav>
      </div>

      <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
        <p className="font-semibold">{t('fiscal.estimate')}</p>
        <p className="mt-1">{t('fiscal.estimateText')}</p>
      </div>

      <div className="mt-4 flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <input
            id={toggleId}
            type="checkbox"
            checked={includeUnreviewed}
            onChange={(event) => update({ includeUnreviewed: event.target.checked })}
            className="size-4 accent-brand-700"
          />
          <label htmlFor={toggleId} className="text-sm font-medium text-slate-800">
            {t('fiscal.includeUnreviewed')}
          </label>
        </div>
        {summary.data ? (
          <p role="status" className="text-sm text-slate-700">
            {summary.data.unreviewedCount === 0
              ? t('fiscal.unreviewedNone', { year })
              : `${t('fiscal.unreviewed', { count: summary.data.unreviewedCount, year })} ${
                  includeUnreviewed ? t('fiscal.unreviewedIncluded') : t('fiscal.unreviewedExcluded')
                }`}
            {summary.data.unusableCount > 0
              ? ` ${t('fiscal.unusable', { count: summary.data.unusableCount })}`
              : ''}
          </p>
        ) : null}
      </div>

      <div className="mt-6" aria-busy={summary.isFetching}>
        {summary.isPending ? (
          <StateBox>{t('fiscal.loading')}</StateBox>
        ) : summary.isError ? (
          <StateBox tone="error">
            <p className="font-semibold">{t('fiscal.loadError')}</p>
            <p className="mt-1">{toMessage(summary.error)}</p>
            <button
              type="button"
              onClick={() => summary.refetch()}
              className={`${secondaryButtonClass} mt-3`}
            >
              {t('fiscal.retry')}
            </button>
          </StateBox>
        ) : (
          <Figures summary={summary.data} language={language} money={money} />
        )}
      </div>
    </div>
  );
}

function Figures({
  summary,
  language,
  money,
}: {
  summary: FiscalSummary;
  language: Locale;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation('reports');
  const { year, modelo303, modelo130, priorYear, annual } = summary;
  const rate = (r: string) => formatRate(r, language);
  const chargedRates = [...new Set(modelo303.flatMap((q) => q.charged.map((l) => l.rate)))].sort(
    (a, b) => Number(b) - Number(a),
  );
  const hasSurcharge = modelo303.some((q) => q.charged.some((l) => l.surchargeCents !== 0));
  const share =
    priorYear.incomeCents > 0
      ? formatPercent(priorYear.incomeWithWithholdingCents / priorYear.incomeCents, language)
      : '';

  return (
    <div className="flex flex-col gap-8">
      {summary.invoiceCount === 0 ? <StateBox>{t('fiscal.empty', { year })}</StateBox> : null}

      <QuarterTable
        title={t('fiscal.m303.title')}
        rows={[
          ...chargedRates.flatMap((r) => [
            {
              label: t('fiscal.m303.chargedBase', { rate: rate(r) }),
              values: modelo303.map((q) => q.charged.find((l) => l.rate === r)?.baseCents ?? 0),
            },
            {
              label: t('fiscal.m303.chargedVat', { rate: rate(r) }),
              values: modelo303.map((q) => q.charged.find((l) => l.rate === r)?.vatCents ?? 0),
            },
          ]),
          ...(hasSurcharge
            ? [
                {
                  label: t('fiscal.m303.surcharge'),
                  values: modelo303.map((q) => q.charged.reduce((s, l) => s + l.surchargeCents, 0)),
                },
              ]
            : []),
          {
            label: t('fiscal.m303.chargedTotal'),
            values: modelo303.map((q) => q.chargedTotalCents),
            strong: true,
          },
          { label: t('fiscal.m303.deductible'), values: modelo303.map((q) => q.deductibleTotalCents) },
          { label: t('fiscal.m303.result'), values: modelo303.map((q) => q.regimeResultCents) },
          { label: t('fiscal.m303.compensation'), values: modelo303.map((q) => q.compensationAppliedCents) },
          { label: t('fiscal.m303.toPay'), values: modelo303.map((q) => q.toPayCents), strong: true },
          { label: t('fiscal.m303.carry'), values: modelo303.map((q) => q.carryForwardCents) },
        ]}
        money={money}
        note={t('fiscal.m303.q4Note')}
      />

      {annual === null ? (
        <section
          aria-labelledby="company-title"
          className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
        >
          <h2 id="company-title" className="text-lg font-semibold text-slate-900">
            {t('fiscal.company.title')}
          </h2>
          <p className="mt-2 text-sm text-slate-700">{t('fiscal.company.note')}</p>
        </section>
      ) : (
        <>
          <QuarterTable
            title={t('fiscal.m130.title')}
            rows={[
              { label: t('fiscal.m130.income'), values: modelo130.map((q) => q.incomeCents) },
              { label: t('fiscal.m130.expenses'), values: modelo130.map((q) => q.expensesCents) },
              { label: t('fiscal.m130.net'), values: modelo130.map((q) => q.netYieldCents) },
              { label: t('fiscal.m130.twenty'), values: modelo130.map((q) => q.twentyPercentCents) },
              { label: t('fiscal.m130.earlier'), values: modelo130.map((q) => q.earlierPaymentsCents) },
              { label: t('fiscal.m130.withholdings'), values: modelo130.map((q) => q.withholdingsCents) },
              { label: t('fiscal.m130.result'), values: modelo130.map((q) => q.resultCents) },
              { label: t('fiscal.m130.reduction'), values: modelo130.map((q) => q.reductionCents) },
              { label: t('fiscal.m130.toPay'), values: modelo130.map((q) => q.toPayCents), strong: true },
            ]}
            money={money}
            note={
              <>
                {priorYear.invoiceCount === 0
                  ? t('fiscal.m130.box13Unknown', { year: priorYear.year })
                  : priorYear.reductionPerQuarterCents > 0
                    ? t('fiscal.m130.box13', {
                        net: money(priorYear.netYieldCents),
                        amount: money(priorYear.reductionPerQuarterCents),
                      })
                    : t('fiscal.m130.box13None', { net: money(priorYear.netYieldCents) })}
                {priorYear.filingNotRequired ? (
                  <strong className="mt-1 block">
                    {t('fiscal.m130.notRequired', { year: priorYear.year, share })}
                  </strong>
                ) : null}
              </>
            }
          />

          <section
            aria-labelledby="annual-title"
            className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
          >
            <h2 id="annual-title" className="text-lg font-semibold text-slate-900">
              {t('fiscal.annual.title')}
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[1fr_auto]">
              <Figure label={t('fiscal.annual.income')} value={money(annual.incomeCents)} />
              <Figure label={t('fiscal.annual.expenses')} value={money(annual.expensesCents)} />
              <Figure label={t('fiscal.annual.base')} value={money(annual.taxableBaseCents)} strong />
              <Figure label={t('fiscal.annual.withholdings')} value={money(annual.withholdingsCents)} />
              <Figure
                label={t('fiscal.annual.tax')}
                value={money(annual.estimatedTaxCents)}
                hint={t('fiscal.annual.taxSplit', {
                  state: money(annual.stateTaxCents),
                  regional: money(annual.regionalTaxCents),
                })}
                strong
              />
              <Figure label={t('fiscal.annual.fractional')} value={money(annual.fractionalPaymentsCents)} />
              <Figure
                label={t('fiscal.annual.differential')}
                value={`${money(Math.abs(annual.differentialCents))} ${
                  annual.differentialCents < 0 ? t('fiscal.annual.toRefund') : t('fiscal.annual.toPay')
                }`}
                strong
              />
              <Figure
                label={t('fiscal.annual.bracket')}
                value={
                  annual.bracket.toCents === null
                    ? t('fiscal.annual.bracketTop', {
                        from: money(annual.bracket.fromCents),
                        rate: formatRate(annual.bracket.rateBasisPoints / 100, language),
                      })
                    : t('fiscal.annual.bracketRange', {
                        from: money(annual.bracket.fromCents),
                        to: money(annual.bracket.toCents),
                        rate: formatRate(annual.bracket.rateBasisPoints / 100, language),
                      })
                }
              />
              <Figure
                label={t('fiscal.annual.quarterly')}
                value={money(annual.quarterlyPaymentCents)}
                hint={t('fiscal.annual.quarterlyHint')}
              />
            </dl>
          </section>
        </>
      )}

      <section aria-labelledby="assumptions-title" className="text-sm text-slate-700">
        <h2 id="assumptions-title" className="text-base font-semibold text-slate-900">
          {t('fiscal.assumptionsTitle')}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t('fiscal.assumptions.invoices')}</li>
          <li>{t('fiscal.assumptions.reviewed')}</li>
          <li>{t('fiscal.assumptions.vat')}</li>
          {annual === null ? null : (
            <>
              <li>{t('fiscal.assumptions.m130')}</li>
              <li>{t('fiscal.assumptions.box13', { year: priorYear.year })}</li>
              <li>
                {t('fiscal.assumptions.annual', {
                  region: annual.region,
                  scaleYear: annual.scaleYear,
                  minimum: money(annual.personalMinimumCents),
                })}
              </li>
            </>
          )}
          <li>{t('fiscal.assumptions.rounding')}</li>
        </ul>
      </section>
    </div>
  );
}

function Figure({
  label,
  value,
  hint,
  strong,
}: {
  label: string;
  value: string;
  hint?: string;
  strong?: boolean;
}) {
  return (
    <div className="contents">
      <dt className="text-slate-700">
        {label}
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </dt>
      <dd
        className={`tabular-nums sm:text-right ${strong ? 'font-semibold text-slate-900' : 'text-slate-800'}`}
      >
        {value}
      </dd>
    </div>
  );
}

function QuarterTable({
  title,
  rows,
  money,
  note,
}: {
  title: string;
  rows: { label: string; values: number[]; strong?: boolean }[];
  money: (cents: number) => string;
  note?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {/* At phone width the table scrolls in its box (Chromium makes such a scroller keyboard-focusable). */}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t('fiscal.m303.concept')}
              </th>
              {QUARTERS.map((q) => (
                <th key={q} scope="col" className="px-3 py-2 text-right font-medium">
                  {t('panel.quarter', { quarter: q })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t border-slate-100">
                <th
                  scope="row"
                  className={`px-3 py-2 text-left ${row.strong ? 'font-semibold' : 'font-normal'}`}
                >
                  {row.label}
                </th>
                {row.values.map((value, index) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: the four quarters, fixed
                    key={index}
                    className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${row.strong ? 'font-semibold' : ''}`}
                  >
                    {money(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {note ? <p className="mt-2 text-sm text-slate-600">{note}</p> : null}
    </section>
  );
}
