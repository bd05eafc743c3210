import { DOCUMENT_ERROR_MESSAGES, type DocumentErrorCode, type UploadBatch } from '@cuadra/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '../../components/ui/index';
import { useToast } from '../../components/ui/toast';
import { toLocale } from '../../i18n/i18n';
import { API_BASE, ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';
import { SCAN_COMPLETE_EVENT } from '../../lib/events';
import { clientKeys, invoiceKeys } from '../../lib/query-keys';
import { getUploadBatch, uploadInvoiceFiles } from '../invoices';
import { ACCEPT_ATTRIBUTE, checkDrop, type MonthlyAllowance, type UploadProblem } from './upload-rules';

/** spec-2 §9: the result panel asks for progress every 5 s. */
export const POLL_INTERVAL_MS = 5_000;
/** spec-2 §9: the file list shows 3 files until expanded. */
export const FILE_PREVIEW_COUNT = 3;

/** The batch being processed for a client, so coming back to the page (same tab) resumes the panel. */
export const batchStorageKey = (clientId: string) => `cuadra.uploadBatch.${clientId}`;

function readStoredBatch(clientId: string): string | null {
  try {
    return window.sessionStorage.getItem(batchStorageKey(clientId));
  } catch {
    return null;
  }
}

function storeBatch(clientId: string, batchId: string | null): void {
  try {
    if (batchId) window.sessionStorage.setItem(batchStorageKey(clientId), batchId);
    else window.sessionStorage.removeItem(batchStorageKey(clientId));
  } catch {
    // Storage disabled: the panel still works while the page stays open.
  }
}

type ActiveBatch = { batchId: string; initial: UploadBatch | null };

/** The polled batch's query; outside `invoiceKeys` so that refreshing the invoices does not poll it. */
const batchKey = (batchId: string) => ['upload-batch', batchId] as const;
/** The batch no longer exists for this user: polling it again will not bring it back. */
const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 401);

/**
 * The client page's upload panel (spec-2 §2.2, §4, §5): the drop zone and file picker when scans are
 * available, the prompt to buy credits when none are, and the result panel of the last upload, which
 * polls until nothing is pending. The batch id is kept in sessionStorage: leaving the page does not stop
 * the work, and coming back resumes the panel.
 */
