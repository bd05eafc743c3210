import { describe, expect, it } from 'vitest';
import { checkDates, checkVatRates, reconcileAmounts, vatCountry } from '../src/checks/consistency.ts';
import type { FieldMap } from '../src/evidence.ts';
import { issueDateWindow, MAX_ISSUE_YEARS_BACK } from '../src/fields/dates.ts';
import { extractFromText } from '../src/fields/index.ts';
import { page } from './text-page.ts';

const TODAY = '2026-11-27';

function read(rows: string[], source: 'text' | 'ocr' = 'text') {
  const r = extractFromText([page(rows, source)], source, { today: TODAY });
  const warnings: string[] = [];
  reconcileAmounts(r.fields, r.amountCandidates, (w) => warnings.push(w.code));
  return { fields: r.fields, warnings };
}

describe('plausibility: recargo de equivalencia', () => {
  it('drops a surcharge at a rate recargo never has', () => {
    const { fields } = read([
      'FACTURA 88',
      'Base imponible   1.000,00',
      'IVA 21%   210,00',
      'Recargo 3%   30,00',
      'TOTAL FACTURA   1.240,00',
    ]);
    expect(fields.surcharge_total).toBeUndefined();
  });

  it('keeps a surcharge at a legal rate', () => {
    const { fields } = read([
      'FACTURA 89',
      'Base imponible   1.000,00',
      'IVA 21%   210,00',
      'Recargo de equivalencia 5,2%   52,00',
      'TOTAL FACTURA   1.262,00',
    ]);
    expect(fields.surcharge_total).toMatchObject({ value: '52.00', verified: true });
  });

  it('drops a "surcharge" larger than the VAT (a cashier line read as one)', () => {
    const { fields } = read(['TICKET', 'Lámpara   2,99', 'IVA 21%   0,52', 'R.E. 105 1', 'TOTAL   2,99']);
    expect(fields.surcharge_total).toBeUndefined();
    expect(fields.total?.value).toBe('2.99');
  });
});

describe('plausibility: dates far from today', () => {
  it('never takes a date decades ahead as the issue date', () => {
    const { fields } = read(['Factura 7', 'Fecha: 03/02/2059', 'Entregado el 01/02/2025']);
    expect(fields.issue_date?.value).toBe('2025-02-01');
  });

  it('window is named and relative to today', () => {
    expect(issueDateWindow(TODAY)).toEqual({
      from: `${2026 - MAX_ISSUE_YEARS_BACK}-11-27`,
      to: '2027-11-27',
    });
  });

  it('warns about an issue date further back than the window', () => {
    const fields: FieldMap = {
      issue_date: { value: '2003-03-01', confidence: 0.8, source: 'llm', verified: false },
    };
    const warnings: string[] = [];
    checkDates(fields, TODAY, (w) => warnings.push(w.code));
    expect(warnings).toContain('DATE_IMPLAUSIBLE');
  });
});

describe('plausibility: a total that is a small part of a larger printed total', () => {
  it('flags it', () => {
    const { fields, warnings } = read(['Factura 3', 'Total   400,00', 'Notas', 'Total a pagar   25,00']);
    expect(fields.total?.value).toBe('25.00');
    expect(warnings).toContain('TOTAL_PART_OF_LARGER');
    expect(fields.total?.confidence).toBeLessThanOrEqual(0.4);
  });

  it('does not flag a total with no larger one printed', () => {
    const { warnings } = read(['Factura 3', 'Base imponible   100,00', 'Total a pagar   121,00']);
    expect(warnings).not.toContain('TOTAL_PART_OF_LARGER');
  });
});

describe('plausibility: currency only as the document shows it', () => {
  const currency = (rows: string[], source: 'text' | 'ocr' = 'text') =>
    extractFromText([page(rows, source)], source, { today: TODAY }).fields.currency?.value;

  it('reads ringgit on a Malaysian receipt whatever stray signs OCR read on it', () => {
    expect(currency(['KEDAI CONTOH SDN BHD', 'ITEM A   $5.00', 'TOTAL   €5.00', 'CASH   10.00'], 'ocr')).toBe(
      'MYR',
    );
  });

  it('is the Malaysian context that fixes ringgit when no currency is printed', () => {
    expect(currency(['KEDAI CONTOH SDN BHD', 'TOTAL   5.00', 'CASH   10.00'], 'ocr')).toBe('MYR');
  });

  it('leaves the currency empty when the document shows none', () => {
    expect(currency(['Invoice 12', 'Total   5.00'])).toBeUndefined();
    expect(currency(['Factura 12', 'Total   5,00'])).toBeUndefined();
  });

  it('reads the euro from its sign, and from a Spanish tax id when no sign is printed', () => {
    expect(currency(['Invoice 12', 'Total   5,00 €'])).toBe('EUR');
    expect(currency(['Factura 12', 'NIF B12345674', 'Total   5,00'])).toBe('EUR');
  });
});

