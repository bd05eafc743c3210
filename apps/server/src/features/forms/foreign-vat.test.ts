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

// Issue 36 item 5: a German supplier's 19 % / 7 % VAT landed in the 303 as deductible IVA soportado when its
// tax id was not read, and as IVA repercutido when the invoice was marked issued. Only Spanish VAT belongs
// in 303/390; an intra-EU acquisition without VAT is reverse-charged (10/11, 36/37) and goes to 349.

const german = {
  type: 'received' as const,
  issueDate: '2026-02-10',
  issuerName: 'Bürobedarf Müller GmbH',
  issuerTaxId: null,
  recipientName: 'Lucía Romero',
  recipientTaxId: '12345678Z',
  checked: true,
};

describe(`foreign VAT and the VAT forms (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('leaves another country’s VAT out of 303 and 390, saying why, and reverse-charges an EU purchase without VAT', async () => {
    const owner = await createSignedInUser(ctx);
    const client = (await insertClient(ctx.db, {
      ownerUserId: owner.user.id,
      name: 'Lucía Romero',
      taxId: '12345678Z',
    }))!;
    const rows = {
      // 19 % and 7 %: rates no Spanish VAT has; the supplier's tax id was not read.
      rates: {
        ...german,
        number: 'RE-1',
        taxBaseCents: 20_000,
        vatTotalCents: 2_600,
        totalCents: 22_600,
        vatBreakdown: [
          { rate: '19', baseCents: 10_000, vatCents: 1_900 },
          { rate: '7', baseCents: 10_000, vatCents: 700 },
        ],
      },
      // A German address, at a rate that happens to be Spanish too (a misread or reduced rate).
      address: {
        ...german,
        number: 'RE-2',
        issuerAddress: 'Hauptstraße 5, 10115 Berlin, Deutschland',
        taxBaseCents: 10_000,
        vatTotalCents: 1_000,
        totalCents: 11_000,
        vatBreakdown: [{ rate: '10', baseCents: 10_000, vatCents: 1_000 }],
      },
      // A German-VAT invoice marked issued by mistake: not IVA repercutido.
      issued: {
        ...german,
        type: 'issued' as const,
        number: 'RE-3',
        taxBaseCents: 10_000,
        vatTotalCents: 1_900,
        totalCents: 11_900,
        vatBreakdown: [{ rate: '19', baseCents: 10_000, vatCents: 1_900 }],
      },
      // The same supplier identified by its VAT id, without VAT: an intra-EU acquisition.
      reverse: {
        ...german,
        number: 'RE-4',
        issuerTaxId: 'DE123456789',
        taxBaseCents: 50_000,
        vatTotalCents: 0,
        totalCents: 50_000,
        vatBreakdown: [{ rate: '21', baseCents: 50_000, vatCents: 0 }],
      },
      // Identified by its VAT id but charging German VAT: not an intra-EU acquisition.
      charged: {
        ...german,
        number: 'RE-5',
        issuerTaxId: 'DE123456789',
        taxBaseCents: 10_000,
        vatTotalCents: 1_900,
        totalCents: 11_900,
        vatBreakdown: [{ rate: '19', baseCents: 10_000, vatCents: 1_900 }],
      },
      // A Spanish supplier at 21 %: deductible.
      spanish: {
        ...german,
        number: 'A-1',
        issuerName: 'Papelería Centro SL',
        issuerTaxId: 'B12345674',
        taxBaseCents: 10_000,
        vatTotalCents: 2_100,
        totalCents: 12_100,
        vatBreakdown: [{ rate: '21', baseCents: 10_000, vatCents: 2_100 }],
      },
    };
    const ids: Record<string, string> = {};
    for (const [name, values] of Object.entries(rows)) {
      ids[name] = newId();
      await ctx.db.insert(invoices).values({ id: ids[name], clientId: client.id, ...values });
    }
    const form = async (name: string, period: string) =>
      bodyOf(
        await ctx.request(`/api/v1/clients/${client.id}/forms/${name}?year=2026&period=${period}`, {
          headers: owner.headers,
        }),
      );

    const m303 = await form('303', '1T');
    // Deductible: the Spanish invoice only. Repercutido: nothing (the German one marked issued is out).
    expect([m303.boxes['28'], m303.boxes['29']]).toEqual([10_000, 2_100]);
    expect(m303.boxes['01'] ?? 0).toBe(0);
    expect(m303.boxes['04'] ?? 0).toBe(0);
    expect(m303.boxes['07'] ?? 0).toBe(0);
    // Reverse charge of the intra-EU acquisition, at 21 %.
    expect([m303.boxes['10'], m303.boxes['11'], m303.boxes['36'], m303.boxes['37']]).toEqual([
      50_000, 10_500, 50_000, 10_500,
    ]);
    const excluded = m303.warnings.find((w: { code: string }) => w.code === 'FOREIGN_VAT_EXCLUDED');
    expect(excluded.invoiceIds).toEqual([ids.rates, ids.address, ids.issued, ids.charged].sort());

    const m390 = await form('390', '0A');
    expect([m390.boxes['605'], m390.boxes['606']]).toEqual([10_000, 2_100]);
    expect(m390.boxes['603'] ?? 0).toBe(0);

    const m349 = await form('349', '1T');
    expect(m349.invoices['02']).toEqual([ids.reverse]);
  });
});
