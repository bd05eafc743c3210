import { formatMoney } from '@cuadra/shared';
import { useTranslation } from 'react-i18next';
import { secondaryButtonClass } from '../../components/ui';
import { toLocale } from '../../i18n/i18n';
import type { FigureError, FormErrors } from './invoice-form-model';

/**
 * What stops a save when only figures disagree (issue 36 item 8): each figure and what the others make it,
 * and a separate button to save anyway. The button is a second, explicit step: the key or button that
 * saved does not confirm, and nothing focuses it for the next keystroke.
 */
export function FiguresConfirm({
  errors,
  disabled,
  onConfirm,
}: {
  errors: FormErrors;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation('invoices');
  const language = toLocale(i18n.resolvedLanguage);
  const figures = Object.entries(errors).filter(
    (entry): entry is [string, FigureError] => typeof entry[1] !== 'string',
  );
  const label = (name: string) => {
    const line = /^vatLines\.(\d+)\.vat$/.exec(name);
    return line ? t('vatLines.line', { index: Number(line[1]) + 1 }) : t(`fields.${name}` as 'fields.total');
  };
  return (
    <div
      role="alert"
      data-testid="figures-confirm"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">{t('figures.title')}</p>
      <ul className="mt-1 list-disc pl-5">
        {figures.map(([name, error]) => (
          <li key={name}>
            {t('figures.item', {
              field: label(name),
              message: t(error.key, { expected: formatMoney(error.expectedCents, language) }),
            })}
          </li>
        ))}
      </ul>
      <p className="mt-2">{t('figures.intro')}</p>
      <button
        type="button"
        disabled={disabled}
        onClick={onConfirm}
        className={`${secondaryButtonClass} mt-2`}
      >
        {t('figures.confirm')}
      </button>
    </div>
  );
}
