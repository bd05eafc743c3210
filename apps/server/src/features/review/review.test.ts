import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  eventually,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';
import { applySupplierMemory } from './memory';
import { evidenceOf, seedDocuments } from './seed';

const PDF = readFileSync(
  new URL('../../../../../packages/extract/test/fixtures/golden/classic-recargo.pdf', import.meta.url),
);

describe(`the review desk (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
  });
  afterAll(() => ctx.close());

  async function accountantWithClients() {
    const owner = await createSignedInUser(ctx);
    const lucia = (await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Lucía Romero',
      taxId: '12345678Z',
    }))!;
    const nandu = (await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Ñandú Servicios SL',
      taxId: 'B12345674',
    }))!;
    return { owner, lucia, nandu };
  }
  const queue = (headers: Record<string, string>, query = '') =>
    ctx.request(`/api/v1/review-queue${query}`, { headers });
  type Item = { id: string; fileName: string; state: string; clientName: string };

  it('lists every client’s documents newest first, keyset-paged to the end, and only to their accountant', async () => {
    const { owner, lucia, nandu } = await accountantWithClients();
    const base = Date.parse('2026-03-01T10:00:00Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    await seedDocuments(ctx.db, { clientId: lucia.id, payerUserId: owner.user.id }, [
      {
        filename: 'a.pdf',
        createdAt: at(1),
        invoice: {
          issuerName: 'José Álvarez Peña',
          issuerTaxId: '65442572M',
          number: 'F-1',
          issueDate: '2026-02-01',
          totalCents: 12100,
          evidence: evidenceOf({
            issuer_name: { confidence: 0.95, verified: true },
            total: { confidence: 0.5, verified: false },
          }),
        },
      },
      { filename: 'b.pdf', createdAt: at(2), invoice: null, status: 'processing' },
      // Same instant as c: the id breaks the tie, no row is lost or repeated across pages.
      { filename: 'c.pdf', createdAt: at(3), invoice: { issuerName: 'Bar Sol' }, status: 'ready' },
      { filename: 'd.pdf', createdAt: at(3), invoice: null, status: 'failed' },
    ]);
    await seedDocuments(ctx.db, { clientId: nandu.id, payerUserId: owner.user.id }, [
      { filename: 'e.pdf', createdAt: at(4), invoice: { recipientName: 'Lucía Romero', number: 'N-9' } },
    ]);

    const first = await bodyOf(await queue(owner.headers));
    expect(first.nextCursor).toBeNull();
    expect(first.items.map((i: Item) => i.fileName)).toEqual(
      expect.arrayContaining(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf']),
    );
    expect(first.items[0]).toMatchObject({ fileName: 'e.pdf', clientName: 'Ñandú Servicios SL' });
    const a = first.items.find((i: Item) => i.fileName === 'a.pdf');
    expect(a).toMatchObject({
      clientId: lucia.id,
      clientName: 'Lucía Romero',
      state: 'needs_review',
      issuerName: 'José Álvarez Peña',
      issueDate: '2026-02-01',
      totalCents: 12100,
      currency: 'EUR',
      fieldCount: 2,
      verifiedCount: 1,
      lowConfidenceCount: 1,
    });
    expect(a.invoiceId).toEqual(expect.any(String));
    const states = Object.fromEntries(first.items.map((i: Item) => [i.fileName, i.state]));
    expect(states).toMatchObject({ 'b.pdf': 'processing', 'c.pdf': 'reviewed', 'd.pdf': 'failed' });

    // Two at a time: three pages, then the last one says so; nothing repeated, nothing missed.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await bodyOf(
        await queue(owner.headers, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      );
      seen.push(...page.items.map((i: Item) => i.fileName));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(first.items.map((i: Item) => i.fileName));

    // A page past the end is empty, not an error.
    const lastTwo = await bodyOf(await queue(owner.headers, '?limit=4'));
    const past = await bodyOf(
      await queue(owner.headers, `?limit=4&cursor=${encodeURIComponent(lastTwo.nextCursor)}`),
    );
    expect(past.items).toHaveLength(1);
    expect(past.nextCursor).toBeNull();

    expect((await queue(owner.headers, '?cursor=nonsense')).status).toBe(400);
    expect((await queue(owner.headers, '?limit=201')).status).toBe(400);
    const filtered = await bodyOf(await queue(owner.headers, `?clientId=${nandu.id}&state=needs_review`));
    expect(filtered.items.map((i: Item) => i.fileName)).toEqual(['e.pdf']);

    // Another accountant sees none of it, and a foreign client id is a 404.
    const other = await createSignedInUser(ctx);
    expect((await bodyOf(await queue(other.headers))).items).toEqual([]);
    const foreign = await queue(other.headers, `?clientId=${lucia.id}`);
    expect(foreign.status).toBe(404);
    expect((await bodyOf(foreign)).error.code).toBe('CLIENT_NOT_FOUND');
    expect((await queue({})).status).toBe(401);
  });

  it('searches without regard to accents, case or tax-id separators, in the queue, the invoices and the clients', async () => {
    const { owner, lucia, nandu } = await accountantWithClients();
    await seedDocuments(ctx.db, { clientId: lucia.id, payerUserId: owner.user.id }, [
      { filename: 'lopez.pdf', invoice: { issuerName: 'María López García', number: 'A2025/0622' } },
      { filename: 'cif.pdf', invoice: { issuerName: 'Otra SL', issuerTaxId: 'B12345674' } },
      { filename: 'lucia.pdf', invoice: { recipientName: 'Lucía Romero', number: 'Z-1' } },
    ]);
    const names = async (query: string) =>
      (await bodyOf(await queue(owner.headers, query))).items.map((i: Item) => i.fileName).sort();
    expect(await names('?q=lopez')).toEqual(['lopez.pdf']);
    expect(await names('?q=LUCIA')).toEqual(['lucia.pdf']);
    expect(await names('?q=b12345674')).toEqual(['cif.pdf']);
    expect(await names('?q=B-12345674')).toEqual(['cif.pdf']);
    expect(await names('?q=a2025%2F0622')).toEqual(['lopez.pdf']);
    expect(await names('?q=100%25')).toEqual([]);

    const invoices = async (query: string) =>
      (
        await bodyOf(
          await ctx.request(`/api/v1/clients/${lucia.id}/invoices${query}`, { headers: owner.headers }),
        )
      ).invoices.length;
    expect(await invoices('?q=LÓPEZ')).toBe(1);
    expect(await invoices('?q=b-12.345.674')).toBe(1);
    expect(await invoices('?q=nadie')).toBe(0);

    await insertClient(ctx.db, { ownerUserId: owner.user.id, name: 'José Álvarez Peña', taxId: null });
    await insertClient(ctx.db, { ownerUserId: owner.user.id, name: 'Óscar Nieto', taxId: null });
    await insertClient(ctx.db, { ownerUserId: owner.user.id, name: 'Nzeta Obras', taxId: null });
    const clients = async (headers: Record<string, string>, query: string) =>
      (await bodyOf(await ctx.request(`/api/v1/clients${query}`, { headers }))).items.map(
        (c: { name: string }) => c.name,
      );
    expect(await clients(owner.headers, '?q=alvarez')).toEqual(['José Álvarez Peña']);
    expect(await clients(owner.headers, '?q=nandu')).toEqual([nandu.name]);
    expect(await clients(owner.headers, '?q=b-12345674')).toEqual([nandu.name]);
    // Spanish order: Á with A, Ñ after N, Ó with O.
    expect(await clients(owner.headers, '')).toEqual([
      'José Álvarez Peña',
      'Lucía Romero',
      'Nzeta Obras',
      'Ñandú Servicios SL',
      'Óscar Nieto',
    ]);
  });

  it('accepts in one action only the documents whose fields are all verified', async () => {
    const { owner, lucia } = await accountantWithClients();
    const allVerified = evidenceOf({
      issuer_name: { confidence: 0.99, verified: true },
      total: { confidence: 0.99, verified: true },
    });
    const [sure, unsure, untyped] = await seedDocuments(
      ctx.db,
      { clientId: lucia.id, payerUserId: owner.user.id },
      [
        { filename: 'sure.pdf', invoice: { type: 'received', evidence: allVerified } },
        {
          filename: 'unsure.pdf',
          invoice: {
            type: 'received',
            evidence: evidenceOf({ total: { confidence: 0.4, verified: false } }),
          },
        },
        { filename: 'untyped.pdf', invoice: { type: null, evidence: allVerified } },
      ],
    );
    const other = await createSignedInUser(ctx);
    const ids = [sure!.documentId, unsure!.documentId, untyped!.documentId];
    const theirs = await bodyOf(
      await ctx.request('/api/v1/review-queue/accept', {
        method: 'POST',
        headers: { ...other.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      }),
    );
    expect(theirs.accepted).toEqual([]);
    const res = await ctx.request('/api/v1/review-queue/accept', {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({
      accepted: [sure!.documentId],
      skipped: [unsure!.documentId, untyped!.documentId],
      figuresDisagree: [],
    });
    const invoice = await bodyOf(
      await ctx.request(`/api/v1/invoices/${sure!.invoiceId}`, { headers: owner.headers }),
    );
    expect(invoice.checked).toBe(true);
    const reviewed = await bodyOf(await queue(owner.headers, '?state=reviewed'));
    expect(reviewed.items.map((i: Item) => i.fileName)).toEqual(['sure.pdf']);
  });

  it('remembers a correction per client and supplier, applies it to the next invoice, and forgets it', async () => {
    const { owner, lucia } = await accountantWithClients();
    await grantCredits(ctx.db, owner.user.id, 5, 'grant', `test:${owner.user.id}`);
    // An earlier invoice from the supplier of the golden PDF (María López García, 65442572M).
    const [earlier] = await seedDocuments(ctx.db, { clientId: lucia.id, payerUserId: owner.user.id }, [
      {
        filename: 'earlier.pdf',
        invoice: { issuerName: 'MARIA LOPEZ', issuerTaxId: '65442572M', number: 'OLD-1' },
      },
    ]);
    const before = await bodyOf(
      await ctx.request(`/api/v1/invoices/${earlier!.invoiceId}`, { headers: owner.headers }),
    );
    const { id: _id, clientId: _c, checked: _k, evidence: _e, file: _f, createdAt: _t, ...fields } = before;
    const saved = await ctx.request(`/api/v1/invoices/${earlier!.invoiceId}`, {
      method: 'PUT',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, type: 'received', issuerName: 'María López (asesoría)' }),
    });
    expect(saved.status).toBe(200);
    const remembered = await bodyOf(
      await ctx.request(`/api/v1/clients/${lucia.id}/supplier-memory`, { headers: owner.headers }),
    );
    expect(remembered.items).toEqual([
      expect.objectContaining({
        supplierTaxId: '65442572M',
        field: 'issuerName',
        value: 'María López (asesoría)',
      }),
      expect.objectContaining({ supplierTaxId: '65442572M', field: 'type', value: 'received' }),
    ]);
    expect(remembered.nextCursor).toBeNull();
    // One a page: the same two, in the same order, by cursor.
    const first = await bodyOf(
      await ctx.request(`/api/v1/clients/${lucia.id}/supplier-memory?limit=1`, { headers: owner.headers }),
    );
    const second = await bodyOf(
      await ctx.request(`/api/v1/clients/${lucia.id}/supplier-memory?limit=1&cursor=${first.nextCursor}`, {
        headers: owner.headers,
      }),
    );
    expect([...first.items, ...second.items].map((m: { field: string }) => m.field)).toEqual([
      'issuerName',
      'type',
    ]);
    expect(second.nextCursor).toBeNull();

    const upload = async (name: string) => {
      const body = new FormData();
      body.append('files[]', new Blob([PDF]), name);
      const batch = await bodyOf(
        await ctx.request(`/api/v1/clients/${lucia.id}/uploads`, {
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
      return bodyOf(
        await ctx.request(`/api/v1/invoices/${done.documents[0].invoiceId}`, { headers: owner.headers }),
      );
    };
    const next = await upload('next.pdf');
    expect(next.issuerName).toBe('María López (asesoría)');
    expect(next.type).toBe('received');
    expect(next.evidence.issuer_name).toMatchObject({ source: 'memory', verified: false });
    expect(next.evidence.invoice_type).toMatchObject({ source: 'memory', verified: false });
    // The invoice's history says the issuer came from supplier memory, by no person (issue 40).
    const history = await bodyOf(
      await ctx.request(`/api/v1/invoices/${next.id}/history`, { headers: owner.headers }),
    );
    expect(history.entries).toContainEqual(
      expect.objectContaining({
        field: 'issuerName',
        to: 'María López (asesoría)',
        via: 'memory',
        actor: null,
      }),
    );

    // Another accountant cannot read or forget it.
    const other = await createSignedInUser(ctx);
    expect(
      (await ctx.request(`/api/v1/clients/${lucia.id}/supplier-memory`, { headers: other.headers })).status,
    ).toBe(404);
    const forget = (headers: Record<string, string>) =>
      ctx.request(`/api/v1/clients/${lucia.id}/supplier-memory/65442572-M`, { method: 'DELETE', headers });
    expect((await forget(other.headers)).status).toBe(404);
    expect((await forget(owner.headers)).status).toBe(204);
    expect((await forget(owner.headers)).status).toBe(404);

    // Forgotten: the next invoice from the supplier is as the engine read it.
    await ctx.request(`/api/v1/invoices/${next.id}`, { method: 'DELETE', headers: owner.headers });
    const third = await upload('third.pdf');
    expect(third.issuerName).not.toBe('María López (asesoría)');
    expect(third.evidence.issuer_name?.source).not.toBe('memory');
  });

  it('remembers a VAT rate the accountant set, and mends only a line whose own amounts agree with it', async () => {
    const { owner, lucia } = await accountantWithClients();
    const [earlier] = await seedDocuments(ctx.db, { clientId: lucia.id, payerUserId: owner.user.id }, [
      {
        filename: 'rate.pdf',
        invoice: { issuerName: 'Frutas Ruiz SL', issuerTaxId: 'B12345674', number: 'R-1' },
      },
    ]);
    const before = await bodyOf(
      await ctx.request(`/api/v1/invoices/${earlier!.invoiceId}`, { headers: owner.headers }),
    );
    const { id: _id, clientId: _c, checked: _k, evidence: _e, file: _f, createdAt: _t, ...fields } = before;
    const saved = await ctx.request(`/api/v1/invoices/${earlier!.invoiceId}`, {
      method: 'PUT',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...fields,
        type: 'received',
        taxBaseCents: 10000,
        vatTotalCents: 1000,
        totalCents: 11000,
        withholdingCents: null,
        surchargeCents: null,
        otherTaxesCents: null,
        vatBreakdown: [{ rate: '10', baseCents: 10000, vatCents: 1000 }],
        items: [],
      }),
    });
    expect(saved.status).toBe(200);
    const memory = await bodyOf(
      await ctx.request(`/api/v1/clients/${lucia.id}/supplier-memory`, { headers: owner.headers }),
    );
    expect(memory.items).toContainEqual(expect.objectContaining({ field: 'vatRate', value: '10' }));

    // The engine read 21 % where base and VAT say 10 %: mended, marked memory, never verified.
    const misread = await applySupplierMemory(ctx.db, lucia.id, {
      issuerTaxId: 'B12345674',
      vatBreakdown: [{ rate: '21', baseCents: 5000, vatCents: 500 }],
      evidence: {},
    });
    expect(misread.vatBreakdown).toEqual([{ rate: '10', baseCents: 5000, vatCents: 500 }]);
    expect((misread.evidence as Record<string, unknown>).vat_rate).toMatchObject({
      source: 'memory',
      verified: false,
    });
    // A line whose amounts say 21 % keeps what the document says.
    const right = await applySupplierMemory(ctx.db, lucia.id, {
      issuerTaxId: 'B12345674',
      vatBreakdown: [{ rate: '21', baseCents: 5000, vatCents: 1050 }],
      evidence: {},
    });
    expect(right.vatBreakdown).toEqual([{ rate: '21', baseCents: 5000, vatCents: 1050 }]);
    expect((right.evidence as Record<string, unknown>).vat_rate).toBeUndefined();
  });
});
