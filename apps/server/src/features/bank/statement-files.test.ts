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
import { insertClient } from '../clients/repo';
import { spanishIban } from './statement';

// The files a bank hands out, bad and odd ones, and the accounts they land in (the matching of a good
// file against invoices is in bank.test.ts).
const ACCOUNT = TEST_ACCOUNT;
const IBAN = spanishIban(ACCOUNT.bank, ACCOUNT.branch, ACCOUNT.account);
const SECOND = SECOND_ACCOUNT;
const CAMT_IBAN = 'ES9121000418450200051332';

describe(`bank statement files (${TEST_DB})`, () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let clientId: string;
  let api: ReturnType<typeof bankApi>;

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
  });
  afterAll(() => ctx.close());

  const upload = (...args: Parameters<typeof api.upload>) => api.upload(...args);
  const movements = (query?: string) => api.movements(query);
  const statementCount = () => api.statementCount();

  const january: FileAccount = {
    ...ACCOUNT,
    from: '2026-01-01',
    to: '2026-01-31',
    openingCents: 500_000,
    movements: [
      { date: '2026-01-20', amountCents: 121_000, concept: 'TRANSF CONSTRUCCIONES EBRO FRA FV-2026-0101' },
    ],
  };

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
