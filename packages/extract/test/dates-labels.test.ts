import { describe, expect, it } from 'vitest';
import { extractFromText } from '../src/fields/index.ts';
import { findDates } from '../src/text/dates.ts';
import { page } from './text-page.ts';

const issueDate = (rows: string[]) => extractFromText([page(rows, 'text')], 'text').fields.issue_date?.value;

describe('issue dates of utility bills and shop invoices on a text layer', () => {
  it('reads the date of a "date and number" label, not a contract end date printed before it', () => {
    const rows = [
      'Titular:   Cliente Uno SL',
      'Fecha final contrato:   01.06.2025',
      'Fecha y Nº Factura:   03.04.2025 / 218130054',
      'Fecha de cargo factura:   04.04.2025',
      'TOTAL   121,00 €',
    ];
    expect(issueDate(rows)).toBe('2025-04-03');
  });

  it('reads the Catalan "date and number" label, not the contract end or the debit date', () => {
    const rows = [
      'Data final contracte:   16.02.2026',
      'Data i núm. factura:   17.07.2025 / 218203056',
      'Data de càrrec factura:   18.07.2025',
      'TOTAL   121,00 €',
    ];
    expect(issueDate(rows)).toBe('2025-07-17');
  });

  it('closes up the digits a text layer spaced apart inside a date', () => {
    const rows = [
      'Periodo de facturación: del 1 7/09/2025 a 1 9/1 0/2025',
      'Fecha emisión factura: 25/1 0/2025',
      'Fecha de cargo: 01 de noviembre de 2025',
    ];
    expect(issueDate(rows)).toBe('2025-10-25');
  });

  it('reads the short forms "F. factura" and "Fecha fra." over a bare "Fecha"', () => {
    expect(issueDate(['Nº Fra.: 2024-7', 'Fecha: 01/02/2024', 'F. factura: 03/02/2024'])).toBe('2024-02-03');
    expect(issueDate(['Fra. nº 2024-0042', 'Fecha: 01/03/2024', 'Fecha fra.: 05/03/2024'])).toBe(
      '2024-03-05',
    );
  });

  it('takes one label naming the invoice and the delivery date as the issue date', () => {
    const rows = [
      'Fecha de la factura/Fecha de la entrega   23 julio 2026',
      'Número de la factura   INV-ES-2026-1',
      'Fecha del pedido   19 de julio de 2026',
    ];
    expect(issueDate(rows)).toBe('2026-07-23');
  });

  it('keeps an issue date that is also the due date, not a delivery note date below it', () => {
    const rows = [
      'Número   25-5469   Fecha   28/11/2025',
      'Albarán: 325 / 1319   Fecha   06/11/2025',
      'Vencimiento:   28/11/2025',
    ];
    expect(issueDate(rows)).toBe('2025-11-28');
  });
});

describe('a date with its time after a slash', () => {
  it('reads "04-04-24/12:35:46" as a date, and still no dotted phone number', () => {
    expect(findDates('FECHA/HORA...:04-04-24/12:35:46').map((d) => d.iso)).toEqual(['2024-04-04']);
    expect(findDates('Tel. 01.23.45.67.89')).toEqual([]);
  });
});
