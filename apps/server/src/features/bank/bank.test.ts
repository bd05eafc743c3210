import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankApi } from '../../../test/bank-api';
import { camt053, type FileAccount, norma43, SECOND_ACCOUNT, TEST_ACCOUNT } from '../../../test/bank-files';
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
import { spanishIban } from './statement';

const ACCOUNT = TEST_ACCOUNT;
const IBAN = spanishIban(ACCOUNT.bank, ACCOUNT.branch, ACCOUNT.account);
const SECOND = SECOND_ACCOUNT;

describe(`bank statements (${TEST_DB})`, () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let clientId: string;
  let api: ReturnType<typeof bankApi>;
  const ids: Record<string, string> = {};

  const addInvoice = async (client: string, name: string, values: Partial<typeof invoices.$inferInsert>) => {
    const id = newId();
    ids[name] = id;
    await ctx.db.insert(invoices).values({ id, clientId: client, checked: true, number: name, ...values });
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await createSignedInUser(ctx);
    const client = await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Taller Núñez',
      taxId: '12345678Z',
    });
    clientId = client!.id;
    api = bankApi(ctx, clientId, owner.headers);
    const issued = (recipientName: string, totalCents: number, issueDate: string) => ({
      type: 'issued' as const,
      recipientName,
      recipientTaxId: `B${recipientName.length}0000000`,
      totalCents,
      issueDate,
    });
    await addInvoice(clientId, 'FV-2026-0101', issued('Construcciones Ebro SL', 121_000, '2026-01-05'));
    await addInvoice(clientId, 'FV-2026-0102', issued('Clínica Dental Sur', 60_500, '2026-01-08'));
    await addInvoice(clientId, 'FV-2026-0103', issued('Gestoría Alba', 24_200, '2026-01-10'));
    await addInvoice(clientId, 'FV-2026-0104', issued('Gestoría Alba', 36_300, '2026-01-12'));
    await addInvoice(clientId, 'FV-2026-0105', issued('Hotel Miramar', 99_999, '2026-01-15'));
    await addInvoice(clientId, 'A-77', {
      type: 'received',
      issuerName: 'Papelería Lápiz',
      issuerTaxId: 'B99999999',
      totalCents: 4_840,
      issueDate: '2026-01-03',
    });
  });
  afterAll(() => ctx.close());

  const upload = (...args: Parameters<typeof api.upload>) => api.upload(...args);
  const movements = (query?: string) => api.movements(query);
  const paidAt = async (name: string) =>
    (
      await ctx.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, ids[name] as string))
    )[0]?.paidAt;

  const january: FileAccount = {
    ...ACCOUNT,
    from: '2026-01-01',
    to: '2026-01-31',
    openingCents: 500_000,
    movements: [
      { date: '2026-01-20', amountCents: 121_000, concept: 'TRANSF CONSTRUCCIONES EBRO FRA FV-2026-0101' },
      { date: '2026-01-22', amountCents: 60_500, concept: 'TRANSFERENCIA CLINICA DENTAL SUR' },
      { date: '2026-01-25', amountCents: 60_500, concept: 'GESTORIA ALBA PAGO FV-2026-0103 FV-2026-0104' },
      { date: '2026-01-26', amountCents: -1_250, concept: 'COMISION MANTENIMIENTO CUENTA' },
      { date: '2026-01-28', amountCents: -4_840, concept: 'RECIBO PAPELERIA LAPIZ A-77' },
    ],
  };
  const other: FileAccount = {
    ...SECOND,
    from: '2026-01-01',
    to: '2026-01-31',
    openingCents: -20_000,
    movements: [{ date: '2026-01-30', amountCents: 30_000, concept: 'INGRESO EFECTIVO' }],
  };

  it('Norma 43 with two accounts: each a statement, amounts in cents, sure matches applied, the rest proposed', async () => {
    const res = await upload(norma43([january, other]));
    const body = await bodyOf(res);
    expect(res.status).toBe(201);
    expect(body.statements.map((s: { iban: string }) => s.iban)).toEqual([
      IBAN,
      spanishIban(SECOND.bank, SECOND.branch, SECOND.account),
    ]);
    expect(IBAN).toBe('ES9121000418450200051332');
    expect(body.statements[0]).toMatchObject({
      format: 'norma43',
      periodFrom: '2026-01-01',
      periodTo: '2026-01-31',
      openingCents: 500_000,
      closingCents: 500_000 + 121_000 + 60_500 + 60_500 - 1_250 - 4_840,
      movementCount: 5,
    });
    expect(body.statements[1]).toMatchObject({ openingCents: -20_000, closingCents: 10_000 });
    expect(body).toMatchObject({ imported: 6, duplicates: 0 });

    const list = await movements();
    const byConcept = (text: string) =>
      list.movements.find((m: { concept: string }) => m.concept.includes(text));
    const ebro = byConcept('CONSTRUCCIONES EBRO');
    expect(ebro).toMatchObject({ status: 'matched', matchedBy: 'auto', amountCents: 121_000, sourceLine: 2 });
    expect(ebro.reasons).toEqual(expect.arrayContaining(['amount_exact', 'number_in_concept']));
    expect(ebro.invoices[0]).toMatchObject({
      number: 'FV-2026-0101',
      counterparty: 'Construcciones Ebro SL',
    });
    // One transfer paying two invoices, both numbers in the concept.
    const alba = byConcept('GESTORIA ALBA');
    expect(alba.status).toBe('matched');
    expect(alba.invoices.map((i: { number: string }) => i.number).sort()).toEqual([
      'FV-2026-0103',
      'FV-2026-0104',
    ]);
    // Right amount and name, no number: proposed, not applied.
    const clinic = byConcept('CLINICA DENTAL');
    expect(clinic).toMatchObject({ status: 'proposed', matchedBy: null });
    expect(clinic.reasons).toEqual(expect.arrayContaining(['amount_exact', 'name_similar']));
    expect(clinic.invoices[0].number).toBe('FV-2026-0102');
    expect(byConcept('RECIBO PAPELERIA')).toMatchObject({ status: 'matched', amountCents: -4_840 });
    expect(byConcept('COMISION')).toMatchObject({ status: 'unmatched', invoices: [] });
    expect(await paidAt('FV-2026-0101')).toBe('2026-01-20');
    expect(await paidAt('FV-2026-0102')).toBeNull();
    expect(list.totals).toMatchObject({
      count: 6,
      byStatus: { matched: 3, proposed: 1, unmatched: 2, ignored: 0 },
      creditsCents: 121_000 + 60_500 + 60_500 + 30_000,
      debitsCents: -(1_250 + 4_840),
    });
    expect((await movements('?status=proposed')).movements).toHaveLength(1);
  });

  it('accepting a proposal pays the invoice; undoing an automatic match unpays it', async () => {
    const { movements: proposed } = await movements('?status=proposed');
    const accept = await ctx.json(
      `/api/v1/clients/${clientId}/bank/movements/${proposed[0].id}/match`,
      {},
      { headers: owner.headers },
    );
    expect(accept.status).toBe(200);
    expect(await bodyOf(accept)).toMatchObject({ status: 'matched', matchedBy: 'user' });
    expect(await paidAt('FV-2026-0102')).toBe('2026-01-22');

    const ebro = (await movements('?status=matched')).movements.find((m: { concept: string }) =>
      m.concept.includes('EBRO'),
    );
    const undo = await ctx.request(`/api/v1/clients/${clientId}/bank/movements/${ebro.id}/unmatch`, {
      method: 'POST',
      headers: owner.headers,
    });
    expect(await bodyOf(undo)).toMatchObject({ status: 'unmatched', invoices: [] });
    expect(await paidAt('FV-2026-0101')).toBeNull();
    // Matching again does not re-apply what the accountant undid.
    await ctx.request(`/api/v1/clients/${clientId}/bank/match`, { method: 'POST', headers: owner.headers });
    const again = (await movements()).movements.find((m: { id: string }) => m.id === ebro.id);
    expect(again.status).not.toBe('matched');

    const manual = await ctx.json(
      `/api/v1/clients/${clientId}/bank/movements/${ebro.id}/match`,
      { invoiceIds: [ids['FV-2026-0101']] },
      { headers: owner.headers },
    );
    expect(await bodyOf(manual)).toMatchObject({ status: 'matched', matchedBy: 'user' });
    expect(await paidAt('FV-2026-0101')).toBe('2026-01-20');

    const fee = (await movements('?status=unmatched')).movements.find((m: { concept: string }) =>
      m.concept.includes('COMISION'),
    );
    const ignored = await ctx.json(
      `/api/v1/clients/${clientId}/bank/movements/${fee.id}/ignore`,
      { reason: 'fee' },
      { headers: owner.headers },
    );
    expect(await bodyOf(ignored)).toMatchObject({ status: 'ignored', ignoreReason: 'fee' });
    // A charge cannot pay an invoice the client issued.
    const wrong = await ctx.json(
      `/api/v1/clients/${clientId}/bank/movements/${fee.id}/match`,
      { invoiceIds: [ids['FV-2026-0105']] },
      { headers: owner.headers },
    );
    expect(wrong.status).toBe(422);
    expect((await bodyOf(wrong)).error.code).toBe('MATCH_INVALID');
  });

  it('the same file again is a duplicate; an overlapping one adds only its new movements', async () => {
    const again = await upload(norma43([january, other]));
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).error.code).toBe('STATEMENT_DUPLICATE');

    const overlapping: FileAccount = {
      ...ACCOUNT,
      from: '2026-01-25',
      to: '2026-02-05',
      openingCents: 500_000 + 121_000 + 60_500,
      movements: [
        ...january.movements.slice(2),
        { date: '2026-02-02', amountCents: 99_999, concept: 'HOTEL MIRAMAR FACTURA FV-2026-0105' },
      ],
    };
    const res = await upload(norma43([overlapping], 'ddmmyy'), 'febrero.n43');
    const body = await bodyOf(res);
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ imported: 1, duplicates: 3 });
    expect(body.statements[0]).toMatchObject({
      periodFrom: '2026-01-25',
      periodTo: '2026-02-05',
      newMovementCount: 1,
    });
    expect((await movements()).totals.count).toBe(7);
    expect(await paidAt('FV-2026-0105')).toBe('2026-02-02');
    // The invoice tells it was paid, and by which movement.
    const invoice = await bodyOf(
      await ctx.request(`/api/v1/invoices/${ids['FV-2026-0105']}`, { headers: owner.headers }),
    );
    expect(invoice).toMatchObject({
      paidAt: '2026-02-02',
      payments: [{ bookingDate: '2026-02-02', amountCents: 99_999, currency: 'EUR' }],
    });
  });

  it('camt.053: counterparty name and IBAN read; an IBAN seen paying a customer matches its next invoice', async () => {
    const second = await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Estudio Olmo',
      taxId: '87654321X',
    });
    const sid = second!.id;
    const issued = {
      type: 'issued' as const,
      recipientName: 'Bodegas Rioja Alta SA',
      recipientTaxId: 'A26000001',
    };
    await addInvoice(sid, 'EO-1', { ...issued, totalCents: 50_000, issueDate: '2026-03-01' });
    await addInvoice(sid, 'EO-2', { ...issued, totalCents: 75_000, issueDate: '2026-03-20' });
    const payer = 'DE89370400440532013000';
    const xml = camt053([
      {
        iban: 'ES7620770024003102575766',
        from: '2026-03-01',
        to: '2026-04-30',
        openingCents: 10_000,
        movements: [
          {
            date: '2026-03-10',
            amountCents: 50_000,
            concept: 'Rechnung EO-1',
            counterpartyName: 'Bodegas Rioja Alta SA',
            counterpartyIban: payer,
          },
          {
            date: '2026-04-15',
            amountCents: 75_000,
            concept: 'Pago marzo',
            counterpartyName: 'BODEGAS R. ALTA',
            counterpartyIban: payer,
            reference: 'E2E-991',
          },
          { date: '2026-04-20', amountCents: -2_500, concept: 'Comisión transferencia' },
        ],
      },
    ]);
    const res = await upload(xml, 'marzo.xml', sid);
    const body = await bodyOf(res);
    expect(res.status).toBe(201);
    expect(body.statements[0]).toMatchObject({
      format: 'camt053',
      iban: 'ES7620770024003102575766',
      closingCents: 132_500,
    });
    const list = await bodyOf(
      await ctx.request(`/api/v1/clients/${sid}/bank/movements`, { headers: owner.headers }),
    );
    const first = list.movements.find((m: { concept: string }) => m.concept.includes('EO-1'));
    expect(first).toMatchObject({
      status: 'matched',
      counterpartyName: 'Bodegas Rioja Alta SA',
      counterpartyIban: payer,
    });
    expect(first.sourceLine).toBeGreaterThan(5);
    const secondPayment = list.movements.find((m: { concept: string }) => m.concept.includes('Pago marzo'));
    expect(secondPayment).toMatchObject({ status: 'matched', matchedBy: 'auto', reference: 'E2E-991' });
    expect(secondPayment.reasons).toEqual(expect.arrayContaining(['amount_exact', 'iban_known']));
    expect(secondPayment.invoices[0].number).toBe('EO-2');

    // The same account's statement on the first client is refused: it is Estudio Olmo's.
    const refused = await upload(xml.replace('10000', '10001'), 'marzo.xml');
    expect(refused.status).toBe(409);
    expect((await bodyOf(refused)).error.code).toBe('STATEMENT_ACCOUNT_OTHER_CLIENT');
  });
});
