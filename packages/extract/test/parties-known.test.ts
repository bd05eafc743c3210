import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeCif, makeNif, rng } from '../scripts/invoice-cases.ts';
import { checkTaxIds } from '../src/checks/consistency.ts';
import { extractFromText } from '../src/fields/index.ts';
import { nifLetter } from '../src/ids/tax-id.ts';
import type { PageText } from '../src/text/layout.ts';
import type { KnownParty } from '../src/types.ts';
import { page } from './text-page.ts';

const utilityCif = makeCif(rng(71), 'A');
const customerNif = makeNif(rng(72));
const otherCif = makeCif(rng(73), 'B');
const PARTY_FIELDS = ['issuer_name', 'issuer_tax_id', 'client_name', 'client_tax_id'] as const;

/** Marks every word as read alike by both OCR engines (fused OCR). */
function readByBoth(p: PageText): PageText {
  for (const l of p.lines)
    for (const w of l.words) {
      w.engine = 'ppocr';
      w.alternatives = [{ text: w.text, conf: 0.9, engine: 'tesseract' }];
    }
  return p;
}

/** Fields and checks as the pipeline runs them on a page. */
function read(p: PageText, party?: KnownParty) {
  const r = extractFromText([p], p.source, { party });
  checkTaxIds(r.fields, () => {});
  return r;
}

/**
 * An electricity bill: the utility's letterhead under its customer-service line, the holder of the supply
 * contract in a block of its own, and the utility's registry line (with its CIF again) in the footer.
 */
const electricityBill = [
  '@0.040 Eléctrica del Litoral S.A.',
  '@0.058 Atención al cliente: 900 100 200',
  `@0.076 CIF: ${utilityCif}`,
  '@0.120 FACTURA DE ELECTRICIDAD',
  '@0.140 Nº factura: FE24-000123   Fecha: 12/03/2024',
  '@0.180 Titular del contrato',
  '@0.198 Laura Gómez Prieto',
  `@0.216 NIF: ${customerNif}`,
  '@0.234 Calle del Olmo 4, 28004 Madrid',
  '@0.300 Término de energía   100,00',
  '@0.320 Impuesto eléctrico   5,11',
  '@0.360 Total factura   127,23 €',
  `@0.950 Eléctrica del Litoral S.A. Inscrita en el Registro Mercantil de Madrid, Tomo 1234, Folio 56 · CIF ${utilityCif}`,
];

describe('an electricity bill: roles from the blocks, never from where a client word happens to stand', () => {
  it('gives the utility the issuer role and the contract holder the client role, without a known party', () => {
    for (const p of [page(electricityBill, 'text'), readByBoth(page(electricityBill))]) {
      const r = read(p);
      expect(r.fields.issuer_tax_id?.value, p.source).toBe(utilityCif);
      expect(r.fields.client_tax_id?.value, p.source).toBe(customerNif);
      expect(r.fields.client_name?.value, p.source).toBe('Laura Gómez Prieto');
      expect(r.direction).toBeNull();
    }
  });

  it('with the customer as known party: received, and both ids and the client name verified', () => {
    for (const p of [page(electricityBill, 'text'), readByBoth(page(electricityBill))]) {
      const r = read(p, { name: 'Laura Gómez Prieto', taxId: customerNif });
      expect(r.direction, p.source).toBe('received');
      expect(r.fields.issuer_tax_id).toMatchObject({ value: utilityCif, verified: true });
      expect(r.fields.client_tax_id).toMatchObject({ value: customerNif, verified: true });
      expect(r.fields.client_name).toMatchObject({ value: 'Laura Gómez Prieto', verified: true });
    }
  });

  it('with the utility as known party (its id written with the ES prefix): issued', () => {
    const r = read(page(electricityBill, 'text'), {
      name: 'Eléctrica del Litoral',
      taxId: `ES${utilityCif}`,
    });
    expect(r.direction).toBe('issued');
    expect(r.fields.issuer_tax_id?.value).toBe(utilityCif);
    expect(r.fields.client_tax_id?.value).toBe(customerNif);
  });

  it('verifies no party field when the page gives two ids one role', () => {
    // The known party stands under the issuer's heading while the other id is on the issuer's registry line.
    const rows = [
      '@0.040 Emisor',
      '@0.058 Laura Gómez Prieto',
      `@0.076 NIF: ${customerNif}`,
      '@0.140 Nº factura: FE24-000123   Fecha: 12/03/2024',
      '@0.300 Servicios   100,00',
      '@0.360 Total factura   121,00 €',
      `@0.950 Eléctrica del Litoral S.A. Inscrita en el Registro Mercantil de Madrid · CIF ${utilityCif}`,
    ];
    const r = read(page(rows, 'text'), { name: 'Laura Gómez Prieto', taxId: customerNif });
    for (const name of PARTY_FIELDS) expect(r.fields[name]?.verified ?? false, name).toBe(false);
  });

  it('verifies no party field when one id sits under a client heading and on the registry line', () => {
    const rows = [
      '@0.040 Reformas Sur',
      '@0.140 Nº factura: 2024-7   Fecha: 12/03/2024',
      '@0.180 Cliente',
      '@0.198 Talleres Ebro S.L.',
      `@0.216 CIF: ${otherCif}`,
      '@0.360 Total factura   121,00 €',
      `@0.950 Talleres Ebro S.L. Inscrita en el Registro Mercantil de Zaragoza · CIF ${otherCif}`,
    ];
    const r = read(page(rows, 'text'));
    for (const name of PARTY_FIELDS) expect(r.fields[name]?.verified ?? false, name).toBe(false);
  });
});

