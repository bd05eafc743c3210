import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app-providers';
import { registerServiceWorker } from './features/inbound/pwa';
import { hydratePrerendered, prerenderedLanguage } from './features/marketing/seo/hydrate';
import { i18n } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { createAppRouter, routes } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// Public pages arrive prerendered (apps/web/scripts/prerender.mjs) and are hydrated; the app shell
// (signed-in pages, unknown addresses) has an empty #root and is rendered from scratch.
const language = prerenderedLanguage(container);
if (language) {
  // A public page's address names its language (Spanish under /es): the page keeps it.
  if (i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
  void hydratePrerendered({ container, language, routes, i18n, queryClient });
} else {
  createRoot(container).render(
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

registerServiceWorker();
