import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

/**
 * Tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between them and select; only the selected
 * tab is in the tab order; only the chosen panel is in the page, labelled by its tab. The row scrolls
 * sideways on a phone rather than wrapping.
 */
export function Tabs<T extends string>({
  tabs,
  tab,
  onChange,
  label,
  nameOf,
  panelClassName,
  children,
}: {
  tabs: readonly T[];
  tab: T;
  onChange: (tab: T) => void;
  /** The tab list's accessible name. */
  label: string;
  nameOf: (tab: T) => string;
  panelClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index + tabs.length - 1) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {tabs.map((name) => (
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
            {nameOf(name)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${tab}-panel`}
        aria-labelledby={`${id}-${tab}-tab`}
        className={panelClassName}
      >
        {children}
      </div>
    </div>
  );
}
