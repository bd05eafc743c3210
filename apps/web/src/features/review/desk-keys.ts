import { type RefObject, useEffect, useRef } from 'react';

/** Keys that act on the desk, shown by `?`. */
export const DESK_KEYS = [
  'j',
  'k',
  'Enter',
  'Tab',
  'e',
  't',
  'f',
  'x',
  'a',
  'Delete',
  'h',
  'Escape',
  '?',
] as const;

export type DeskAction =
  | 'next'
  | 'previous'
  | 'save'
  | 'firstLow'
  | 'toggleType'
  | 'forgetLearned'
  | 'select'
  | 'accept'
  | 'delete'
  | 'history'
  | 'keys';
const ACTION_OF_KEY: Record<string, DeskAction> = {
  j: 'next',
  k: 'previous',
  Enter: 'save',
  e: 'firstLow',
  t: 'toggleType',
  f: 'forgetLearned',
  x: 'select',
  a: 'accept',
  Delete: 'delete',
  h: 'history',
  '?': 'keys',
};
/** What a reader (issue 40) may not do: their keys only say so. */
export const WRITE_ACTIONS: ReadonlySet<DeskAction> = new Set([
  'save',
  'firstLow',
  'toggleType',
  'forgetLearned',
  'select',
  'accept',
  'delete',
]);
/** The keys a reader is shown by `?`. */
export const READ_KEYS = DESK_KEYS.filter((key) => {
  const action = deskAction(key);
  return !action || !WRITE_ACTIONS.has(action);
});

function deskAction(key: string): DeskAction | null {
  return ACTION_OF_KEY[key] ?? null;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type)
  );
}

/**
 * One listener for the desk's keys; letters are left alone while a field is being typed in, where Escape
 * gives the keyboard back to the desk. Nothing acts while a dialog is open (`paused`) or with a modifier.
 * The desk takes the keyboard when it opens.
 */
export function useDeskKeys(options: {
  paused: boolean;
  desk: RefObject<HTMLElement | null>;
  onAction: (action: DeskAction) => void;
}) {
  const handler = useRef<(event: KeyboardEvent) => void>(() => {});
  handler.current = (event: KeyboardEvent) => {
    if (options.paused || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement | null;
    if (isEditable(target)) {
      if (event.key === 'Escape') {
        target?.blur();
        options.desk.current?.focus();
      }
      return;
    }
    if (target?.closest('button, a, [role="dialog"]') && (event.key === 'Enter' || event.key === ' ')) return;
    const action = deskAction(event.key);
    if (!action) return;
    event.preventDefault();
    options.onAction(action);
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => handler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  const { desk } = options;
  useEffect(() => {
    desk.current?.focus();
  }, [desk]);
}
