import { isLocale, type Locale } from '@cuadra/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, StrictMode, startTransition, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../../../app-providers';
import { toLocale } from '../../../i18n/i18n';
import { createFixedI18n } from './fixed-i18n';

/** Set by the build on `#root` of every prerendered page: the language its HTML was rendered in. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The language a prerendered page was written in, or null for the plain app shell. */
export function prerenderedLanguage(container: HTMLElement): Locale | null {
  const value = container.getAttribute(PRERENDERED_ATTRIBUTE);
  return isLocale(value) ? value : null;
}

/**
 * Loads the code of the routes that match the current address before hydrating, so the first client render
 * is the page the HTML shows (a lazy route would otherwise render its fallback and mismatch).
 */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/**
 * Renders the prerendered language first (so hydration matches the HTML), then hands over to the app's
 * i18n instance, which holds the detected language (saved choice, then browser) and its listeners.
 */
function HandOverLanguage({
  prerendered,
  detected,
  children,
  queryClient,
}: {
  prerendered: I18n;
  detected: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const [i18n, setI18n] = useState(prerendered);
  // A transition: re-rendering the page in the visitor's language yields to input instead of blocking it.
  useEffect(() => startTransition(() => setI18n(detected)), [detected]);
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      {children}
    </AppProviders>
  );
}

export async function hydratePrerendered(options: {
  container: HTMLElement;
  language: Locale;
  routes: RouteObject[];
  i18n: I18n;
  queryClient: QueryClient;
}): Promise<void> {
  await loadMatchedRoutes(options.routes);
  const router = createBrowserRouter(options.routes);
  // Most visitors read the language the page was prerendered in: hydrate straight into the app's instance.
  const sameLanguage = toLocale(options.i18n.resolvedLanguage) === options.language;
  // Hydrating inside a transition lets React split the work into short tasks (the page is already
  // visible and its links work; nothing is gained by blocking the main thread to attach handlers).
  startTransition(() => {
    hydrateRoot(
      options.container,
      <StrictMode>
        {sameLanguage ? (
          <AppProviders i18n={options.i18n} queryClient={options.queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        ) : (
          <HandOverLanguage
            prerendered={createFixedI18n(options.language)}
            detected={options.i18n}
            queryClient={options.queryClient}
          >
            <RouterProvider router={router} />
          </HandOverLanguage>
        )}
      </StrictMode>,
    );
  });
}
