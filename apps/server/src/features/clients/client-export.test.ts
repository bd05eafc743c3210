import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { clientsApi } from '../../../test/clients-api';
import { bodyOf, createTestContext, TEST_DB, type TestContext } from '../../../test/harness';
import { clients, invoices } from '../../db/schema';
import { newId } from '../../lib/ids';

const PUBLIC_URL = 'https://app.cuadra.test';

describe(`the client list filtered and exported (${TEST_DB})`, () => {
  let ctx: TestContext;
  let api: ReturnType<typeof clientsApi>;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
    api = clientsApi(ctx);
  });
  afterAll(() => ctx.close());

  const get = (...args: Parameters<typeof api.get>) => api.get(...args);
  const addClient = (...args: Parameters<typeof api.addClient>) => api.addClient(...args);

  describe('filters and export (issue 16)', () => {
    let accountant: TestAccount;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      accountant = await signUp(ctx, { locale: 'es' });
      for (const [key, name, taxId] of [
        ['linked', 'Ñandú Servicios', '12345678Z'],
        ['dummy', 'Ana Ruiz', undefined],
        ['formula', '=HYPERLINK("http://evil.test","pulsa")', undefined],
      ] as const) {
        ids[key] = (await addClient(accountant, name, taxId)).id;
      }
      const freelancer = await signUp(ctx, { accountType: 'freelancer' });
      await ctx.db
        .update(clients)
        .set({ freelancerUserId: freelancer.id })
        .where(eq(clients.id, ids.linked!));
      // Ana has one invoice to review and one reviewed; Ñandú only reviewed ones; the third none.
      await ctx.db.insert(invoices).values([
        { id: newId(), clientId: ids.dummy!, checked: false },
        { id: newId(), clientId: ids.dummy!, checked: true },
        { id: newId(), clientId: ids.linked!, checked: true },
      ]);
    });
    /** The CSV's text, after checking it starts with a UTF-8 byte-order mark (Excel reads it as UTF-8). */
    const csvOf = async (res: Response) => {
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return bytes.subarray(3).toString('utf8');
    };
    const namesOf = async (query: string, who = accountant) => {
      const res = await get(`/api/v1/clients${query}`, who);
      expect(res.status, query).toBe(200);
      const body = await bodyOf(res);
      return { names: body.items.map((c: { name: string }) => c.name), total: body.total };
    };

    it('filters registered or dummy clients, and those with invoices to review, with a matching total', async () => {
      expect(await namesOf('?registered=true')).toEqual({ names: ['Ñandú Servicios'], total: 1 });
      expect((await namesOf('?registered=false')).names).toEqual([
        '=HYPERLINK("http://evil.test","pulsa")',
        'Ana Ruiz',
      ]);
      expect(await namesOf('?toReview=true')).toEqual({ names: ['Ana Ruiz'], total: 1 });
      expect((await namesOf('?toReview=false')).total).toBe(2);
      expect(await namesOf('?registered=true&toReview=true')).toEqual({ names: [], total: 0 });
      expect(await namesOf('?registered=false&toReview=true&q=ana')).toEqual({
        names: ['Ana Ruiz'],
        total: 1,
      });
      expect((await get('/api/v1/clients?registered=maybe', accountant)).status).toBe(400);
      // The counts on each row, from the one grouped query.
      const { items } = await bodyOf(await get('/api/v1/clients?toReview=true', accountant));
      expect(items[0]).toMatchObject({ documents: 2, needsReview: 1, registered: false, status: 'dummy' });
    });

    it('exports the filtered list as CSV in the user’s language, with typed text never a formula', async () => {
      const res = await get('/api/v1/clients/export.csv?registered=false', accountant);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="clientes_\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = (await csvOf(res)).trim().split('\r\n');
      expect(lines[0]).toBe('Nombre;NIF;Estado;Registrado;Facturas;Por revisar;Alta');
      expect(lines).toHaveLength(3);
      expect(lines[2]).toMatch(/^Ana Ruiz;;No registrado;No;2;1;\d{2}\/\d{2}\/\d{4}$/);
      // The name starts with `'`: a spreadsheet shows it, never runs it.
      expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.test"",""pulsa""\)";/);
      // Filters apply to the export as to the list.
      const review = await csvOf(await get('/api/v1/clients/export.csv?toReview=true', accountant));
      expect(review.trim().split('\r\n')).toHaveLength(2);
    });

    it('exports the list as XLSX: the same rows, counts as numbers, the formula guard on names', async () => {
      const res = await get('/api/v1/clients/export.xlsx', accountant);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      const sheet = workbook.getWorksheet('Clientes')!;
      const rows = sheet.getSheetValues().slice(1) as unknown[][];
      expect(rows[0]!.slice(1)).toEqual([
        'Nombre',
        'NIF',
        'Estado',
        'Registrado',
        'Facturas',
        'Por revisar',
        'Alta',
      ]);
      expect(rows.slice(1).map((row) => row[1])).toEqual([
        '\'=HYPERLINK("http://evil.test","pulsa")',
        'Ana Ruiz',
        'Ñandú Servicios',
      ]);
      expect(rows[3]!.slice(1, 7)).toEqual(['Ñandú Servicios', '12345678Z', 'Registrado', 'Sí', 1, 0]);
      expect(rows[3]![7]).toBeInstanceOf(Date);
      expect(sheet.getCell('A2').formula).toBeUndefined();
    });

    it('writes an English export’s dates as ISO days, never 11/27/2026 (issue 36 item 11)', async () => {
      const english = await signUp(ctx, { locale: 'en' });
      const client = await addClient(english, 'Dale Harper');
      await ctx.db
        .update(clients)
        .set({ createdAt: new Date('2026-11-27T10:00:00Z') })
        .where(eq(clients.id, client.id));
      const text = await csvOf(await get('/api/v1/clients/export.csv', english));
      expect(text.trim().split('\r\n')[1]).toBe('Dale Harper,,Not registered,No,0,0,2026-11-27');
      const workbook = new ExcelJS.Workbook();
      const res = await get('/api/v1/clients/export.xlsx', english);
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      const added = workbook.worksheets[0]!.getRow(2).getCell(7);
      expect(added.value).toEqual(new Date('2026-11-27T00:00:00Z'));
      expect(added.numFmt).toBe('yyyy-mm-dd');
      // Spanish keeps its own order.
      const spanish = (await csvOf(await get('/api/v1/clients/export.csv', accountant))).trim().split('\r\n');
      expect(spanish[1]).toMatch(/;\d{2}\/\d{2}\/\d{4}$/);
    });

    it('exports only the caller’s clients, and refuses another format', async () => {
      const other = await signUp(ctx);
      const text = await csvOf(await get('/api/v1/clients/export.csv', other));
      expect(text.trim().split('\r\n')).toEqual(['Name,Tax ID,Status,Registered,Invoices,To review,Added']);
      expect((await get('/api/v1/clients/export.pdf', accountant)).status).toBe(404);
      expect((await get('/api/v1/clients/export.csv', null)).status).toBe(401);
    });
  });
});
