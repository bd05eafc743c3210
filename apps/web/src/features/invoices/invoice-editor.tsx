import {
  type FigureMismatch,
  formatDay,
  formatMoney,
  INVOICE_TYPES,
  type Invoice,
  type InvoiceFields,
} from '@cuadra/shared';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadOnlyNote, useCanWrite } from '../../access/can-write';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../components/ui';
import { DateInput } from '../../components/ui/date-input';
import { toLocale } from '../../i18n/i18n';
import { DocumentViewer } from './document-viewer';
import { ExtractionNotices } from './extraction-notices';
import { FiguresConfirm } from './figures-confirm';
import {
  AMOUNT_FIELDS,
  EVIDENCE_KEYS,
  emptyItem,
  emptyVatLine,
  type FormErrors,
  fieldsFromForm,
  figureErrors,
  formFromInvoice,
  type InvoiceForm,
  type ItemForm,
  isLowConfidence,
  isOnlyFigures,
  lineDisagreement,
  TAX_ID_FIELDS,
  type TextField,
  taxIdWarning,
  withFieldChange,
} from './invoice-form-model';
import { useForgetLearnedPlace } from './invoices-api';
import { LearnedNote } from './learned-note';
import { SplitBar } from './split-bar';
import { type VatLineField, VatLinesEditor } from './vat-lines-editor';

const SECTIONS: {
  title: 'sectionInvoice' | 'sectionIssuer' | 'sectionRecipient' | 'sectionAmounts';
  fields: TextField[];
}[] = [
  { title: 'sectionInvoice', fields: ['number', 'issueDate', 'dueDate'] },
  { title: 'sectionIssuer', fields: ['issuerName', 'issuerTaxId', 'issuerAddress'] },
  { title: 'sectionRecipient', fields: ['recipientName', 'recipientTaxId', 'recipientAddress'] },
  {
    title: 'sectionAmounts',
    fields: ['taxBase', 'vatTotal', 'withholdingRate', 'withholding', 'surcharge', 'total'],
  },
];

const LABELS: Record<TextField, string> = {
  number: 'number',
  issueDate: 'issueDate',
  dueDate: 'dueDate',
  issuerName: 'issuerName',
  issuerAddress: 'issuerAddress',
  issuerTaxId: 'issuerTaxId',
  recipientName: 'recipientName',
  recipientAddress: 'recipientAddress',
  recipientTaxId: 'recipientTaxId',
  taxBase: 'taxBase',
  vatTotal: 'vatTotal',
  withholding: 'withholding',
  withholdingRate: 'withholdingRate',
  surcharge: 'surcharge',
  total: 'total',
};

/** What the reading of the file said that the accountant should know before checking the fields. */
const ITEM_FIELDS = ['description', 'quantity', 'unitPrice', 'lineTotal', 'vatRate', 'irpfRate'] as const;

/**
 * The form of every field and line beside the original (spec-2 §2.3, §2.4). Fields the engine was unsure
 * of are highlighted; focusing one outlines where it was read. `mode` review asks for the type with two
 * radio buttons and says "Please select the invoice type" when it is missing.
 */
