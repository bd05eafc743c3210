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
import { documents, invoices } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertClient } from '../clients/repo';
import { findClientStats } from '../clients/stats';
import { grantCredits } from '../credits/ledger';

const PDF = readFileSync(
  new URL('../../../../../packages/extract/test/fixtures/golden/classic-recargo.pdf', import.meta.url),
);

describe(`a client's invoices (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
  });
  afterAll(() => ctx.close());

  async function setUp() {
    const owner = await createSignedInUser(ctx);
    await grantCredits(ctx.db, owner.user.id, 7, 'grant', `test:${owner.user.id}`);
    const client = (await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Lucía Romero',
      taxId: '12345678Z',
    }))!;
    const add = async (values: Partial<typeof invoices.$inferInsert>) => {
      const id = newId();
      await ctx.db.insert(invoices).values({ id, clientId: client.id, ...values });
      return id;
    };
    const ids = {
      march: await add({
        type: 'issued',
        number: 'A-2',
        issueDate: '2026-03-10',
        recipientName: 'Bar Sol',
        taxBaseCents: 10000,
        totalCents: 12100,
        checked: true,
      }),
      january: await add({
        type: 'issued',
        number: 'A-1',
        issueDate: '2026-01-05',
        recipientName: 'Zapatería Luz',
        vatBreakdown: [{ rate: '21', baseCents: 50000, vatCents: 10500 }],
        totalCents: 60500,
      }),
      received: await add({
        type: 'received',
        number: 'F-77',
        issueDate: '2026-02-01',
        issuerName: 'Alquileres Norte',
        totalCents: 30000,
        checked: true,
      }),
      undated: await add({ number: 'X', issuerName: 'Desconocido', totalCents: null }),
    };
    return { owner, client, ids };
  }
  const list = (clientId: string, headers: Record<string, string>, query = '') =>
    ctx.request(`/api/v1/clients/${clientId}/invoices${query}`, { headers });

  it('lists newest first with nulls last, sorts on the server, and sums the issued invoices', async () => {
    const { owner, client, ids } = await setUp();
    const res = await list(client.id, owner.headers);
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body.invoices.map((i: { id: string }) => i.id)).toEqual([
      ids.march,
      ids.received,
      ids.january,
      ids.undated,
    ]);
    expect(body).toMatchObject({ grossIncomeCents: 60000, needsReviewCount: 2, scansAvailable: 7 });
    expect(body.invoices[1]).toMatchObject({
      counterpartyName: 'Alquileres Norte',
      type: 'received',
      hasFile: false,
    });

    const byTotal = await bodyOf(await list(client.id, owner.headers, '?sort=total&order=asc'));
    expect(byTotal.invoices.map((i: { totalCents: number | null }) => i.totalCents)).toEqual([
      12100,
      30000,
      60500,
      null,
    ]);
    const byClient = await bodyOf(await list(client.id, owner.headers, '?sort=client&order=asc'));
    expect(byClient.invoices.map((i: { counterpartyName: string }) => i.counterpartyName)).toEqual([
      'Alquileres Norte',
      'Bar Sol',
      'Desconocido',
      'Zapatería Luz',
    ]);
    const firstQuarter = await bodyOf(await list(client.id, owner.headers, '?from=2026-01-01&to=2026-02-28'));
    expect(firstQuarter.invoices.map((i: { id: string }) => i.id)).toEqual([ids.received, ids.january]);
    expect((await list(client.id, owner.headers, '?sort=colour')).status).toBe(400);

    const stats = await findClientStats(ctx.db, [client.id]);
    expect(stats.get(client.id)).toEqual({ documents: 4, needsReview: 2, grossIncomeCents: 60000 });
  });

  describe('paging', () => {
    type Row = {
      id: string;
      type: string | null;
      number: string | null;
      issueDate: string | null;
      counterpartyName: string | null;
      totalCents: number | null;
    };
    const KEYS: Record<string, (row: Row) => string | number | null> = {
      date: (row) => row.issueDate,
      number: (row) => row.number?.toLowerCase() ?? null,
      client: (row) => row.counterpartyName?.toLowerCase() ?? null,
      total: (row) => row.totalCents,
      type: (row) => row.type,
    };

    /** A client whose invoices tie on every column and lack each one somewhere. */
    async function setUpMany() {
      const owner = await createSignedInUser(ctx);
      const client = (await insertClient(ctx.db, { ownerUserId: owner.user.id, name: 'Ana', taxId: null }))!;
      const values: Partial<typeof invoices.$inferInsert>[] = [
        { type: 'issued', number: 'B-2', issueDate: '2026-02-01', recipientName: 'Bar Sol', totalCents: 500 },
        { type: 'issued', number: 'b-2', issueDate: '2026-02-01', recipientName: 'bar sol', totalCents: 500 },
        { type: 'received', number: 'A-1', issueDate: '2026-02-01', issuerName: 'Casa Pan', totalCents: 100 },
        { type: 'received', number: 'C-9', issueDate: '2026-01-15', issuerName: 'Casa Pan', totalCents: 900 },
        { type: null, number: null, issueDate: null, totalCents: null },
        { type: null, number: 'D-1', issueDate: null, issuerName: 'Dora', totalCents: 100 },
        { type: 'issued', number: null, issueDate: '2026-03-01', recipientName: 'Bar Sol', totalCents: null },
        { type: 'received', number: 'A-1', issueDate: '2026-01-15', issuerName: 'Eva', totalCents: 900 },
        { type: null, number: null, issueDate: null, totalCents: null },
      ];
      for (const value of values) {
        await ctx.db.insert(invoices).values({ id: newId(), clientId: client.id, ...value });
      }
      return { owner, client, count: values.length };
    }

    async function allPages(clientId: string, headers: Record<string, string>, query: string, limit: number) {
      const rows: Row[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await list(
          clientId,
          headers,
          `?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.status).toBe(200);
        const body = await bodyOf(res);
        expect(body.invoices.length).toBeLessThanOrEqual(limit);
        rows.push(...body.invoices);
        cursor = body.nextCursor;
        pages += 1;
        expect(pages).toBeLessThan(50);
      } while (cursor);
      return rows;
    }

    it('pages every column both ways: nulls last, ties by id, the same rows as one page', async () => {
      const { owner, client, count } = await setUpMany();
      for (const sort of Object.keys(KEYS)) {
        for (const order of ['asc', 'desc'] as const) {
          const whole = await bodyOf(
            await list(client.id, owner.headers, `?sort=${sort}&order=${order}&limit=200`),
          );
          expect(whole.nextCursor).toBeNull();
          expect(whole.invoices).toHaveLength(count);
          const key = KEYS[sort]!;
          const keys = whole.invoices.map(key);
          // Nulls last, whatever the direction.
          const firstNull = keys.indexOf(null);
          if (firstNull >= 0) expect(keys.slice(firstNull).every((k: unknown) => k === null)).toBe(true);
          // Ordered on the key, and on the id (in the same direction) among equal keys.
          for (let i = 1; i < whole.invoices.length; i++) {
            const [a, b] = [whole.invoices[i - 1], whole.invoices[i]];
            const [ka, kb] = [key(a), key(b)];
            if (ka === null || kb === null || ka === kb) {
              if (ka === kb) expect(order === 'asc' ? a.id < b.id : a.id > b.id).toBe(true);
              continue;
            }
            expect(order === 'asc' ? ka < kb : ka > kb, `${sort} ${order}: ${ka} then ${kb}`).toBe(true);
          }
          for (const limit of [1, 2, 4]) {
            const paged = await allPages(client.id, owner.headers, `sort=${sort}&order=${order}`, limit);
            expect(
              paged.map((r) => r.id),
              `${sort} ${order} by ${limit}`,
            ).toEqual(whole.invoices.map((r: Row) => r.id));
          }
        }
      }
    });

    it('ends with a null cursor, and an empty page past the end; totals are the client’s', async () => {
      const { owner, client, count } = await setUpMany();
      const first = await bodyOf(await list(client.id, owner.headers, `?limit=${count - 1}`));
      expect(first.invoices).toHaveLength(count - 1);
      expect(first.nextCursor).toEqual(expect.any(String));
      // The totals are the client's, not the page's.
      expect(first.needsReviewCount).toBe(count);
      const last = await bodyOf(
        await list(client.id, owner.headers, `?limit=${count - 1}&cursor=${first.nextCursor}`),
      );
      expect(last.invoices).toHaveLength(1);
      expect(last.nextCursor).toBeNull();
      // The last row goes between two pages: the next page is empty and says it is the end.
      await ctx.db.delete(invoices).where(eq(invoices.id, last.invoices[0].id));
      const past = await bodyOf(
        await list(client.id, owner.headers, `?limit=${count - 1}&cursor=${first.nextCursor}`),
      );
      expect(past).toMatchObject({ invoices: [], nextCursor: null });
      expect((await list(client.id, owner.headers, '?limit=201')).status).toBe(400);
      expect((await list(client.id, owner.headers, '?limit=0')).status).toBe(400);
    });

    it('refuses a tampered cursor, or one of another sort, with 400 VALIDATION_FAILED', async () => {
      const { owner, client } = await setUpMany();
      const byTotal = await bodyOf(await list(client.id, owner.headers, '?sort=total&limit=2'));
      const cursor = byTotal.nextCursor as string;
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
      const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      for (const [query, why] of [
        ['?cursor=nonsense', 'not base64 JSON'],
        [`?cursor=${forged({ a: 1 })}`, 'not an array'],
        [`?sort=date&cursor=${cursor}`, 'another sort'],
        [`?sort=total&order=asc&cursor=${cursor}`, 'another order'],
        [
          `?sort=total&cursor=${forged([decoded[0], decoded[1], '1); drop table invoices; --', decoded[3]])}`,
          'a key that is no amount',
        ],
        [
          `?sort=total&cursor=${forged([decoded[0], decoded[1], decoded[2], 'not-a-uuid'])}`,
          'an id that is no uuid',
        ],
      ]) {
        const res = await list(client.id, owner.headers, query!);
        expect(res.status, why).toBe(400);
        expect((await bodyOf(res)).error).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: { cursor: 'invalid' },
        });
      }
      // Another accountant's cursor-carrying request finds no such client.
      const stranger = await createSignedInUser(ctx);
      expect((await list(client.id, stranger.headers, `?sort=total&cursor=${cursor}`)).status).toBe(404);
    });
  });

  it('saves the reviewed fields, marks the invoice checked and replaces its lines', async () => {
    const { owner, ids } = await setUp();
    const before = await bodyOf(
      await ctx.request(`/api/v1/invoices/${ids.january}`, { headers: owner.headers }),
    );
    expect(before).toMatchObject({ number: 'A-1', checked: false, items: [], file: null });

    const fields = {
      ...before,
      type: 'issued',
      number: 'A-1b',
      taxBaseCents: 50000,
      vatTotalCents: 10500,
      withholdingCents: null,
      totalCents: 60500,
      vatBreakdown: [{ rate: '21', baseCents: 50000, vatCents: 10500 }],
      items: [
        {
          description: 'Diseño de logotipo',
          quantity: '1',
          unitPriceCents: 50000,
          lineTotalCents: 50000,
          vatRate: '21',
          irpfRate: null,
        },
      ],
    };
    const saved = await ctx.request(`/api/v1/invoices/${ids.january}`, {
      method: 'PUT',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    expect(saved.status).toBe(200);
    expect(await bodyOf(saved)).toMatchObject({
      number: 'A-1b',
      checked: true,
      items: [{ description: 'Diseño de logotipo', unitPriceCents: 50000 }],
    });
  });

  it('refuses a save without a type, and a number that another invoice of the issuer already has', async () => {
    const { owner, ids } = await setUp();
    const put = (id: string, body: Record<string, unknown>) =>
      ctx.request(`/api/v1/invoices/${id}`, {
        method: 'PUT',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const current = await bodyOf(
      await ctx.request(`/api/v1/invoices/${ids.undated}`, { headers: owner.headers }),
    );
    const noType = await put(ids.undated, { ...current, type: null });
    expect(noType.status).toBe(400);
    expect((await bodyOf(noType)).error.details.issues[0].path).toBe('type');

    const base = { ...current, type: 'received', issuerTaxId: 'B12345674', number: 'R-1' };
    expect((await put(ids.undated, base)).status).toBe(200);
    const other = await bodyOf(
      await ctx.request(`/api/v1/invoices/${ids.received}`, { headers: owner.headers }),
    );
    const clash = await put(ids.received, { ...other, issuerTaxId: 'b-12345674', number: 'R-1' });
    expect(clash.status).toBe(409);
    expect((await bodyOf(clash)).error.code).toBe('INVOICE_DUPLICATE');
  });

  it('keeps invoices private: another accountant and anonymous callers get 404 and 401', async () => {
    const { client, ids } = await setUp();
    const stranger = await createSignedInUser(ctx);
    expect((await list(client.id, stranger.headers)).status).toBe(404);
    for (const path of [`/api/v1/invoices/${ids.march}`, `/api/v1/invoices/${ids.march}/file`]) {
      expect((await ctx.request(path, { headers: stranger.headers })).status, path).toBe(404);
      expect((await ctx.request(path)).status, path).toBe(401);
    }
    expect(
      (await ctx.request(`/api/v1/invoices/${ids.march}`, { method: 'DELETE', headers: stranger.headers }))
        .status,
    ).toBe(404);
  });

  it('serves the original safely, and deleting the invoice keeps the file', async () => {
    const { owner, client } = await setUp();
    const body = new FormData();
    body.append('files[]', new Blob([PDF]), 'factura «marzo».pdf');
    const batch = await bodyOf(
      await ctx.request(`/api/v1/clients/${client.id}/uploads`, {
        method: 'POST',
        headers: owner.headers,
        body,
      }),
    );
    const done = await eventually(async () => {
      const b = await bodyOf(
        await ctx.request(`/api/v1/uploads/${batch.batchId}`, { headers: owner.headers }),
      );
      return b.pendingCount === 0 ? b : undefined;
    }, 60_000);
    const invoiceId = done.documents[0].invoiceId;
    const invoice = await bodyOf(
      await ctx.request(`/api/v1/invoices/${invoiceId}`, { headers: owner.headers }),
    );
    expect(invoice.file).toEqual({ mediaType: 'application/pdf', filename: 'factura «marzo».pdf' });
    expect(Object.values(invoice.evidence).some((e) => (e as { box: unknown }).box !== null)).toBe(true);

    const file = await ctx.request(`/api/v1/invoices/${invoiceId}/file`, { headers: owner.headers });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(
      /^inline; filename="factura _marzo_.pdf"; filename\*=UTF-8''factura%20%C2%ABmarzo%C2%BB\.pdf$/,
    );
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    const download = await ctx.request(`/api/v1/invoices/${invoiceId}/file?download=1`, {
      headers: owner.headers,
    });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);

    expect(
      (await ctx.request(`/api/v1/invoices/${invoiceId}`, { method: 'DELETE', headers: owner.headers }))
        .status,
    ).toBe(204);
    expect((await ctx.request(`/api/v1/invoices/${invoiceId}`, { headers: owner.headers })).status).toBe(404);
    const [document] = await ctx.db.select().from(documents).where(eq(documents.id, done.documents[0].id));
    expect(document).toMatchObject({ invoiceId: null });
    expect(await ctx.services.files.get(document!.fileKey!)).toHaveLength(PDF.length);
  });
});
