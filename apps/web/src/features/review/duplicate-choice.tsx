import type { ReviewItem } from '@cuadra/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryButtonClass, secondaryButtonClass } from '../../components/ui';

/** "Possible duplicate of …": the accountant keeps both (charged then) or discards the second. */
export function DuplicateChoice({
  canDecide,
  item,
  pending,
  error,
  onDecide,
}: {
  /** False for a reader (issue 40): the choice is shown, not offered. */
  canDecide: boolean;
  item: ReviewItem;
  pending: boolean;
  error: string | null;
  onDecide: (decision: 'keep' | 'discard') => void;
}) {
  const { t } = useTranslation('review');
  return (
    <div className="space-y-3 text-sm" data-testid="duplicate-choice">
      <p className="font-medium text-amber-900">
        {item.duplicateOf
          ? t('duplicate.of', {
              number: item.duplicateOf.number ?? '—',
              issuer: item.duplicateOf.issuerName ?? '—',
            })
          : t('duplicate.ofUnknown')}
      </p>
      <p className="text-slate-700">{t('duplicate.explain')}</p>
      {item.duplicateOfInvoiceId ? (
        <Link
          to={`/invoicePage/${encodeURIComponent(item.duplicateOfInvoiceId)}`}
          state={{ clientId: item.clientId }}
          className="font-medium text-brand-700 underline"
        >
          {t('duplicate.openOriginal')}
        </Link>
      ) : null}
      {error ? (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      ) : null}
      {canDecide ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={pending}
            onClick={() => onDecide('keep')}
            className={primaryButtonClass}
          >
            {t('duplicate.keep')}
          </button>
          <button
            type="button"
            disabled={pending}
            onClick={() => onDecide('discard')}
            className={secondaryButtonClass}
          >
            {t('duplicate.discard')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
