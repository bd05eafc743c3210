import {
  type FieldEvidence,
  formatMoney,
  INVOICE_TYPES,
  type Invoice,
  type InvoiceFields,
} from '@cuadra/shared';
import { type FormEvent, forwardRef, useId, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadOnlyNote, useCanWrite } from '../../access/can-write';
import { inputClass, primaryButtonClass } from '../../components/ui';
import { DateInput } from '../../components/ui/date-input';
import { toLocale } from '../../i18n/i18n';
import {
  AMOUNT_FIELDS,
  EVIDENCE_KEYS,
  ExtractionNotices,
  FiguresConfirm,
  type FormErrors,
  fieldsFromForm,
  formFromInvoice,
  type InvoiceForm,
  isLowConfidence,
  isOnlyFigures,
  LearnedNote,
  TAX_ID_FIELDS,
  type TextField,
  taxIdWarning,
  useForgetLearnedPlace,
  withFieldChange,
} from '../invoices';
import { useForgetMemory } from './review-api';

/** The fields in the order a form shows them when the original gives no positions. */
const DEFAULT_ORDER: TextField[] = [
  'number',
  'issueDate',
  'dueDate',
  'issuerName',
  'issuerTaxId',
  'issuerAddress',
  'recipientName',
  'recipientTaxId',
  'recipientAddress',
  'taxBase',
  'vatTotal',
  'withholdingRate',
  'withholding',
  'surcharge',
  'total',
];

/** Fields in the order they stand on the page (page, then top to bottom, then left to right). */
export function fieldsInPageOrder(evidence: Invoice['evidence']): TextField[] {
  const position = (field: TextField) => evidence[EVIDENCE_KEYS[field]]?.box ?? null;
  const placed = DEFAULT_ORDER.filter((field) => position(field) !== null);
  const rest = DEFAULT_ORDER.filter((field) => position(field) === null);
  placed.sort((a, b) => {
    const pa = position(a);
    const pb = position(b);
    if (!pa || !pb) return 0;
    // Boxes on one line (within a tenth of a box height apart) read left to right.
    return pa.page - pb.page || Math.round((pa.y - pb.y) * 100) || pa.x - pb.x;
  });
  return [...placed, ...rest];
}

export type DeskFormHandle = {
  submit(): void;
  toggleType(): void;
  focusFirstLowConfidence(): boolean;
  /** Forgets the learned place of the field last focused, else of the first learned field; false if none. */
  forgetLearned(): boolean;
};

type Mark = 'low' | 'verified' | 'memory' | null;
/** Evidence keys whose values supplier memory fills (the rest come from memory only as learned places). */
const VALUE_MEMORY_KEYS = new Set(['issuer_name', 'invoice_type', 'vat_rate']);
function markOf(evidence: FieldEvidence | undefined, key = ''): Mark {
  if (!evidence) return null;
  if (evidence.source === 'memory' && (evidence.learnedFrom || VALUE_MEMORY_KEYS.has(key))) return 'memory';
  if (evidence.verified) return 'verified';
  return isLowConfidence(evidence) ? 'low' : null;
}

/**
 * The desk's fields for one invoice, in page order, with the engine's doubts marked: amber for a field it
 * was unsure of, green for one two sources agree on, violet for one filled from supplier memory (with a
 * way to forget it). Saving sends every field (the invoice becomes reviewed).
 */
export const DeskForm = forwardRef<
  DeskFormHandle,
  {
    invoice: Invoice;
    saving: boolean;
    saveError: string | null;
    onSave: (fields: InvoiceFields, options?: { confirmFigures?: boolean }) => void;
    onFocusField: (evidenceKey: string | null) => void;
  }
