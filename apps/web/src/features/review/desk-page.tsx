import type { Invoice, InvoiceFields, ReviewItem } from '@cuadra/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { inputClass, primaryButtonClass, StateBox, secondaryButtonClass } from '../../components/ui';
import { api } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';
import { clientKeys } from '../clients/clients-api';
import { Modal } from '../clients/modal';
import { ReadOnlyNote, useCanWrite } from '../firms/can-write';
import { HistoryList } from '../history/history-list';
import { invoiceKeys, useInvoice } from '../invoices/invoices-api';
import { DeskForm, type DeskFormHandle } from './desk-form';
import { DocumentPane } from './document-pane';
import { QueueList } from './queue-list';
import { reviewKeys, useAcceptVerified, useDecideDuplicate, useReviewQueue } from './review-api';

/** Keys that act on the desk, shown by `?`. */
export const DESK_KEYS = [
  'j',
  'k',
  'Enter',
  'Tab',
  'e',
  't',
  'f',
  'x',
  'a',
  'Delete',
  'h',
  'Escape',
  '?',
] as const;

type DeskAction =
  | 'next'
  | 'previous'
  | 'save'
  | 'firstLow'
  | 'toggleType'
  | 'forgetLearned'
  | 'select'
  | 'accept'
  | 'delete'
  | 'history'
  | 'keys';
const ACTION_OF_KEY: Record<string, DeskAction> = {
  j: 'next',
  k: 'previous',
  Enter: 'save',
  e: 'firstLow',
  t: 'toggleType',
  f: 'forgetLearned',
  x: 'select',
  a: 'accept',
  Delete: 'delete',
  h: 'history',
  '?': 'keys',
};
/** What a reader (issue 40) may not do: their keys only say so. */
const WRITE_ACTIONS: ReadonlySet<DeskAction> = new Set([
  'save',
  'firstLow',
  'toggleType',
  'forgetLearned',
  'select',
  'accept',
  'delete',
]);
const READ_KEYS = DESK_KEYS.filter((key) => {
  const action = deskAction(key);
  return !action || !WRITE_ACTIONS.has(action);
});

function deskAction(key: string): DeskAction | null {
  return ACTION_OF_KEY[key] ?? null;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type)
  );
}

/**
 * The accountant's review desk: the queue of every client's documents on the left, the original in the
 * middle with the fields' boxes, the fields on the right; every action on a key (`?` lists them).
 */
