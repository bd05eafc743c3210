import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { invoicesPdf } from '../../../test/invoices-pdf';
import { documentSplits, documents, uploadBatches } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertClient } from '../clients/repo';
import { findAllowance, grantCredits } from '../credits/ledger';
import { fileKey } from './intake';
import { splitKey } from './split';

describe(`concurrent edits of one split (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** A PDF of four pages already cut into three read invoices (pages 1 | 2-3 | 4), as an upload leaves it. */
  async function cutPdfOfThree() {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 10, 'grant', `test:${user.id}`);
    const client = (await insertClient(ctx.db, {
      ownerUserId: user.id,
      name: 'Andrés Navarro Gil',
      taxId: null,
    }))!;
    const batchId = newId();
    await ctx.db
      .insert(uploadBatches)
      .values({ id: batchId, clientId: client.id, uploadedByUserId: user.id });
    const splitId = newId();
    await ctx.services.files.put(splitKey(splitId), await invoicesPdf(['A-101', 'A-102', null, 'A-103']));
    await ctx.db.insert(documentSplits).values({
      id: splitId,
      clientId: client.id,
      filename: 'lote.pdf',
      fileKey: splitKey(splitId),
      pageCount: 4,
    });
    const parts = [
      [1, 1],
      [2, 3],
      [4, 4],
    ].map(([pageFrom, pageTo]) => ({ id: newId(), pageFrom: pageFrom!, pageTo: pageTo! }));
    for (const part of parts) {
      await ctx.services.files.put(fileKey(part.id), new Uint8Array([37, 80, 68, 70]));
      await ctx.db.insert(documents).values({
        id: part.id,
        batchId,
        clientId: client.id,
        payerUserId: user.id,
        filename: `lote (p. ${part.pageFrom}-${part.pageTo}).pdf`,
        mediaType: 'application/pdf',
        sizeBytes: 4,
        sha256: part.id,
        fileKey: fileKey(part.id),
        status: 'needs_review',
        splitId,
        pageFrom: part.pageFrom,
        pageTo: part.pageTo,
      });
    }
    return { user, headers, splitId, parts };
  }

  it('cuts the pages once when five identical edits arrive together', async () => {
    const { user, headers, splitId, parts } = await cutPdfOfThree();
    const before = await findAllowance(ctx.db, user.id);
    const move = () =>
      ctx.json(
        `/api/v1/documents/${parts[0]!.id}/split`,
        {
          parts: [
            { pageFrom: 1, pageTo: 1 },
            { pageFrom: 2, pageTo: 2 },
            { pageFrom: 3, pageTo: 4 },
          ],
        },
        { method: 'PUT', headers },
      );
    const answers = await Promise.all([move(), move(), move(), move(), move()]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);

    // One edit's replacements: the untouched first part and two new cuts, each held for once.
    const rows = await ctx.db.select().from(documents).where(eq(documents.splitId, splitId));
    expect(rows.map((row) => [row.pageFrom, row.pageTo]).sort()).toEqual([
      [1, 1],
      [2, 2],
      [3, 4],
    ]);
    expect(rows.filter((row) => !parts.some((part) => part.id === row.id))).toHaveLength(2);
    // Two refunds of the old cuts, two holds for the new ones: the allowance is where it was.
    expect(await findAllowance(ctx.db, user.id)).toEqual(before);
  }, 60_000);
});
