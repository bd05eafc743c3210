import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/logo';

// Where each sheet starts, relative to the logo at the centre, and its delay: a short, single pass (under
// 5 s, so no pause control is needed) that ends with the logo and a tick.
const SHEETS = [
  { x: -130, y: -70, tilt: -12, delay: 0 },
  { x: -150, y: 20, tilt: 8, delay: 0.5 },
  { x: -110, y: 90, tilt: -6, delay: 1 },
  { x: 120, y: -80, tilt: 10, delay: 0.75 },
  { x: 140, y: 60, tilt: -9, delay: 1.25 },
] as const;

/** Invoices and receipts flowing into the Cuadra mark (decorative; described by its label). */
export function InvoiceFlow() {
  const { t } = useTranslation('marketing');
  return (
    <div
      role="img"
      aria-label={t('flow.label')}
      className="relative mx-auto h-64 w-full max-w-sm overflow-hidden rounded-3xl bg-gradient-to-br from-brand-50 to-white ring-1 ring-brand-100"
    >
      {SHEETS.map((sheet) => (
        <span
          key={`${sheet.x}:${sheet.y}`}
          className="cuadra-flow-doc absolute top-1/2 left-1/2 -mt-7 -ml-5 flex h-14 w-10 flex-col gap-1 rounded-md bg-white p-1.5 shadow-md ring-1 ring-slate-200"
          style={
            {
              translate: `${sheet.x}px ${sheet.y}px`,
              '--dx': `${-sheet.x}px`,
              '--dy': `${-sheet.y}px`,
              '--tilt': `${sheet.tilt}deg`,
              '--delay': `${sheet.delay}s`,
            } as CSSProperties
          }
        >
          <span className="h-1 w-5 rounded bg-brand-500" />
          <span className="h-1 w-6 rounded bg-slate-300" />
          <span className="h-1 w-4 rounded bg-slate-300" />
          <span className="mt-auto h-1 w-6 rounded bg-slate-400" />
        </span>
      ))}
      <span className="absolute top-1/2 left-1/2 -mt-10 -ml-10 flex size-20 items-center justify-center rounded-2xl bg-white shadow-lg ring-1 ring-brand-200">
        <LogoMark className="size-14" />
      </span>
      <span className="cuadra-flow-done absolute top-1/2 left-1/2 mt-8 ml-6 flex size-8 items-center justify-center rounded-full bg-amber-400 text-base font-bold text-slate-900 shadow">
        ✓
      </span>
    </div>
  );
}
