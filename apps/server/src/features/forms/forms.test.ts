import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { seedKnownClient } from './test-fixtures';

describe(`AEAT forms from reviewed invoices (${TEST_DB})`, () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createSignedInUser>>;
  let clientId: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await createSignedInUser(ctx);
    const seeded = await seedKnownClient(ctx, owner.user.id);
    clientId = seeded.client.id;
    ids = seeded.ids;
  });
  afterAll(() => ctx.close());

  const get = (path: string, headers = owner.headers) => ctx.request(path, { headers });
  const form = async (name: string, year: number, period: string, id = clientId) => {
    const res = await get(`/api/v1/clients/${id}/forms/${name}?year=${year}&period=${period}`);
    return { status: res.status, body: await bodyOf(res) };
  };
  const idsOf = (...names: string[]) => names.map((n) => ids[n] as string).sort();
  const warning = (body: { warnings: { code: string; invoiceIds: string[] }[] }, code: string) =>
    body.warnings.find((w) => w.code === code)?.invoiceIds;

  it('303, first quarter: every box, from the stored breakdown per rate', async () => {
    const { status, body } = await form('303', 2026, '1T');
    expect(status).toBe(200);
    expect(body).toMatchObject({ form: '303', year: 2026, period: '1T' });
    expect(body.boxes).toEqual({
      '01': 30_000, // 4 %: F-3
      '03': 1_200,
      '04': 50_000, // 10 %: F-2
      '06': 5_000,
      '07': 450_000, // 21 %: F-1 + F-2
      '09': 94_500,
      '10': 100_000, // intra-EU acquisition G-4, self-assessed at 21 %
      '11': 21_000,
      '14': -20_000, // credit note R-1
      '15': -4_200,
      '19': 50_000, // recargo 1.4 % on F-2's 10 % line
      '21': 700,
      '22': 250_000, // recargo 5.2 % on F-2's 21 % line
      '24': 13_000,
      '27': 131_200,
      '28': 500_000, // G-1, G-2, G-3, G-6, G-7
      '29': 101_400,
      '36': 100_000, // G-4 deducted in the same return
      '37': 21_000,
      '40': -10_000, // received credit note G-5
      '41': -2_100,
      '45': 120_300,
      '46': 10_900,
      '59': 150_000, // intra-EU delivery F-4
      '64': 10_900,
      '66': 10_900,
      '69': 10_900,
      '71': 10_900,
      '78': 0,
      '87': 0,
      '110': 0,
    });
    expect(body.invoices['07']).toEqual(idsOf('F-1', 'F-2'));
    expect(body.invoices['28']).toEqual(idsOf('G-1', 'G-2', 'G-3', 'G-6', 'G-7'));
    expect(body.invoices['59']).toEqual(idsOf('F-4'));
    expect(body.invoices['27']).toEqual(idsOf('F-1', 'F-2', 'F-3', 'R-1', 'G-4'));
    expect(warning(body, 'UNREVIEWED_INVOICES')).toEqual(idsOf('F-5'));
    // No unreviewed invoice anywhere in the boxes.
    expect(Object.values(body.invoices).flat()).not.toContain(ids['F-5']);
  });

  it('303, second quarter: only its own invoices', async () => {
    const { body } = await form('303', 2026, '2T');
    expect(body.boxes).toMatchObject({ '07': 10_000, '09': 2_100, '27': 2_100, '45': 0, '71': 2_100 });
    expect(body.invoices['07']).toEqual(idsOf('F-6'));
  });

  it('303: a negative quarter is compensated against the next positive ones of the year', async () => {
    const other = await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Compensa',
      taxId: '66666666Q',
    });
    const add = (values: Partial<typeof invoices.$inferInsert>) =>
      ctx.db.insert(invoices).values({ id: newId(), clientId: other!.id, checked: true, ...values });
    await add({
      type: 'received',
      number: 'C-1',
      issueDate: '2026-02-01',
      issuerTaxId: 'B11111111',
      taxBaseCents: 100_000,
      vatTotalCents: 21_000,
      totalCents: 121_000,
      vatBreakdown: [{ rate: '21', baseCents: 100_000, vatCents: 21_000 }],
    });
    await add({
      type: 'issued',
      number: 'V-1',
      issueDate: '2026-05-01',
      recipientTaxId: 'B12345674',
      taxBaseCents: 50_000,
      vatTotalCents: 10_500,
      totalCents: 60_500,
      vatBreakdown: [{ rate: '21', baseCents: 50_000, vatCents: 10_500 }],
    });
    await add({
      type: 'issued',
      number: 'V-2',
      issueDate: '2026-08-01',
      recipientTaxId: 'B12345674',
      taxBaseCents: 100_000,
      vatTotalCents: 21_000,
      totalCents: 121_000,
      vatBreakdown: [{ rate: '21', baseCents: 100_000, vatCents: 21_000 }],
    });
    const pick = (b: Record<string, number>) => [b['66'], b['110'], b['78'], b['87'], b['71']];
    expect(pick((await form('303', 2026, '1T', other!.id)).body.boxes)).toEqual([-21_000, 0, 0, 0, -21_000]);
    expect(pick((await form('303', 2026, '2T', other!.id)).body.boxes)).toEqual([
      10_500, 21_000, 10_500, 10_500, 0,
    ]);
    expect(pick((await form('303', 2026, '3T', other!.id)).body.boxes)).toEqual([
      21_000, 10_500, 10_500, 0, 10_500,
    ]);
  });

  it('130, first quarter: income, expenses and withholdings since 1 January', async () => {
    const { status, body } = await form('130', 2026, '1T');
    expect(status).toBe(200);
    expect(body.boxes).toEqual({
      '01': 660_000,
      '02': 590_000,
      '03': 70_000,
      '04': 14_000,
      '05': 0,
      '06': 29_100, // F-1 15 %, F-3 7 %, less R-1
      '07': -15_100,
      '12': -15_100,
      '13': 0,
      '14': -15_100,
      '17': -15_100,
      '19': -15_100,
    });
    expect(body.invoices['06']).toEqual(idsOf('F-1', 'F-3', 'R-1'));
  });

  it('111: the professional the client withheld 15 % from; 115: the rent with 19 %', async () => {
    const m111 = await form('111', 2026, '1T');
    expect(m111.body.boxes).toEqual({ '07': 1, '08': 50_000, '09': 7_500, '28': 7_500, '30': 7_500 });
    expect(m111.body.invoices['09']).toEqual(idsOf('G-3'));
    expect(warning(m111.body, 'WITHHOLDING_FEEDS_111')).toEqual(idsOf('G-3'));
    const m115 = await form('115', 2026, '1T');
    expect(m115.body.boxes).toEqual({ '01': 1, '02': 80_000, '03': 15_200, '05': 15_200 });
    expect(m115.body.invoices['03']).toEqual(idsOf('G-2'));
  });

  it('349: the intra-EU delivery and acquisition', async () => {
    const { body } = await form('349', 2026, '1T');
    expect(body.boxes).toEqual({ '01': 2, '02': 250_000, '03': 0, '04': 0 });
    expect(body.invoices['02']).toEqual(idsOf('F-4', 'G-4'));
  });

  it('347: parties over 3,005.06 €, VAT included, without withholding or intra-EU operations', async () => {
    const { body } = await form('347', 2026, '0A');
    expect(body.boxes).toEqual({ '01': 2, '02': 734_200 });
    expect(body.invoices['02']).toEqual(idsOf('F-2', 'G-7'));
    expect(warning(body, 'PARTY_WITHOUT_TAX_ID')).toEqual(idsOf('G-7'));
    expect(warning(body, 'EXCLUDED_FROM_347_WITHHOLDING')).toEqual(idsOf('F-1', 'F-3', 'R-1', 'G-2', 'G-3'));
  });

  it('390: the year by rate', async () => {
    const { body } = await form('390', 2026, '0A');
    expect(body.boxes).toEqual({
      '01': 30_000,
      '02': 1_200,
      '03': 50_000,
      '04': 5_000,
      '05': 460_000,
      '06': 96_600,
      '25': 100_000,
      '26': 21_000,
      '29': -20_000,
      '30': -4_200,
      '47': 133_300,
      '62': -2_100,
      '64': 120_300,
      '65': 13_000,
      '99': 520_000,
      '103': 150_000,
      '108': 670_000,
      '190': 5_000,
      '191': 200,
      '599': 50_000,
      '600': 700,
      '601': 250_000,
      '602': 13_000,
      '603': 25_000,
      '604': 2_500,
      '605': 470_000,
      '606': 98_700,
      '629': 100_000,
      '630': 21_000,
      '639': -10_000,
    });
  });

  const fiscal = async (id = clientId) => bodyOf(await get(`/api/v1/clients/${id}/fiscal-summary?year=2026`));

  it('a 303 box changes when a reviewed VAT changes in review; the fiscal summary agrees with 303', async () => {
    const before = (await form('303', 2026, '1T')).body.boxes;
    const fiscalBefore = (await fiscal()).modelo303[0];
    // One source of figures: the summary's first-quarter result is the form's box 46.
    expect(fiscalBefore.regimeResultCents).toBe(before['46']);
    const invoice = await bodyOf(await get(`/api/v1/invoices/${ids['G-1']}`));
    const res = await ctx.request(`/api/v1/invoices/${ids['G-1']}`, {
      method: 'PUT',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...Object.fromEntries(
          [
            'type',
            'number',
            'issueDate',
            'dueDate',
            'issuerName',
            'issuerAddress',
            'issuerTaxId',
            'recipientName',
            'recipientAddress',
            'recipientTaxId',
            'currency',
            'withholdingCents',
            'withholdingRate',
            'surchargeCents',
            'items',
          ].map((k) => [k, invoice[k]]),
        ),
        // The reviewer corrects the rate: 10 %, not 21 %.
        taxBaseCents: 40_000,
        vatTotalCents: 4_000,
        totalCents: 44_000,
        vatBreakdown: [{ rate: '10', baseCents: 40_000, vatCents: 4_000 }],
      }),
    });
    expect(res.status).toBe(200);
    const after = (await form('303', 2026, '1T')).body.boxes;
    expect(after['29']).toBe(before['29'] - 4_400);
    expect(after['46']).toBe(before['46'] + 4_400);
    expect(after['28']).toBe(before['28']);
    const fiscalAfter = (await fiscal()).modelo303[0];
    expect(fiscalAfter.deductibleTotalCents).toBe(fiscalBefore.deductibleTotalCents - 4_400);
    expect(fiscalAfter.regimeResultCents).toBe(after['46']);
  });

  it('refuses a period the form is not filed for', async () => {
    expect((await form('303', 2026, '0A')).status).toBe(400);
    expect((await form('347', 2026, '1T')).body.error.code).toBe('FORM_PERIOD_INVALID');
    expect((await form('999', 2026, '1T')).body.error.code).toBe('FORM_NOT_FOUND');
  });

  it('a company gets 202 and is refused 130; an individual is refused 202', async () => {
    const company = await seedKnownClient(ctx, owner.user.id, { name: 'Bar Sol SL', taxId: 'B12345674' });
    const refused = await form('130', 2026, '1T', company.client.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('FORM_INDIVIDUALS_ONLY');
    const m202 = await form('202', 2026, '1P', company.client.id);
    expect(m202.status).toBe(200);
    expect(m202.body).toMatchObject({ form: '202', period: '1P' });
    const individual = await form('202', 2026, '1P');
    expect(individual.status).toBe(422);
    expect(individual.body.error.code).toBe('FORM_COMPANIES_ONLY');
    // The fiscal summary computes no 130 (nor an IRPF estimate) for the company, and both for Lucía.
    const companySummary = await fiscal(company.client.id);
    expect(companySummary).toMatchObject({ legalForm: 'company', modelo130: [], annual: null });
    expect(companySummary.modelo303).toHaveLength(4);
    const individualSummary = await fiscal();
    expect(individualSummary.legalForm).toBe('individual');
    expect(individualSummary.modelo130).toHaveLength(4);
    expect(individualSummary.annual).not.toBeNull();
  });

  it('202 (art. 40.3 LIS) pins every box of the three instalments on the known invoices', async () => {
    const company = await seedKnownClient(ctx, owner.user.id, {
      name: 'Taller Norte SL',
      taxId: 'B76543213',
    });
    const cid = company.client.id;
    // A large sale in May, so that the October instalment has something to pay.
    const bigSale = newId();
    await ctx.db.insert(invoices).values({
      id: bigSale,
      clientId: cid,
      checked: true,
      type: 'issued',
      number: 'F-9',
      issueDate: '2026-05-05',
      recipientName: 'Cliente Grande SA',
      recipientTaxId: 'A12345674',
      taxBaseCents: 500_000,
      vatTotalCents: 105_000,
      totalCents: 605_000,
      vatBreakdown: [{ rate: '21', baseCents: 500_000, vatCents: 105_000 }],
    });
    const mine = (...names: string[]) => names.map((n) => company.ids[n] as string);
    const q1 = [
      ...mine('F-1', 'F-2', 'F-3', 'R-1', 'F-4'),
      ...mine('G-1', 'G-2', 'G-3', 'G-4', 'G-5', 'G-6', 'G-7'),
    ];
    const toSep = [...q1, ...mine('F-6'), bigSale];

    // April: issued 6,600 € − received 5,900 € = 700 €; 17 % = 119 €; withholdings F-1 + F-3 + R-1 = 291 €.
    const p1 = (await form('202', 2026, '1P', cid)).body;
    expect(p1.boxes).toEqual({
      '04': 70_000,
      '13': 70_000,
      '16': 70_000,
      '17': 17,
      '18': 11_900,
      '28': 29_100,
      '29': 100,
      '30': 0,
      '34': 0,
    });
    expect(p1.invoices['04']).toEqual([...q1].sort());
    expect(p1.invoices['28']).toEqual(mine('F-1', 'F-3', 'R-1').sort());
    expect(p1.warnings.map((w: { code: string }) => w.code).sort()).toEqual([
      'BOX_DESIGN_UNVERIFIED',
      'ESTIMATE_FROM_INVOICES',
      'UNREVIEWED_INVOICES', // F-5
    ]);
    // October: + F-6 (100 €) + F-9 (5,000 €) → 5,800 €; 17 % = 986 €; − 291 € withheld − 0 paid in April.
    const p2 = (await form('202', 2026, '2P', cid)).body;
    expect(p2.boxes).toEqual({
      '04': 580_000,
      '13': 580_000,
      '16': 580_000,
      '17': 17,
      '18': 98_600,
      '28': 29_100,
      '29': 100,
      '30': 0,
      '34': 69_500,
    });
    expect(p2.invoices['04']).toEqual([...toSep].sort());
    // December: the same months' figures (nothing new to November), minus October's 695 €.
    const p3 = (await form('202', 2026, '3P', cid)).body;
    expect(p3.boxes).toMatchObject({ '04': 580_000, '18': 98_600, '28': 29_100, '30': 69_500, '34': 0 });
    expect(p3.invoices['30']).toEqual([...toSep].sort());
    expect((await form('202', 2026, '1T', cid)).body.error.code).toBe('FORM_PERIOD_INVALID');
  });

  it('the tax profile: inferred, editable, and deciding which forms apply', async () => {
    const other = await seedKnownClient(ctx, owner.user.id, { name: 'Perfil', taxId: '44444444A' });
    const id = other.client.id;
    const detail = await bodyOf(await get(`/api/v1/clients/${id}`));
    expect(detail.taxProfile).toMatchObject({
      legalForm: 'individual',
      legalFormInferred: true,
      vatRegime: 'general',
      territory: 'common',
      irpfMethod: 'direct',
      accounts: { customerPrefix: '430', supplierPrefix: '400', incomeAccount: '70500000' },
    });
    const patch = (taxProfile: unknown) =>
      ctx.request(`/api/v1/clients/${id}`, {
        method: 'PATCH',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ taxProfile }),
      });
    const cases: [unknown, string, string][] = [
      [{ territory: 'bizkaia' }, '303', 'FORM_FORAL_TERRITORY'],
      [{ territory: 'navarra' }, '130', 'FORM_FORAL_TERRITORY'],
      [{ territory: 'canarias' }, '303', 'FORM_CANARIAS_IGIC'],
      [{ territory: 'ceuta_melilla' }, '390', 'FORM_CEUTA_MELILLA_IPSI'],
      [{ territory: 'common', vatRegime: 'exempt' }, '303', 'FORM_VAT_EXEMPT'],
      [{ vatRegime: 'general', legalForm: 'company' }, '130', 'FORM_INDIVIDUALS_ONLY'],
    ];
    for (const [profile, name, code] of cases) {
      expect((await patch(profile)).status).toBe(200);
      const answer = await form(name, 2026, name === '390' ? '0A' : '1T', id);
      expect([answer.status, answer.body.error?.code]).toEqual([422, code]);
    }
    // Canarias still files the state's income-tax forms.
    expect((await patch({ territory: 'canarias', legalForm: null })).status).toBe(200);
    expect((await form('130', 2026, '1T', id)).status).toBe(200);
    // Accounts merge over the defaults; back to inferred legal form.
    const saved = await bodyOf(await patch({ accounts: { incomeAccount: '70000000' } }));
    expect(saved.taxProfile).toMatchObject({
      legalForm: 'individual',
      legalFormInferred: true,
      territory: 'canarias',
      accounts: { incomeAccount: '70000000', expenseAccount: '62900000' },
    });
    // A recargo retailer settles only its intra-EU acquisitions.
    await patch({ territory: 'common', vatRegime: 'recargo' });
    const recargo = await form('303', 2026, '1T', id);
    expect(recargo.body.boxes).toMatchObject({ '10': 100_000, '11': 21_000, '27': 21_000, '45': 0 });
    expect(recargo.body.boxes['07']).toBeUndefined();
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await bodyOf(await ctx.request('/api/openapi.json'));
    expect(doc.paths['/api/v1/clients/{clientId}/forms/{form}'].get.responses['422']).toBeDefined();
    expect(doc.paths['/api/v1/clients/{clientId}/exports/{kind}'].get).toBeDefined();
    expect(doc.components.schemas.FormResult).toBeDefined();
    expect(doc.components.schemas.TaxProfile).toBeDefined();
  });

  it('another accountant gets 404 on every form', async () => {
    const stranger = await createSignedInUser(ctx);
    for (const [name, period] of [
      ['303', '1T'],
      ['130', '1T'],
      ['111', '1T'],
      ['115', '1T'],
      ['347', '0A'],
      ['349', '1T'],
      ['390', '0A'],
      ['202', '1P'],
    ] as const) {
      const res = await get(
        `/api/v1/clients/${clientId}/forms/${name}?year=2026&period=${period}`,
        stranger.headers,
      );
      expect(res.status).toBe(404);
      expect((await bodyOf(res)).error.code).toBe('CLIENT_NOT_FOUND');
    }
  });
});
