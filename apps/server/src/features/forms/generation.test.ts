import { InvoiceFieldsSchema } from '@cuadra/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { seedKnownClient } from './test-fixtures';

describe(`A form's invoices changed after it was generated (${TEST_DB})`, () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let clientId: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await createSignedInUser(ctx, { name: 'Marta Owner' });
    const seeded = await seedKnownClient(ctx, owner.user.id);
    clientId = seeded.client.id;
    ids = seeded.ids;
  });
  afterAll(() => ctx.close());

  const url = (period: string, suffix = '') =>
    `/api/v1/clients/${clientId}/forms/303${suffix}?year=2026&period=${period}`;
  const form = async (period: string, headers = owner.headers) =>
    bodyOf(await ctx.request(url(period), { headers }));
  const generate = (period: string, headers = owner.headers) =>
    ctx.request(url(period, '/generated'), {
      method: 'POST',
      headers: { ...headers, 'X-Cuadra-Via': 'screen' },
    });
  const edit = async (name: string, change: Record<string, unknown>) => {
    const id = ids[name] as string;
    const fields = InvoiceFieldsSchema.parse(
      await bodyOf(await ctx.request(`/api/v1/invoices/${id}`, { headers: owner.headers })),
    );
    const res = await ctx.request(`/api/v1/invoices/${id}?confirmFigures=true`, {
      method: 'PUT',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, ...change }),
    });
    expect(res.status).toBe(200);
  };

  it('flags the invoices of the period changed after the 303 was generated, with who changed them', async () => {
    expect((await form('1T')).generation).toBeNull();

    const generated = await generate('1T');
    expect(generated.status).toBe(200);
    const body = await bodyOf(generated);
    expect(body.generation).toMatchObject({ by: { name: 'Marta Owner' }, changedAfter: [] });
    expect(body.boxes['07']).toBe(450_000);

    await edit('F-1', { number: 'F-1-bis' });
    await edit('F-6', { number: 'F-6-bis' }); // second quarter: not this form's business
    const after = await form('1T');
    expect(after.generation.changedAfter).toEqual([
      {
        invoiceId: ids['F-1'],
        fields: ['number'],
        by: [{ id: owner.user.id, name: 'Marta Owner' }],
        at: expect.any(String),
      },
    ]);

    // An invoice moved out of the period changed the generated figures too.
    await edit('F-2', { issueDate: '2026-04-02' });
    const moved = await form('1T');
    expect(moved.generation.changedAfter.map((c: { invoiceId: string }) => c.invoiceId)).toEqual([
      ids['F-1'],
      ids['F-2'],
    ]);

    // Generated again: nothing is flagged until the next change; the other quarter was never generated.
    await generate('1T');
    expect((await form('1T')).generation.changedAfter).toEqual([]);
    expect((await form('2T')).generation).toBeNull();
  });

  it('is refused, like the form itself, to whoever may not see the client', async () => {
    const stranger = await createSignedInUser(ctx);
    const res = await generate('1T', stranger.headers);
    expect(res.status).toBe(404);
    expect((await bodyOf(res)).error.code).toBe('CLIENT_NOT_FOUND');
    expect((await generate('5T')).status).toBe(400);
  });
});
