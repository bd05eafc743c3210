import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { creditBalances, documents } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';

const GOLDEN = new URL('../../../../../packages/extract/test/fixtures/golden/', import.meta.url);
const PNG = readFileSync(new URL('classic-png.png', GOLDEN));
const JPG = readFileSync(new URL('modern-scan.jpg', GOLDEN));

describe(`photos from the phone (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
  });
  afterAll(() => ctx?.close());

  const post = (
    clientId: string,
    headers: Record<string, string>,
    files: { name: string; bytes: Buffer }[],
  ) => {
    const form = new FormData();
    for (const file of files) form.append('files[]', new Blob([file.bytes]), file.name);
    return ctx.request(`/api/v1/clients/${clientId}/photos`, { method: 'POST', headers, body: form });
  };

  it('makes several shots one document (a PDF, a page per shot), held and charged as one', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 2, 'grant', `test:${user.id}`);
    const client = await insertClient(ctx.db, { ownerUserId: user.id, name: 'Bar Pepe', taxId: null });
    const res = await post(client!.id, headers, [
      { name: 'shot-1.jpg', bytes: JPG },
      { name: 'shot-2.png', bytes: PNG },
    ]);
    expect(res.status).toBe(202);
    const batch = await bodyOf(res);
    expect(batch.documents).toHaveLength(1);
    expect(batch.documents[0].filename).toMatch(/^photos .*\.pdf$/);

    const [doc] = await ctx.db.select().from(documents).where(eq(documents.id, batch.documents[0].id));
    expect(doc?.mediaType).toBe('application/pdf');
    const pdf = await PDFDocument.load(await ctx.services.files.get(doc!.fileKey!));
    expect(pdf.getPageCount()).toBe(2);

    const settled = await eventually(async () => {
      const [row] = await ctx.db.select().from(documents).where(eq(documents.id, doc!.id));
      return row && row.status !== 'queued' && row.status !== 'processing' ? row : undefined;
    }, 120_000);
    const [balance] = await ctx.db.select().from(creditBalances).where(eq(creditBalances.userId, user.id));
    expect(balance?.reserved).toBe(0);
    expect(balance?.available).toBe(settled.status === 'needs_review' ? 1 : 2);
  }, 150_000); // two pages of OCR on a shared machine

  it('refuses anything but JPEG and PNG, and a client of someone else', async () => {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 1, 'grant', `test:${user.id}`);
    const client = await insertClient(ctx.db, { ownerUserId: user.id, name: 'Bar Pepe', taxId: null });
    const text = await post(client!.id, headers, [{ name: 'a.txt', bytes: Buffer.from('hello') }]);
    expect(text.status).toBe(415);
    const other = await createSignedInUser(ctx);
    expect((await post(client!.id, other.headers, [{ name: 'a.png', bytes: PNG }])).status).toBe(404);
  });
});