export function UploadPanel({
  clientId,
  scansAvailable,
  creditsPayer = null,
  monthly = null,
}: {
  clientId: string;
  /** Null while the allowance is loading. */
  scansAvailable: number | null;
  /** The client's monthly limit and what is left of it (null: no limit); the server checks it too. */
  monthly?: MonthlyAllowance;
  /** Whose credits the uploads spend; named when it is someone else (a freelancer's accountant). */
  creditsPayer?: { name: string; isSelf: boolean } | null;
}) {
  const { t } = useTranslation('invoices');
  const toMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const { toast, showToast } = useToast();
  const [active, setActive] = useState<ActiveBatch | null>(() => {
    const stored = clientId ? readStoredBatch(clientId) : null;
    return stored ? { batchId: stored, initial: null } : null;
  });
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const completed = useRef(new Set<string>());

  /** Refetches the invoice table and the client's counts; resolves once the shown queries have their data. */
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists(clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
      ]),
    [queryClient, clientId],
  );

  const onComplete = useCallback(
    (batchId: string) => {
      if (completed.current.has(batchId)) return;
      completed.current.add(batchId);
      storeBatch(clientId, null);
      showToast(t('batch.completeToast'));
      void refresh();
      window.dispatchEvent(new Event(SCAN_COMPLETE_EVENT));
    },
    [clientId, refresh, showToast, t],
  );

  const onGone = useCallback(() => {
    storeBatch(clientId, null);
    setActive(null);
  }, [clientId]);

  const dismiss = () => {
    storeBatch(clientId, null);
    setActive(null);
  };

  async function handleFiles(files: readonly File[]) {
    if (uploading) return;
    setUploadError(null);
    const { upload, problems: found } = checkDrop(files, scansAvailable ?? 0, monthly);
    setProblems(found);
    if (upload.length === 0) return;
    setUploading(true);
    try {
      const batch = await uploadInvoiceFiles(clientId, upload);
      storeBatch(clientId, batch.batchId);
      setActive({ batchId: batch.batchId, initial: batch });
      showToast(t('batch.uploadedToast', { count: batch.documents.length }));
      void refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_CREDITS') {
        const { allowance, needed } = (error.details ?? {}) as { allowance?: unknown; needed?: unknown };
        setProblems([
          {
            kind: 'exceededLimit',
            limit: typeof allowance === 'number' ? allowance : 0,
            needed: typeof needed === 'number' ? needed : upload.length,
          },
        ]);
        void refresh();
      } else if (error instanceof ApiError && error.code === 'MONTHLY_LIMIT_EXCEEDED') {
        const { limit, remaining } = (error.details ?? {}) as { limit?: unknown; remaining?: unknown };
        setProblems([
          {
            kind: 'exceededMonthlyLimit',
            limit: typeof limit === 'number' ? limit : (monthly?.limit ?? 0),
            remaining: typeof remaining === 'number' ? remaining : 0,
          },
        ]);
        void refresh();
      } else {
        setProblems([]);
        // spec-2 §8: an API error shows its message; any other failed answer its status.
        setUploadError(
          !(error instanceof ApiError)
            ? ''
            : error.code === 'UNKNOWN'
              ? `HTTP ${error.status}: ${error.message}`
              : toMessage(error),
        );
      }
    } finally {
      setUploading(false);
    }
  }

  if (!clientId) {
    return (
      <p role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {t('upload.noCustomer')}
      </p>
    );
  }

  return (
    <section aria-labelledby="upload-title" className="mt-8">
      <h2 id="upload-title" className="sr-only">
        {t('upload.title')}
      </h2>
      {active ? (
        <BatchPanel
          key={active.batchId}
          clientId={clientId}
          batchId={active.batchId}
          initial={active.initial}
          onComplete={onComplete}
          onProgress={refresh}
          onGone={onGone}
          onDismiss={dismiss}
        />
      ) : null}
      {scansAvailable === null ? (
        <p role="status" className="text-sm text-slate-600">
          {t('upload.loadingAllowance')}
        </p>
      ) : scansAvailable > 0 ? (
        <DropZone
          disabled={uploading}
          scansAvailable={scansAvailable}
          payerName={creditsPayer && !creditsPayer.isSelf ? creditsPayer.name : null}
          onFiles={handleFiles}
        />
      ) : (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">{t('upload.noScansTitle')}</p>
          <p className="mt-1">{t('upload.noScansText')}</p>
          <Link to="/credits" className={`${primaryButtonClass} mt-3`}>
            {t('upload.buyCredits')}
          </Link>
        </div>
      )}
      <UploadMessages problems={problems} uploadError={uploadError} />
      {toast}
    </section>
  );
}

function UploadMessages({
  problems,
  uploadError,
}: {
  problems: UploadProblem[];
  uploadError: string | null;
}) {
  const { t } = useTranslation('invoices');
  if (problems.length === 0 && uploadError === null) return null;
  return (
    <div role="alert" className="mt-3 space-y-1 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
      {problems.map((problem) => (
        <p key={problem.kind}>
          {problem.kind === 'invalidTypes' ? (
            t('upload.invalidTypes', { files: problem.files.join(', ') })
          ) : problem.kind === 'exceededLimit' ? (
            <>
              {/* The credit balance is short, not a monthly capacity (issue 16 item 7). */}
              {t('upload.notEnoughCredits', { count: problem.limit, needed: problem.needed })}{' '}
              <Link to="/credits" className="font-semibold underline">
                {t('upload.buyCredits')}
              </Link>
            </>
          ) : problem.kind === 'creditsShort' ? (
            <>
              {t('upload.creditsShort', {
                count: problem.limit,
                waiting: problem.waiting.join(', '),
                waitingCount: problem.waiting.length,
              })}{' '}
              <Link to="/credits" className="font-semibold underline">
                {t('upload.buyCredits')}
              </Link>
            </>
          ) : problem.kind === 'exceededMonthlyLimit' ? (
            t('upload.exceededMonthlyLimit', { count: problem.limit, remaining: problem.remaining })
          ) : (
            t('upload.failed')
          )}
        </p>
      ))}
      {uploadError !== null ? (
        <p>
          {t('upload.failed')}
          {uploadError ? ` ${uploadError}` : null}
        </p>
      ) : null}
    </div>
  );
}

