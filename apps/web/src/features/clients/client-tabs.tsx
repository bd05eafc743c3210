import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

export const CLIENT_TABS = ['invoices', 'reports', 'forms'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

/** The tab in the address (`?tab=forms`), so that a tab can be linked to and survives a reload. */
export function useClientTab(): [ClientTab, (tab: ClientTab) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = (CLIENT_TABS as readonly string[]).includes(asked ?? '') ? (asked as ClientTab) : 'invoices';
  const choose = (next: ClientTab) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'invoices') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  return [tab, choose];
}

/**
 * The client page's tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between them and select,
 * only the selected tab is in the tab order, the panel is labelled by its tab. The row scrolls sideways on
 * a phone rather than wrapping.
 */
export function ClientTabs({
  tab,
  onChange,
  children,
}: {
  tab: ClientTab;
  onChange: (tab: ClientTab) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('clients');
  const id = useId();
  const refs = useRef<Partial<Record<ClientTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = CLIENT_TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? CLIENT_TABS[(index + 1) % CLIENT_TABS.length]
        : event.key === 'ArrowLeft'
          ? CLIENT_TABS[(index + CLIENT_TABS.length - 1) % CLIENT_TABS.length]
          : event.key === 'Home'
            ? CLIENT_TABS[0]
            : event.key === 'End'
              ? CLIENT_TABS[CLIENT_TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="mt-6">
      <div
        role="tablist"
        aria-label={t('tabs.label')}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {CLIENT_TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              refs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => onChange(name)}
            className={`-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
              tab === name
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {children}
      </div>
    </div>
  );
}