describe('invoice number: never from another reference, an address or a phone', () => {
  const number = (rows: string[]) =>
    extractFromText([page(rows, 'text')], 'text', { today: TODAY }).fields.invoice_number?.value;

  it('skips a house number after a street', () => {
    expect(number(['Talleres Norte S.L.', 'C/ Mayor Nº 14, 28001 Madrid', 'FACTURA', 'Nº   F-0042'])).toBe(
      'F-0042',
    );
  });

  it('skips a customer number labelled as such', () => {
    expect(number(['FACTURA', 'Nº cliente: 4567', 'Nº: A-77'])).toBe('A-77');
    expect(number(['FACTURE', 'N° DE CLIENT : 40213', 'N° : FA-2024-88'])).toBe('FA-2024-88');
  });

  it('skips a phone number', () => {
    expect(number(['FACTURA', 'Nº Tel. 912 345 678', 'Nº: 2024-015'])).toBe('2024-015');
  });
});

describe("issue date: never from a print date or a referenced invoice's date", () => {
  const issue = (rows: string[]) =>
    extractFromText([page(rows, 'text')], 'text', { today: TODAY }).fields.issue_date?.value;

  it('skips a print date when an issue-date label is printed', () => {
    expect(issue(['Invoice 44', 'Print date: 05/06/2024', 'Date: 01/06/2024'])).toBe('2024-06-01');
  });

  it('skips the date of the invoice a credit note corrects', () => {
    expect(
      issue([
        'FACTURA RECTIFICATIVA R-3',
        'Factura rectificada: F-12 de fecha 01/02/2024',
        'Fecha: 15/03/2024',
      ]),
    ).toBe('2024-03-15');
  });
});

describe('issue date and number printed with the document title', () => {
  const fields = (rows: string[]) => extractFromText([page(rows, 'text')], 'text', { today: TODAY }).fields;

  it('reads "Rechnungskorrektur Nr. X vom <date>", not a stylesheet version date or a delivery date', () => {
    const f = fields([
      'Stylesheet-Version: 2.0 vom 18.10.2018',
      'Rechnungskorrektur Nr. RK21012345 vom 16.09.2018',
      'Liefer- und Leistungsdatum   : 05.08.2018',
    ]);
    expect(f.issue_date?.value).toBe('2018-09-16');
  });

  it('reads the number after a title of several words ("Rechnung des Versicherers (575) Nr.")', () => {
    expect(
      fields(['Rechnung des Versicherers (575) Nr. 01.234.567.8-2018-1 vom 06.12.2018']).invoice_number
        ?.value,
    ).toBe('01.234.567.8-2018-1');
  });

  it('reads slashed dates month first when one of them can only be read so', () => {
    const f = fields(['Invoice FA-2017-0008', 'Invoice Date   11/03/2017', 'Paid   11/17/2017   623.00 €']);
    expect(f.issue_date?.value).toBe('2017-11-03');
  });
});

describe('plausibility: VAT rates of the country', () => {
  const withRates = (rate: string, vat: string, total: string) => {
    const r = extractFromText(
      [
        page([
          'FACTURA 90',
          'CIF: B12345674',
          'Base imponible   100,00',
          `IVA ${rate}%   ${vat}`,
          `TOTAL   ${total}`,
        ]),
      ],
      'text',
      { today: TODAY },
    );
    const warnings: string[] = [];
    reconcileAmounts(r.fields, r.amountCandidates, (w) => warnings.push(w.code));
    checkVatRates(r.fields, (w) => warnings.push(w.code), vatCountry(r.fields, r.language));
    return { fields: r.fields, warnings };
  };

  it('warns about a rate Spain never charged (19 %, a misread 10 % or a German invoice)', () => {
    const { fields, warnings } = withRates('19', '19,00', '119,00');
    expect(fields.vat_breakdown?.value).toEqual([{ rate: '19', base: '100.00', amount: '19.00' }]);
    expect(warnings).toContain('VAT_RATE_UNUSUAL');
  });

  it('says nothing about a Spanish rate, past ones included', () => {
    for (const [rate, vat, total] of [
      ['21', '21,00', '121,00'],
      ['18', '18,00', '118,00'],
      ['5', '5,00', '105,00'],
    ] as const)
      expect(withRates(rate, vat, total).warnings).not.toContain('VAT_RATE_UNUSUAL');
  });
});
