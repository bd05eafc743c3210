import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError, api, apiRequest, apiUrl, setAuthTokenProvider } from './api';
import { errorMessageKey } from './error-message';
import { shouldRetry } from './query-client';

function jsonResponse(status: number, body: unknown, statusText = '') {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(answer: Response | { throws: unknown }) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    if ('throws' in answer) throw answer.throws;
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The Request as fetch received it: URL and init. */
function sentRequest(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthTokenProvider(null);
});

describe('api client', () => {
  it('sends JSON to /api/v1 with same-origin credentials and returns the parsed answer', async () => {
    const fetchMock = stubFetch(jsonResponse(201, { id: 'c1', name: 'Lucía' }));

    const client = await api.post<{ id: string; name: string }>('/clients', { name: 'Lucía' });

    expect(client).toEqual({ id: 'c1', name: 'Lucía' });
    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/v1/clients');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"Lucía"}');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('builds query strings and leaves out empty values', () => {
    expect(
      apiUrl('clients/c1/invoices', { sort: 'date_invoice', order: 'desc', from: undefined, to: null }),
    ).toBe('/api/v1/clients/c1/invoices?sort=date_invoice&order=desc');
  });

  it('returns undefined for an empty answer', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/invoices/i1')).resolves.toBeUndefined();
  });

  it('sends files as multipart without forcing a JSON content type', async () => {
    const fetchMock = stubFetch(jsonResponse(202, { batchId: 'b1' }));
    const form = new FormData();
    form.append('files', new Blob(['%PDF-1.7']), 'invoice.pdf');

    await api.post('/clients/c1/uploads', form);

    const { init, headers } = sentRequest(fetchMock);
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('adds the Bearer token from the provider, unless the caller set Authorization', async () => {
    setAuthTokenProvider(() => 'header.payload.signature');
    let fetchMock = stubFetch(jsonResponse(200, {}));
    await api.get('/me');
    expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer header.payload.signature');

    fetchMock = stubFetch(jsonResponse(200, {}));
    await api.get('/invitations/t1', { headers: { Authorization: 'Bearer other' } });
    expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer other');

    setAuthTokenProvider(null);
    fetchMock = stubFetch(jsonResponse(200, {}));
    await api.get('/packs');
    expect(sentRequest(fetchMock).headers.has('Authorization')).toBe(false);
  });

  it('turns the error body into an ApiError with status, code, message and details', async () => {
    const details = { fieldErrors: { name: ['Required'] } };
    stubFetch(jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: 'Invalid body', details } }));

    const error = await apiRequest('/clients', { body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid body', details });
  });

  it('gives a useful code for an error without our body (a proxy page, a gateway timeout)', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/me')).rejects.toMatchObject({ status: 502, code: 'SERVICE_UNAVAILABLE' });

    stubFetch(new Response('', { status: 404 }));
    await expect(api.get('/clients/nope')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('turns a network failure into a NETWORK error the UI can translate', async () => {
    stubFetch({ throws: new TypeError('Failed to fetch') });

    const error = await api.get('/me').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(i18n.t(errorMessageKey(error), { ns: 'errors' })).toBe('Network connection error');
    await i18n.changeLanguage('es');
    expect(i18n.t(errorMessageKey(error), { ns: 'errors' })).toBe('Error de conexión de red');
  });

  it('lets a cancelled request stay a cancellation', async () => {
    stubFetch({ throws: new DOMException('The operation was aborted.', 'AbortError') });
    await expect(api.get('/me')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('maps server codes to the shared messages, and anything else to a generic one', async () => {
    await i18n.changeLanguage('es');
    const unauthorized = new ApiError(401, 'UNAUTHORIZED', 'Unauthorized');
    expect(i18n.t(errorMessageKey(unauthorized), { ns: 'errors' })).toBe(
      'Error de autenticación. Vuelve a iniciar sesión.',
    );
    expect(i18n.t(errorMessageKey(new Error('boom')), { ns: 'errors' })).toBe(
      'Se ha producido un error inesperado. Inténtalo de nuevo.',
    );
  });
});

describe('query retries', () => {
  it('never retries a 4xx, retries other failures twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'RATE_LIMITED', 'Slow down'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'NETWORK', 'offline'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'SERVICE_UNAVAILABLE', 'starting'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'SERVICE_UNAVAILABLE', 'starting'))).toBe(false);
  });
});