describe('strings that are no tax id', () => {
  it('never takes an article code on an item line for a tax id, even when its letter passes', () => {
    const gtin = '84101880';
    const rows = [
      '@0.04 Supermercados Ribera S.L.',
      `@0.06 CIF: ${otherCif}`,
      '@0.10 FACTURA SIMPLIFICADA   Nº T-2024-5512',
      `@0.14 ${gtin} ${nifLetter(gtin)} Bolsa reciclada   0,15`,
      `@0.16 84101880123 45 ${customerNif.slice(0, 8)} ${customerNif[8]} Leche entera   1,15`,
      `@0.18 EAN: ${gtin}${nifLetter(gtin)}`,
      `@0.20 Tel. ${customerNif}`,
      '@0.24 Total   1,30 €',
    ];
    for (const p of [page(rows, 'text'), readByBoth(page(rows))]) {
      const r = read(p);
      expect(r.taxIds.map((t) => t.id)).toEqual([otherCif]);
      expect(r.fields.issuer_tax_id?.value).toBe(otherCif);
      expect(r.fields.client_tax_id).toBeUndefined();
    }
  });
});

describe('an inline client block', () => {
  it('reads "Datos del cliente: NAME, CIF X, street, number" as the client, never the item under it', () => {
    const rows = [
      '@0.04 Asesoría Fiscal Navarro S.L.',
      `@0.06 CIF: ${otherCif}`,
      '@0.10 Factura nº 2024-118   Fecha: 12/03/2024',
      `@0.14 Datos del cliente: Talleres Ebro S.L.U., CIF ${utilityCif}, Paseo de Gracia, 95`,
      '@0.18 Concepto   Importe',
      '@0.20 Honorarios profesionales   500,00',
      '@0.30 Total   605,00 €',
    ];
    const r = read(page(rows, 'text'));
    expect(r.fields.client_name?.value).toBe('Talleres Ebro S.L.U.');
    expect(r.fields.client_tax_id?.value).toBe(utilityCif);
    expect(r.fields.issuer_tax_id?.value).toBe(otherCif);
  });

  it('takes no street, postcode, table header or spaced-out title under a client label for a name', () => {
    const rows = [
      '@0.04 Asesoría Fiscal Navarro S.L.',
      `@0.06 CIF: ${otherCif}`,
      '@0.10 Factura nº 2024-118   Fecha: 12/03/2024',
      '@0.14 Cliente',
      '@0.16 Calle Mayor 5',
      '@0.18 28001 Madrid',
      '@0.20 CODIGO TIPO',
      '@0.24 Total   605,00 €',
    ];
    const r = read(page(rows, 'text'));
    expect(r.fields.client_name).toBeUndefined();
  });
});

