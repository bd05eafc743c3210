import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from '../../test/harness';

describe(`serving the built web app (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'cuadra-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Cuadra</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-a1b2c3.js'), 'console.log(1)');
    await writeFile(join(dist, 'assets', 'index-a1b2c3.js.br'), brotliCompressSync('console.log(1)'));
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

  it('sends a precompressed copy when the browser accepts it', async () => {
    const br = await ctx.request('/assets/index-a1b2c3.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plain = await ctx.request('/assets/index-a1b2c3.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('never answers the API or a missing asset with the app', async () => {
    const api = await ctx.request('/api/v1/unknown', asBrowser);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect((await ctx.request('/assets/missing.js')).status).toBe(404);
  });
});

describe(`serving a prerendered build (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'cuadra-dist-'));
    await mkdir(join(dist, 'features'), { recursive: true });
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><title>Landing</title><div id="root" data-prerendered="en"><h1>Home</h1></div>',
    );
    await writeFile(join(dist, 'spa.html'), '<!doctype html><title>Cuadra</title><div id="root"></div>');
    await writeFile(
      join(dist, 'features', 'index.html'),
      '<!doctype html><title>Features</title><h1>Features</h1>',
    );
    await writeFile(join(dist, 'sitemap.xml'), '<?xml version="1.0"?><urlset/>');
    await writeFile(join(dist, 'robots.txt'), 'User-agent: *');
    ctx = await createTestContext({ webDist: dist });
  });
  afterAll(() => ctx.close());

  const asBrowser = { headers: { accept: 'text/html,application/xhtml+xml' } };

  it('answers a prerendered page with its own file, and other addresses with the empty app shell', async () => {
    expect(await (await ctx.request('/', asBrowser)).text()).toContain('<h1>Home</h1>');
    const features = await ctx.request('/features', asBrowser);
    expect(features.status).toBe(200);
    expect(await features.text()).toContain('<h1>Features</h1>');
    expect(features.headers.get('cache-control')).toBe('no-cache');
    for (const path of ['/dashboard', '/customer/42', '/no/such/page']) {
      const res = await ctx.request(path, asBrowser);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<div id="root"></div>');
    }
  });

  it('serves sitemap.xml and robots.txt with their types', async () => {
    expect((await ctx.request('/sitemap.xml')).headers.get('content-type')).toContain('xml');
    expect((await ctx.request('/robots.txt')).headers.get('content-type')).toContain('text/plain');
  });

  it('answers an unknown address with the not-found page and 404, and the app routes with the shell', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'cuadra-dist-'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><title>Cuadra</title><div id="root">landing</div>',
    );
    await writeFile(join(dist, 'spa.html'), '<!doctype html><title>Cuadra</title><div id="root"></div>');
    await writeFile(
      join(dist, '404.html'),
      '<!doctype html><title>Page not found</title><div id="root">404</div>',
    );
    await writeFile(join(dist, 'routes.json'), JSON.stringify(['/', '/customer/:customerId', '/es/']));
    const site = await createTestContext({ webDist: dist });
    try {
      for (const path of ['/customer/42', '/customer/42/', '/es']) {
        const res = await site.request(path, asBrowser);
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toContain('<div id="root"></div>');
      }
      for (const path of ['/this/does/not/exist', '/customer', '/customer/42/extra']) {
        const res = await site.request(path, asBrowser);
        expect(res.status, path).toBe(404);
        expect(await res.text(), path).toContain('Page not found');
      }
    } finally {
      await site.close();
    }
  });
});