>(function DeskForm({ invoice, saving, saveError, onSave, onFocusField }, ref) {
  const { t, i18n } = useTranslation('review');
  const { t: ti } = useTranslation('invoices');
  const language = toLocale(i18n.resolvedLanguage);
  const canWrite = useCanWrite();
  const [form, setForm] = useState<InvoiceForm>(() => formFromInvoice(invoice, language));
  const [errors, setErrors] = useState<FormErrors>({});
  const [forgotten, setForgotten] = useState<Set<string>>(new Set());
  const forget = useForgetMemory();
  const forgetPlace = useForgetLearnedPlace();
  const [lastFocused, setLastFocused] = useState<string | null>(null);
  const formId = useId();
  const order = fieldsInPageOrder(invoice.evidence);

  function submit(event?: FormEvent, confirmFigures = false) {
    event?.preventDefault();
    const result = fieldsFromForm(form, invoice, language, { confirmFigures });
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    setErrors({});
    if (confirmFigures) onSave(result.fields, { confirmFigures });
    else onSave(result.fields);
  }

  useImperativeHandle(ref, () => ({
    submit: () => submit(),
    toggleType: () =>
      setForm((current) => ({ ...current, type: current.type === 'issued' ? 'received' : 'issued' })),
    focusFirstLowConfidence: () => {
      const first = order.find(
        (field) => markOf(invoice.evidence[EVIDENCE_KEYS[field]], EVIDENCE_KEYS[field]) === 'low',
      );
      const element = first ? document.getElementById(`${formId}-${first}`) : null;
      element?.focus();
      return element !== null;
    },
    forgetLearned: () => {
      const learned = order
        .map((field) => EVIDENCE_KEYS[field])
        .filter((key) => !forgotten.has(key) && learnedOf(key));
      const key = lastFocused && learned.includes(lastFocused) ? lastFocused : learned[0];
      if (!key) return false;
      forgetLearnedPlace(key);
      return true;
    },
  }));

  /** Where the supplier prints this field, if the value was read there from memory. */
  function learnedOf(key: string) {
    const evidence = invoice.evidence[key];
    return evidence?.source === 'memory' ? (evidence.learnedFrom ?? null) : null;
  }
  function forgetLearnedPlace(key: string) {
    forgetPlace.mutate(
      { invoiceId: invoice.id, field: key },
      { onSuccess: () => setForgotten((s) => new Set(s).add(key)) },
    );
  }

  const typeMark = forgotten.has('invoice_type')
    ? null
    : markOf(invoice.evidence.invoice_type, 'invoice_type');
  const errorCount = Object.keys(errors).length;

  return (
    <form noValidate onSubmit={submit} aria-label={t('form.label')} className="space-y-3">
      {/* A reader (issue 40) sees every field, and can change none of them. */}
      <fieldset disabled={!canWrite} className="min-w-0 space-y-3">
        <ExtractionNotices codes={invoice.extractionWarnings} />
        <fieldset aria-describedby={errors.type ? `${formId}-type-error` : undefined}>
          <legend className="text-sm font-semibold text-slate-900">
            {t('form.type')} <kbd className="ml-1 rounded border border-slate-300 px-1 text-xs">t</kbd>
          </legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {INVOICE_TYPES.map((type) => (
              <label key={type} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  id={type === 'issued' ? `${formId}-type` : undefined}
                  type="radio"
                  name={`${formId}-type`}
                  value={type}
                  checked={form.type === type}
                  onChange={() => setForm((current) => ({ ...current, type }))}
                  className="size-4 accent-brand-700"
                />
                {ti(`type.${type}`)}
              </label>
            ))}
          </div>
          {typeMark === 'memory' ? (
            <MemoryNote
              onForget={() =>
                invoice.issuerTaxId &&
                forget.mutate(
                  { clientId: invoice.clientId, taxId: invoice.issuerTaxId, field: 'type' },
                  { onSuccess: () => setForgotten((s) => new Set(s).add('invoice_type')) },
                )
              }
            />
          ) : null}
          {errors.type ? (
            <p id={`${formId}-type-error`} role="alert" className="mt-1 text-sm text-red-700">
              {ti('review.typeRequired')}
            </p>
          ) : null}
        </fieldset>

        {order.map((field) => {
          const key = EVIDENCE_KEYS[field];
          const mark = forgotten.has(key) ? null : markOf(invoice.evidence[key], key);
          const learned = mark === 'memory' ? learnedOf(key) : null;
          const id = `${formId}-${field}`;
          const error = errors[field];
          const isDate = field === 'issueDate' || field === 'dueDate';
          const isAmount = (AMOUNT_FIELDS as readonly string[]).includes(field);
          const warning = TAX_ID_FIELDS.includes(field) ? taxIdWarning(form[field]) : null;
          const described = [
            error ? `${id}-error` : null,
            mark ? `${id}-mark` : null,
            warning ? `${id}-warn` : null,
          ]
            .filter(Boolean)
            .join(' ');
          const change = (value: string) =>
            setForm((current) => withFieldChange(current, field, value, language));
          const inputProps = {
            id,
            name: field,
            onFocus: () => {
              onFocusField(key);
              setLastFocused(key);
            },
            onBlur: () => onFocusField(null),
            'aria-invalid': error ? true : undefined,
            'aria-describedby': described || undefined,
            'data-mark': mark ?? undefined,
            className: `${inputClass} ${isAmount ? 'text-right tabular-nums' : ''} ${
              mark === 'low'
                ? 'border-amber-500 bg-amber-50'
                : mark === 'verified'
                  ? 'border-emerald-500'
                  : mark === 'memory'
                    ? 'border-violet-500 bg-violet-50'
                    : ''
            }`,
          };
          return (
            <div key={field}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                {ti(`fields.${field}` as 'fields.number')}
              </label>
              {isDate ? (
                // A day in the app's language, whatever the browser's (issue 36).
                <DateInput {...inputProps} value={form[field]} onChange={change} />
              ) : (
                <input
                  {...inputProps}
                  type="text"
                  inputMode={isAmount || field === 'withholdingRate' ? 'decimal' : undefined}
                  value={form[field]}
                  onChange={(event) => change(event.target.value)}
                />
              )}
              {mark === 'low' ? (
                <p id={`${id}-mark`} className="mt-0.5 text-xs text-amber-800">
                  ⚠ {t('form.low')}
                </p>
              ) : mark === 'verified' ? (
                <p id={`${id}-mark`} className="mt-0.5 text-xs text-emerald-800">
                  ✓ {t('form.verified')}
                </p>
              ) : learned ? (
                <LearnedNote
                  id={`${id}-mark`}
                  invoiceNumber={learned.invoiceNumber}
                  fieldLabel={ti(`fields.${field}` as 'fields.number')}
                  onForget={() => forgetLearnedPlace(key)}
                  error={forgetPlace.variables?.field === key ? forgetPlace.error : null}
                />
              ) : mark === 'memory' ? (
                <div id={`${id}-mark`}>
                  <MemoryNote
                    onForget={() =>
                      invoice.issuerTaxId &&
                      forget.mutate(
                        { clientId: invoice.clientId, taxId: invoice.issuerTaxId, field: 'issuerName' },
                        { onSuccess: () => setForgotten((s) => new Set(s).add(key)) },
                      )
                    }
                  />
                </div>
              ) : null}
              {warning ? (
                <p id={`${id}-warn`} data-warning="tax-id" className="mt-0.5 text-xs text-amber-800">
                  ⚠ {ti(warning)}
                </p>
              ) : null}
              {error ? (
                <p id={`${id}-error`} className="mt-0.5 text-sm text-red-700">
                  {typeof error === 'string'
                    ? ti(error)
                    : ti(error.key, { expected: formatMoney(error.expectedCents, language) })}
                </p>
              ) : null}
            </div>
          );
        })}

        {!forgotten.has('vat_rate') && markOf(invoice.evidence.vat_rate, 'vat_rate') === 'memory' ? (
          <div className="text-sm text-slate-800">
            <p>
              {t('form.vatRateFromMemory', {
                rates: invoice.vatBreakdown
                  .filter((line) => !line.taxType)
                  .map((line) => `${line.rate} %`)
                  .join(', '),
              })}
            </p>
            <MemoryNote
              onForget={() =>
                invoice.issuerTaxId &&
                forget.mutate(
                  { clientId: invoice.clientId, taxId: invoice.issuerTaxId, field: 'vatRate' },
                  { onSuccess: () => setForgotten((s) => new Set(s).add('vat_rate')) },
                )
              }
            />
          </div>
        ) : null}
      </fieldset>
      {isOnlyFigures(errors) ? (
        <FiguresConfirm errors={errors} disabled={saving} onConfirm={() => submit(undefined, true)} />
      ) : errorCount > 0 && !(errorCount === 1 && errors.type) ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {ti('edit.invalidFields')}
        </p>
      ) : null}
      {saveError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {saveError}
        </p>
      ) : null}
      {canWrite ? (
        <button type="submit" disabled={saving} className={`${primaryButtonClass} w-full`}>
          {saving ? t('form.saving') : t('form.saveNext')}
        </button>
      ) : (
        <ReadOnlyNote />
      )}
    </form>
  );
});

function MemoryNote({ onForget }: { onForget: () => void }) {
  const { t } = useTranslation('review');
  return (
    <p className="mt-0.5 text-xs text-violet-800">
      ↺ {t('form.memory')}{' '}
      <button
        type="button"
        onClick={onForget}
        className="font-medium underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t('form.forget')}
      </button>
    </p>
  );
}
