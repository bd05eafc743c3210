import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseState } from './purchase-state';

/** 5 s: how long the settings page shows the purchase confirmation (spec-1 §4, §9). */
export const SUCCESS_BANNER_MS = 5_000;

/**
 * The outcome of a purchase: paid, cancelled (payment_cancelled) or failed ("Payment Error" with the
 * purchase error, or select_package_error). Inside a polite live region that is always in the page, so
 * screen readers announce the message when it appears.
 */
export function PurchaseStatusMessage({
  state,
  onDismiss,
  className = '',
}: {
  state: PurchaseState;
  onDismiss: () => void;
  /** Spacing for the message when shown; nothing takes room while there is no message. */
  className?: string;
}) {
  const { t } = useTranslation('credits');
  const { t: te } = useTranslation('errors');
  const { status } = state;
  const visible = status === 'success' || status === 'cancelled' || status === 'error';
  const tone =
    status === 'success'
      ? 'bg-brand-50 text-brand-900 ring-brand-200'
      : status === 'cancelled'
        ? 'bg-amber-50 text-amber-900 ring-amber-200'
        : 'bg-red-50 text-red-900 ring-red-200';
  return (
    <div aria-live="polite" aria-atomic="true">
      {visible ? (
        <div
          data-testid="purchase-status"
          data-status={status}
          className={`flex items-start justify-between gap-4 rounded-lg p-4 text-sm ring-1 ${tone} ${className}`}
        >
          <div>
            {status === 'error' ? <p className="font-semibold">{t('purchase.errorTitle')}</p> : null}
            <p>
              {status === 'success'
                ? t('purchase.success')
                : status === 'cancelled'
                  ? t('purchase.cancelled')
                  : state.error === 'selectPackage'
                    ? te('PACK_NOT_FOUND')
                    : t('purchase.error')}
            </p>
          </div>
          <button type="button" onClick={onDismiss} className="shrink-0 font-semibold underline">
            {t('purchase.dismiss')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The settings page's `checkout=success` banner (spec-1 §2): shown for 5 seconds, then `onDone`.
 * The parent keeps a polite live region around it.
 */
export function CheckoutSuccessBanner({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('credits');
  useEffect(() => {
    const timer = setTimeout(onDone, SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  return (
    <p
      data-testid="checkout-success-banner"
      className="rounded-lg bg-brand-50 p-4 text-sm font-medium text-brand-900 ring-1 ring-brand-200"
    >
      {t('settings.successBanner')}
    </p>
  );
}
