import { describe, expect, it } from 'vitest';
import { checkLineItems, reconcileAmounts } from '../src/checks/consistency.ts';
import { extractFromText } from '../src/fields/index.ts';
import { page } from './text-page.ts';

describe('issuer name on digital invoices', () => {
  it('reads the name under a "Service Provider:" label in its own column', () => {
    const r = extractFromText(
      [
        page(
          [
            'Cloud Stuff Invoice',
            'Invoice Number:   1234',
            'Bill to Address:',
            'ATTN: Client Widgets Limited',
            '@0.80 * Prices may include sales tax               Service Provider:',
            '@0.81 ** Amounts in US dollars                     (Not for payment)',
            '@0.82 *** See the statement attached               Cloud Stuff Services, Inc.',
          ],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.issuer_name?.value).toBe('Cloud Stuff Services, Inc.');
  });

  it('takes the return address line over the recipient window below it', () => {
    const r = extractFromText(
      [
        page(
          [
            'Hosting Werk AG - Bergweg 4 - D-12345 Talstadt',
            'Kunde Beispiel Ltd.',
            '12 Harbour Road',
            'Rechnung',
            'Rechnungsnr.   555',
          ],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.issuer_name?.value).toBe('Hosting Werk AG');
  });

  it('takes the name printed in the footer beside the legal information', () => {
    const r = extractFromText(
      [
        page(
          [
            '          CLIENTCO',
            '          12 rue des Fleurs',
            'Facture n° 42',
            '@0.93 EDITIONS LUMIERE',
            '@0.94 Siège social : 3 rue Haute - 75001 PARIS',
            '@0.95 Sarl au capital de 1 000€ - RCS Paris B 123 456 789',
          ],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.issuer_name?.value).toBe('EDITIONS LUMIERE');
  });
});

describe('tables on digital invoices', () => {
  it('reads a header-row invoice number from the cell below', () => {
    const r = extractFromText(
      [
        page(
          [
            'Duplicaat factuur',
            'Klant        Order        Factuur        Vervaldatum',
            'K0001        O0002        VF10020030     14-3-2023',
          ],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.invoice_number?.value).toBe('VF10020030');
  });

  it('tells unit price from line total, skips a discount column, reads a quantity glued to the description', () => {
    const r = extractFromText(
      [
        page(
          [
            'Pos.   Menge Beschreibung              Rabatt %   VK-Preis   Zeilenbetrag',
            '1      2 Webspace Paket Gold                        3,50        7,00',
            '       Einrichtung inklusive',
            '2      1 Domain Paket                               1,20        1,20',
            'Total EUR   8,20',
          ],
          'text',
        ),
      ],
      'text',
    );
    const items = r.fields.line_items?.value ?? [];
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      description: 'Webspace Paket Gold Einrichtung inklusive',
      quantity: '2',
      unit_price: '3.5',
      line_total: '7.00',
    });
    // No VAT printed and the lines add up to the total: the base is the total (computed, unverified).
    reconcileAmounts(r.fields, r.amountCandidates, () => {});
    checkLineItems(r.fields, () => {});
    expect(r.fields.tax_base).toMatchObject({ value: '8.20', verified: false, source: 'computed' });
  });

  it('reads quantities with a unit and a price column that includes VAT as the line total', () => {
    const r = extractFromText(
      [
        page(
          [
            'Artikel   Omschrijving        Prijs     BTW Hoeveelheid   Bedrag',
            'E1001     Filter set          19,99     21 %   2 PCS       39,98',
          ],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.line_items?.value[0]).toMatchObject({
      quantity: '2',
      unit_price: '19.99',
      line_total: '39.98',
      vat_rate: '21',
    });
  });
});

describe('German totals block', () => {
  it('reads the number after the document type and the totals by their German labels', () => {
    const r = extractFromText(
      [
        page(
          [
            'Handelsrechnung (380) Nr. 4711 vom 12.04.2019',
            'USt.-Id.-Nr.:   DE123456788   HRB Nr. 55501',
            'Positionssumme   100,00',
            'Gesamtbetrag der Zuschläge   0,00',
            'Rechnungssumme ohne USt.   100,00',
            'Steuerbetrag   19,00',
            'Bruttosumme   119,00',
            'Erhaltene Anzahlungen   -0,00',
          ],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.invoice_number?.value).toBe('4711');
    reconcileAmounts(r.fields, r.amountCandidates, () => {});
    expect(r.fields.total).toMatchObject({ value: '119.00', verified: true });
    expect(r.fields.tax_base?.value).toBe('100.00');
    expect(r.fields.vat_total?.value).toBe('19.00');
  });
});

describe('seller and buyer blocks with "Name:" rows', () => {
  it('reads Verkäufer / Käufer blocks and gives the VAT ids their roles', () => {
    const r = extractFromText(
      [
        page(
          [
            'Rechnung Nr. 99',
            'Verkäufer',
            'Nummer:   310077',
            'Name:   Muster Lieferant GmbH',
            'USt.-Id.-Nr.:   DE123456788',
            'Käufer',
            'Nummer:   GE20',
            'Name: Zeta AG',
          ],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.issuer_name?.value).toBe('Muster Lieferant GmbH');
    expect(r.fields.client_name?.value).toBe('Zeta AG');
    expect(r.fields.issuer_tax_id?.value).toBe('DE123456788');
  });
});

describe('number and date blocks the fitted layouts print', () => {
  it('reads a number wrapped inside a title block ("FACTURA Nº A-2025-" over "00062")', () => {
    const p = page(
      [
        'Suministros Industriales del',
        'Norte S.A.   FACTURA Nº A-2025-',
        'CIF: A1234   00062',
        'Gran Vía 1   FECHA 17-04-2025',
        '@0.30 Total   121,00 €',
      ],
      'text',
    );
    const r = extractFromText([p], 'text');
    expect(r.fields.invoice_number?.value).toBe('A-2025-00062');
    expect(r.fields.issue_date?.value).toBe('2025-04-17');
  });

  it('reads a number wrapped around the label it is centred beside, and a label wrapped in its cell', () => {
    const centred = page(
      [
        '@0.05 Tecnologías Cuadrante S.A.',
        '@0.20              FRA-2024-',
        '@0.21 Invoice #:',
        '@0.22              00362',
        '@0.30 Total   121,00 €',
      ],
      'text',
    );
    expect(extractFromText([centred], 'text').fields.invoice_number?.value).toBe('FRA-2024-00362');
    const label = page(
      [
        '@0.05 Tecnologías Cuadrante S.A.',
        '@0.20 Número de',
        '@0.21             F2024/0207',
        '@0.22 factura:',
        '@0.30 Total   121,00 €',
      ],
      'text',
    );
    expect(extractFromText([label], 'text').fields.invoice_number?.value).toBe('F2024/0207');
  });
});

describe('numbers of simplified invoices and credit notes', () => {
  it('reads the number after "Fra. simplificada:", the short form of "factura"', () => {
    const r = extractFromText(
      [
        page(
          ['Bar Central S.L.', 'C.I.F. B-71.409.783', 'Fra. simplificada: T23-456666', 'TOTAL   12,10 EUR'],
          'text',
        ),
      ],
      'text',
    );
    expect(r.fields.invoice_number?.value).toBe('T23-456666');
  });

  it('never takes the number of the invoice a credit note corrects for its own', () => {
    const rows = (sign: string) => [
      'Consultoría Atlántica S.L.U.',
      'FACTURA RECTIFICATIVA',
      `${sign} rectificativa:   RECT2025/0022`,
      'Fecha:   03/04/2025',
      'Factura rectificada:   F2025/0820',
      '@0.40 TOTAL A DEVOLVER   (121,00 €)',
    ];
    const read = (sign: string) => extractFromText([page(rows(sign), 'ocr')], 'ocr').fields.invoice_number;
    expect(read('Nº')?.value).toBe('RECT2025/0022');
    // OCR garbled the own number's label: never the corrected invoice's number.
    expect(read('Ne')?.value).not.toBe('F2025/0820');
  });

  it('still reads a number beside a copy mark ("ORIGINAL"), which names no corrected invoice', () => {
    const r = extractFromText(
      [
        page(
          ['Consultoría Atlántica S.L.U.', 'ORIGINAL   Nº Factura:   F2024/0001', '@0.40 TOTAL   121,00 €'],
          'ocr',
        ),
      ],
      'ocr',
    );
    expect(r.fields.invoice_number?.value).toBe('F2024/0001');
  });

  it('reads a credit note\'s number after "Nº abono:" / "Nº rectificativa:" as OCR reads the sign', () => {
    for (const label of ['N? rectificativa:', 'N   abono:', 'Nº abono:']) {
      const rows = [
        'Consultoría Atlántica S.L.U.',
        'FACTURA DE ABONO',
        `${label}   R/24/914`,
        'S/Factura origen:   F2024/0917',
        '@0.40 TOTAL   121,00-',
      ];
      const r = extractFromText([page(rows, 'ocr')], 'ocr');
      expect(r.fields.invoice_number?.value, label).toBe('R/24/914');
    }
  });
});
