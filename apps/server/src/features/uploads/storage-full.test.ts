import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { invoicesPdf } from '../../../test/invoices-pdf';
import { creditBalances } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';

const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });

describe(`a full disk while a document is read (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
  });
  afterAll(() => ctx.close());

  it('fails the document as STORAGE_FULL at once and releases its held credit, without retrying', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 2, 'grant', `test:${user.id}`);
    const client = (await insertClient(ctx.db, { ownerUserId: user.id, name: 'Ana', taxId: null }))!;
    // The engine's scratch writes hit the full disk (in an extraction process, the error's code travels).
    const extract = vi.spyOn(ctx.services.extractor, 'extract').mockRejectedValue(enospc());
    try {
      const body = new FormData();
      body.append('files[]', new Blob([await invoicesPdf(['D-1'])]), 'factura.pdf');
      const res = await ctx.request(`/api/v1/clients/${client.id}/uploads`, {
        method: 'POST',
        headers,
        body,
      });
      expect(res.status).toBe(202);
      const { batchId } = await bodyOf(res);
      const done = await eventually(async () => {
        const batch = await bodyOf(await ctx.request(`/api/v1/uploads/${batchId}`, { headers }));
        return batch.pendingCount === 0 ? batch : undefined;
      }, 10_000);
      expect(done.documents).toMatchObject([{ status: 'failed', errorCode: 'STORAGE_FULL' }]);
      // Released on the first attempt: the job's retries (seconds apart) would have held it meanwhile.
      expect(extract).toHaveBeenCalledTimes(1);
    } finally {
      extract.mockRestore();
    }
    const [balance] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, user.id));
    expect(balance).toMatchObject({ available: 2, reserved: 0 });
  }, 30_000);
});
