import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinsIcon } from '../../components/icons';
import { creditStatus } from './credit-status';
import { type CreditsView, useCredits } from './use-credits';

/**
 * The credits widget (spec-1 §2, §4): loading, error, no data, or the balance; red with an add-more link
 * to /select-plan at 5 or fewer. `compact` for the dashboard's welcome line; the full card in the sidebar.
 */
export function CreditsWidget({ compact = false }: { compact?: boolean }) {
  const { view, retry } = useCredits();
  return <CreditsWidgetView view={view} compact={compact} onRetry={retry} />;
}

export function CreditsWidgetView({
  view,
  compact = false,
  onRetry,
}: {
  view: CreditsView;
  compact?: boolean;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('credits');
  const status = view.kind === 'balance' ? creditStatus(view.available) : null;
  const low = status === 'none' || status === 'low';
  const box = compact
    ? 'inline-flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2 text-sm ring-1'
    : 'flex flex-col gap-2 rounded-xl p-4 text-sm ring-1';
  const tone = low ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-white text-slate-800 ring-slate-200';

  return (
    <section
      aria-label={t('widget.title')}
      data-testid="credits-widget"
      data-state={view.kind === 'balance' ? status : view.kind}
      className={`${box} ${tone}`}
    >
      {compact ? null : (
        <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <CoinsIcon className="size-4" />
          {t('widget.title')}
        </p>
      )}
      {view.kind === 'loading' ? (
        <p role="status" className="text-slate-600">
          {t('widget.loading')}
        </p>
      ) : view.kind === 'error' ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-red-800">
          <span>{t('widget.error')}</span>
          {onRetry ? (
            <button type="button" onClick={onRetry} className="font-semibold underline">
              {t('widget.retry')}
            </button>
          ) : null}
        </div>
      ) : view.kind === 'empty' ? (
        <p className="text-slate-600">{t('widget.noData')}</p>
      ) : (
        <>
          <p className={low ? 'font-semibold text-red-800' : 'font-semibold text-slate-900'}>
            <span data-testid="credits-widget-count" className={compact ? 'text-base' : 'text-2xl'}>
              {view.available}
            </span>{' '}
            <span className="text-sm font-normal">{t('widget.unit', { count: view.available })}</span>
          </p>
          {low ? (
            <p className="flex flex-wrap items-center gap-x-2 text-red-800">
              {compact ? null : <span>{t(status === 'none' ? 'widget.none' : 'widget.low')}</span>}
              <Link to="/select-plan" className="font-semibold underline">
                {t('widget.addMore')}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
