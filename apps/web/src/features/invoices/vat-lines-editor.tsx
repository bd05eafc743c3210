import { useTranslation } from 'react-i18next';
import { inputClass, secondaryButtonClass } from '../../components/ui';
import type { FormErrors, VatLineForm } from './invoice-form-model';

const VAT_LINE_FIELDS = ['rate', 'base', 'vat'] as const;
export type VatLineField = (typeof VAT_LINE_FIELDS)[number];

/**
 * The VAT breakdown, one row per rate: its base and VAT must add up to the totals above (issue 14), so the
 * reviewer can correct a rate the engine misread instead of being stuck with it.
 */
export function VatLinesEditor({
  formId,
  lines,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  formId: string;
  lines: VatLineForm[];
  errors: FormErrors;
  onChange: (index: number, field: VatLineField, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation('invoices');
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('vatLines.title')}</legend>
      {lines.length === 0 ? <p className="text-sm text-slate-600">{t('vatLines.empty')}</p> : null}
      <ol className="space-y-2">
        {lines.map((line, index) => (
          <li key={line.key} className="grid items-end gap-2 sm:grid-cols-[1fr_2fr_2fr_auto]">
            {VAT_LINE_FIELDS.map((field) => {
              const name = `vatLines.${index}.${field}`;
              const id = `${formId}-${name}`;
              const error = errors[name];
              return (
                <div key={field}>
                  <label htmlFor={id} className="block text-xs font-medium text-slate-700">
                    {t(`vatLines.${field}`)}
                    <span className="sr-only"> ({t('vatLines.line', { index: index + 1 })})</span>
                  </label>
                  <input
                    id={id}
                    type="text"
                    inputMode="decimal"
                    value={line[field]}
                    onChange={(event) => onChange(index, field, event.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className={`${inputClass} text-right tabular-nums`}
                  />
                  {error && typeof error === 'string' ? (
                    <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                      {t(error)}
                    </p>
                  ) : null}
                </div>
              );
            })}
            <button
              type="button"
              onClick={() => onRemove(index)}
              className="py-2 text-sm font-medium text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {t('vatLines.remove', { index: index + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={onAdd} className={`${secondaryButtonClass} mt-3`}>
        {t('vatLines.add')}
      </button>
    </fieldset>
  );
}
