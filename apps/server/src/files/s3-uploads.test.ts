import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../test/harness';
import { startS3Server } from '../../test/s3-server';
import { insertClient } from '../features/clients/repo';
import { grantCredits } from '../features/credits/ledger';

const PDF = readFileSync(
  new URL('../../../../packages/extract/test/fixtures/golden/classic-recargo.pdf', import.meta.url),
);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe(`originals in an S3-compatible bucket (${TEST_DB})`, () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let ctx: TestContext;
  beforeAll(async () => {
    s3 = await startS3Server('cuadra-originals');
    ctx = await createTestContext({
      work: true,
      env: { ...s3.env, HEALTH_TOKEN: 'health-token-of-the-operator' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await s3.close();
  });

  it('health names the store and finds its bucket', async () => {
    const health = await bodyOf(
      await ctx.request('/api/health', { headers: { authorization: 'Bearer health-token-of-the-operator' } }),
    );
    expect(health).toMatchObject({ fileStore: 's3', checks: { files: 'ready' } });
  });

  it('takes an upload, extracts it from the bucket, and serves the original back byte for byte', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 2, 'grant', `test:${user.id}`);
    const client = await insertClient(ctx.db, { ownerUserId: user.id, name: 'Lucía Romero', taxId: null });
    const body = new FormData();
    body.append('files[]', new Blob([PDF]), 'factura.pdf');
    const res = await ctx.request(`/api/v1/clients/${client!.id}/uploads`, { method: 'POST', headers, body });
    expect(res.status).toBe(202);
    const { batchId } = await bodyOf(res);
    const done = await eventually(async () => {
      const batch = await bodyOf(await ctx.request(`/api/v1/uploads/${batchId}`, { headers }));
      return batch.pendingCount === 0 ? batch : undefined;
    }, 60_000);
    expect(done.documents[0].status).toBe('needs_review');

    const file = await ctx.request(`/api/v1/invoices/${done.documents[0].invoiceId}/file`, { headers });
    expect(file.status).toBe(200);
    expect(sha(new Uint8Array(await file.arrayBuffer()))).toBe(sha(PDF));
  });
});
