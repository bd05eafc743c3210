import {
  type BankMovement,
  type CsvMapping,
  formatDay,
  formatMoney,
  IGNORE_REASONS,
  type IgnoreReason,
  type ImportResult,
  type MappingProposal,
  MOVEMENT_STATUSES,
  type MovementStatus,
} from '@cuadra/shared';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadOnlyNote, useCanWrite } from '../../access/can-write';
import { FilterChip, primaryButtonClass, StateBox, secondaryButtonClass } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';
import {
  useDeleteRule,
  useMovementAction,
  useMovements,
  useRules,
  useStatements,
  useUploadStatement,
} from './bank-api';
import { ColumnMapping } from './column-mapping';
import { MissingRequest } from './missing-request';
import { PendingPayments } from './pending-payments';

const ibanText = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();
const lineOf = (error: unknown) => {
  const details = error instanceof ApiError ? (error.details as { line?: unknown } | undefined) : undefined;
  return typeof details?.line === 'number' ? details.line : null;
};

/**
 * The Bank tab of the client page (issue 39): import a Norma 43 or camt.053 statement, the statements
 * imported, and the movements with what they were matched to or what is proposed, by status, with totals.
 * The movement list works from the keyboard: ↑/↓ (or j/k) move, Enter accepts, u undoes, i ignores.
 */
export function BankPanel({ clientId }: { clientId: string }) {
  // A reader (issue 40) sees the statements, movements and rules, and is offered nothing that changes them.
  const canWrite = useCanWrite();
  return (
    <div className="space-y-8">
      {canWrite ? (
        <>
          <MissingRequest clientId={clientId} />
          <StatementUpload clientId={clientId} />
        </>
      ) : (
        <ReadOnlyNote />
      )}
      <Movements clientId={clientId} />
      <PendingPayments clientId={clientId} />
      <Rules clientId={clientId} />
      <Statements clientId={clientId} />
    </div>
  );
}

function StatementUpload({ clientId }: { clientId: string }) {
  const { t } = useTranslation('bank');
  const toMessage = useErrorMessage();
  const upload = useUploadStatement(clientId);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [iban, setIban] = useState('');
  // The file sent last: sent again with the columns the accountant confirms.
  const [sentFile, setSentFile] = useState<File | null>(null);
  const send = (file = input.current?.files?.[0], mapping?: CsvMapping) => {
    if (!file) return;
    setResult(null);
    setSentFile(file);
    upload.mutate(
      { file, iban, mapping },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setSentFile(null);
          if (input.current) input.current.value = '';
        },
      },
    );
  };
  const line = lineOf(upload.error);
  const proposal =
    upload.error instanceof ApiError && upload.error.code === 'STATEMENT_MAPPING_REQUIRED'
      ? (upload.error.details as MappingProposal)
      : null;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('upload.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('upload.help')}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="block min-w-0 flex-1 text-sm font-medium text-slate-800">
          {t('upload.file')}
          <input
            ref={input}
            type="file"
            accept=".n43,.txt,.aeb,.q43,.xml,.dat,.csv,.xlsx"
            className="mt-1 block w-full text-sm text-slate-700"
            data-testid="statement-file"
          />
        </label>
        <label className="block min-w-0 flex-1 text-sm font-medium text-slate-800">
          {t('upload.iban')}
          <input
            value={iban}
            onChange={(event) => setIban(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            placeholder="ES00 0000 0000 0000 0000 0000"
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
          />
        </label>
        <button
          type="button"
          className={primaryButtonClass}
          onClick={() => send()}
          disabled={upload.isPending}
        >
          {upload.isPending ? t('upload.importing') : t('upload.import')}
        </button>
      </div>
      <div aria-live="polite" className="mt-3 text-sm">
        {result ? (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900" data-testid="import-result">
            {t('upload.done', {
              imported: result.imported,
              duplicates: result.duplicates,
              matched: result.matched,
              proposed: result.proposed,
            })}
          </p>
        ) : null}
      </div>
      {upload.isError ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {toMessage(upload.error)}
          {line !== null && !proposal ? ` ${t('upload.errorLine', { line })}` : ''}
        </p>
      ) : null}
      {proposal && sentFile ? (
        <ColumnMapping
          key={`${sentFile.name}:${proposal.line}`}
          proposal={proposal}
          isSending={upload.isPending}
          onConfirm={(mapping) => send(sentFile, mapping)}
        />
      ) : null}
    </section>
  );
}