function DropZone({
  disabled,
  scansAvailable,
  payerName,
  onFiles,
}: {
  disabled: boolean;
  scansAvailable: number;
  payerName: string | null;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation('invoices');
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    onFiles([...event.dataTransfer.files]);
  };

  return (
    // A drop target for the mouse; keyboard and screen-reader users have the file picker inside it.
    <fieldset
      data-testid="drop-zone"
      disabled={disabled}
      aria-disabled={disabled}
      aria-busy={disabled}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed p-6 text-center text-sm transition-colors ${
        disabled
          ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400'
          : over
            ? 'border-brand-600 bg-brand-50 text-slate-800'
            : 'border-slate-300 bg-white text-slate-700'
      }`}
    >
      <legend className="sr-only">{t('upload.title')}</legend>
      <p aria-hidden="true" className="font-semibold text-slate-900">
        {t('upload.title')}
      </p>
      <p className="mt-1 text-brand-800">
        {payerName
          ? t('upload.scansAvailableFrom', { count: scansAvailable, name: payerName })
          : t('upload.scansAvailable', { count: scansAvailable })}
      </p>
      {disabled ? (
        <p role="status" className="mt-3 font-medium">
          {t('upload.uploading')}
        </p>
      ) : (
        <p className="mt-3">
          {t('upload.dropHere')}{' '}
          <label htmlFor={inputId} className={`${linkClass} cursor-pointer underline`}>
            {t('upload.choose')}
          </label>
        </p>
      )}
      <input
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        disabled={disabled}
        aria-describedby={hintId}
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = ''; // the same file can be chosen again
          onFiles(files);
        }}
      />
      <p id={hintId} className="mt-2 text-xs text-slate-500">
        {t('upload.hint')}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {t('upload.stackHint')}{' '}
        <a
          href={`${API_BASE}/separator-sheet.pdf`}
          target="_blank"
          rel="noopener"
          className={`${linkClass} underline`}
        >
          {t('upload.separatorSheet')}
        </a>
      </p>
    </fieldset>
  );
}

/**
 * The result of an upload: its files (3, then all), a processing counter, and "processing complete" once
 * nothing is pending. Polls every 5 s; `onComplete` runs once when the pending count reaches 0. Every
 * count on the panel comes from the batch's one pending count. When a poll finds more documents finished,
 * `onProgress` (the invoice table's refetch) runs first and the panel shows the new count once it is done,
 * so the table never says "no invoices yet" beside "processing complete".
 */
export function BatchPanel({
  clientId,
  batchId,
  initial,
  onComplete,
  onProgress,
  onGone,
  onDismiss,
}: {
  clientId: string;
  batchId: string;
  initial: UploadBatch | null;
  onComplete: (batchId: string) => void;
  /** Called, and awaited, when more of the batch's documents have finished since the last look. */
  onProgress?: () => Promise<unknown>;
  /** The batch no longer exists for this user (another session's id, or data reset). */
  onGone: () => void;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation('invoices');
  const [expanded, setExpanded] = useState(false);
  const callbacks = useRef({ onComplete, onGone, onProgress });
  callbacks.current = { onComplete, onGone, onProgress };
  /** How many of the batch's documents had finished at the last look (-1: not looked yet). */
  const finished = useRef(initial ? initial.documents.length - initial.pendingCount : -1);

  const query = useQuery({
    queryKey: batchKey(batchId),
    queryFn: async ({ signal }) => {
      const next = await getUploadBatch(batchId, signal);
      const nowFinished = next.documents.length - next.pendingCount;
      if (nowFinished > finished.current) {
        finished.current = nowFinished;
        // A failed refetch shows in the table itself; the panel goes on.
        await callbacks.current.onProgress?.().catch(() => undefined);
      }
      return next;
    },
    // The upload's own answer counts as the first look: the first poll comes 5 s after it.
    initialData: initial ?? undefined,
    initialDataUpdatedAt: initial ? Date.now() : undefined,
    staleTime: POLL_INTERVAL_MS,
    refetchInterval: (current) =>
      current.state.data?.pendingCount === 0 || isGone(current.state.error) ? false : POLL_INTERVAL_MS,
    refetchIntervalInBackground: true, // the work goes on in another tab; so does the count
    refetchOnWindowFocus: false,
    retry: false, // a failed poll says so, and the next one comes in 5 s anyway
  });
  const batch = query.data ?? null;
  const pollFailed = query.isError && !isGone(query.error);

  useEffect(() => {
    if (batch?.pendingCount === 0) callbacks.current.onComplete(batchId);
  }, [batch, batchId]);
  useEffect(() => {
    if (isGone(query.error)) callbacks.current.onGone();
  }, [query.error]);

  const documents = batch?.documents ?? [];
  const shown = expanded ? documents : documents.slice(0, FILE_PREVIEW_COUNT);
  const pending = batch?.pendingCount ?? null;
  const done = pending === 0;
  const language = toLocale(i18n.resolvedLanguage);

  return (
    <div
      data-testid="upload-result"
      className={`mb-4 rounded-lg border p-4 text-sm ${done ? 'border-emerald-200 bg-emerald-50' : 'border-brand-200 bg-brand-50'}`}
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 className="font-semibold text-slate-900">{t('batch.title')}</h3>
          <p
            role="status"
            aria-live="polite"
            data-testid="processing-counter"
            className="mt-1 text-slate-800"
          >
            {pending === null
              ? t('batch.processing', { count: 1 })
              : done
                ? t('batch.complete')
                : t('batch.processing', { count: pending })}
          </p>
          {batch && pending !== null && !done ? (
            <p data-testid="processing-progress" className="text-xs text-slate-600">
              {t('batch.progress', { count: documents.length, done: documents.length - pending })}
            </p>
          ) : null}
        </div>
        <button type="button" onClick={onDismiss} className={secondaryButtonClass}>
          {t('batch.dismiss')}
        </button>
      </div>
      {pollFailed ? <p className="mt-2 text-amber-800">{t('batch.pollError')}</p> : null}
      {documents.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {shown.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 truncate font-medium text-slate-900" title={document.filename}>
                {document.filename}
              </span>
              <span className="flex items-center gap-3">
                <span
                  className={
                    document.status === 'failed'
                      ? 'text-red-700'
                      : document.status === 'duplicate'
                        ? 'text-amber-800'
                        : 'text-slate-600'
                  }
                >
                  {t(`batch.status.${document.status}`)}
                  {document.status === 'failed' && document.errorCode
                    ? `: ${documentError(document.errorCode, language)}`
                    : null}
                </span>
                {document.invoiceId && (document.status === 'needs_review' || document.status === 'ready') ? (
                  <Link
                    to={`/invoicereview?invoiceId=${encodeURIComponent(document.invoiceId)}`}
                    state={{ invoiceId: document.invoiceId, clientId }}
                    className={linkClass}
                    aria-label={`${t('batch.review')}: ${document.filename}`}
                  >
                    {t('batch.review')}
                  </Link>
                ) : null}
                {document.status === 'duplicate' && document.duplicateOfInvoiceId ? (
                  <Link
                    to={`/invoicePage/${encodeURIComponent(document.duplicateOfInvoiceId)}`}
                    state={{ clientId }}
                    className={linkClass}
                  >
                    {t('batch.openOriginal')}
                  </Link>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {documents.length > FILE_PREVIEW_COUNT ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className={`${linkClass} mt-2`}
        >
          {expanded ? t('batch.showLess') : t('batch.showAll', { count: documents.length })}
        </button>
      ) : null}
    </div>
  );
}

function documentError(code: string, language: 'en' | 'es'): string {
  return Object.hasOwn(DOCUMENT_ERROR_MESSAGES, code)
    ? DOCUMENT_ERROR_MESSAGES[code as DocumentErrorCode][language]
    : DOCUMENT_ERROR_MESSAGES.EXTRACTION_FAILED[language];
}
