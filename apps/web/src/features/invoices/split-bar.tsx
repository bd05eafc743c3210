import type { DocumentSplit, Invoice } from '@cuadra/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanWrite } from '../../access/can-write';
import { primaryButtonClass, secondaryButtonClass } from '../../components/ui';
import { useErrorMessage } from '../../lib/error-message';
import { useDocumentSplit, useMoveSplit } from './split-api';

type Pages = { pageFrom: number; pageTo: number };

/**
 * Under the original of an invoice cut from a PDF that held several (#21): which pages it is, and a form
 * to move the page boundaries between the invoices of that file. Changed invoices are read again.
 */
export function SplitBar({
  split,
  clientId,
}: {
  split: NonNullable<NonNullable<Invoice['file']>['split']>;
  clientId: string;
}) {
  const { t } = useTranslation('invoices');
  const [open, setOpen] = useState(false);
  const query = useDocumentSplit(split.documentId, open);
  const panelId = useId();
  // A reader (issue 40) is told which pages these are, and offered no change to them.
  const canWrite = useCanWrite();
  return (
    <div className="border-b border-slate-200 bg-amber-50 px-3 py-2 text-sm text-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>{t('split.pages', { from: split.pageFrom, to: split.pageTo })}</p>
        {canWrite ? (
          <button
            type="button"
            className={`${secondaryButtonClass} px-2 py-1`}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            {t('split.adjust')}
          </button>
        ) : null}
      </div>
      <div id={panelId} hidden={!open}>
        {!open ? null : query.isPending ? (
          <p role="status">{t('split.loading')}</p>
        ) : query.isError ? (
          <p role="alert" className="text-red-800">
            {t('split.loadError')}
          </p>
        ) : (
          <SplitForm documentId={split.documentId} clientId={clientId} split={query.data} />
        )}
      </div>
    </div>
  );
}

function SplitForm({
  documentId,
  clientId,
  split,
}: {
  documentId: string;
  clientId: string;
  split: DocumentSplit;
}) {
  const { t } = useTranslation('invoices');
  const toMessage = useErrorMessage();
  const move = useMoveSplit(documentId);
  const [parts, setParts] = useState<Pages[]>(split.parts);
  useEffect(() => setParts(split.parts), [split]);
  const set = (index: number, key: keyof Pages, value: number) =>
    setParts((current) => current.map((part, i) => (i === index ? { ...part, [key]: value } : part)));
  return (
    <form
      className="mt-2 space-y-2"
      aria-label={t('split.formLabel', { file: split.filename })}
      onSubmit={(event) => {
        event.preventDefault();
        move.mutate(parts.map(({ pageFrom, pageTo }) => ({ pageFrom, pageTo })));
      }}
    >
      <p>{t('split.summary', { file: split.filename, pages: split.pageCount, count: split.parts.length })}</p>
      <ol className="space-y-1">
        {parts.map((part, index) => (
          <li key={split.parts[index]?.documentId ?? index} className="flex flex-wrap items-center gap-2">
            <span className="w-24">{t('split.invoice', { n: index + 1 })}</span>
            <PageInput
              label={t('split.from', { n: index + 1 })}
              value={part.pageFrom}
              max={split.pageCount}
              onChange={(value) => set(index, 'pageFrom', value)}
            />
            <span aria-hidden="true">–</span>
            <PageInput
              label={t('split.to', { n: index + 1 })}
              value={part.pageTo}
              max={split.pageCount}
              onChange={(value) => set(index, 'pageTo', value)}
            />
            <span className="text-slate-600">
              {t(`split.status.${split.parts[index]?.status ?? 'queued'}`)}
            </span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={`${primaryButtonClass} px-3 py-1`} disabled={move.isPending}>
          {move.isPending ? t('split.saving') : t('split.save')}
        </button>
        <p aria-live="polite" className={move.isError ? 'text-red-800' : 'text-slate-700'}>
          {move.isError ? toMessage(move.error) : move.isSuccess ? t('split.saved') : ''}
        </p>
        {move.isSuccess && !move.data.parts.some((part) => part.documentId === documentId) ? (
          <Link
            to={`/customer/${encodeURIComponent(clientId)}`}
            className="font-medium text-brand-700 underline"
          >
            {t('split.backToClient')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function PageInput(props: { label: string; value: number; max: number; onChange: (value: number) => void }) {
  return (
    <input
      type="number"
      inputMode="numeric"
      min={1}
      max={props.max}
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(Number(event.target.value))}
      className="w-20 rounded-md border border-slate-300 bg-white px-2 py-1 text-base text-slate-900 focus:outline-2 focus:outline-brand-600 sm:text-sm"
    />
  );
}
