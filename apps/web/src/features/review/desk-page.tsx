import type { InvoiceFields, ReviewItem } from '@cuadra/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCanWrite } from '../../access/can-write';
import { DocumentTitle } from '../../components/document-title';
import { secondaryButtonClass } from '../../components/ui';
import { useErrorMessage } from '../../lib/error-message';
import { clientKeys, reviewKeys } from '../../lib/query-keys';
import { useDecideDuplicate, useInvoice } from '../invoices';
import { DeleteDialog, HistoryDialog, KeysDialog } from './desk-dialogs';
import type { DeskFormHandle } from './desk-form';
import { type DeskAction, useDeskKeys, WRITE_ACTIONS } from './desk-keys';
import { DocumentPane } from './document-pane';
import { FieldsPanel } from './fields-panel';
import { QueueList } from './queue-list';
import { QueuePanel, type QueueView } from './queue-panel';
import { useDeleteDeskInvoice, useReviewQueue, useSaveDeskInvoice } from './review-api';
import { useBulkAccept } from './use-bulk-accept';

/**
 * The accountant's review desk: the queue of every client's documents on the left (`QueuePanel`), the
 * original in the middle with the fields' boxes (`DocumentPane`), the fields on the right (`FieldsPanel`);
 * every action on a key (`useDeskKeys`, `?` lists them). This page holds what they share: the current
 * document, the notice read out after each action, and the open dialog.
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
  // To do: what needs review, and possible duplicates waiting for "keep both" or "discard".
  const queue = useReviewQueue({ state: showAll ? undefined : 'needs_review,duplicate', q: q || undefined });
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const [currentId, setCurrentId] = useState<string | null>(params.get('doc'));
  const current = items.find((item) => item.id === currentId) ?? items[0] ?? null;
  const [dialog, setDialog] = useState<'keys' | 'delete' | 'history' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusedBox, setFocusedBox] = useState<string | null>(null);
  const form = useRef<DeskFormHandle>(null);
  const desk = useRef<HTMLDivElement>(null);
  const invoice = useInvoice(current?.invoiceId ?? null);
  const save = useSaveDeskInvoice();
  const remove = useDeleteDeskInvoice();
  const decide = useDecideDuplicate();
  const bulk = useBulkAccept(setNotice);

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

  const onAction = (action: DeskAction) => {
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
      if (current) bulk.toggle(current.id);
    } else if (action === 'accept') bulk.acceptSelected();
    else if (action === 'delete') {
      if (current?.invoiceId) setDialog('delete');
    } else if (action === 'history') {
      if (current?.invoiceId) setDialog('history');
    } else setDialog('keys');
  };
  useDeskKeys({ paused: dialog !== null, desk, onAction });

  const onItemClick = (event: MouseEvent, id: string) => {
    if (event.shiftKey && canWrite) bulk.toggle(id);
    else setCurrentId(id);
  };
  const setParam = (name: 'q' | 'view', value: string | null) =>
    setParams((p) => {
      const copy = new URLSearchParams(p);
      if (value) copy.set(name, value);
      else copy.delete(name);
      return copy;
    });

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
        <QueuePanel
          q={q}
          view={showAll ? 'all' : 'todo'}
          onSearch={(text) => setParam('q', text || null)}
          onView={(view: QueueView) => setParam('view', view === 'all' ? 'all' : null)}
          canWrite={canWrite}
          selectedCount={bulk.selected.size}
          unbalancedCount={bulk.unbalanced.length}
          accepting={bulk.accept.isPending}
          acceptError={bulk.accept.isError ? toMessage(bulk.accept.error) : null}
          onAcceptSelected={bulk.acceptSelected}
          onAcceptUnbalanced={bulk.acceptUnbalanced}
        >
          <QueueList
            items={items}
            currentId={current?.id ?? null}
            selected={bulk.selected}
            onItemClick={onItemClick}
            state={queue.isPending ? 'loading' : queue.isError ? 'error' : 'ready'}
            error={queue.isError ? toMessage(queue.error) : null}
            onRetry={() => void queue.refetch()}
            hasMore={Boolean(queue.hasNextPage)}
            loadingMore={queue.isFetchingNextPage}
            onMore={() => void queue.fetchNextPage()}
          />
        </QueuePanel>

        {current ? (
          <>
            <DocumentPane item={current} invoice={invoice.data ?? null} focused={focusedBox} />
            <FieldsPanel
              item={current}
              invoice={invoice}
              canWrite={canWrite}
              formRef={form}
              saving={save.isPending}
              saveError={
                save.isError ? ti('edit.errorSavingInvoice', { message: toMessage(save.error) }) : null
              }
              onSave={onSave}
              onFocusField={setFocusedBox}
              deciding={decide.isPending}
              decideError={decide.isError ? toMessage(decide.error) : null}
              onDecide={onDecide}
              onOpenHistory={() => setDialog('history')}
            />
          </>
        ) : null}
      </div>

      {dialog === 'keys' ? <KeysDialog canWrite={canWrite} onClose={() => setDialog(null)} /> : null}
      {dialog === 'history' && current?.invoiceId ? (
        <HistoryDialog
          fileName={current.fileName}
          invoiceId={current.invoiceId}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'delete' && current?.invoiceId && canWrite ? (
        <DeleteDialog
          label={invoice.data?.number ?? current.fileName}
          pending={remove.isPending}
          error={remove.isError ? toMessage(remove.error) : null}
          onCancel={() => setDialog(null)}
          onConfirm={onDelete}
        />
      ) : null}
    </div>
  );
}