describe('direction', () => {
  const invoice = [
    '@0.04 Asesoría Fiscal Navarro S.L.',
    `@0.06 CIF: ${otherCif}`,
    '@0.10 Factura nº 2024-118   Fecha: 12/03/2024',
    '@0.14 Facturar a',
    '@0.16 Talleres Ebro S.L.',
    `@0.18 CIF: ${utilityCif}`,
    '@0.30 Total   605,00 €',
  ];
  it('is issued when the known party issues, received when it is billed, null when absent or not given', () => {
    const p = () => page(invoice, 'text');
    expect(read(p(), { taxId: otherCif }).direction).toBe('issued');
    expect(read(p(), { taxId: utilityCif }).direction).toBe('received');
    expect(read(p(), { taxId: customerNif, name: 'Nadie Conocido S.A.' }).direction).toBeNull();
    expect(read(p()).direction).toBeNull();
  });

  it('gives no direction when only its place at the top would make the known party the issuer', () => {
    // No block labels: two ids, the first in the top band. A client's block often sits up there too.
    const unlabelled = [
      '@0.04 Asesoría Fiscal Navarro S.L.',
      `@0.06 NIF: ${otherCif}`,
      '@0.10 Factura nº 2024-118   Fecha: 12/03/2024',
      '@0.16 Talleres Ebro S.L.',
      `@0.18 NIF: ${utilityCif}`,
      '@0.30 Total   605,00 €',
    ];
    const p = () => page(unlabelled, 'text');
    expect(read(p(), { taxId: otherCif }).direction).toBeNull();
    // Placed after another party's id, the known party is that party's client.
    expect(read(p(), { taxId: utilityCif }).direction).toBe('received');
    // Its role named by the page: the direction follows.
    expect(read(page(invoice, 'text'), { taxId: otherCif }).direction).toBe('issued');
  });

  it('finds a known party without a tax id by its name (accents, case and legal form aside)', () => {
    const issued = read(page(invoice, 'text'), { name: 'ASESORIA FISCAL NAVARRO SL' });
    expect(issued.direction).toBe('issued');
    expect(issued.fields.issuer_name?.value).toBe('Asesoría Fiscal Navarro S.L.');
    const received = read(page(invoice, 'text'), { name: 'talleres ebro' });
    expect(received.direction).toBe('received');
    expect(received.fields.client_name?.value).toBe('Talleres Ebro S.L.');
  });

  it('finds a known name OCR read a letter wrong in one word and a letter short in another', () => {
    const scanned = [
      '@0.04 Comercializadora Levante S.A.',
      `@0.06 CIF: ${otherCif}`,
      '@0.10 Factura nº 2024-118   Fecha: 12/03/2024',
      '@0.14 Titular del contrato',
      '@0.16 SUSANA CALOERON GOME',
      '@0.30 Total   605,00 €',
    ];
    expect(read(page(scanned, 'ocr'), { name: 'Susana Calderón Gómez' }).direction).toBe('received');
    // A name of other words, however alike in length, is not the known one.
    expect(read(page(scanned, 'ocr'), { name: 'Susana Serrano Gil' }).direction).toBeNull();
  });
});

describe('cuadra-extract --party-tax-id / --party-name', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bin = path.resolve(here, '../bin/cuadra-extract.mjs');
  const pdf = path.resolve(here, 'fixtures/golden/classic-recargo.pdf');
  const run = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)('node', [bin, '--no-ocr', ...args, pdf]);
    return JSON.parse(stdout) as { direction: string | null; fields: Record<string, unknown> };
  };

  it('prints direction from the known party, and null without one', async () => {
    // The golden invoice: issued by 65442572M (María López García) to 25292811X (Ferretería El Clavo).
    const [issued, received, byName, none] = await Promise.all([
      run('--party-tax-id', '65442572-M'),
      run('--party-tax-id', '25292811X', '--party-name', 'Ferretería El Clavo'),
      run('--party-name', 'Ferreteria el clavo'),
      run(),
    ]);
    expect(issued.direction).toBe('issued');
    expect(received.direction).toBe('received');
    expect(byName.direction).toBe('received');
    expect(none.direction).toBeNull();
    expect(received.fields.client_tax_id).toBe('25292811X');
  }, 120_000);
});
