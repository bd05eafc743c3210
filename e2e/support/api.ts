import createClient from 'openapi-fetch';
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
