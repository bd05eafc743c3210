import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppErrorBoundary } from '../errors/error-boundary';

/** The id the skip link jumps to, and that receives focus after each navigation. */
export const MAIN_CONTENT_ID = 'main-content';

/** The `<main>` landmark of a layout. A render crash inside shows the generic error screen, not a blank page. */
export function MainContent({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
      <AppErrorBoundary resetKey={pathname}>{children}</AppErrorBoundary>
    </main>
  );
}
