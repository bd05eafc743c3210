import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { creditBalances, documents } from '../../db/schema';
import { newId } from '../../lib/ids';
import { monthStart } from '../../lib/month';
import { insertClient, linkClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';
import { insertBatch, insertDocuments } from './repo';

const GOLDEN = new URL('../../../../../packages/extract/test/fixtures/golden/', import.meta.url);

describe('the month of the monthly limit', () => {
  it('starts at midnight of the 1st in Madrid, in winter and in summer time', () => {
    // 23:30 UTC on 30 November is already 00:30 on 1 December in Madrid (CET, UTC+1).
    expect(monthStart(new Date('2026-11-30T23:30:00Z')).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    // 22:30 UTC on 30 November is still November there.
    expect(monthStart(new Date('2026-11-30T22:30:00Z')).toISOString()).toBe('2026-10-31T23:00:00.000Z');
    // April begins in summer time (CEST, UTC+2), while the instant asked about may be in March's winter.
    expect(monthStart(new Date('2026-04-15T12:00:00Z')).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(monthStart(new Date('2026-03-15T12:00:00Z')).toISOString()).toBe('2026-02-28T23:00:00.000Z');
  });
});

describe(`a client's monthly upload limit (${TEST_DB})`, () => {
  let ctx: TestContext;
  let pdf: Buffer;
  beforeAll(async () => {
    // No worker: the files stay queued; what matters is what the upload keeps.
    // Five drops of one user race for the month's last files: more than the 4 open uploads allowed by default.
    ctx = await createTestContext({ env: { UPLOAD_MAX_OPEN_PER_USER: '10' } });
    pdf = await readFile(new URL('classic-company-mixed-vat.pdf', GOLDEN));
  });
  afterAll(() => ctx.close());

  async function accountantWithClient(credits: number) {
    const signedIn = await createSignedInUser(ctx);
    await grantCredits(ctx.db, signedIn.user.id, credits, 'grant', `test:${signedIn.user.id}`);
    const client = await insertClient(ctx.db, {
      ownerUserId: signedIn.user.id,
      name: 'Marta Soler Ruiz',
      taxId: null,
    });
    return { ...signedIn, client: client! };
  }

  const setLimit = (clientId: string, headers: Record<string, string>, monthlyLimit: number | null) =>
    ctx.json(`/api/v1/clients/${clientId}`, { monthlyLimit }, { method: 'PATCH', headers });

  const drop = (clientId: string, headers: Record<string, string>, count: number) => {
    const body = new FormData();
    for (let i = 1; i <= count; i++) body.append('files[]', new Blob([pdf]), `factura-${i}.pdf`);
    return ctx.request(`/api/v1/clients/${clientId}/uploads`, { method: 'POST', headers, body });
  };

  /** Documents uploaded for the client at `createdAt` (as if dropped then). */
  async function uploadedAt(clientId: string, payerUserId: string, createdAt: Date, count: number) {
    const batchId = newId();
    await insertBatch(ctx.db, { id: batchId, clientId, uploadedByUserId: payerUserId, createdAt });
    await insertDocuments(
      ctx.db,
      Array.from({ length: count }, (_, i) => ({
        id: newId(),
        batchId,
        clientId,
        payerUserId,
        filename: `old-${i}.pdf`,
        mediaType: 'application/pdf',
        sizeBytes: 1000,
        status: 'ready' as const,
        createdAt,
      })),
    );
  }

  it('is set by the accountant and shown with what was used this month; null removes it', async () => {
    const { headers, client } = await accountantWithClient(5);
    const before = await bodyOf(await ctx.request(`/api/v1/clients/${client.id}`, { headers }));
    expect(before).toMatchObject({ monthlyLimit: null, monthlyUsed: 0 });

    const set = await setLimit(client.id, headers, 2);
    expect(set.status).toBe(200);
    expect(await bodyOf(set)).toMatchObject({ monthlyLimit: 2, monthlyUsed: 0 });
    expect(await drop(client.id, headers, 1)).toHaveProperty('status', 202);
    const after = await bodyOf(await ctx.request(`/api/v1/clients/${client.id}`, { headers }));
    expect(after).toMatchObject({ monthlyLimit: 2, monthlyUsed: 1 });

    expect((await setLimit(client.id, headers, -1)).status).toBe(400);
    expect((await setLimit(client.id, headers, 1.5)).status).toBe(400);
    const cleared = await setLimit(client.id, headers, null);
    expect(await bodyOf(cleared)).toMatchObject({ monthlyLimit: null, monthlyUsed: 1 });
  });

  it('lets only the owner set it: the linked freelancer is refused', async () => {
    const { client } = await accountantWithClient(5);
    const freelancer = await createSignedInUser(ctx, { accountType: 'freelancer' });
    await linkClient(ctx.db, client.id, freelancer.user.id);
    const res = await setLimit(client.id, freelancer.headers, 100);
    expect(res.status).toBe(403);
  });

  it('refuses 3 files against a limit of 2: nothing stored, no credit held, the limit in the answer', async () => {
    const { user, headers, client } = await accountantWithClient(5);
    await setLimit(client.id, headers, 2);
    const res = await drop(client.id, headers, 3);
    expect(res.status).toBe(422);
    const { error } = await bodyOf(res);
    expect(error.code).toBe('MONTHLY_LIMIT_EXCEEDED');
    expect(error.details).toEqual({ limit: 2, used: 0, remaining: 2 });
    expect(await ctx.db.select().from(documents).where(eq(documents.clientId, client.id))).toEqual([]);
    const [balance] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, user.id));
    expect(balance).toMatchObject({ available: 5, reserved: 0 });
    // The files the body held went through the temporary folder, which is empty again; the store has none.
    expect(await readdir(join(ctx.services.config.DATA_DIR, 'tmp'))).toEqual([]);

    // Two files fit, exactly.
    expect((await drop(client.id, headers, 2)).status).toBe(202);
  });

  it('counts this month only: last month’s uploads leave the new month whole', async () => {
    const { user, headers, client } = await accountantWithClient(10);
    await setLimit(client.id, headers, 2);
    const start = monthStart(new Date());
    // Two files one second before the month began (Madrid time), and none since.
    await uploadedAt(client.id, user.id, new Date(start.getTime() - 1000), 2);
    const fresh = await bodyOf(await ctx.request(`/api/v1/clients/${client.id}`, { headers }));
    expect(fresh.monthlyUsed).toBe(0);
    expect((await drop(client.id, headers, 2)).status).toBe(202);

    // Now the month is used up: one more file is refused before its body is read.
    const res = await drop(client.id, headers, 1);
    expect(res.status).toBe(422);
    expect((await bodyOf(res)).error.details).toEqual({ limit: 2, used: 2, remaining: 0 });

    // One at the first second of the month counts.
    const other = await accountantWithClient(10);
    await setLimit(other.client.id, other.headers, 2);
    await uploadedAt(other.client.id, other.user.id, start, 1);
    const refused = await drop(other.client.id, other.headers, 2);
    expect((await bodyOf(refused)).error.details).toEqual({ limit: 2, used: 1, remaining: 1 });
  });

  it('lets exactly the limit through when drops race for the month’s last files', async () => {
    const { headers, client } = await accountantWithClient(10);
    await setLimit(client.id, headers, 2);
    const answers = await Promise.all(Array.from({ length: 5 }, () => drop(client.id, headers, 1)));
    expect(answers.map((res) => res.status).sort()).toEqual([202, 202, 422, 422, 422]);
    const kept = await ctx.db.select().from(documents).where(eq(documents.clientId, client.id));
    expect(kept).toHaveLength(2);
  });

  it('refuses every drop when the limit is 0', async () => {
    const { headers, client } = await accountantWithClient(5);
    await setLimit(client.id, headers, 0);
    const res = await drop(client.id, headers, 1);
    expect(res.status).toBe(422);
    expect((await bodyOf(res)).error.details).toEqual({ limit: 0, used: 0, remaining: 0 });
  });
});
