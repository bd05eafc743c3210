import { writeFileSync } from 'node:fs';
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
import {
  compactRates,
  expandRates,
  inEuros,
  parseEcbCsv,
  parseEcbXml,
  rateOn,
  ratesFile,
  shippedRates,
  toEuroCents,
} from './rates';

// Issue 36 item 6: receipts in £, $ and RM were added to euro columns. Forms convert at the ECB rate of the
// invoice date; an amount with no rate is listed apart, never added.

/** The ECB's XML layout, with rates made up for the test (not real ECB figures). */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube>
    <Cube time='2026-02-13'>
      <Cube currency='USD' rate='1.1000'/>
      <Cube currency='GBP' rate='0.8000'/>
    </Cube>
    <Cube time="2026-02-12">
      <Cube currency="USD" rate="1.2500"/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

describe('ECB reference rates', () => {
  it('reads the ECB XML, takes Friday’s rate on a Sunday, and converts to the cent', () => {
    const rates = parseEcbXml(XML);
    expect(rates).toEqual({
      '2026-02-13': { USD: '1.1000', GBP: '0.8000' },
      '2026-02-12': { USD: '1.2500' },
    });
    expect(rateOn(rates, 'usd', '2026-02-15')).toEqual({ rate: '1.1000', date: '2026-02-13' });
    expect(rateOn(rates, 'USD', '2026-02-28')).toBeNull();
    expect(toEuroCents(11_000, '1.1000')).toBe(10_000);
    expect(toEuroCents(-999, '0.8000')).toBe(-1_249);
  });
});

describe('the ECB table shipped with the app', () => {
  // Figures looked up by hand in the ECB's eurofxref-hist.csv the table was built from:
  // 2024-03-14 USD 1.0925, GBP 0.8542; 2024-03-15 (Friday) USD 1.0892, GBP 0.8541; 2015-01-02 is its first day.
  const rates = shippedRates();
  const invoice = (currency: string, issueDate: string) => ({
    currency,
    issueDate,
    taxBaseCents: 10_000,
    vatTotalCents: 2_100,
    withholdingCents: null,
    surchargeCents: null,
    totalCents: 12_100,
    vatBreakdown: [{ baseCents: 10_000, vatCents: 2_100 }],
  });

  it('converts a dollar invoice at the ECB rate of its date', () => {
    expect(rateOn(rates, 'USD', '2024-03-14')).toEqual({ rate: '1.0925', date: '2024-03-14' });
    const result = inEuros(invoice('USD', '2024-03-14'), rates);
    expect(result?.converted).toEqual({ currency: 'USD', rate: '1.0925', date: '2024-03-14' });
    // $100.00 / 1.0925 = €91.533…; $21.00 / 1.0925 = €19.221…; $121.00 / 1.0925 = €110.755…
    expect(result?.invoice).toMatchObject({
      currency: 'EUR',
      taxBaseCents: 9_153,
      vatTotalCents: 1_922,
      totalCents: 11_076,
      vatBreakdown: [{ baseCents: 9_153, vatCents: 1_922 }],
    });
  });

  it('takes Friday’s rate for an invoice dated Saturday', () => {
    expect(rateOn(rates, 'GBP', '2024-03-16')).toEqual({ rate: '0.8541', date: '2024-03-15' });
    expect(inEuros(invoice('USD', '2024-03-16'), rates)?.converted).toEqual({
      currency: 'USD',
      rate: '1.0892',
      date: '2024-03-15',
    });
  });

  it('lists apart an invoice dated before the table, or in a currency the ECB does not publish', () => {
    expect(inEuros(invoice('USD', '2014-12-31'), rates)).toBeNull();
    expect(inEuros(invoice('AED', '2024-03-14'), rates)).toBeNull();
    expect(inEuros(invoice('USD', '2015-01-02'), rates)?.converted?.rate).toBe('1.2043');
  });

  it('keeps every rate as the ECB wrote it through the compact form', () => {
    const csv = `Date,USD,JPY,HUF,RUB,
2022-03-01,1.1163,128.45,371.9,N/A,
2022-02-28,1.1199,129.31,373.5,117.2969,
2022-02-25,1.1216,129.9,367.4,93.5346,`;
    const parsed = parseEcbCsv(csv);
    expect(parsed['2022-03-01']).toEqual({ USD: '1.1163', JPY: '128.45', HUF: '371.9' });
    expect(expandRates(compactRates(parsed, 'test'))).toEqual(parsed);
    // The daily eurofxref.csv writes its date in words and pads with spaces.
    expect(parseEcbCsv('Date, USD, JPY, \n13 April 2026, 1.1684, 186.75, \n')).toEqual({
      '2026-04-13': { USD: '1.1684', JPY: '186.75' },
    });
  });
});

describe(`forms in euros (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    writeFileSync(ratesFile(ctx.services.config.DATA_DIR), JSON.stringify({ rates: parseEcbXml(XML) }));
  });
  afterAll(() => ctx.close());

  it('converts a dollar invoice at the rate of its date and leaves out one with no rate, naming both', async () => {
    const owner = await createSignedInUser(ctx);
    const client = (await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Lucía Romero',
      taxId: '12345678Z',
    }))!;
    const received = {
      type: 'received' as const,
      issuerName: 'Suministros Norte SL',
      issuerTaxId: 'B12345674',
      recipientTaxId: '12345678Z',
      checked: true,
    };
    const ids = { eur: newId(), usd: newId(), aed: newId() };
    await ctx.db.insert(invoices).values([
      {
        ...received,
        id: ids.eur,
        clientId: client.id,
        number: 'E-1',
        issueDate: '2026-02-13',
        taxBaseCents: 10_000,
        vatTotalCents: 2_100,
        totalCents: 12_100,
        vatBreakdown: [{ rate: '21', baseCents: 10_000, vatCents: 2_100 }],
      },
      {
        ...received,
        id: ids.usd,
        clientId: client.id,
        number: 'U-1',
        currency: 'USD',
        issueDate: '2026-02-14',
        taxBaseCents: 11_000,
        vatTotalCents: 2_310,
        totalCents: 13_310,
        vatBreakdown: [{ rate: '21', baseCents: 11_000, vatCents: 2_310 }],
      },
      {
        ...received,
        id: ids.aed,
        clientId: client.id,
        number: 'A-1',
        currency: 'AED',
        issueDate: '2026-02-14',
        taxBaseCents: 1_000_000,
        vatTotalCents: 210_000,
        totalCents: 1_210_000,
        vatBreakdown: [{ rate: '21', baseCents: 1_000_000, vatCents: 210_000 }],
      },
    ]);
    const m303 = await bodyOf(
      await ctx.request(`/api/v1/clients/${client.id}/forms/303?year=2026&period=1T`, {
        headers: owner.headers,
      }),
    );
    // €100 + $110 at 1.10 = €200 of base; the dirham invoice (no ECB rate) is not added.
    expect([m303.boxes['28'], m303.boxes['29']]).toEqual([20_000, 4_200]);
    expect(m303.invoices['28'].sort()).toEqual([ids.eur, ids.usd].sort());
    const warning = (code: string) =>
      m303.warnings.find((w: { code: string }) => w.code === code)?.invoiceIds;
    expect(warning('CURRENCY_CONVERTED')).toEqual([ids.usd]);
    expect(warning('CURRENCY_RATE_MISSING')).toEqual([ids.aed]);
  });
});
