import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, createSignedInUser, createTestContext, TEST_DB, type TestContext } from '../../test/harness';

/** Bodies a careless or hostile client sends: none of them may cost a 500. */
const BODIES: { label: string; type: string; body: string | Uint8Array }[] = [
  { label: 'cut-off JSON', type: 'application/json', body: '{"email": "a@b.c", "password' },
  { label: 'a JSON array', type: 'application/json', body: '[1, 2, 3]' },
  { label: 'JSON null', type: 'application/json', body: 'null' },
  { label: 'a JSON string', type: 'application/json', body: '"hello"' },
  {
    label: 'every field of the wrong type',
    type: 'application/json',
    body: JSON.stringify({
      email: 42,
      password: ['x'],
      token: { $ne: null },
      name: null,
      packId: 7,
      returnTo: false,
      from: 'yesterday',
      to: 99,
      format: 'exe',
      taxId: {},
      message: 1,
      lines: 'none',
    }),
  },
  { label: 'deep nesting', type: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  {
    label: 'invalid UTF-8',
    type: 'application/json',
    body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  { label: 'a form body', type: 'application/x-www-form-urlencoded', body: 'email=a%40b.c&password=x' },
  { label: 'multipart without a boundary', type: 'multipart/form-data', body: '--x\r\n\r\n' },
  { label: 'no content type', type: '', body: 'plain text' },
];

const PARAMS = [
  'not-an-id',
  '0'.repeat(36),
  '00000000-0000-0000-0000-000000000000',
  '%00',
  "'; drop table users; --",
];

describe(`every malformed request is a 4xx with a code, never a 500 (${TEST_DB})`, () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  let routes: { method: string; path: string }[];
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: 'true' } });
    headers = (await createSignedInUser(ctx)).headers;
    const document = await bodyOf(await ctx.request('/api/openapi.json'));
    routes = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) =>
        Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    );
    // The local stand-ins are routes too.
    routes.push(
      { method: 'GET', path: '/dev/checkout/{id}' },
      { method: 'POST', path: '/dev/checkout/{id}/pay' },
    );
  });
  afterAll(() => ctx.close());

  let address = 0;
  async function expectNoServerError(method: string, url: string, init: RequestInit) {
    const res = await ctx.request(url, {
      method,
      ...init,
      headers: {
        ...init.headers,
        'x-forwarded-for': `10.77.${Math.floor(++address / 250)}.${address % 250}`,
      },
    });
    const what = `${method} ${url} → ${res.status}`;
    expect(res.status, what).toBeLessThan(500);
    if (res.status >= 400 && url.startsWith('/api/'))
      expect((await bodyOf(res)).error?.code, what).toBeTruthy();
  }

  it('answers every API route, signed in or not, with bad ids and bad bodies', async () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, path } of routes) {
      if (path === '/api/v1/webhooks/stripe') continue; // not mounted without Stripe (ROUTE_NOT_FOUND)
      for (const param of PARAMS) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(param));
        for (const auth of [headers, {}]) {
          if (method === 'GET' || method === 'DELETE') {
            await expectNoServerError(method, `${url}?from=x&to=&year=abc&sort=%27&order=up&page=-1`, {
              headers: auth,
            });
            continue;
          }
          for (const { type, body } of BODIES) {
            await expectNoServerError(method, url, {
              headers: { ...auth, ...(type ? { 'content-type': type } : {}), origin: 'http://localhost' },
              body,
            });
          }
        }
      }
    }
  }, 300_000);
});
