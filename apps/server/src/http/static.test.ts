import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from '../../test/harness';

describe(`serving the built web app (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'cuadra-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Cuadra</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-a1b2c3.js'), 'console.log(1)');
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await createTestContext({ webDist: dist });
  });
  afterAll(() => ctx.close());

  const asBrowser = { headers: { accept: 'text/html,application/xhtml+xml' } };

  it('caches hashed assets for a year and revalidates the rest', async () => {
    const asset = await ctx.request('/assets/index-a1b2c3.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.request('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers client routes with index.html so a reload keeps the page', async () => {
    for (const path of ['/', '/customer/42', '/invoicePage/7', '/blog/how-to-automate-invoices']) {
      const res = await ctx.request(path, asBrowser);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<div id="root">');
    }
  });

  it('never answers the API or a missing asset with the app', async () => {
    const api = await ctx.request('/api/v1/unknown', asBrowser);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect((await ctx.request('/assets/missing.js')).status).toBe(404);
  });
});
