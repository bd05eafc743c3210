/**
 * Invoices with known figures for the forms and exports tests: Lucía Romero (12345678Z), an individual in
 * the general VAT regime, common territory. Amounts in cents; the figures each form must show are worked
 * out by hand in forms.test.ts.
 */
import type { TestContext } from '../../../test/harness';
import { invoices } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertClient } from '../clients/repo';

type Row = Partial<typeof invoices.$inferInsert>;

const line = (rate: string, baseCents: number, vatCents: number, surcharge?: [string, number]) => ({
  rate,
  baseCents,
  vatCents,
  ...(surcharge ? { surchargeRate: surcharge[0], surchargeCents: surcharge[1] } : {}),
});

/** Name → invoice row (without id and client). */
export const KNOWN_INVOICES: Record<string, Row> = {
  // Issued: 21 % with IRPF 15 %.
  'F-1': {
    type: 'issued',
    number: 'F-1',
    issueDate: '2026-01-15',
    issuerName: 'Lucía Romero',
    issuerTaxId: '12345678Z',
    recipientName: 'Bar Sol SL',
    recipientTaxId: 'B12345674',
    taxBaseCents: 200_000,
    vatTotalCents: 42_000,
    withholdingCents: 30_000,
    withholdingRate: '15',
    totalCents: 212_000,
    vatBreakdown: [line('21', 200_000, 42_000)],
  },
  // Issued to a retailer in recargo: 21 % + 5.2 % and 10 % + 1.4 %.
  'F-2': {
    type: 'issued',
    number: 'F-2',
    issueDate: '2026-02-10',
    issuerName: 'Lucía Romero',
    issuerTaxId: '12345678Z',
    recipientName: 'Zapatería Luz',
    recipientTaxId: '33333333P',
    taxBaseCents: 300_000,
    vatTotalCents: 57_500,
    surchargeCents: 13_700,
    totalCents: 371_200,
    vatBreakdown: [line('21', 250_000, 52_500, ['5.2', 13_000]), line('10', 50_000, 5_000, ['1.4', 700])],
  },
  // Issued: 4 % with IRPF 7 % (a new professional).
  'F-3': {
    type: 'issued',
    number: 'F-3',
    issueDate: '2026-02-20',
    issuerName: 'Lucía Romero',
    issuerTaxId: '12345678Z',
    recipientName: 'Librería Sur',
    recipientTaxId: 'B87654321',
    taxBaseCents: 30_000,
    vatTotalCents: 1_200,
    withholdingCents: 2_100,
    withholdingRate: '7',
    totalCents: 29_100,
    vatBreakdown: [line('4', 30_000, 1_200)],
  },
  // Credit note on F-1.
  'R-1': {
    type: 'issued',
    number: 'R-1',
    issueDate: '2026-03-05',
    issuerName: 'Lucía Romero',
    issuerTaxId: '12345678Z',
    recipientName: 'Bar Sol SL',
    recipientTaxId: 'B12345674',
    taxBaseCents: -20_000,
    vatTotalCents: -4_200,
    withholdingCents: -3_000,
    withholdingRate: '15',
    totalCents: -21_200,
    vatBreakdown: [line('21', -20_000, -4_200)],
  },
  // Intra-EU delivery, exempt (art. 25 LIVA).
  'F-4': {
    type: 'issued',
    number: 'F-4',
    issueDate: '2026-03-10',
    issuerName: 'Lucía Romero',
    issuerTaxId: '12345678Z',
    recipientName: 'Müller GmbH',
    recipientTaxId: 'DE123456789',
    taxBaseCents: 150_000,
    vatTotalCents: 0,
    totalCents: 150_000,
    vatBreakdown: [line('0', 150_000, 0)],
  },
  // Not reviewed: in no box.
  'F-5': {
    type: 'issued',
    number: 'F-5',
    issueDate: '2026-03-12',
    recipientName: 'Pendiente SA',
    taxBaseCents: 10_000,
    vatTotalCents: 2_100,
    totalCents: 12_100,
    vatBreakdown: [line('21', 10_000, 2_100)],
    checked: false,
  },
  // Second quarter.
  'F-6': {
    type: 'issued',
    number: 'F-6',
    issueDate: '2026-04-10',
    issuerName: 'Lucía Romero',
    issuerTaxId: '12345678Z',
    recipientName: 'Bar Sol SL',
    recipientTaxId: 'B12345674',
    taxBaseCents: 10_000,
    vatTotalCents: 2_100,
    totalCents: 12_100,
    vatBreakdown: [line('21', 10_000, 2_100)],
  },
  // Received: an ordinary 21 % purchase.
  'G-1': {
    type: 'received',
    number: 'G-1',
    issueDate: '2026-01-20',
    issuerName: 'Papelería Centro SL',
    issuerTaxId: 'B11111111',
    recipientName: 'Lucía Romero',
    recipientTaxId: '12345678Z',
    taxBaseCents: 40_000,
    vatTotalCents: 8_400,
    totalCents: 48_400,
    vatBreakdown: [line('21', 40_000, 8_400)],
  },
  // Received: rent of the office from an individual landlord, 19 % withheld (Modelo 115).
  'G-2': {
    type: 'received',
    number: 'A-2026-02',
    issueDate: '2026-02-01',
    issuerName: 'Inmuebles Norte (Pedro Ruiz)',
    issuerTaxId: '11111111H',
    recipientName: 'Lucía Romero',
    recipientTaxId: '12345678Z',
    taxBaseCents: 80_000,
    vatTotalCents: 16_800,
    withholdingCents: 15_200,
    withholdingRate: '19',
    totalCents: 81_600,
    vatBreakdown: [line('21', 80_000, 16_800)],
  },
  // Received: a professional's invoice, 15 % withheld (Modelo 111).
  'G-3': {
    type: 'received',
    number: 'P-77',
    issueDate: '2026-02-15',
    issuerName: 'Asesoría Pérez',
    issuerTaxId: '22222222J',
    recipientName: 'Lucía Romero',
    recipientTaxId: '12345678Z',
    taxBaseCents: 50_000,
    vatTotalCents: 10_500,
    withholdingCents: 7_500,
    withholdingRate: '15',
    totalCents: 53_000,
    vatBreakdown: [line('21', 50_000, 10_500)],
  },
  // Received: intra-EU purchase of a service, reverse charge (no VAT on the invoice).
  'G-4': {
    type: 'received',
    number: 'NL-9',
    issueDate: '2026-03-01',
    issuerName: 'Software BV',
    issuerTaxId: 'NL123456789B01',
    recipientName: 'Lucía Romero',
    recipientTaxId: '12345678Z',
    taxBaseCents: 100_000,
    vatTotalCents: 0,
    totalCents: 100_000,
    vatBreakdown: [line('21', 100_000, 0)],
  },
  // Received credit note on G-1.
  'G-5': {
    type: 'received',
    number: 'AB-1',
    issueDate: '2026-03-20',
    issuerName: 'Papelería Centro SL',
    issuerTaxId: 'B11111111',
    recipientName: 'Lucía Romero',
    recipientTaxId: '12345678Z',
    taxBaseCents: -10_000,
    vatTotalCents: -2_100,
    totalCents: -12_100,
    vatBreakdown: [line('21', -10_000, -2_100)],
  },
  // Received: 10 % and 4 %.
  'G-6': {
    type: 'received',
    number: 'T-3',
    issueDate: '2026-03-25',
    issuerName: 'Frutas Gómez',
    issuerTaxId: 'B22222222',
    recipientName: 'Lucía Romero',
    recipientTaxId: '12345678Z',
    taxBaseCents: 30_000,
    vatTotalCents: 2_700,
    totalCents: 32_700,
    vatBreakdown: [line('10', 25_000, 2_500), line('4', 5_000, 200)],
  },
  // Received from a supplier with no tax id, over the 347 threshold.
  'G-7': {
    type: 'received',
    number: 'FS-1',
    issueDate: '2026-02-28',
    issuerName: 'Ferretería Sin NIF',
    issuerTaxId: null,
    recipientName: 'Lucía Romero',
    recipientTaxId: '12345678Z',
    taxBaseCents: 300_000,
    vatTotalCents: 63_000,
    totalCents: 363_000,
    vatBreakdown: [line('21', 300_000, 63_000)],
  },
};

/** A client with the known invoices; returns the invoice ids by name. */
export async function seedKnownClient(
  ctx: TestContext,
  ownerUserId: string,
  client: { name?: string; taxId?: string | null } = {},
) {
  const row = await insertClient(ctx.db, {
    ownerUserId,
    name: client.name ?? 'Lucía Romero',
    taxId: client.taxId === undefined ? '12345678Z' : client.taxId,
  });
  if (!row) throw new Error('client not created');
  const ids: Record<string, string> = {};
  for (const [name, values] of Object.entries(KNOWN_INVOICES)) {
    const id = newId();
    ids[name] = id;
    await ctx.db.insert(invoices).values({ id, clientId: row.id, checked: true, ...values });
  }
  return { client: row, ids };
}
