import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { HEALTH_P99_MS, MAX_GROWTH_BYTES, watchApi } from '../../../test/health-probe';
import { hostilePdf } from '../../../test/hostile-files';
import { invoicesPdf } from '../../../test/invoices-pdf';
import { creditBalances } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';
import { PARSE_LIMITS, pdfSandboxPids, warmPdfSandbox } from './pdf-sandbox';

function form(name: string, bytes: Uint8Array) {
  const body = new FormData();
  body.append('files[]', new Blob([bytes]), name);
  return body;
}

describe(`a hostile PDF is read away from the API (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { UPLOAD_MAX_FILE_BYTES: String(4 * 1024 * 1024) } });
    // As `main.ts` does at start-up: the first PDF does not wait for a sandbox to load.
    await warmPdfSandbox();
  });
  afterAll(() => ctx.close());

  async function accountant(credits: number) {
    const signedIn = await createSignedInUser(ctx);
    await grantCredits(ctx.db, signedIn.user.id, credits, 'grant', `test:${signedIn.user.id}`);
    const client = await insertClient(ctx.db, {
      ownerUserId: signedIn.user.id,
      name: 'Cliente',
      taxId: null,
    });
    return { ...signedIn, client: client! };
  }

  const balance = async (userId: string) =>
    (await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, userId)))[0];

  /** Uploads `bytes` while the API is watched (`watchApi`): the answer, health's p99 and memory growth. */
  async function uploadWatched(name: string, bytes: Uint8Array) {
    const { user, headers, client } = await accountant(3);
    const { work, idle, busy, growth } = await watchApi(ctx, name, async () =>
      ctx.request(`/api/v1/clients/${client.id}/uploads`, {
        method: 'POST',
        headers,
        body: form(name, bytes),
      }),
    );
    return { user, res: await work, idle, busy, growth };
  }

  it('refuses a small PDF whose content stream inflates to 300 MB, free, while health answers at once', async () => {
    const bytes = await hostilePdf({ pages: 2, contentBytes: 300 * 1024 * 1024 });
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const { user, res, idle, busy, growth } = await uploadWatched('bomb.pdf', bytes);
    expect(res.status).toBe(202);
    const batch = await bodyOf(res);
    expect(batch.documents).toMatchObject([{ status: 'failed', errorCode: 'DOCUMENT_TOO_COMPLEX' }]);
    expect(await balance(user.id)).toMatchObject({ available: 3, reserved: 0 });
    expect(busy).toBeLessThanOrEqual(idle + HEALTH_P99_MS);
    expect(growth).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
  }, 180_000);

  it('refuses a PDF of three 10,000 × 10,000 images the same way', async () => {
    const bytes = await hostilePdf({ pages: 2, images: 3 });
    expect(bytes.length).toBeLessThan(100 * 1024);
    const { user, res, idle, busy, growth } = await uploadWatched('images.pdf', bytes);
    expect((await bodyOf(res)).documents).toMatchObject([
      { status: 'failed', errorCode: 'DOCUMENT_TOO_COMPLEX' },
    ]);
    expect(await balance(user.id)).toMatchObject({ available: 3, reserved: 0 });
    expect(busy).toBeLessThanOrEqual(idle + HEALTH_P99_MS);
    expect(growth).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
  }, 180_000);

  it('kills a sandbox past its memory limit, refuses its file, and reads the next file in a new one', async () => {
    const { user, headers, client } = await accountant(5);
    const pdf = await invoicesPdf(['F-1', 'F-2']);
    const upload = () =>
      ctx.request(`/api/v1/clients/${client.id}/uploads`, {
        method: 'POST',
        headers,
        body: form('two.pdf', pdf),
      });
    const saved = PARSE_LIMITS.rssBytes;
    PARSE_LIMITS.rssBytes = 1; // any process is over it
    let refused: Response;
    try {
      refused = await upload();
    } finally {
      PARSE_LIMITS.rssBytes = saved;
    }
    expect((await bodyOf(refused)).documents).toMatchObject([
      { status: 'failed', errorCode: 'DOCUMENT_TOO_COMPLEX' },
    ]);
    expect(await balance(user.id)).toMatchObject({ available: 5, reserved: 0 });
    const pids = pdfSandboxPids();
    const cut = await bodyOf(await upload());
    expect(cut.documents.map((d: { status: string }) => d.status)).toEqual(['queued', 'queued']);
    expect(pdfSandboxPids()).not.toEqual(pids);
  }, 180_000);
});
