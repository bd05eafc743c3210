import type { FigureMismatch, Invoice, InvoiceFields } from '@cuadra/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { linkClass, StateBox, secondaryButtonClass } from '../../components/ui';
import { Tabs } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/error-message';
import { HistoryList } from '../history';
import { InvoiceEditor } from './invoice-editor';
import { useInvoice, useUpdateInvoice } from './invoices-api';
import { PossibleDuplicates } from './possible-duplicates';

/** The invoice screen's sections (issue 40): the fields, and the history of every change to them. */
const SECTIONS = ['details', 'history'] as const;
type Section = (typeof SECTIONS)[number];

/** What the client page shows as a toast after coming back from a save (navigation state). */
export type SavedNotice = { notice: 'edit.invoiceSavedSuccessfully' | 'review.success' };

/**
 * The edit and review screens (spec-2 §2.3, §2.4): loading, error and not-found states, then the editor.
 * Saving sends every field (PUT, which marks the invoice reviewed) and goes back to the client's page
 * with the success message; a failure stays on the form with errorSavingInvoice.
 */
export function InvoiceScreen({
  invoiceId,
  mode,
  clientIdHint,
}: {
  invoiceId: string;
  mode: 'edit' | 'review';
  clientIdHint: string | null;
}) {
  const { t } = useTranslation('invoices');
  const { t: tt } = useTranslation('team');
  const [section, setSection] = useState<Section>('details');
  const toMessage = useErrorMessage();
  const navigate = useNavigate();
  const invoice = useInvoice(invoiceId);
  const update = useUpdateInvoice(invoiceId);
  const title = mode === 'review' ? t('review.title') : t('edit.title');
  const backTo = (clientId: string | null) =>
    clientId ? `/customer/${encodeURIComponent(clientId)}` : '/dashboard';

  if (invoice.isPending) {
    return (
      <Shell title={title}>
        <StateBox>{t('edit.loading')}</StateBox>
      </Shell>
    );
  }
  if (invoice.isError) {
    const error = invoice.error;
    const notFound =
      error instanceof ApiError && (error.code === 'INVOICE_NOT_FOUND' || error.status === 404);
    const clientGone = error instanceof ApiError && error.code === 'CLIENT_NOT_FOUND';
    return (
      <Shell title={title}>
        <StateBox tone="error">
          <p className="font-semibold">
            {clientGone
              ? t('edit.clientNotFound')
              : notFound
                ? t('edit.notFound')
                : t('edit.errorLoadingInvoice')}
          </p>
          {notFound || clientGone ? null : <p className="mt-1">{toMessage(error)}</p>}
          <div className="mt-3 flex justify-center gap-3">
            {notFound || clientGone ? null : (
              <button type="button" onClick={() => invoice.refetch()} className={secondaryButtonClass}>
                {t('table.retry')}
              </button>
            )}
            <Link to={backTo(clientIdHint)} className={secondaryButtonClass}>
              {t('edit.back')}
            </Link>
          </div>
        </StateBox>
      </Shell>
    );
  }

  const data: Invoice = invoice.data;
  const clientId = data.clientId;
  const save = (fields: InvoiceFields, options?: { confirmFigures?: boolean }) =>
    update.mutate(
      { fields, ...options },
      {
        onSuccess: () => {
          const state: SavedNotice = {
            notice: mode === 'review' ? 'review.success' : 'edit.invoiceSavedSuccessfully',
          };
          navigate(backTo(clientId), { state });
        },
      },
    );
  const cancel = () => {
    // Back where the user came from when that is inside the app, otherwise to the client's page.
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(backTo(clientId));
  };

  return (
    <Shell title={title} wide>
      <p className="mb-2 text-sm">
        <Link to={backTo(clientId)} className={linkClass}>
          ← {t('edit.back')}
        </Link>
      </p>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${
            data.checked
              ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
              : 'bg-amber-100 text-amber-900 ring-amber-300'
          }`}
        >
          {data.checked ? t('edit.reviewed') : t('edit.needsReview')}
        </span>
      </div>
      <p className="mb-6 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-slate-800">
        {mode === 'review' ? t('review.info') : t('edit.info')}
      </p>
      <PossibleDuplicates invoice={data} />
      <Tabs
        tabs={SECTIONS}
        tab={section}
        onChange={setSection}
        label={tt('history.tabsLabel')}
        nameOf={(name) => tt(`history.tabs.${name}`)}
        panelClassName="pt-4"
      >
        {/* The editor stays mounted while the history is shown, so unsaved corrections are kept. */}
        <div hidden={section !== 'details'}>
          <InvoiceEditor
            key={data.id}
            invoice={data}
            mode={mode}
            saving={update.isPending}
            saveError={
              update.isError ? t('edit.errorSavingInvoice', { message: toMessage(update.error) }) : null
            }
            saveMismatches={mismatchesOf(update.error)}
            onSave={save}
            onCancel={cancel}
          />
        </div>
        {section === 'history' ? <HistoryList entity="invoices" id={data.id} /> : null}
      </Tabs>
    </Shell>
  );
}

export function Shell({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:px-6 ${wide ? 'max-w-7xl' : 'max-w-3xl'}`}>
      <DocumentTitle title={title} />
      {wide ? null : <h1 className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>}
      {children}
    </div>
  );
}

/** The figures a 422 VAT_BREAKDOWN_MISMATCH / TOTAL_MISMATCH names, for the editor to show on their fields. */
function mismatchesOf(error: unknown): FigureMismatch[] | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (!['VAT_BREAKDOWN_MISMATCH', 'VAT_RATE_MISMATCH', 'TOTAL_MISMATCH'].includes(error.code))
    return undefined;
  return (error.details as { mismatches?: FigureMismatch[] } | undefined)?.mismatches;
}
