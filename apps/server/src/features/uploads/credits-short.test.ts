import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { creditBalances } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';

const XML = readFileSync(
  new URL('../../../../../packages/extract/test/fixtures/xml/facturae-iva-ipsi-recargo.xml', import.meta.url),
  'utf8',
);
/** Five different invoices of one supplier. */
const invoiceFile = (n: number) => ({
  name: `factura-${n}.xml`,
  bytes: Buffer.from(
    XML.replace('<InvoiceNumber>101</InvoiceNumber>', `<InvoiceNumber>${200 + n}</InvoiceNumber>`).replace(
      '<IssueDate>2025-03-10</IssueDate>',
      `<IssueDate>2025-03-1${n}</IssueDate>`,
    ),
  ),
});

describe(`more files than credits (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
  });
  afterAll(() => ctx.close());

  it('uploads the first files the credits cover and says the others wait (issue 36 item 20)', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 3, 'grant', `test:${user.id}`);
    const client = (await insertClient(ctx.db, { ownerUserId: user.id, name: 'Ana', taxId: null }))!;
    const body = new FormData();
    for (const n of [1, 2, 3, 4, 5]) {
      const file = invoiceFile(n);
      body.append('files[]', new Blob([file.bytes]), file.name);
    }
    const res = await ctx.request(`/api/v1/clients/${client.id}/uploads`, {
      method: 'POST',
      headers: { ...headers, 'accept-language': 'es' },
      body,
    });
    expect(res.status).toBe(202);
    const { batchId } = await bodyOf(res);
    const done = await eventually(async () => {
      const batch = await bodyOf(await ctx.request(`/api/v1/uploads/${batchId}`, { headers }));
      return batch.pendingCount === 0 ? batch : undefined;
    }, 60_000);
    expect(
      done.documents.map((d: { filename: string; status: string; errorCode: string | null }) => [
        d.filename,
        d.status,
        d.errorCode,
      ]),
    ).toEqual([
      ['factura-1.xml', 'needs_review', null],
      ['factura-2.xml', 'needs_review', null],
      ['factura-3.xml', 'needs_review', null],
      ['factura-4.xml', 'failed', 'WAITING_FOR_CREDITS'],
      ['factura-5.xml', 'failed', 'WAITING_FOR_CREDITS'],
    ]);
    const [balance] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, user.id));
    expect(balance).toMatchObject({ available: 0, reserved: 0 });
  });
});
