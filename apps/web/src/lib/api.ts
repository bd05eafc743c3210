import { CHANGE_VIA_HEADER, ERROR_MESSAGES, type ErrorCode, type Locale } from '@cuadra/shared';

/**
 * Failures that happen in the browser, before or instead of an answer from the API. They have no server
 * message, so their texts live here; the server's codes and texts come from `@cuadra/shared`.
 */
export const CLIENT_ERROR_MESSAGES = {
  NETWORK: {
    en: 'Network connection error',
    es: 'Error de conexión de red',
  },
  UNKNOWN: {
    en: 'An unexpected error occurred. Please try again.',
    es: 'Se ha producido un error inesperado. Inténtalo de nuevo.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ClientErrorCode = keyof typeof CLIENT_ERROR_MESSAGES;
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return (
    typeof value === 'string' &&
    (Object.hasOwn(ERROR_MESSAGES, value) || Object.hasOwn(CLIENT_ERROR_MESSAGES, value))
  );
}

/** The one error type the web app raises for anything that went wrong talking to the API. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived (network failure). */
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: unknown;

  constructor(status: number, code: ApiErrorCode, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export const API_BASE = '/api/v1';

type TokenProvider = () => string | null | undefined;
let authTokenProvider: TokenProvider = () => null;

/**
 * The single place where the session plugs in: every request gets `Authorization: Bearer <token>` from this
 * provider unless the caller already set an Authorization header. Pass `null` to remove it (logout).
 */
export function setAuthTokenProvider(provider: TokenProvider | null): void {
  authTokenProvider = provider ?? (() => null);
}

type UnauthorizedHandler = (info: { path: string }) => void;
let unauthorizedHandler: UnauthorizedHandler = () => {};

/**
 * The session's 401 hook (spec-1 §8): called when an answer is 401 to a request that carried the session's
 * token, unless the request says a 401 is an expected answer (`ignoreUnauthorized`, e.g. the login call).
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler ?? (() => {});
}

export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData (file uploads) as multipart; a Blob (a bank file) as its bytes. */
  body?: unknown;
  /** Added to the URL; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A 401 is an answer this call handles itself (login, the startup refresh): do not end the session. */
  ignoreUnauthorized?: boolean;
};

/** Builds `/api/v1/<path>?<query>` from a path such as `/clients` or `clients/123`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Calls the API and returns the parsed JSON body (`undefined` for an empty answer such as 204).
 * Throws `ApiError` for an error status or a network failure; an aborted request rethrows the AbortError
 * so TanStack Query can tell a cancellation from a failure.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal } = options;
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  // Changes made here are recorded as made on Cuadra's screens, not through the API (issue 40 history).
  headers.set(CHANGE_VIA_HEADER, 'screen');

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body instanceof Blob) {
    headers.set('Content-Type', 'application/octet-stream');
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const token = authTokenProvider();
  const sendsSessionToken = Boolean(token) && !headers.has('Authorization');
  if (sendsSessionToken) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, 'NETWORK', CLIENT_ERROR_MESSAGES.NETWORK.en, { cause: String(error) });
  }

  const text = await response.text();
  const json = parseJson(text);

  if (response.status === 401 && sendsSessionToken && !options.ignoreUnauthorized)
    unauthorizedHandler({ path });
  if (!response.ok) throw toApiError(response, json);
  if (text === '') return undefined as T;
  if (json === INVALID_JSON) {
    throw new ApiError(response.status, 'UNKNOWN', 'The server answered with something that is not JSON.');
  }
  return json as T;
}

/** Shorthands, so call sites read as `api.get<Me>('/me')` or `api.post('/clients', { name })`. */
export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

const INVALID_JSON = Symbol('invalid JSON');

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

/**
 * Used when an error answer does not carry our error body (a proxy's HTML page, a gateway timeout):
 * the status alone still tells the user something useful.
 */
function codeFromStatus(status: number): ApiErrorCode {
  if (status === 400) return 'VALIDATION_FAILED';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'SERVICE_UNAVAILABLE';
  if (status >= 500) return 'INTERNAL';
  return 'UNKNOWN';
}

/**
 * Reads the API's `{ error: { code, message, details } }` body. A hand-written check rather than the
 * shared zod schema: this module is on every page, and zod would triple the JavaScript of `/`.
 */
function readErrorBody(json: unknown): { code: ErrorCode; message: string; details?: unknown } | null {
  const error = (json as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  if (!error || typeof error.message !== 'string' || typeof error.code !== 'string') return null;
  return Object.hasOwn(ERROR_MESSAGES, error.code)
    ? { code: error.code as ErrorCode, message: error.message, details: error.details }
    : null;
}

/**
 * A file from the API (an original, a report, an export) as a Blob with the name the server gave it. It
 * needs the session's Bearer header, so it is fetched rather than linked; errors are `ApiError`s as for
 * `apiRequest`, and an aborted request rethrows the AbortError.
 */
export async function apiFile(
  path: string,
  options: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const token = authTokenProvider();
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, 'NETWORK', CLIENT_ERROR_MESSAGES.NETWORK.en, { cause: String(error) });
  }
  if (response.status === 401 && token) unauthorizedHandler({ path });
  if (!response.ok) throw toApiError(response, parseJson(await response.text()));
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
}

/** The name in `Content-Disposition: attachment; filename*=UTF-8''…` or `filename="…"`. */
function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain form
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

function toApiError(response: Response, json: unknown): ApiError {
  const body = readErrorBody(json);
  if (body) return new ApiError(response.status, body.code, body.message, body.details);
  const code = codeFromStatus(response.status);
  const message = response.statusText || `HTTP ${response.status}`;
  return new ApiError(response.status, code, message);
}

function isAbortError(error: unknown): boolean {
  // Checked by name: the DOMException class differs between realms (browser, jsdom, Node's fetch).
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