export function InvoiceEditor({
  invoice,
  mode,
  saving,
  saveError,
  saveMismatches = [],
  onSave,
  onCancel,
}: {
  invoice: Invoice;
  mode: 'edit' | 'review';
  saving: boolean;
  saveError: string | null;
  /** Figures the server refused (VAT_BREAKDOWN_MISMATCH, TOTAL_MISMATCH), shown on their fields. */
  saveMismatches?: FigureMismatch[];
  onSave: (fields: InvoiceFields, options?: { confirmFigures?: boolean }) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('invoices');
  const language = toLocale(i18n.resolvedLanguage);
  const canWrite = useCanWrite();
  const [form, setForm] = useState<InvoiceForm>(() => formFromInvoice(invoice, language));
  const [formErrors, setErrors] = useState<FormErrors>({});
  const errors = useMemo(
    () => ({ ...figureErrors(saveMismatches), ...formErrors }),
    [saveMismatches, formErrors],
  );
  const [focused, setFocused] = useState<TextField | null>(null);
  const formId = useId();
  const typeErrorId = useId();

  const set = (field: TextField, value: string) =>
    setForm((current) => withFieldChange(current, field, value, language));
  const setVatLine = (index: number, field: VatLineField, value: string) =>
    setForm((current) => ({
      ...current,
      vatLines: current.vatLines.map((line, i) => (i === index ? { ...line, [field]: value } : line)),
    }));
  const setItem = (index: number, field: (typeof ITEM_FIELDS)[number], value: string) =>
    setForm((current) => ({
      ...current,
      items: current.items.map((item, i) => (i === index ? { ...item, [field]: value } : item)),
    }));

  function submit(event?: FormEvent, confirmFigures = false) {
    event?.preventDefault();
    const result = fieldsFromForm(form, invoice, language, { confirmFigures });
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      const element = first ? document.getElementById(`${formId}-${first}`) : null;
      element?.focus();
      return;
    }
    setErrors({});
    if (confirmFigures) onSave(result.fields, { confirmFigures });
    else onSave(result.fields);
  }

  // Places learned from corrections that the accountant forgot here (the invoice is fetched again later).
  const forgetPlace = useForgetLearnedPlace();
  const [forgottenPlaces, setForgottenPlaces] = useState<Set<string>>(new Set());
  const highlight = focused ? (invoice.evidence[EVIDENCE_KEYS[focused]]?.box ?? null) : null;
  const errorCount = Object.keys(errors).length;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form
        noValidate
        onSubmit={submit}
        aria-describedby={saveError ? `${formId}-save-error` : undefined}
        className="space-y-6"
      >
        {/* A reader (issue 40) sees every field, and can change none of them. */}
        <fieldset disabled={!canWrite} className="min-w-0 space-y-6">
          {invoice.payments.length > 0 ? (
            <p className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
              {invoice.paidAt
                ? t('payments.paid', { date: formatDay(invoice.paidAt, language) })
                : t('payments.partial', { count: invoice.payments.length })}{' '}
              {invoice.payments
                .map(
                  (p) =>
                    `${formatDay(p.bookingDate, language)} ${formatMoney(p.amountCents, language, { currency: p.currency })}`,
                )
                .join(' · ')}
            </p>
          ) : null}
          <ExtractionNotices codes={invoice.extractionWarnings} />
          <fieldset aria-describedby={errors.type ? typeErrorId : undefined}>
            <legend className="text-sm font-semibold text-slate-900">
              {mode === 'review' ? t('review.typeLegend') : t('fields.type')}
            </legend>
            <div className="mt-2 flex gap-4">
              {INVOICE_TYPES.map((type) => (
                <label key={type} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input
                    id={type === 'issued' ? `${formId}-type` : undefined}
                    type="radio"
                    name="type"
                    value={type}
                    checked={form.type === type}
                    onChange={() => {
                      setForm((current) => ({ ...current, type }));
                      setErrors(({ type: _removed, ...rest }) => rest);
                    }}
                    aria-invalid={errors.type ? true : undefined}
                    className="size-4 accent-brand-700"
                  />
                  {t(`type.${type}`)}
                </label>
              ))}
            </div>
            {errors.type ? (
              <p id={typeErrorId} role="alert" className="mt-1 text-sm text-red-700">
                {t('review.typeRequired')}
              </p>
            ) : null}
            {/* Why the type was preset (the upload's client found on the document), while it still holds. */}
            {invoice.evidence.type && invoice.type && form.type === invoice.type ? (
              <p className="mt-1 text-sm text-slate-600" data-testid="type-reason">
                {t(invoice.type === 'issued' ? 'review.typeReasonIssued' : 'review.typeReasonReceived')}
              </p>
            ) : null}
          </fieldset>

          {SECTIONS.map((section) => (
            <fieldset key={section.title} className="rounded-lg border border-slate-200 bg-white p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">
                {t(`fields.${section.title}`)}
              </legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {section.fields.map((field) => {
                  const key = EVIDENCE_KEYS[field];
                  const evidence = invoice.evidence[key];
                  const low = isLowConfidence(evidence);
                  const learned =
                    evidence?.source === 'memory' && !forgottenPlaces.has(key)
                      ? evidence.learnedFrom
                      : undefined;
                  const error = errors[field];
                  const id = `${formId}-${field}`;
                  const isWide = field.endsWith('Address') || field.endsWith('Name');
                  const isDate = field === 'issueDate' || field === 'dueDate';
                  const isAmount = (AMOUNT_FIELDS as readonly string[]).includes(field);
                  const warning = TAX_ID_FIELDS.includes(field) ? taxIdWarning(form[field]) : null;
                  const inputProps = {
                    id,
                    name: field,
                    onFocus: () => setFocused(field),
                    onBlur: () => setFocused((current) => (current === field ? null : current)),
                    'aria-invalid': error ? true : undefined,
                    'aria-describedby':
                      [
                        error ? `${id}-error` : null,
                        low ? `${id}-low` : null,
                        learned ? `${id}-learned` : null,
                        warning ? `${id}-warn` : null,
                      ]
                        .filter(Boolean)
                        .join(' ') || undefined,
                    'data-low-confidence': low || undefined,
                    className: `${inputClass} ${isAmount ? 'text-right tabular-nums' : ''} ${
                      low ? 'border-amber-500 bg-amber-50' : ''
                    }`,
                  };
                  return (
                    <div key={field} className={isWide ? 'sm:col-span-2' : undefined}>
                      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                        {t(`fields.${LABELS[field]}` as 'fields.number')}
                      </label>
                      {isDate ? (
                        // A day in the app's language, whatever the browser's (issue 36).
                        <DateInput
                          {...inputProps}
                          value={form[field]}
                          onChange={(value) => set(field, value)}
                        />
                      ) : (
                        <input
                          {...inputProps}
                          type="text"
                          inputMode={isAmount || field === 'withholdingRate' ? 'decimal' : undefined}
                          value={form[field]}
                          onChange={(event) => set(field, event.target.value)}
                        />
                      )}
                      {low ? (
                        <p id={`${id}-low`} className="mt-1 text-xs text-amber-800">
                          {t('fields.lowConfidence')}
                        </p>
                      ) : null}
                      {learned ? (
                        <LearnedNote
                          id={`${id}-learned`}
                          invoiceNumber={learned.invoiceNumber}
                          fieldLabel={t(`fields.${LABELS[field]}` as 'fields.number')}
                          onForget={() =>
                            forgetPlace.mutate(
                              { invoiceId: invoice.id, field: key },
                              { onSuccess: () => setForgottenPlaces((s) => new Set(s).add(key)) },
                            )
                          }
                          error={forgetPlace.variables?.field === key ? forgetPlace.error : null}
                        />
                      ) : null}
                      {warning ? (
                        <p id={`${id}-warn`} data-warning="tax-id" className="mt-1 text-xs text-amber-800">
                          ⚠ {t(warning)}
                        </p>
                      ) : null}
                      {error ? (
                        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                          {typeof error === 'string'
                            ? t(error)
                            : t(error.key, { expected: formatMoney(error.expectedCents, language) })}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            </fieldset>
          ))}

          <VatLinesEditor
            formId={formId}
            lines={form.vatLines}
            errors={errors}
            onChange={setVatLine}
            onAdd={() =>
              setForm((current) => ({ ...current, vatLines: [...current.vatLines, emptyVatLine()] }))
            }
            onRemove={(index) =>
              setForm((current) => ({ ...current, vatLines: current.vatLines.filter((_, i) => i !== index) }))
            }
          />

          <ItemsEditor
            formId={formId}
            items={form.items}
            errors={errors}
            onChange={setItem}
            onAdd={() => setForm((current) => ({ ...current, items: [...current.items, emptyItem()] }))}
            onRemove={(index) =>
              setForm((current) => ({ ...current, items: current.items.filter((_, i) => i !== index) }))
            }
          />
        </fieldset>
        {isOnlyFigures(errors) ? (
          <FiguresConfirm errors={errors} disabled={saving} onConfirm={() => submit(undefined, true)} />
        ) : errorCount > 0 && !(errorCount === 1 && errors.type) ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {t('edit.invalidFields')}
          </p>
        ) : null}
        {saveError ? (
          <p
            id={`${formId}-save-error`}
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {saveError}
          </p>
        ) : null}
        {canWrite ? null : <ReadOnlyNote />}
        <div className="flex flex-wrap gap-3">
          {canWrite ? (
            <button type="submit" disabled={saving} className={primaryButtonClass}>
              {saving
                ? mode === 'review'
                  ? t('review.saving')
                  : t('edit.saving')
                : mode === 'review'
                  ? t('review.save')
                  : t('edit.save')}
            </button>
          ) : null}
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>
            {!canWrite ? t('edit.back') : mode === 'review' ? t('review.cancel') : t('edit.cancel')}
          </button>
        </div>
      </form>
      {/* On phones the original comes first, above the form (and the Save button). On wide screens it stays
          in view while the form scrolls: stuck below the sticky top bar (h-16, 4rem) rather than under it,
          and no taller than the rest of the window. */}
      <div
        data-testid="document-pane"
        className="order-first lg:sticky lg:top-20 lg:order-none lg:flex lg:max-h-[calc(100vh-6rem)] lg:flex-col lg:self-start"
      >
        {invoice.file?.split && canWrite ? (
          <SplitBar split={invoice.file.split} clientId={invoice.clientId} />
        ) : null}
        <DocumentViewer invoiceId={invoice.id} file={invoice.file} highlight={highlight} />
      </div>
    </div>
  );
}

function ItemsEditor({
  formId,
  items,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  formId: string;
  items: ItemForm[];
  errors: FormErrors;
  onChange: (index: number, field: (typeof ITEM_FIELDS)[number], value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t, i18n } = useTranslation('invoices');
  const language = toLocale(i18n.resolvedLanguage);
  const disagreement = (item: ItemForm) => lineDisagreement(item, language);
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('items.title')}</legend>
      {items.length === 0 ? <p className="text-sm text-slate-600">{t('items.empty')}</p> : null}
      <ol className="space-y-4">
        {items.map((item, index) => (
          <li key={item.key} className="rounded-md border border-slate-100 p-3">
            <div className="mb-2 flex items-center justify-between">
              <span className="text-xs font-semibold text-slate-600 uppercase">
                {t('items.line', { index: index + 1 })}
              </span>
              <button
                type="button"
                onClick={() => onRemove(index)}
                className="text-sm font-medium text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {t('items.remove', { index: index + 1 })}
              </button>
            </div>
            <div className="grid gap-2 sm:grid-cols-5">
              {ITEM_FIELDS.map((field) => {
                const name = `items.${index}.${field}`;
                const id = `${formId}-${name}`;
                const error = errors[name];
                return (
                  <div key={field} className={field === 'description' ? 'sm:col-span-5' : undefined}>
                    <label htmlFor={id} className="block text-xs font-medium text-slate-700">
                      {t(`items.${field}`)}
                      <span className="sr-only"> ({t('items.line', { index: index + 1 })})</span>
                    </label>
                    <input
                      id={id}
                      type="text"
                      inputMode={field === 'description' ? undefined : 'decimal'}
                      value={item[field]}
                      onChange={(event) => onChange(index, field, event.target.value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      className={`${inputClass} ${field === 'description' ? '' : 'text-right tabular-nums'}`}
                    />
                    {error ? (
                      <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                        {typeof error === 'string' ? t(error) : null}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
            {disagreement(item) !== null ? (
              <p data-warning="line" className="mt-1 text-xs text-amber-800">
                ⚠ {t('items.disagree', { expected: formatMoney(disagreement(item) as number, language) })}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <button type="button" onClick={onAdd} className={`${secondaryButtonClass} mt-3`}>
        {t('items.add')}
      </button>
    </fieldset>
  );
}
