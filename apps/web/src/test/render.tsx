import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app-providers';
import { i18n } from '../i18n/i18n';
import { createQueryClient } from '../lib/query-client';

/** Renders routes as the app does (same providers), starting at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders i18n={i18n} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** Renders a component with the app's providers and a router around it, for components that use links. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  return renderRoutes([{ path: '*', element: ui }], path);
}
