import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadOnlyNote } from '../../access/can-write';
import { primaryButtonClass, secondaryButtonClass } from '../../components/ui';
import { QueueSearch } from './queue-search';

export type QueueView = 'todo' | 'all';

/**
 * The desk's left column: the search, to do or all, bulk accept of the selected documents (and a second
 * click for those whose figures do not add up), then the queue itself (`children`).
 */
export function QueuePanel({
  q,
  view,
  onSearch,
  onView,
  canWrite,
  selectedCount,
  unbalancedCount,
  accepting,
  acceptError,
  onAcceptSelected,
  onAcceptUnbalanced,
  children,
}: {
  /** The search the queue shows, from the address. */
  q: string;
  view: QueueView;
  onSearch: (q: string) => void;
  onView: (view: QueueView) => void;
  canWrite: boolean;
  selectedCount: number;
  unbalancedCount: number;
  accepting: boolean;
  acceptError: string | null;
  onAcceptSelected: () => void;
  onAcceptUnbalanced: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('review');
  const [search, setSearch] = useState(q);
  const applySearch = (event: FormEvent) => {
    event.preventDefault();
    onSearch(search.trim());
  };
  return (
    <section aria-labelledby="queue-title" className="min-w-0 rounded-lg border border-slate-200 bg-white">
      <div className="space-y-2 border-b border-slate-200 p-3">
        <h2 id="queue-title" className="text-sm font-semibold text-slate-900">
          {t('queue.title')}
        </h2>
        <QueueSearch
          id="desk-search"
          value={search}
          onChange={setSearch}
          onSubmit={applySearch}
          className="flex gap-2"
        />
        <fieldset className="flex gap-2 text-sm">
          <legend className="sr-only">{t('queue.view')}</legend>
          {(['todo', 'all'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === view}
              onClick={() => onView(option)}
              className={`rounded-md px-2 py-1 ${
                option === view ? 'bg-brand-50 font-medium text-brand-800' : 'text-slate-700'
              }`}
            >
              {t(`queue.${option}`)}
            </button>
          ))}
        </fieldset>
        {canWrite ? null : <ReadOnlyNote className="px-2 py-1" />}
        {selectedCount > 0 && canWrite ? (
          <button
            type="button"
            onClick={onAcceptSelected}
            disabled={accepting}
            className={`${primaryButtonClass} w-full px-2 py-1`}
          >
            {t('queue.acceptSelected', { count: selectedCount })}{' '}
            <kbd className="rounded border border-white/50 px-1 text-xs">a</kbd>
          </button>
        ) : null}
        {unbalancedCount > 0 && canWrite ? (
          <button
            type="button"
            onClick={onAcceptUnbalanced}
            disabled={accepting}
            className={`${secondaryButtonClass} w-full px-2 py-1`}
          >
            {t('queue.acceptUnbalanced', { count: unbalancedCount })}
          </button>
        ) : null}
        {acceptError ? (
          <p role="alert" className="text-sm text-red-800">
            {acceptError}
          </p>
        ) : null}
      </div>
      {children}
    </section>
  );
}
