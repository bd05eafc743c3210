import createClient from 'openapi-fetch';
import type { Page } from 'playwright-core';
import type { paths } from './api-schema.generated';
import { baseUrl } from './browser';

/**
 * The API as integrators call it: a client typed from the OpenAPI document the server serves (regenerate
 * with `npm run api:types`), so a journey that seeds or checks through the API breaks at compile time
 * when a route or a field changes.
 */
export function apiClient(token?: string) {
  return createClient<paths>({
    baseUrl,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Calls the API from the page with the session's token, as the app does; a 204 gives null. */
export async function pageApi<T>(
  page: Page,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${localStorage.getItem('authToken')}`,
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
      return res.status === 204 ? null : res.json();
    },
    { path, init },
  ) as Promise<T>;
}
