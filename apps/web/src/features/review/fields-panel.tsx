import type { InvoiceFields, ReviewItem } from '@cuadra/shared';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { StateBox, secondaryButtonClass } from '../../components/ui';
import { useErrorMessage } from '../../lib/error-message';
import type { useInvoice } from '../invoices';
import { DeskForm, type DeskFormHandle } from './desk-form';
import { DuplicateChoice } from './duplicate-choice';

/**
 * The desk's right column for the current document: its fields to check and save, the choice for a
 * possible duplicate, or why there is nothing to edit; `h` (or the button) opens the invoice's history.
 */
export function FieldsPanel({
  item,
  invoice,
  canWrite,
  formRef,
  saving,
  saveError,
  onSave,
  onFocusField,
  deciding,
  decideError,
  onDecide,
  onOpenHistory,
}: {
  item: ReviewItem;
  invoice: ReturnType<typeof useInvoice>;
  canWrite: boolean;
  formRef: Ref<DeskFormHandle>;
  saving: boolean;
  saveError: string | null;
  onSave: (fields: InvoiceFields, options?: { confirmFigures?: boolean }) => void;
  onFocusField: (box: string | null) => void;
  deciding: boolean;
  decideError: string | null;
  onDecide: (decision: 'keep' | 'discard') => void;
  onOpenHistory: () => void;
}) {
  const { t } = useTranslation('review');
  const toMessage = useErrorMessage();
  return (
    <section
      aria-labelledby="fields-title"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 lg:max-h-[calc(100vh-9rem)] lg:overflow-y-auto"
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="fields-title" className="text-sm font-semibold text-slate-900">
          {t('form.title')} <span className="font-normal text-slate-600">· {item.clientName}</span>
        </h2>
        {/* Issue 40: who changed what on this invoice, as on its own page; `h` opens it too. */}
        {item.invoiceId ? (
          <button
            type="button"
            onClick={onOpenHistory}
            className={`${secondaryButtonClass} px-2 py-0.5 text-xs`}
          >
            {t('history.open')} <kbd className="rounded border border-slate-300 px-1 text-xs">h</kbd>
          </button>
        ) : null}
      </div>
      {item.state === 'duplicate' ? (
        <DuplicateChoice
          canDecide={canWrite}
          item={item}
          pending={deciding}
          error={decideError}
          onDecide={onDecide}
        />
      ) : !item.invoiceId ? (
        <StateBox>{t(`noInvoice.${item.state}`)}</StateBox>
      ) : invoice.isPending ? (
        <StateBox>{t('form.loading')}</StateBox>
      ) : invoice.isError ? (
        <StateBox tone="error">
          <p>{toMessage(invoice.error)}</p>
          <button type="button" onClick={() => invoice.refetch()} className={`${secondaryButtonClass} mt-2`}>
            {t('retry')}
          </button>
        </StateBox>
      ) : (
        <DeskForm
          key={invoice.data.id}
          ref={formRef}
          invoice={invoice.data}
          saving={saving}
          saveError={saveError}
          onSave={onSave}
          onFocusField={onFocusField}
        />
      )}
    </section>
  );
}
