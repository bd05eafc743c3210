import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../test/harness';

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
});
