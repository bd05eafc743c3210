import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { insertClient } from '../clients/repo';
import { evidenceOf, seedDocuments } from './seed';

// Issue 36 item 8: Enter accepted a receipt whose surcharge was €1,051 on a €2.99 total. Accepting (the
// desk's save, the edit page's save, bulk accept) refuses figures that do not add up, naming the figure,
// unless the accountant confirms in a second, explicit step.

const receipt = {
  type: 'received' as const,
  number: 'T-88',
  issueDate: '2026-02-03',
  currency: 'EUR',
  taxBaseCents: null,
  vatTotalCents: null,
  withholdingCents: null,
  surchargeCents: 105_100,
  totalCents: 299,
  evidence: evidenceOf({
    total: { confidence: 0.99, verified: true },
    surcharge_total: { confidence: 0.99, verified: true },
  }),
};

describe(`accepting figures that do not add up (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function seeded() {
    const owner = await createSignedInUser(ctx);
    const client = (await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Bar Sol',
      taxId: null,
    }))!;
    const docs = await seedDocuments(ctx.db, { clientId: client.id, payerUserId: owner.user.id }, [
      { filename: 'ticket.jpg', invoice: receipt },
      {
        filename: 'fine.pdf',
        invoice: {
          ...receipt,
          number: 'F-1',
          taxBaseCents: 10_000,
          vatTotalCents: 2_100,
          surchargeCents: null,
          totalCents: 12_100,
          vatBreakdown: [{ rate: '21', baseCents: 10_000, vatCents: 2_100 }],
        },
      },
    ]);
    return { owner, docs };
  }
  const fieldsOf = (invoice: Record<string, unknown>) => {
    const {
      id: _id,
      clientId: _c,
      checked: _k,
      evidence: _e,
      file: _f,
      extractionWarnings: _w,
      createdAt: _t,
      documentId: _d,
      ...rest
    } = invoice;
    return rest;
  };

  it('bulk accept skips them and names them, and takes them only when confirmed', async () => {
    const { owner, docs } = await seeded();
    const [ticket, fine] = docs;
    const post = (body: unknown) =>
      ctx.request('/api/v1/review-queue/accept', {
        method: 'POST',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await bodyOf(await post({ ids: [ticket!.documentId, fine!.documentId] }))).toEqual({
      accepted: [fine!.documentId],
      skipped: [ticket!.documentId],
      figuresDisagree: [ticket!.documentId],
    });
    expect(await bodyOf(await post({ ids: [ticket!.documentId], confirmFigures: true }))).toEqual({
      accepted: [ticket!.documentId],
      skipped: [],
      figuresDisagree: [],
    });
  });

  it('a save names the figure that is wrong, and goes through only with the confirmation', async () => {
    const { owner, docs } = await seeded();
    const id = docs[0]!.invoiceId!;
    const shown = await bodyOf(await ctx.request(`/api/v1/invoices/${id}`, { headers: owner.headers }));
    const put = (query = '') =>
      ctx.request(`/api/v1/invoices/${id}${query}`, {
        method: 'PUT',
        headers: { ...owner.headers, 'content-type': 'application/json', 'accept-language': 'es' },
        body: JSON.stringify(fieldsOf(shown)),
      });
    const refused = await put();
    expect(refused.status).toBe(422);
    const body = await bodyOf(refused);
    expect(body.error.code).toBe('TOTAL_MISMATCH');
    expect(body.error.details.mismatches).toEqual([
      { field: 'surchargeCents', valueCents: 105_100, expectedCents: 18 },
    ]);
    const after = await bodyOf(await ctx.request(`/api/v1/invoices/${id}`, { headers: owner.headers }));
    expect(after.checked).toBe(false);

    const confirmed = await put('?confirmFigures=true');
    expect(confirmed.status).toBe(200);
    expect((await bodyOf(confirmed)).checked).toBe(true);
  });

  it('names a VAT that is not base × rate', async () => {
    const { owner, docs } = await seeded();
    const id = docs[1]!.invoiceId!;
    const shown = await bodyOf(await ctx.request(`/api/v1/invoices/${id}`, { headers: owner.headers }));
    const wrong = {
      ...fieldsOf(shown),
      vatBreakdown: [{ rate: '10', baseCents: 10_000, vatCents: 2_100 }],
    };
    const res = await ctx.request(`/api/v1/invoices/${id}`, {
      method: 'PUT',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify(wrong),
    });
    expect(res.status).toBe(422);
    const body = await bodyOf(res);
    expect(body.error.code).toBe('VAT_RATE_MISMATCH');
    expect(body.error.details.mismatches).toEqual([
      { field: 'lineVatCents', line: 0, valueCents: 2_100, expectedCents: 1_000 },
    ]);
  });
});