function Statements({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('bank');
  const locale = toLocale(i18n.resolvedLanguage);
  const statements = useStatements(clientId);
  const id = useId();
  let body: ReactNode;
  if (statements.isPending) body = <StateBox>{t('statements.loading')}</StateBox>;
  else if (statements.isError) body = <StateBox tone="error">{t('statements.error')}</StateBox>;
  else if (statements.data.statements.length === 0) body = <StateBox>{t('statements.empty')}</StateBox>;
  else
    body = (
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {statements.data.statements.map((s) => (
          <li key={s.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{s.fileName}</p>
              <p className="break-all text-slate-600">
                {t(`format.${s.format}`)} · {ibanText(s.iban)}
              </p>
            </div>
            <div className="text-slate-700 sm:text-right">
              <p>
                {t('statements.period', {
                  from: formatDay(s.periodFrom, locale),
                  to: formatDay(s.periodTo, locale),
                })}
              </p>
              <p className="tabular-nums">
                {t('statements.balances', {
                  opening: formatMoney(s.openingCents, locale, { currency: s.currency }),
                  closing: formatMoney(s.closingCents, locale, { currency: s.currency }),
                })}
              </p>
              <p>{t('statements.movements', { count: s.movementCount, fresh: s.newMovementCount })}</p>
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold text-slate-900">
        {t('statements.title')}
      </h2>
      {body}
    </section>
  );
}

type Action = 'match' | 'unmatch' | 'ignore' | 'ignoreAlways';
const actionsOf = (m: BankMovement): Action[] =>
  m.status === 'proposed'
    ? ['match', 'ignore']
    : m.status === 'unmatched'
      ? ['ignore', 'ignoreAlways']
      : ['unmatch'];

function Movements({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('bank');
  const { t: tt } = useTranslation('team');
  const locale = toLocale(i18n.resolvedLanguage);
  const toMessage = useErrorMessage();
  const canWrite = useCanWrite();
  const [readOnlyKey, setReadOnlyKey] = useState(false);
  const [status, setStatus] = useState<MovementStatus | null>(null);
  const [reason, setReason] = useState<IgnoreReason>('other');
  const list = useMovements(clientId, status);
  const action = useMovementAction(clientId);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const id = useId();
  const money = (cents: number, currency = 'EUR') => formatMoney(cents, locale, { currency });
  const run = (m: BankMovement, kind: Action) => {
    if (!canWrite) {
      setReadOnlyKey(true);
      return;
    }
    if (!actionsOf(m).includes(kind)) return;
    const isIgnore = kind === 'ignore' || kind === 'ignoreAlways';
    action.mutate({
      movementId: m.id,
      action: isIgnore ? 'ignore' : kind,
      reason: isIgnore ? reason : undefined,
      remember: kind === 'ignoreAlways',
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number, m: BankMovement) => {
    const move = (to: number) => {
      event.preventDefault();
      items.current[Math.max(0, Math.min(to, items.current.length - 1))]?.focus();
    };
    if (event.target !== event.currentTarget) return; // keys inside a button are the button's
    if (event.key === 'ArrowDown' || event.key === 'j') move(index + 1);
    else if (event.key === 'ArrowUp' || event.key === 'k') move(index - 1);
    else if (event.key === 'Enter' || event.key === 'a') run(m, 'match');
    else if (event.key === 'u') run(m, 'unmatch');
    else if (event.key === 'i') run(m, 'ignore');
    else if (event.key === 'I') run(m, 'ignoreAlways');
  };
  const totals = list.data?.pages[0]?.totals;
  const movements = list.data?.pages.flatMap((page) => page.movements) ?? [];
  const shown = status ? (totals?.byStatus[status] ?? 0) : (totals?.count ?? 0);
  items.current = items.current.slice(0, movements.length);

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold text-slate-900">
        {t('movements.title')}
      </h2>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('movements.filter')}</legend>
        {[null, ...MOVEMENT_STATUSES].map((s) => (
          <FilterChip key={s ?? 'all'} pressed={status === s} onClick={() => setStatus(s)}>
            {t(`status.${s ?? 'all'}`)}
            {totals ? ` (${s ? totals.byStatus[s] : totals.count})` : ''}
          </FilterChip>
        ))}
      </fieldset>
      {totals ? (
        <p className="mt-3 text-sm text-slate-700 tabular-nums" data-testid="bank-totals">
          {t('movements.totals', {
            credits: money(totals.creditsCents),
            debits: money(totals.debitsCents),
            net: money(totals.creditsCents + totals.debitsCents),
          })}
        </p>
      ) : null}
      {canWrite ? (
        <label className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-800">
          {t('movements.reason')}
          <select
            value={reason}
            onChange={(event) => setReason(event.target.value as IgnoreReason)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {IGNORE_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`ignore.${r}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="mt-1 text-xs text-slate-500" id={`${id}-keys`}>
        {canWrite ? t('movements.keys') : t('movements.keysReadOnly')}
      </p>
      <p role="status" className="text-sm text-slate-700">
        {readOnlyKey ? tt('readOnly.key') : null}
      </p>
      {action.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {toMessage(action.error)}
        </p>
      ) : null}
      <div className="mt-3">
        {list.isPending ? (
          <StateBox>{t('movements.loading')}</StateBox>
        ) : list.isError ? (
          <StateBox tone="error">
            <p>{toMessage(list.error)}</p>
            <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => list.refetch()}>
              {t('movements.retry')}
            </button>
          </StateBox>
        ) : movements.length === 0 ? (
          <StateBox>{status ? t('movements.noneWithStatus') : t('movements.empty')}</StateBox>
        ) : (
          <ul
            aria-describedby={`${id}-keys`}
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {movements.map((m, index) => (
              <li
                key={m.id}
                ref={(el) => {
                  items.current[index] = el;
                }}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: each movement is reachable and acted on by keys
                tabIndex={0}
                data-testid="movement"
                data-status={m.status}
                aria-label={t('movements.label', {
                  date: formatDay(m.bookingDate, locale),
                  amount: money(m.amountCents, m.currency),
                  concept: m.concept,
                  status: t(`status.${m.status}`),
                })}
                onKeyDown={(event) => onKeyDown(event, index, m)}
                className="px-4 py-3 text-sm focus:bg-brand-50 focus:outline-2 focus:outline-brand-600"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="text-slate-600">{formatDay(m.bookingDate, locale)}</span>
                  <span
                    className={`font-semibold tabular-nums ${m.amountCents < 0 ? 'text-slate-900' : 'text-emerald-800'}`}
                  >
                    {money(m.amountCents, m.currency)}
                  </span>
                </div>
                <p className="mt-1 break-words text-slate-900">{m.concept}</p>
                {m.counterpartyName ? <p className="text-slate-600">{m.counterpartyName}</p> : null}
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
                    {m.status === 'matched' && m.matchedBy === 'auto'
                      ? t('status.auto')
                      : t(`status.${m.status}`)}
                    {m.status === 'ignored' && m.ignoreReason ? ` · ${t(`ignore.${m.ignoreReason}`)}` : ''}
                  </span>
                  {m.score !== null && m.status !== 'unmatched' ? (
                    <span className="text-xs text-slate-600">{t('movements.score', { score: m.score })}</span>
                  ) : null}
                  <span className="text-xs text-slate-500">
                    {t('movements.line', { line: m.sourceLine })}
                  </span>
                </div>
                {m.invoices.length > 0 ? (
                  <ul
                    className="mt-2 space-y-1"
                    aria-label={
                      m.status === 'proposed'
                        ? t('movements.proposedInvoices')
                        : t('movements.matchedInvoices')
                    }
                  >
                    {m.invoices.map((i) => (
                      <li key={i.invoiceId} className="text-slate-800">
                        {i.number ?? t('movements.noNumber')} · {i.counterparty ?? '—'} ·{' '}
                        <span className="tabular-nums">
                          {i.totalCents === null ? '—' : money(i.totalCents, i.currency)}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {m.reasons.length > 0 ? (
                  <p className="mt-1 text-xs text-slate-600">
                    {t('movements.why')} {m.reasons.map((r) => t(`reason.${r}`)).join(' · ')}
                  </p>
                ) : null}
                <div className="mt-2 flex flex-wrap gap-2">
                  {(canWrite ? actionsOf(m) : []).map((kind) => (
                    <button
                      key={kind}
                      type="button"
                      className={kind === 'match' ? primaryButtonClass : secondaryButtonClass}
                      disabled={action.isPending}
                      onClick={() => run(m, kind)}
                    >
                      {t(`action.${kind}`)}
                    </button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={list.isFetchingNextPage}
              onClick={() => list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? t('movements.loadingMore') : t('movements.more')}
            </button>
            <span className="text-sm text-slate-600" aria-live="polite">
              {t('movements.shown', { shown: movements.length, count: shown })}
            </span>
          </div>
        ) : null}
        {list.isFetchNextPageError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {toMessage(list.error)}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** The saved rules, each with a button to forget it; nothing is shown before the first one is saved. */
function Rules({ clientId }: { clientId: string }) {
  const { t } = useTranslation('bank');
  const toMessage = useErrorMessage();
  const rules = useRules(clientId);
  const forget = useDeleteRule(clientId);
  const canWrite = useCanWrite();
  const id = useId();
  if (!rules.data || rules.data.rules.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-1 text-lg font-semibold text-slate-900">
        {t('rules.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('rules.help')}</p>
      {forget.isError ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {toMessage(forget.error)}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {rules.data.rules.map((rule) => (
          <li key={rule.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
            <span className="min-w-0 break-words text-slate-900">
              {t('rules.rule', {
                pattern: rule.pattern,
                direction: t(`rules.${rule.direction}`),
                reason: t(`ignore.${rule.reason}`),
              })}
            </span>
            {canWrite ? (
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={forget.isPending}
                onClick={() => forget.mutate(rule.id)}
                aria-label={t('rules.forgetOf', { pattern: rule.pattern })}
              >
                {t('rules.forget')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