export function ReviewDeskPage() {
  const { t } = useTranslation('review');
  const { t: ti } = useTranslation('invoices');
  const { t: tt } = useTranslation('team');
  const toMessage = useErrorMessage();
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const showAll = params.get('view') === 'all';
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  // To do: what needs review, and possible duplicates waiting for "keep both" or "discard".
  const queue = useReviewQueue({ state: showAll ? undefined : 'needs_review,duplicate', q: q || undefined });
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const [currentId, setCurrentId] = useState<string | null>(params.get('doc'));
  const current = items.find((item) => item.id === currentId) ?? items[0] ?? null;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'keys' | 'delete' | 'history' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusedBox, setFocusedBox] = useState<string | null>(null);
  const form = useRef<DeskFormHandle>(null);
  const desk = useRef<HTMLDivElement>(null);
  const invoice = useInvoice(current?.invoiceId ?? null);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    void queryClient.invalidateQueries({ queryKey: clientKeys.all });
  }, [queryClient]);

  const neighbour = (step: 1 | -1): ReviewItem | null => {
    const index = current ? items.findIndex((item) => item.id === current.id) : -1;
    return items[index + step] ?? null;
  };
  const move = (step: 1 | -1) => {
    const next = neighbour(step);
    if (next) setCurrentId(next.id);
    if (step === 1 && items.length - items.findIndex((i) => i.id === current?.id) < 5 && queue.hasNextPage) {
      void queue.fetchNextPage();
    }
  };

  const save = useMutation({
    mutationFn: (input: { id: string; fields: InvoiceFields; confirmFigures?: boolean }) =>
      api.put<Invoice>(
        `/invoices/${encodeURIComponent(input.id)}${input.confirmFigures ? '?confirmFigures=true' : ''}`,
        input.fields,
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(invoiceKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists(saved.clientId) });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<void>(`/invoices/${encodeURIComponent(id)}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: invoiceKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
  const accept = useAcceptVerified();
  const decide = useDecideDuplicate();
  const onDecide = (decision: 'keep' | 'discard') => {
    if (!current) return;
    const next = neighbour(1);
    decide.mutate(
      { documentId: current.id, decision },
      {
        onSuccess: (result) => {
          setNotice(t(decision === 'keep' ? 'duplicate.kept' : 'duplicate.discarded'));
          // A kept document stays on the desk, now with its invoice to review.
          setCurrentId(result.invoiceId ? current.id : (next?.id ?? null));
          refresh();
        },
      },
    );
  };

  const onSave = (fields: InvoiceFields, options?: { confirmFigures?: boolean }) => {
    if (!current?.invoiceId) return;
    const next = neighbour(1);
    save.mutate(
      { id: current.invoiceId, fields, ...options },
      {
        onSuccess: () => {
          setNotice(next ? t('notice.savedNext', { file: next.fileName }) : t('notice.savedLast'));
          setCurrentId(next?.id ?? null);
          refresh();
          desk.current?.focus();
        },
      },
    );
  };
  const onDelete = () => {
    if (!current?.invoiceId) return;
    const next = neighbour(1);
    remove.mutate(current.invoiceId, {
      onSuccess: () => {
        setDialog(null);
        setNotice(ti('delete.success'));
        setCurrentId(next?.id ?? null);
        refresh();
      },
    });
  };
  const toggleSelected = (id: string) =>
    setSelected((set) => {
      const copy = new Set(set);
      if (copy.has(id)) copy.delete(id);
      else copy.add(id);
      return copy;
    });
  // Documents bulk accept left because their figures do not add up: accepted only on a second click.
  const [unbalanced, setUnbalanced] = useState<string[]>([]);
  const acceptSelected = () => {
    if (selected.size === 0) return;
    accept.mutate(
      { ids: [...selected] },
      {
        onSuccess: (result) => {
          setSelected(new Set());
          setUnbalanced(result.figuresDisagree);
          setNotice(
            t('notice.accepted', { accepted: result.accepted.length, skipped: result.skipped.length }) +
              (result.figuresDisagree.length
                ? ` ${t('notice.figuresDisagree', { count: result.figuresDisagree.length })}`
                : ''),
          );
        },
      },
    );
  };
  const acceptUnbalanced = () =>
    accept.mutate(
      { ids: unbalanced, confirmFigures: true },
      {
        onSuccess: (result) => {
          setUnbalanced([]);
          setNotice(
            t('notice.accepted', { accepted: result.accepted.length, skipped: result.skipped.length }),
          );
        },
      },
    );

  // One listener for the desk's keys; letters are left alone while a field is being typed in.
  const handler = useRef<(event: KeyboardEvent) => void>(() => {});
  handler.current = (event: KeyboardEvent) => {
    if (dialog || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement | null;
    if (isEditable(target)) {
      if (event.key === 'Escape') {
        target?.blur();
        desk.current?.focus();
      }
      return;
    }
    if (target?.closest('button, a, [role="dialog"]') && (event.key === 'Enter' || event.key === ' ')) return;
    const action = deskAction(event.key);
    if (!action) return;
    event.preventDefault();
    if (!canWrite && WRITE_ACTIONS.has(action)) setNotice(tt('readOnly.key'));
    else if (action === 'next') move(1);
    else if (action === 'previous') move(-1);
    else if (action === 'save') form.current?.submit();
    else if (action === 'firstLow') {
      if (!form.current?.focusFirstLowConfidence()) setNotice(t('notice.noLow'));
    } else if (action === 'toggleType') form.current?.toggleType();
    else if (action === 'forgetLearned') {
      if (form.current && !form.current.forgetLearned()) setNotice(t('notice.nothingLearned'));
    } else if (action === 'select') {
      if (current) toggleSelected(current.id);
    } else if (action === 'accept') acceptSelected();
    else if (action === 'delete') {
      if (current?.invoiceId) setDialog('delete');
    } else if (action === 'history') {
      if (current?.invoiceId) setDialog('history');
    } else setDialog('keys');
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => handler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  // The desk takes the keyboard when it opens.
  useEffect(() => {
    desk.current?.focus();
  }, []);

  const onItemClick = (event: MouseEvent, id: string) => {
    if (event.shiftKey && canWrite) toggleSelected(id);
    else setCurrentId(id);
  };
  const applySearch = (event: FormEvent) => {
    event.preventDefault();
    setParams((p) => {
      const copy = new URLSearchParams(p);
      if (search.trim()) copy.set('q', search.trim());
      else copy.delete('q');
      return copy;
    });
  };

  return (
    <div
      ref={desk}
      tabIndex={-1}
      className="mx-auto w-full max-w-[110rem] px-3 py-4 outline-none sm:px-4"
      aria-describedby="desk-help"
    >
      <DocumentTitle title={t('title')} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('title')}</h1>
        <button
          type="button"
          onClick={() => setDialog('keys')}
          className={`${secondaryButtonClass} px-3 py-1`}
        >
          {t('keys.open')} <kbd className="rounded border border-slate-300 px-1 text-xs">?</kbd>
        </button>
      </div>
      <p id="desk-help" className="mb-3 text-sm text-slate-600">
        {t('intro')}
      </p>
      <div aria-live="polite" className="sr-only" data-testid="desk-notice">
        {notice}
      </div>
      {notice ? (
        <p className="mb-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" aria-hidden="true">
          {notice}
        </p>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[17rem_minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="queue-title"
          className="min-w-0 rounded-lg border border-slate-200 bg-white"
        >
          <div className="space-y-2 border-b border-slate-200 p-3">
            <h2 id="queue-title" className="text-sm font-semibold text-slate-900">
              {t('queue.title')}
            </h2>
            {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for jsdom and some screen readers */}
            <form role="search" onSubmit={applySearch} className="flex gap-2">
              <label htmlFor="desk-search" className="sr-only">
                {t('queue.search')}
              </label>
              <input
                id="desk-search"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={t('queue.searchPlaceholder')}
                className={`${inputClass} mt-0`}
              />
            </form>
            <fieldset className="flex gap-2 text-sm">
              <legend className="sr-only">{t('queue.view')}</legend>
              {(['todo', 'all'] as const).map((view) => (
                <button
                  key={view}
                  type="button"
                  aria-pressed={(view === 'all') === showAll}
                  onClick={() =>
                    setParams((p) => {
                      const copy = new URLSearchParams(p);
                      if (view === 'all') copy.set('view', 'all');
                      else copy.delete('view');
                      return copy;
                    })
                  }
                  className={`rounded-md px-2 py-1 ${
                    (view === 'all') === showAll ? 'bg-brand-50 font-medium text-brand-800' : 'text-slate-700'
                  }`}
                >
                  {t(`queue.${view}`)}
                </button>
              ))}
            </fieldset>
            {canWrite ? null : <ReadOnlyNote className="px-2 py-1" />}
            {selected.size > 0 && canWrite ? (
              <button
                type="button"
                onClick={acceptSelected}
                disabled={accept.isPending}
                className={`${primaryButtonClass} w-full px-2 py-1`}
              >
                {t('queue.acceptSelected', { count: selected.size })}{' '}
                <kbd className="rounded border border-white/50 px-1 text-xs">a</kbd>
              </button>
            ) : null}
            {unbalanced.length > 0 && canWrite ? (
              <button
                type="button"
                onClick={acceptUnbalanced}
                disabled={accept.isPending}
                className={`${secondaryButtonClass} w-full px-2 py-1`}
              >
                {t('queue.acceptUnbalanced', { count: unbalanced.length })}
              </button>
            ) : null}
            {accept.isError ? (
              <p role="alert" className="text-sm text-red-800">
                {toMessage(accept.error)}
              </p>
            ) : null}
          </div>
          <QueueList
            items={items}
            currentId={current?.id ?? null}
            selected={selected}
            onItemClick={onItemClick}
            state={queue.isPending ? 'loading' : queue.isError ? 'error' : 'ready'}
            error={queue.isError ? toMessage(queue.error) : null}
            onRetry={() => void queue.refetch()}
            hasMore={Boolean(queue.hasNextPage)}
            loadingMore={queue.isFetchingNextPage}
            onMore={() => void queue.fetchNextPage()}
          />
        </section>

        {current ? (
          <>
            <DocumentPane item={current} invoice={invoice.data ?? null} focused={focusedBox} />
            <section
              aria-labelledby="fields-title"
              className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 lg:max-h-[calc(100vh-9rem)] lg:overflow-y-auto"
            >
              <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="fields-title" className="text-sm font-semibold text-slate-900">
                  {t('form.title')} <span className="font-normal text-slate-600">· {current.clientName}</span>
                </h2>
                {/* Issue 40: who changed what on this invoice, as on its own page; `h` opens it too. */}
                {current.invoiceId ? (
                  <button
                    type="button"
                    onClick={() => setDialog('history')}
                    className={`${secondaryButtonClass} px-2 py-0.5 text-xs`}
                  >
                    {t('history.open')} <kbd className="rounded border border-slate-300 px-1 text-xs">h</kbd>
                  </button>
                ) : null}
              </div>
              {current.state === 'duplicate' ? (
                <DuplicateChoice
                  canDecide={canWrite}
                  item={current}
                  pending={decide.isPending}
                  error={decide.isError ? toMessage(decide.error) : null}
                  onDecide={onDecide}
                />
              ) : !current.invoiceId ? (
                <StateBox>{t(`noInvoice.${current.state}`)}</StateBox>
              ) : invoice.isPending ? (
                <StateBox>{t('form.loading')}</StateBox>
              ) : invoice.isError ? (
                <StateBox tone="error">
                  <p>{toMessage(invoice.error)}</p>
                  <button
                    type="button"
                    onClick={() => invoice.refetch()}
                    className={`${secondaryButtonClass} mt-2`}
                  >
                    {t('retry')}
                  </button>
                </StateBox>
              ) : (
                <DeskForm
                  key={invoice.data.id}
                  ref={form}
                  invoice={invoice.data}
                  saving={save.isPending}
                  saveError={
                    save.isError ? ti('edit.errorSavingInvoice', { message: toMessage(save.error) }) : null
                  }
                  onSave={onSave}
                  onFocusField={setFocusedBox}
                />
              )}
            </section>
          </>
        ) : null}
      </div>

      {dialog === 'keys' ? (
        <Modal title={t('keys.title')} onClose={() => setDialog(null)}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {(canWrite ? DESK_KEYS : READ_KEYS).map((key) => (
              <div key={key} className="contents">
                <dt>
                  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">
                    {key === 'Tab' ? 'Tab / Shift+Tab' : key}
                  </kbd>
                </dt>
                <dd className="text-slate-700">{t(`keys.${key}`)}</dd>
              </div>
            ))}
          </dl>
        </Modal>
      ) : null}
      {dialog === 'history' && current?.invoiceId ? (
        <Modal title={t('history.title', { name: current.fileName })} onClose={() => setDialog(null)}>
          <HistoryList entity="invoices" id={current.invoiceId} />
        </Modal>
      ) : null}
      {dialog === 'delete' && current?.invoiceId && canWrite ? (
        <Modal title={ti('delete.title')} onClose={() => setDialog(null)}>
          <p className="text-sm text-slate-700">
            {ti('delete.confirm', { number: invoice.data?.number ?? current.fileName })}
          </p>
          {remove.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {ti('delete.error', { message: toMessage(remove.error) })}
            </p>
          ) : null}
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={() => setDialog(null)} className={secondaryButtonClass}>
              {ti('delete.cancel')}
            </button>
            <button
              type="button"
              onClick={onDelete}
              disabled={remove.isPending}
              className={`${primaryButtonClass} bg-red-700 hover:bg-red-800`}
            >
              {remove.isPending ? ti('delete.deleting') : ti('delete.submit')}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

/** "Possible duplicate of …": the accountant keeps both (charged then) or discards the second. */
function DuplicateChoice({
  canDecide,
  item,
  pending,
  error,
  onDecide,
}: {
  /** False for a reader (issue 40): the choice is shown, not offered. */
  canDecide: boolean;
  item: ReviewItem;
  pending: boolean;
  error: string | null;
  onDecide: (decision: 'keep' | 'discard') => void;
}) {
  const { t } = useTranslation('review');
  return (
    <div className="space-y-3 text-sm" data-testid="duplicate-choice">
      <p className="font-medium text-amber-900">
        {item.duplicateOf
          ? t('duplicate.of', {
              number: item.duplicateOf.number ?? '—',
              issuer: item.duplicateOf.issuerName ?? '—',
            })
          : t('duplicate.ofUnknown')}
      </p>
      <p className="text-slate-700">{t('duplicate.explain')}</p>
      {item.duplicateOfInvoiceId ? (
        <Link
          to={`/invoicePage/${encodeURIComponent(item.duplicateOfInvoiceId)}`}
          state={{ clientId: item.clientId }}
          className="font-medium text-brand-700 underline"
        >
          {t('duplicate.openOriginal')}
        </Link>
      ) : null}
      {error ? (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      ) : null}
      {canDecide ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={pending}
            onClick={() => onDecide('keep')}
            className={primaryButtonClass}
          >
            {t('duplicate.keep')}
          </button>
          <button
            type="button"
            disabled={pending}
            onClick={() => onDecide('discard')}
            className={secondaryButtonClass}
          >
            {t('duplicate.discard')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
