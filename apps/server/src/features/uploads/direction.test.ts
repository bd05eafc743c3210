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
import { invoices } from '../../db/schema';
import { insertClient } from '../clients/repo';
import { grantCredits } from '../credits/ledger';

const GOLDEN = new URL('../../../../../packages/extract/test/fixtures/golden/', import.meta.url);
/** Issued by María López García (NIF 65442572M) to Ferretería El Clavo (NIF 25292811X). */
const PDF = { name: 'recargo.pdf', bytes: readFileSync(new URL('classic-recargo.pdf', GOLDEN)) };

describe(`issued or received, preset from the upload's client (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ work: true });
  });
  afterAll(() => ctx.close());

  async function uploadFor(client: { name: string; taxId: string | null }) {
    const { user, headers } = await createSignedInUser(ctx);
    await grantCredits(ctx.db, user.id, 2, 'grant', `test:${user.id}`);
    const row = await insertClient(ctx.db, { ownerUserId: user.id, ...client });
    const body = new FormData();
    body.append('files[]', new Blob([PDF.bytes]), PDF.name);
    const res = await ctx.request(`/api/v1/clients/${row!.id}/uploads`, { method: 'POST', headers, body });
    expect(res.status).toBe(202);
    const { batchId } = await bodyOf(res);
    const batch = await eventually(async () => {
      const b = await bodyOf(await ctx.request(`/api/v1/uploads/${batchId}`, { headers }));
      return b.pendingCount === 0 ? b : undefined;
    }, 60_000);
    const [invoice] = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, batch.documents[0].invoiceId));
    return invoice!;
  }

  it('presets issued when the client is the issuer, and says why', async () => {
    // The name Cuadra holds differs from the printed one: the tax id finds the client on the page.
    const invoice = await uploadFor({ name: 'M. López (autónoma)', taxId: '65442572M' });
    expect(invoice.type).toBe('issued');
    expect((invoice.evidence as Record<string, { source: string }>).type?.source).toBe('party');
  });

  it('presets received for a client without a tax id, found by its name as printed', async () => {
    const invoice = await uploadFor({ name: 'FERRETERIA EL CLAVO, S.L.', taxId: null });
    expect(invoice.type).toBe('received');
    expect((invoice.evidence as Record<string, { source: string }>).type?.source).toBe('party');
  });
});
