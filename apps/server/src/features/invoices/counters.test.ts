import { readFileSync } from 'node:fs';
import { grossIncomeCents, type VatLine } from '@cuadra/shared';
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
import { clientCounters, clients, invoices } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';

const GOLDEN = new URL('../../../../../packages/extract/test/fixtures/golden/', import.meta.url);
const PDFS = ['classic-recargo.pdf', 'modern-freelancer-irpf.pdf'].map((name) => ({
  name,
  bytes: readFileSync(new URL(name, GOLDEN)),
}));

/**
 * The invoice list's head and the client list read each client's counters, which the database keeps as
 * invoices change (schema.ts `clientCounters`). They must say what the rows say after writers that ran at
 * the same time — on PostgreSQL really at once (TEST_DB=postgres), on PGlite one after another.
 */
describe(`a client's counters under concurrent writes (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
  });
  afterAll(() => ctx.close());

  /** What the rows of the client say, computed here from the rows with the shared definition. */
  async function truthOf(clientId: string) {
    const rows = await ctx.db
      .select({
        type: invoices.type,
        taxBaseCents: invoices.taxBaseCents,
        vatBreakdown: invoices.vatBreakdown,
        checked: invoices.checked,
      })
      .from(invoices)
      .where(eq(invoices.clientId, clientId));
    return {
      documents: rows.length,
      needsReview: rows.filter((row) => !row.checked).length,
      grossIncomeCents: grossIncomeCents(
        rows.map((row) => ({ ...row, vatBreakdown: row.vatBreakdown as VatLine[] })),
      ),
    };
  }

  /** What the user sees: the invoice page's head and the client's row of the client list. */
  async function shownFor(headers: Record<string, string>, clientId: string) {
    const page = await bodyOf(await ctx.request(`/api/v1/clients/${clientId}/invoices`, { headers }));
    const list = await bodyOf(await ctx.request('/api/v1/clients?limit=100', { headers }));
    const row = list.items.find((c: { id: string }) => c.id === clientId);
    return {
      documents: row.documents,
      needsReview: row.needsReview,
      grossIncomeCents: page.grossIncomeCents,
      needsReviewCount: page.needsReviewCount,
    };
  }

  /** One invoice as the settle step writes it: its own transaction, like each uploaded document's. */
  const invoiceValues = (clientId: string, i: number) => ({
    id: newId(),
    clientId,
    type: i % 2 === 0 ? ('issued' as const) : ('received' as const),
    number: `C-${i}`,
    issueDate: '2026-04-01',
    recipientName: 'Bar Sol',
    // Every third issued one states no base: its breakdown's bases count instead.
    taxBaseCents: i % 3 === 0 ? null : 1000 + i,
    vatBreakdown: [{ rate: '21', baseCents: 1000 + i, vatCents: 210 }],
    totalCents: 1210 + i,
    checked: i % 4 === 0,
  });

  it('match the rows after two uploads, and many inserts, saves and deletes, all at once', async () => {
    const owner = await createSignedInUser(ctx);
    await grantCredits(ctx.db, owner.user.id, 10, 'grant', `test:${owner.user.id}`);
    const [client, other] = await Promise.all(
      ['Lucía Romero', 'Bar Sol SL'].map(
        async (name) => (await insertClient(ctx.db, { ownerUserId: owner.user.id, name, taxId: null }))!,
      ),
    );
    const empty = await shownFor(owner.headers, client!.id);
    expect(empty).toEqual({ documents: 0, needsReview: 0, grossIncomeCents: 0, needsReviewCount: 0 });

    // Two uploads at once, each read and settled by the workers.
    const batches = await Promise.all(
      PDFS.map(async (pdf) => {
        const body = new FormData();
        body.append('files[]', new Blob([pdf.bytes]), pdf.name);
        const res = await ctx.request(`/api/v1/clients/${client!.id}/uploads`, {
          method: 'POST',
          headers: owner.headers,
          body,
        });
        expect(res.status).toBe(202);
        return (await bodyOf(res)).batchId as string;
      }),
    );
    for (const batchId of batches) {
      await eventually(async () => {
        const b = await bodyOf(await ctx.request(`/api/v1/uploads/${batchId}`, { headers: owner.headers }));
        return b.pendingCount === 0 ? b : undefined;
      }, 120_000);
    }
    const afterUploads = await truthOf(client!.id);
    expect(afterUploads.documents).toBe(2);

    // Twenty writers at once in two clients, then saves and deletes through the API alongside more writers.
    const first = Array.from({ length: 20 }, (_, i) =>
      invoiceValues(i % 5 === 0 ? other!.id : client!.id, i),
    );
    await Promise.all(first.map((values) => ctx.db.transaction((tx) => tx.insert(invoices).values(values))));
    const mine = first.filter((values) => values.clientId === client!.id);
    const toDelete = mine.slice(0, 4);
    const toCheck = mine.filter((values) => !values.checked).slice(-3);
    const results = await Promise.all([
      ...toDelete.map((values) =>
        ctx.request(`/api/v1/invoices/${values.id}`, { method: 'DELETE', headers: owner.headers }),
      ),
      ...toCheck.map(async (values) => {
        const invoice = await bodyOf(
          await ctx.request(`/api/v1/invoices/${values.id}`, { headers: owner.headers }),
        );
        return ctx.request(`/api/v1/invoices/${values.id}?confirmFigures=true`, {
          method: 'PUT',
          headers: { ...owner.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ ...invoice, type: 'issued', taxBaseCents: 5000 }),
        });
      }),
      ...Array.from({ length: 10 }, (_, i) =>
        ctx.db.transaction((tx) => tx.insert(invoices).values(invoiceValues(client!.id, 100 + i))),
      ),
    ]);
    for (const res of results)
      if (res instanceof Response) expect(res.status, await res.text()).toBeLessThan(300);

    const truth = await truthOf(client!.id);
    // 2 uploads + 16 + 10 inserted, 4 deleted; 3 saved as checked issued invoices with a base of 50 €.
    expect(truth.documents).toBe(24);
    expect(await shownFor(owner.headers, client!.id)).toEqual({
      ...truth,
      needsReviewCount: truth.needsReview,
    });
    const otherTruth = await truthOf(other!.id);
    expect(otherTruth.documents).toBe(4);
    expect(await shownFor(owner.headers, other!.id)).toEqual({
      ...otherTruth,
      needsReviewCount: otherTruth.needsReview,
    });

    // A client deleted with its invoices takes its counters along, and nothing brings them back.
    await ctx.db.delete(clients).where(eq(clients.id, other!.id));
    expect(await ctx.db.select().from(clientCounters).where(eq(clientCounters.clientId, other!.id))).toEqual(
      [],
    );
  }, 180_000);
});
