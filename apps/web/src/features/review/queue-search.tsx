import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../components/ui';

/** The search over the review queue (the desk's list and /documents): one labelled search box. */
export function QueueSearch({
  id,
  value,
  onChange,
  onSubmit,
  className,
  children,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  className: string;
  /** What stands after the box (a submit button where Enter alone is not obvious). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('review');
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for jsdom and some screen readers
    <form role="search" onSubmit={onSubmit} className={className}>
      <label htmlFor={id} className="sr-only">
        {t('queue.search')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('queue.searchPlaceholder')}
        className={`${inputClass} mt-0`}
      />
      {children}
    </form>
  );
}
