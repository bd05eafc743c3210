import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, createSignedInUser, createTestContext, TEST_DB, type TestContext } from '../../test/harness';
import { insertClient } from '../features/clients/repo';

describe(`HTTP conventions (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers an unknown API route with a coded JSON error in the caller’s language', async () => {
    const english = await ctx.request('/api/v1/nothing-here');
    expect(english.status).toBe(404);
    expect(await bodyOf(english)).toEqual({
      error: { code: 'ROUTE_NOT_FOUND', message: 'This API route does not exist.' },
    });
    const spanish = await ctx.request('/api/v1/nothing-here', {
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect((await bodyOf(spanish)).error.message).toBe('Esta ruta de la API no existe.');
  });

  it('refuses JSON bodies over 1 MiB before reading them', async () => {
    const res = await ctx.json('/api/v1/anything', { blob: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect((await bodyOf(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends security headers and a request id on every answer', async () => {
    const res = await ctx.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS only for requests that came over TLS', async () => {
    const res = await ctx.request('https://cuadra.example/api/health');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
  });

  it('describes the API in OpenAPI 3.1 and on a docs page that needs no CDN', async () => {
    const doc = await bodyOf(await ctx.request('/api/openapi.json'));
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.summary).toMatch(/Readiness/);
    expect(doc.components.schemas.Health).toBeDefined();
    const page = await ctx.request('/api/docs');
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('/api/health');
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)[a-z]/i);
  });

  /** What differs on every answer, or is the transport's (the fetch interface has no connection). */
  const PER_ANSWER = [
    'date',
    'x-request-id',
    'connection',
    'keep-alive',
    'content-length',
    'transfer-encoding',
  ];
  const headersOf = (res: Response) =>
    Object.fromEntries([...res.headers].filter(([name]) => !PER_ANSWER.includes(name)));

  it('sends the same headers served by Node as through the fetch interface', async () => {
    // Served by Node the headers are set on the Node answer, not on the fetch Response (http/node.ts).
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((done) => server.once('listening', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { user, headers } = await createSignedInUser(ctx);
      const client = await insertClient(ctx.db, { ownerUserId: user.id, name: 'Pablo', taxId: null });
      const paths = [
        '/api/health',
        '/api/v1/me',
        `/api/v1/clients/${client!.id}/invoices?limit=5`,
        '/api/v1/clients?limit=5',
        '/api/v1/nothing-here',
      ];
      for (const path of paths) {
        const viaNode = await fetch(`${base}${path}`, { headers });
        const viaFetch = await ctx.request(path, { headers });
        expect(viaNode.status, path).toBe(viaFetch.status);
        expect(headersOf(viaNode), path).toEqual(headersOf(viaFetch));
        expect(viaNode.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
        expect(await viaNode.json(), path).toBeDefined();
      }
      const me = await fetch(`${base}/api/v1/me`, { headers });
      expect(me.headers.get('cache-control')).toBe('no-store');
      expect(me.headers.get('x-frame-options')).toBe('DENY');
      // A proxy's own request id is kept; one that is not a short token is replaced.
      const kept = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'proxy-42' } });
      expect(kept.headers.get('x-request-id')).toBe('proxy-42');
      const replaced = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'a b' } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const signedOut = await fetch(`${base}/api/v1/me`);
      expect(signedOut.status).toBe(401);
      expect(signedOut.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
