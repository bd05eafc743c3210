import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { norma43 } from '../../../test/bank-files';
import {
  bodyOf,
  createSignedInUser,
  createTestContext,
  TEST_DB,
  type TestContext,
} from '../../../test/harness';
import { invoices } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertClient } from '../clients/repo';

// Issue 39 item 5: reports and exports gain paid/pending. The bank pays FV-1 in full and FV-4 in part; the
// pending list ages the rest by due date (else issue date), converts dollars at the ECB rate of the invoice
// date (2024-03-14: USD 1.0925, shipped table) and never adds dirhams (no ECB rate) to a euro total.

describe(`paid and pending (${TEST_DB})`, () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let clientId: string;
  const ids: Record<string, string> = {};

  const add = async (number: string, values: Partial<typeof invoices.$inferInsert>) => {
    ids[number] = newId();
    await ctx.db.insert(invoices).values({
      id: ids[number] as string,
      clientId,
      checked: true,
      number,
      type: 'issued',
      recipientName: 'Construcciones Ebro SL',
      recipientTaxId: 'B12345674',
      ...values,
    });
  };
  const get = (path: string) => ctx.request(`/api/v1/clients/${clientId}${path}`, { headers: owner.headers });

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await createSignedInUser(ctx);
    const client = await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Taller Núñez',
      taxId: null,
    });
    clientId = client!.id;
    await add('FV-2026-0001', { totalCents: 121_000, issueDate: '2026-01-05', dueDate: '2026-02-04' });
    await add('FV-2026-0002', { totalCents: 50_000, issueDate: '2026-01-10' });
    await add('FV-2026-0003', { totalCents: 10_000, issueDate: '2026-03-01', dueDate: '2026-04-30' });
    await add('FV-2026-0004', { totalCents: 100_000, issueDate: '2026-02-20', dueDate: '2026-03-01' });
    await add('US-2024-0001', { totalCents: 12_100, issueDate: '2024-03-14', currency: 'USD' });
    await add('AE-2024-0001', {
      type: 'received',
      issuerName: 'Dubai Trading',
      totalCents: 30_000,
      issueDate: '2024-03-14',
      currency: 'AED',
    });
    await add('R-77', {
      type: 'received',
      issuerName: '=HYPERLINK("http://evil.example","pay")',
      totalCents: 4_840,
      issueDate: '2026-01-03',
      dueDate: '2026-02-10',
    });
    await add('FV-2026-0005', { totalCents: -5_000, issueDate: '2026-01-20' }); // a credit note
    const res = await ctx.request(`/api/v1/clients/${clientId}/bank/statements?name=q1.n43`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/octet-stream' },
      body: norma43([
        {
          bank: '2100',
          branch: '0418',
          account: '0200051332',
          from: '2026-01-01',
          to: '2026-03-31',
          openingCents: 0,
          movements: [
            { date: '2026-02-01', amountCents: 121_000, concept: 'TRANSF EBRO FRA FV-2026-0001' },
            { date: '2026-03-05', amountCents: 40_000, concept: 'EBRO PAGO A CUENTA FV-2026-0004' },
          ],
        },
      ]),
    });
    expect(res.status).toBe(201);
    // The part payment is proposed, not applied; the accountant accepts it.
    const proposed = (await bodyOf(await get('/bank/movements?status=proposed'))).movements;
    expect(proposed).toHaveLength(1);
    const accept = await ctx.request(`/api/v1/clients/${clientId}/bank/movements/${proposed[0].id}/match`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(accept.status).toBe(200);
  });
  afterAll(() => ctx.close());

  it('lists what is still owed, aged 0–30 / 31–60 / 61–90 / 90+ by due date else issue date', async () => {
    const res = await get('/bank/pending?asOf=2026-04-15');
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    const byNumber = Object.fromEntries(
      body.invoices.map((i: { number: string }) => [i.number, i]),
    ) as Record<
      string,
      { days: number; bucket: string; pendingCents: number; pendingEurCents: number | null }
    >;
    // Paid in full and the credit note are not pending.
    expect(Object.keys(byNumber).sort()).toEqual([
      'AE-2024-0001',
      'FV-2026-0002',
      'FV-2026-0003',
      'FV-2026-0004',
      'R-77',
      'US-2024-0001',
    ]);
    expect(byNumber['FV-2026-0002']).toMatchObject({ days: 95, bucket: '90+', pendingCents: 50_000 });
    expect(byNumber['FV-2026-0003']).toMatchObject({ days: -15, bucket: '0-30' });
    expect(byNumber['FV-2026-0004']).toMatchObject({ days: 45, bucket: '31-60', pendingCents: 60_000 });
    expect(byNumber['R-77']).toMatchObject({ days: 64, bucket: '61-90' });
    // $121.00 at 1.0925 per euro.
    expect(byNumber['US-2024-0001']).toMatchObject({ pendingCents: 12_100, pendingEurCents: 11_076 });
    expect(byNumber['AE-2024-0001']).toMatchObject({ pendingEurCents: null });
    expect(body.totals).toEqual({
      issued: { '0-30': 10_000, '31-60': 60_000, '61-90': 0, '90+': 61_076 },
      received: { '0-30': 0, '31-60': 0, '61-90': 4_840, '90+': 0 },
    });
    expect(body.noRateCount).toBe(1);
    // Oldest first.
    expect(body.invoices[0].days).toBeGreaterThanOrEqual(body.invoices.at(-1).days);

    const received = await bodyOf(await get('/bank/pending?asOf=2026-04-15&type=received'));
    expect(received.invoices.map((i: { number: string }) => i.number).sort()).toEqual([
      'AE-2024-0001',
      'R-77',
    ]);
  });

  it('exports the list as CSV in the user’s language, a formula in a name shown as text', async () => {
    const res = await get('/bank/pending.csv?asOf=2026-04-15');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('pagos-pendientes_2026-04-15.csv');
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const rows = text.trim().split('\r\n');
    expect(rows[0]).toContain('Pendiente en EUR');
    const evil = rows.find((r) => r.includes('HYPERLINK')) as string;
    expect(evil).toContain(`'=HYPERLINK`);
    expect(rows.find((r) => r.includes('FV-2026-0004'))).toContain('1000,00;400,00;600,00;600,00');
    expect(rows.find((r) => r.includes('US-2024-0001'))).toContain('121,00;0,00;121,00;110,76;1.0925');
  });

  it('refuses a day that is not a date and another accountant’s client', async () => {
    expect((await get('/bank/pending?asOf=15/04/2026')).status).toBe(400);
    const stranger = await createSignedInUser(ctx);
    const res = await ctx.request(`/api/v1/clients/${clientId}/bank/pending`, { headers: stranger.headers });
    expect(res.status).toBe(404);
  });

  it('the report shows the day the bank paid an invoice', async () => {
    const link = await bodyOf(
      await ctx.request(`/api/v1/clients/${clientId}/reports`, {
        method: 'POST',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ from: '2026-01-01', to: '2026-03-31', format: 'csv' }),
      }),
    );
    const csv = await (await ctx.request(link.downloadUrl, { headers: owner.headers })).text();
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header?.split(';')).toContain('Fecha de pago');
    expect(rows.find((r) => r.includes('FV-2026-0001'))?.split(';')).toContain('01/02/2026');
    // Paid in part is not paid.
    expect(rows.find((r) => r.includes('FV-2026-0004'))?.endsWith(';')).toBe(true);
  });

  it('the libro registro fills Cobro with the payment day and amount when asked', async () => {
    const book = async (payments: string) =>
      (
        await (
          await get(`/exports/libro-registro-csv?from=2026-01-01&to=2026-03-31&book=issued${payments}`)
        ).text()
      ).split('\r\n');
    const paidRow = (rows: string[]) => rows.find((r) => r.includes(';0001;'))?.split(';') ?? [];
    const withPayments = await book('&payments=true');
    const header = withPayments[1]?.split(';') ?? [];
    const cobro = header.indexOf('Fecha', header.indexOf('Cuota Recargo eq.'));
    expect(paidRow(withPayments)[cobro]).toBe('01/02/2026');
    expect(paidRow(withPayments)[cobro + 1]).toBe('1210,00');
    expect(withPayments.find((r) => r.includes(';0004;'))?.split(';')[cobro]).toBe('');
    expect(paidRow(await book(''))[cobro]).toBe('');
  });
});
