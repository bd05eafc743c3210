import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { signAccessToken } from '../../access/tokens';
import {
  checkouts,
  clients,
  documentSplits,
  documents,
  invoices,
  mailOutbox,
  retentionLog,
  subscriptions,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import { seedDocuments } from '../review/seed';
import { splitKey } from '../uploads/split';
import { enforceRetention, retentionDaysFor } from './service';

const DAY = 864e5;

describe(`retention (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** An owner with a client and documents of the given ages (days), each with its file and invoice. */
  async function ownerWithDocuments(ages: number[], locale: 'en' | 'es' = 'es') {
    const { user } = await createSignedInUser(ctx, { locale });
    const clientId = newId();
    await ctx.db.insert(clients).values({ id: clientId, ownerUserId: user.id, name: 'Cliente' });
    const docs = [];
    for (const age of ages) {
      const fileKey = `originals/${newId()}.pdf`;
      await ctx.services.files.put(fileKey, new TextEncoder().encode('%PDF-1.4'));
      const [seeded] = await seedDocuments(ctx.db, { clientId, payerUserId: user.id }, [
        {
          filename: `${age}.pdf`,
          status: 'ready',
          fileKey,
          createdAt: new Date(Date.now() - age * DAY),
          invoice: { number: `F-${age}`, totalCents: 1000 },
        },
      ]);
      docs.push({ ...seeded!, fileKey, age });
    }
    return { user, docs };
  }

  async function buyPack(userId: string, packId: 'small' | 'large') {
    await ctx.db.insert(checkouts).values({
      id: newId(),
      userId,
      packId,
      planId: packId,
      credits: 1,
      amountCents: 600,
      currency: 'eur',
      provider: 'local',
      status: 'paid',
      settledAt: new Date(Date.now() - 60 * DAY),
      returnTo: '/user',
      cancelTo: '/user',
    });
  }

  const fileExists = (key: string) =>
    ctx.services.files.get(key).then(
      () => true,
      () => false,
    );
  const mailsTo = (email: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  it('warns once 7 days ahead, then deletes only the documents past the plan’s retention, and logs it', async () => {
    const { user, docs } = await ownerWithDocuments([40, 5]);
    await buyPack(user.id, 'small'); // 30 days
    const [old, recent] = docs;
    expect(await retentionDaysFor(ctx.db, user.id)).toBe(30);

    const now = new Date();
    expect(await enforceRetention(ctx.services, now)).toMatchObject({ deleted: 0 });
    await enforceRetention(ctx.services, new Date(now.getTime() + 3600_000));
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1); // once, not on every run
    expect(mails[0]!.subject).toBe('Uno de tus documentos se eliminará dentro de 7 días');
    expect(mails[0]!.text).toContain('30 días');
    expect(await fileExists(old!.fileKey)).toBe(true); // warned, not yet deleted

    const week = new Date(now.getTime() + 7 * DAY + 60_000);
    expect(await enforceRetention(ctx.services, week)).toMatchObject({ deleted: 1 });
    expect(await fileExists(old!.fileKey)).toBe(false);
    expect(await ctx.db.select().from(documents).where(eq(documents.id, old!.documentId))).toEqual([]);
    expect(await ctx.db.select().from(invoices).where(eq(invoices.id, old!.invoiceId!))).toEqual([]);

    // The 12-day-old document stays, with its file and invoice.
    expect(await fileExists(recent!.fileKey)).toBe(true);
    expect(await ctx.db.select().from(invoices).where(eq(invoices.id, recent!.invoiceId!))).toHaveLength(1);

    const log = await ctx.db.select().from(retentionLog).where(eq(retentionLog.userId, user.id));
    expect(log).toEqual([
      expect.objectContaining({
        documentId: old!.documentId,
        retentionDays: 30,
        deleted: ['original', 'extracted'],
      }),
    ]);
  });

  it('deletes a cut PDF’s whole file only with the last invoice cut from it', async () => {
    const { user, docs } = await ownerWithDocuments([40, 5]);
    await buyPack(user.id, 'small');
    const [old, recent] = docs;
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, old!.documentId));
    const clientId = row!.clientId;
    const splitId = newId();
    await ctx.services.files.put(splitKey(splitId), new TextEncoder().encode('%PDF-1.4'));
    await ctx.db
      .insert(documentSplits)
      .values({ id: splitId, clientId, filename: 'lote.pdf', fileKey: splitKey(splitId), pageCount: 2 });
    const ids = [old!.documentId, recent!.documentId];
    await ctx.db.update(documents).set({ splitId }).where(inArray(documents.id, ids));

    const now = new Date();
    await enforceRetention(ctx.services, now);
    await enforceRetention(ctx.services, new Date(now.getTime() + 7 * DAY + 60_000));
    expect(await fileExists(old!.fileKey)).toBe(false);
    expect(await fileExists(splitKey(splitId))).toBe(true); // the other invoice still needs it

    const later = new Date(now.getTime() + 30 * DAY);
    await enforceRetention(ctx.services, later);
    await enforceRetention(ctx.services, new Date(later.getTime() + 7 * DAY + 60_000));
    expect(await fileExists(recent!.fileKey)).toBe(false);
    expect(await fileExists(splitKey(splitId))).toBe(false);
    expect(await ctx.db.select().from(documentSplits).where(eq(documentSplits.id, splitId))).toEqual([]);
  });

  it('keeps a Facturae batch’s shared file until its last invoice is deleted, and serves it meanwhile', async () => {
    // A `lote` of several invoices: one stored file, one document and invoice per entry (extraction.ts).
    // The entries are written when the file is read, so their ages can straddle a retention run.
    const { user, docs } = await ownerWithDocuments([40, 5]);
    await buyPack(user.id, 'small'); // 30 days
    const [first, later] = docs;
    await ctx.services.files.delete(later!.fileKey);
    await ctx.db
      .update(documents)
      .set({ fileKey: first!.fileKey, mediaType: 'application/xml' })
      .where(inArray(documents.id, [first!.documentId, later!.documentId]));
    const [laterInvoice] = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.documentId, later!.documentId));
    const token = await signAccessToken(ctx.services.auth.accessKey, {
      userId: user.id,
      version: user.tokenVersion,
    });
    const original = () =>
      ctx.request(`/api/v1/invoices/${laterInvoice!.id}/file`, {
        headers: { authorization: `Bearer ${token}` },
      });

    const now = new Date();
    await enforceRetention(ctx.services, now);
    await enforceRetention(ctx.services, new Date(now.getTime() + 7 * DAY + 60_000));
    expect(await ctx.db.select().from(documents).where(eq(documents.id, first!.documentId))).toEqual([]);
    expect(await fileExists(first!.fileKey)).toBe(true); // the batch’s other invoice still needs it
    expect((await original()).status).toBe(200);
    const [firstLog] = await ctx.db
      .select()
      .from(retentionLog)
      .where(eq(retentionLog.documentId, first!.documentId));
    expect(firstLog?.deleted).toEqual(['extracted']);

    const next = new Date(now.getTime() + 30 * DAY);
    await enforceRetention(ctx.services, next);
    await enforceRetention(ctx.services, new Date(next.getTime() + 7 * DAY + 60_000));
    expect(await fileExists(first!.fileKey)).toBe(false);
    const [lastLog] = await ctx.db
      .select()
      .from(retentionLog)
      .where(eq(retentionLog.documentId, later!.documentId));
    expect(lastLog?.deleted).toEqual(['original', 'extracted']);
  });

  it('keeps a subscriber’s documents for their plan’s 730 days, and a new user’s for the default', async () => {
    const subscriber = await ownerWithDocuments([40, 400], 'en');
    await buyPack(subscriber.user.id, 'small');
    await ctx.db.insert(subscriptions).values({
      id: newId(),
      userId: subscriber.user.id,
      planId: 'business-monthly',
      provider: 'local',
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 30 * DAY),
    });
    const newcomer = await ownerWithDocuments([100]);
    expect(await retentionDaysFor(ctx.db, subscriber.user.id)).toBe(730);
    expect(await retentionDaysFor(ctx.db, newcomer.user.id)).toBe(730);

    const now = new Date();
    await enforceRetention(ctx.services, now);
    await enforceRetention(ctx.services, new Date(now.getTime() + 8 * DAY));
    const ids = [...subscriber.docs, ...newcomer.docs].map((d) => d.documentId);
    expect(await ctx.db.select().from(documents).where(inArray(documents.id, ids))).toHaveLength(3);
    expect(await mailsTo(subscriber.user.email)).toEqual([]);
    expect(await mailsTo(newcomer.user.email)).toEqual([]);
  });

  it('gives a week’s notice even when the retention shrinks overnight', async () => {
    const { user, docs } = await ownerWithDocuments([200], 'en');
    await buyPack(user.id, 'large'); // 90 days, and the document is already 200 days old
    const now = new Date();
    await enforceRetention(ctx.services, now);
    expect(await fileExists(docs[0]!.fileKey)).toBe(true);
    const [mail] = await mailsTo(user.email);
    expect(mail?.subject).toBe('One of your documents will be deleted in 7 days');
    await enforceRetention(ctx.services, new Date(now.getTime() + 6 * DAY));
    expect(await fileExists(docs[0]!.fileKey)).toBe(true);
    await enforceRetention(ctx.services, new Date(now.getTime() + 7 * DAY + 60_000));
    expect(await fileExists(docs[0]!.fileKey)).toBe(false);
  });
});
