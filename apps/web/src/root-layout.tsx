import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from './components/layout/footer';
import { MAIN_CONTENT_ID } from './components/layout/main-content';
import { SkipLink } from './components/layout/skip-link';
import { TopBar } from './components/layout/top-bar';
import { SessionBridge, useTopBarAccount } from './features/auth/session-chrome';

/**
 * The chrome around every page: skip link, top bar, the layout of the matched route, footer.
 * The signed-in user's part of the top bar comes from the session (features/auth).
 */
export function RootLayout() {
  useFocusMainOnNavigation();
  useMarkHydrated();
  const account = useTopBarAccount();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <SessionBridge />
      <SkipLink />
      <TopBar account={account} />
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/**
 * Marks `<html data-hydrated>` once the app is live. A prerendered page is visible (and its native controls
 * respond) before React attaches; whatever must act on the live app — a browser test — waits for this.
 */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/**
 * After moving to another page, put keyboard and screen-reader focus at the start of the new content,
 * as a full page load would, instead of leaving it on a link that may no longer exist.
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}
