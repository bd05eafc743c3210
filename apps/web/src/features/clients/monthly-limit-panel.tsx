import { type ClientDetail, MONTHLY_LIMIT_MAX, MONTHLY_LIMIT_PLACEHOLDER } from '@cuadra/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButtonClass } from '../../components/ui';
import { useErrorMessage } from '../../lib/error-message';
import { useUpdateClient } from './clients-api';

/**
 * The client's monthly upload limit (spec-2 §2.2, §5): "n of limit used this month", and for the owner a
 * field to change it (placeholder "e.g. 6", the spec's default shown as an example so it is not read as a
 * value; empty: no limit; 0: the upload panel is hidden, and the usage line names no "of 0").
 */
export function MonthlyLimitPanel({ client, canEdit }: { client: ClientDetail; canEdit: boolean }) {
  const { t } = useTranslation('clients');
  const toMessage = useErrorMessage();
  const update = useUpdateClient(client.id);
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState(client.monthlyLimit === null ? '' : String(client.monthlyLimit));
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    const limit = trimmed === '' ? null : Number(trimmed);
    if (limit !== null && !(Number.isInteger(limit) && limit >= 0 && limit <= MONTHLY_LIMIT_MAX)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    update.mutate({ monthlyLimit: limit });
  };

  const { monthlyLimit: limit, monthlyUsed: used } = client;
  return (
    <section
      aria-labelledby="monthly-limit-title"
      className="mt-8 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="monthly-limit-title" className="text-base font-semibold text-slate-900">
        {t('monthlyLimit.title')}
      </h2>
      <p data-testid="monthly-usage" className="mt-1 text-sm text-slate-700">
        {limit === null
          ? t('monthlyLimit.usedNoLimit', { count: used })
          : limit === 0
            ? t('monthlyLimit.usedUploadsOff', { count: used })
            : t('monthlyLimit.used', { used, count: limit })}
      </p>
      {canEdit ? (
        <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-3" noValidate>
          <div className="flex flex-col">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              {t('monthlyLimit.label')}
            </label>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={0}
              max={MONTHLY_LIMIT_MAX}
              step={1}
              placeholder={t('monthlyLimit.placeholder', { example: MONTHLY_LIMIT_PLACEHOLDER })}
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setInvalid(false);
                update.reset();
              }}
              aria-invalid={invalid || undefined}
              aria-describedby={hintId}
              className="mt-1 w-32 rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <button type="submit" disabled={update.isPending} className={primaryButtonClass}>
            {update.isPending ? t('monthlyLimit.saving') : t('monthlyLimit.save')}
          </button>
          <p id={hintId} className="basis-full text-xs text-slate-500">
            {t('monthlyLimit.hint')}
          </p>
          {invalid ? (
            <p role="alert" className="basis-full text-sm text-red-700">
              {t('monthlyLimit.invalid')}
            </p>
          ) : update.isError ? (
            <p role="alert" className="basis-full text-sm text-red-700">
              {toMessage(update.error)}
            </p>
          ) : update.isSuccess ? (
            <p role="status" className="basis-full text-sm text-emerald-800">
              {t('monthlyLimit.saved')}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
