import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { shippedMigrations } from '../../db/migrate';

describe(`GET /api/health (${TEST_DB})`, () => {
  let ctx: TestContext;
  let ocrReady = true;
  beforeAll(async () => {
    ctx = await createTestContext({ ocrReady: async () => ocrReady });
  });
  afterAll(() => ctx.close());

  it('is 200 with every part ready', async () => {
    const res = await ctx.request('/api/health');
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body).toMatchObject({
      status: 'ok',
      checks: { database: 'ready', queue: 'ready', files: 'ready', ocr: 'ready' },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is 503 and names the part that is not ready', async () => {
    ocrReady = false;
    const res = await ctx.request('/api/health');
    ocrReady = true;
    expect(res.status).toBe(503);
    expect(await bodyOf(res)).toMatchObject({
      status: 'degraded',
      checks: { ocr: 'unavailable', database: 'ready' },
    });
  });

  it('names the schema version, and is 503 while the database lacks a migration this build ships', async () => {
    const newest = shippedMigrations().at(-1)!;
    const ready = await bodyOf(await ctx.request('/api/health'));
    expect(ready).toMatchObject({ schema: { version: newest.tag, expected: newest.tag, pending: 0 } });

    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when}`);
    const res = await ctx.request('/api/health');
    expect(res.status).toBe(503);
    expect(await bodyOf(res)).toMatchObject({
      status: 'degraded',
      schema: { expected: newest.tag, pending: 1 },
      checks: { schema: 'unavailable', database: 'ready' },
    });
  });
});
