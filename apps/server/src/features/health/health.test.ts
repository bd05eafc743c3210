import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { shippedMigrations } from '../../db/migrate';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';

const HEALTH_TOKEN = 'health-token-of-the-operator';
const operator = { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } };

describe(`GET /api/health (${TEST_DB})`, () => {
  let ctx: TestContext;
  let ocrReady = true;
  beforeAll(async () => {
    ctx = await createTestContext({ ocrReady: async () => ocrReady, env: { HEALTH_TOKEN }, work: true });
  });
  afterAll(() => ctx.close());

  it('tells an anonymous caller only whether it is up and in which mode', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-someone', `Basic ${HEALTH_TOKEN}`]) {
      const res = await ctx.request('/api/health', { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toEqual({ status: 'ok', mode: 'local' });
    }
    ocrReady = false;
    const degraded = await ctx.request('/api/health');
    ocrReady = true;
    expect(degraded.status).toBe(503);
    expect(await bodyOf(degraded)).toEqual({ status: 'degraded', mode: 'local' });
  });

  it('does not count an unreadable upload as a dead job: it is the document’s failure, for free', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 3, 'grant', `test:${user.id}`);
    const client = await insertClient(ctx.db, { ownerUserId: user.id, name: 'Pablo', taxId: null });
    const form = new FormData();
    const junk = Buffer.from('%PDF-1.7\nthis is not a PDF at all\n');
    form.append('files[]', new Blob([junk], { type: 'application/pdf' }), 'broken.pdf');
    const res = await ctx.request(`/api/v1/clients/${client!.id}/uploads`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(res.status).toBe(202);
    const { batchId } = await bodyOf(res);
    const batch = await eventually(async () => {
      const body = await bodyOf(await ctx.request(`/api/v1/uploads/${batchId}`, { headers }));
      return body.pendingCount === 0 ? body : undefined;
    }, 60_000);
    expect(batch.documents[0]).toMatchObject({ status: 'failed' });
    expect((await bodyOf(await ctx.request('/api/health', operator))).deadLetteredJobs).toBe(0);
  }, 90_000);

  it('is 200 with every part ready', async () => {
    const res = await ctx.request('/api/health', operator);
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
    const res = await ctx.request('/api/health', operator);
    ocrReady = true;
    expect(res.status).toBe(503);
    expect(await bodyOf(res)).toMatchObject({
      status: 'degraded',
      checks: { ocr: 'unavailable', database: 'ready' },
    });
  });

  it('names the schema version, and is 503 while the database lacks a migration this build ships', async () => {
    const newest = shippedMigrations().at(-1)!;
    const ready = await bodyOf(await ctx.request('/api/health', operator));
    expect(ready).toMatchObject({ schema: { version: newest.tag, expected: newest.tag, pending: 0 } });

    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when}`);
    const res = await ctx.request('/api/health', operator);
    expect(res.status).toBe(503);
    expect(await bodyOf(res)).toMatchObject({
      status: 'degraded',
      schema: { expected: newest.tag, pending: 1 },
      checks: { schema: 'unavailable', database: 'ready' },
    });
  });
});
