import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053, type FileAccount, norma43 } from '../../../test/bank-files';
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

const ACCOUNT = { bank: '2100', branch: '0418', account: '0200051332' };
const IBAN = spanishIban(ACCOUNT.bank, ACCOUNT.branch, ACCOUNT.account);
const SECOND = { bank: '0049', branch: '1500', account: '0511111111' };
const CAMT_IBAN = 'ES9121000418450200051332';

describe(`bank statements (${TEST_DB})`, () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let clientId: string;
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

  const upload = (
    content: string | Uint8Array,
    name = 'extracto.n43',
    id = clientId,
    headers = owner.headers,
  ) =>
    ctx.request(`/api/v1/clients/${id}/bank/statements?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: content,
    });
  const movements = async (query = '') =>
    bodyOf(
      await ctx.request(`/api/v1/clients/${clientId}/bank/movements${query}`, { headers: owner.headers }),
    );
  const statementCount = async () =>
    (
      await bodyOf(
        await ctx.request(`/api/v1/clients/${clientId}/bank/statements`, { headers: owner.headers }),
      )
    ).statements.length;
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

  describe('bad files: a clear error naming the line, nothing imported', () => {
    const unreadable = async (content: string | Uint8Array, line: number, reason: string) => {
      const before = await statementCount();
      const res = await upload(content);
      const body = await bodyOf(res);
      expect(res.status).toBe(422);
      expect(body.error.code).toBe('STATEMENT_UNREADABLE');
      expect(body.error.details).toMatchObject({ line, reason });
      expect(body.error.message).toMatch(/could not be read/);
      expect(await statementCount()).toBe(before);
    };
    const march: FileAccount = {
      ...ACCOUNT,
      from: '2026-03-01',
      to: '2026-03-31',
      openingCents: 0,
      movements: [
        { date: '2026-03-02', amountCents: 10_000, concept: 'UNO' },
        { date: '2026-03-03', amountCents: -5_000, concept: 'DOS' },
      ],
    };

    it('a truncated Norma 43 (no 33 and 88 records)', async () => {
      const lines = norma43([march]).split('\r\n');
      await unreadable(lines.slice(0, 4).join('\r\n'), 5, 'truncated');
    });

    it('a record of the wrong length', async () => {
      const lines = norma43([march]).split('\r\n');
      lines[3] = `${lines[3]}XX`;
      await unreadable(lines.join('\r\n'), 4, 'record_length');
    });

    it('an unknown record code', async () => {
      const lines = norma43([march]).split('\r\n');
      lines[2] = `77${(lines[2] as string).slice(2)}`;
      await unreadable(lines.join('\r\n'), 3, 'record_unknown');
    });

    it('a camt document of an unknown namespace', async () => {
      const xml = camt053([{ iban: CAMT_IBAN, ...march }], 'urn:iso:std:iso:20022:tech:xsd:camt.099.001.01');
      await unreadable(xml, 2, 'namespace');
    });

    it('broken XML', async () => {
      const xml = camt053([{ iban: CAMT_IBAN, ...march }]).replace('</BookgDt>', '</BookDt>');
      const res = await upload(xml);
      expect((await bodyOf(res)).error).toMatchObject({
        code: 'STATEMENT_UNREADABLE',
        details: { reason: 'xml' },
      });
    });

    it('a file that is no statement at all', async () => {
      await unreadable('Querida gestora:\nadjunto el extracto.\n', 1, 'unknown_format');
    });

    it('balances that do not add up, in either format; a good account beside a bad one is not kept', async () => {
      const before = await statementCount();
      const good = {
        ...SECOND,
        from: '2026-03-01',
        to: '2026-03-31',
        openingCents: 0,
        movements: [{ date: '2026-03-05', amountCents: 100, concept: 'X' }],
      };
      const res = await upload(norma43([good, { ...march, closingCents: 99 }]));
      const body = await bodyOf(res);
      expect(res.status).toBe(422);
      expect(body.error).toMatchObject({
        code: 'STATEMENT_BALANCE_MISMATCH',
        details: { line: 10, iban: IBAN },
      });
      const camt = await upload(camt053([{ iban: CAMT_IBAN, ...march, closingCents: 4_000 }]));
      expect((await bodyOf(camt)).error).toMatchObject({
        code: 'STATEMENT_BALANCE_MISMATCH',
        details: { openingCents: 0, movementsCents: 5_000, closingCents: 4_000 },
      });
      expect(await statementCount()).toBe(before);
    });

    it('a Windows-1252 Norma 43 is read with its accents', async () => {
      const file = norma43([
        {
          ...SECOND,
          from: '2026-04-01',
          to: '2026-04-30',
          openingCents: 0,
          movements: [{ date: '2026-04-02', amountCents: -1_999, concept: 'CAFÉ ÑANDÚ' }],
        },
      ]);
      const bytes = Uint8Array.from([...file].map((ch) => ch.charCodeAt(0))); // é, Ñ, Ú are one byte each in 1252
      const res = await upload(bytes);
      expect(res.status).toBe(201);
      const list = await movements();
      expect(list.movements.some((m: { concept: string }) => m.concept === 'CAFÉ ÑANDÚ')).toBe(true);
    });

    it('a file over the limit', async () => {
      const res = await upload(new Uint8Array(11 * 1024 * 1024).fill(0x31));
      expect(res.status).toBe(413);
      expect((await bodyOf(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  it('a CSV export without its IBAN is imported to the account the accountant names', async () => {
    const csvClient = await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'CSV SL',
      taxId: '22222222J',
    });
    const cid = csvClient!.id;
    const iban = 'ES6000491500051234567892';
    const csv =
      'Fecha;Concepto;Importe;Saldo\n02/03/2026;Ingreso;100,00;100,00\n03/03/2026;Cuota;-30,00;70,00\n';
    const post = (query: string) =>
      ctx.request(`/api/v1/clients/${cid}/bank/statements?name=banco.csv${query}`, {
        method: 'POST',
        headers: { ...owner.headers, 'content-type': 'application/octet-stream' },
        body: csv,
      });
    const missing = await post('');
    expect((await bodyOf(missing)).error).toMatchObject({
      code: 'STATEMENT_UNREADABLE',
      details: { reason: 'no_account' },
    });
    expect((await post('&iban=ES00%201234')).status).toBe(400);
    const res = await post(`&iban=${encodeURIComponent('ES60 0049 1500 0512 3456 7892')}`);
    expect(res.status).toBe(201);
    expect((await bodyOf(res)).statements[0]).toMatchObject({
      format: 'csv',
      iban,
      openingCents: 0,
      closingCents: 7_000,
      movementCount: 2,
    });
  });

  it('a movement set aside with a saved rule sets aside the ones that read the same, now and later', async () => {
    const third = await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Reglas SL',
      taxId: '11111111H',
    });
    const tid = third!.id;
    const account = { bank: '3058', branch: '0990', account: '2720000000' };
    const fees = (month: string) => ({
      ...account,
      from: `2026-${month}-01`,
      to: `2026-${month}-28`,
      openingCents: 100_000,
      movements: [
        { date: `2026-${month}-03`, amountCents: -1_500, concept: `COMISION MANTENIMIENTO ${month}/2026` },
        { date: `2026-${month}-04`, amountCents: -1_500, concept: `Comisión mantenimiento ${month}-2026` },
        { date: `2026-${month}-05`, amountCents: 2_000, concept: `COMISION MANTENIMIENTO ABONO` },
      ],
    });
    expect((await upload(norma43([fees('05')]), 'mayo.n43', tid)).status).toBe(201);
    const list = async () =>
      (await bodyOf(await ctx.request(`/api/v1/clients/${tid}/bank/movements`, { headers: owner.headers })))
        .movements;
    const [first] = (await list()).filter((m: { amountCents: number }) => m.amountCents === -1_500);
    const res = await ctx.json(
      `/api/v1/clients/${tid}/bank/movements/${first.id}/ignore`,
      { reason: 'fee', remember: true },
      { headers: owner.headers },
    );
    expect(await bodyOf(res)).toMatchObject({ status: 'ignored', ignoreReason: 'fee', matchedBy: 'user' });
    const status = (movements: { amountCents: number; status: string; matchedBy: string | null }[]) =>
      movements.map((m) => `${m.amountCents} ${m.status} ${m.matchedBy}`).sort();
    // The charge of the same wording is set aside too; the credit (the other way) is not.
    expect(status(await list())).toEqual(['-1500 ignored auto', '-1500 ignored user', '2000 unmatched null']);
    expect((await upload(norma43([fees('06')]), 'junio.n43', tid)).status).toBe(201);
    expect(status(await list()).filter((s) => s.startsWith('-1500 ignored auto'))).toHaveLength(3);

    const rules = await bodyOf(
      await ctx.request(`/api/v1/clients/${tid}/bank/rules`, { headers: owner.headers }),
    );
    expect(rules.rules).toMatchObject([
      { pattern: 'comision mantenimiento', direction: 'debit', reason: 'fee' },
    ]);
    const forget = await ctx.request(`/api/v1/clients/${tid}/bank/rules/${rules.rules[0].id}`, {
      method: 'DELETE',
      headers: owner.headers,
    });
    expect(forget.status).toBe(204);
    const after = await bodyOf(
      await ctx.request(`/api/v1/clients/${tid}/bank/rules`, { headers: owner.headers }),
    );
    expect(after.rules).toEqual([]);
  });

  it('another accountant’s client is not found', async () => {
    const stranger = await createSignedInUser(ctx);
    const res = await upload(norma43([january]), 'x.n43', clientId, stranger.headers);
    expect(res.status).toBe(404);
    expect((await bodyOf(res)).error.code).toBe('CLIENT_NOT_FOUND');
    const list = await ctx.request(`/api/v1/clients/${clientId}/bank/movements`, {
      headers: stranger.headers,
    });
    expect(list.status).toBe(404);
  });

  it('pages past 500 movements: each page says where the next starts, none is lost or repeated', async () => {
    const busy = await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Bar Muy Concurrido',
      taxId: null,
    });
    const movements = Array.from({ length: 520 }, (_, n) => ({
      date: `2026-03-${String((n % 28) + 1).padStart(2, '0')}`,
      amountCents: -(100 + n),
      concept: `COMPRA TPV ${n}`,
    }));
    const file = norma43([
      {
        ...SECOND,
        account: '0522222222',
        from: '2026-03-01',
        to: '2026-03-31',
        openingCents: 1_000_000,
        movements,
      },
    ]);
    expect((await upload(file, 'marzo.n43', busy!.id)).status).toBe(201);
    const page = async (query: string) =>
      bodyOf(
        await ctx.request(`/api/v1/clients/${busy!.id}/bank/movements${query}`, { headers: owner.headers }),
      );
    const first = await page('?limit=500');
    expect(first.movements).toHaveLength(500);
    expect(first.nextOffset).toBe(500);
    expect(first.totals.count).toBe(520);
    const second = await page(`?limit=500&offset=${first.nextOffset}`);
    expect(second.movements).toHaveLength(20);
    expect(second.nextOffset).toBeNull();
    const seen = new Set([...first.movements, ...second.movements].map((m: { id: string }) => m.id));
    expect(seen.size).toBe(520);
    expect((await page('?limit=501')).error.code).toBe('VALIDATION_FAILED');
  });

  it('a CSV whose columns are not known: the proposal is confirmed once, then the bank’s next file needs none', async () => {
    const shop = await insertClient(ctx.db, { ownerUserId: owner.user.id, name: 'Tienda Olmo', taxId: null });
    const shopIban = spanishIban('0049', '1500', '0533333333');
    const file = (month: string) =>
      [
        `Cuenta ${shopIban}`,
        'Día;Texto del movimiento;Euros',
        `03/${month}/2026;Venta mostrador;150,00`,
        `09/${month}/2026;Compra género;-80,00`,
      ].join('\r\n');
    const send = (text: string, mapping?: unknown) =>
      ctx.request(
        `/api/v1/clients/${shop!.id}/bank/statements?name=banco.csv${
          mapping ? `&mapping=${encodeURIComponent(JSON.stringify(mapping))}` : ''
        }`,
        {
          method: 'POST',
          headers: { ...owner.headers, 'content-type': 'application/octet-stream', 'accept-language': 'es' },
          body: text,
        },
      );
    const asked = await send(file('05'));
    expect(asked.status).toBe(422);
    const error = (await bodyOf(asked)).error;
    expect(error.code).toBe('STATEMENT_MAPPING_REQUIRED');
    expect(error.message).toContain('No reconocemos las columnas');
    expect(error.details).toMatchObject({ line: 2, proposal: { date: 0, concept: 1, amount: 2 } });

    expect((await send(file('05'), { line: 2, columns: { date: 0 } })).status).toBe(400);
    const confirmed = await send(file('05'), { line: 2, columns: error.details.proposal });
    expect(confirmed.status).toBe(201);
    expect((await bodyOf(confirmed)).statements[0]).toMatchObject({
      format: 'csv',
      iban: shopIban,
    });

    const june = await send(file('06'));
    expect(june.status).toBe(201);
    expect((await bodyOf(june)).imported).toBe(2);
    // Remembered for this client only.
    const other = await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Otra Tienda',
      taxId: null,
    });
    const elsewhere = await ctx.request(`/api/v1/clients/${other!.id}/bank/statements?name=b.csv`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/octet-stream' },
      body: file('07').replace(shopIban, ''),
    });
    expect((await bodyOf(elsewhere)).error.code).toBe('STATEMENT_MAPPING_REQUIRED');
  });
});
