import type { ReactNode } from 'react';
import { LogoMark } from '../logo';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60';
export const linkClass =
  'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A loading, empty or error message in a box; errors are announced. */
export function StateBox({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'error';
  children: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-6 text-center text-sm ${
        tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-slate-200 bg-white text-slate-600'
      }`}
    >
      {children}
    </div>
  );
}

/** One choice of a filter, as a chip that says whether it is on (`aria-pressed`). */
export function FilterChip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-full border px-3 py-1 text-sm ${
        pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800'
      }`}
    >
      {children}
    </button>
  );
}

/** The spec's registered-user marker: the logo and the 'registered user' label. */
export function RegisteredMarker({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
      <LogoMark className="size-3.5" />
      {label}
    </span>
  );
}

/**
 * The end of a form dialog: the success note (announced politely), the error of the last attempt, and Close
 * and submit buttons (submit disabled while pending).
 */
export function DialogOutcome({
  success,
  error,
  pending,
  submitLabel,
  closeLabel,
  onClose,
}: {
  success: string | null;
  error: { title: string; message: string } | null;
  pending: { is: boolean; label: string };
  submitLabel: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <>
      <div aria-live="polite">
        {success ? (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {success}
          </p>
        ) : null}
      </div>
      {error ? (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-medium">{error.title}</p>
          <p>{error.message}</p>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          {closeLabel}
        </button>
        <button type="submit" disabled={pending.is} className={primaryButtonClass}>
          {pending.is ? pending.label : submitLabel}
        </button>
      </div>
    </>
  );
}
