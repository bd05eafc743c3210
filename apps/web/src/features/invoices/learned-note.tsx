import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../lib/error-message';

/**
 * Under a field read where the accountant's correction of an earlier invoice from this supplier showed it
 * is printed: which invoice taught it, and a button that forgets the place (later documents of the
 * supplier no longer use it). A failed forget says why, in the user's language.
 */
export function LearnedNote({
  id,
  invoiceNumber,
  fieldLabel,
  onForget,
  error,
}: {
  id: string;
  invoiceNumber: string;
  fieldLabel: string;
  onForget: () => void;
  error: unknown;
}) {
  const { t } = useTranslation('review');
  const toMessage = useErrorMessage();
  return (
    <div id={id}>
      <p className="mt-0.5 text-xs text-violet-800">
        ↺ {t('form.learnedFrom', { number: invoiceNumber })}{' '}
        <button
          type="button"
          onClick={onForget}
          aria-label={t('form.forgetPlace', { field: fieldLabel })}
          className="font-medium underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('form.forget')}
        </button>
      </p>
      {error ? (
        <p role="alert" className="mt-0.5 text-xs text-red-700">
          {toMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
