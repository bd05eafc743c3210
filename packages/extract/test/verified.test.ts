import { describe, expect, it } from 'vitest';
import { makeCif, rng } from '../scripts/invoice-cases.ts';
import {
  applyQr,
  checkBreakdown,
  checkTaxIds,
  isCreditNote,
  reconcileAmounts,
} from '../src/checks/consistency.ts';
import { extractFromText } from '../src/fields/index.ts';
import type { PageText } from '../src/text/layout.ts';
import { page } from './text-page.ts';

const cif = makeCif(rng(3), 'B');

/** Marks every word as read by both engines alike (fused OCR), or by one engine only. */
function engines(p: PageText, both: boolean): PageText {
  for (const l of p.lines)
    for (const w of l.words) {
      w.engine = 'ppocr';
      w.alternatives = both ? [{ text: w.text, conf: 0.9, engine: 'tesseract' }] : [];
    }
  return p;
}

const clientCif = makeCif(rng(4), 'A');

const rows = ['Emisor: Ejemplo Servicios SL', `NIF: ${cif}`, 'Factura nº A-17', 'Total   121,00 €'];

describe('verified needs two sources', () => {
  it('verifies a check-digit-valid tax id from the text layer or from both OCR engines, not from one', () => {
    for (const [p, want] of [
      [page(rows, 'text'), true],
      [engines(page(rows), true), true],
      [engines(page(rows), false), false],
      [page(rows), false],
    ] as const) {
      const r = extractFromText([p], p.source);
      checkTaxIds(r.fields, () => {});
      expect(r.fields.issuer_tax_id?.value).toBe(cif);
      expect(r.fields.issuer_tax_id?.verified, `${p.source} ${JSON.stringify(p.lines[1]?.words[1])}`).toBe(
        want,
      );
    }
  });

  it('a QR alone fills a field without verifying it; a QR that disagrees replaces but does not verify', () => {
    const r = extractFromText([page(rows, 'text')], 'text');
    const warnings: string[] = [];
    applyQr(
      r.fields,
      { kind: 'verifactu', url: '', values: { date: '2025-01-02', total: '99.00' } } as never,
      (w) => warnings.push(w.code),
    );
    expect(r.fields.issue_date).toMatchObject({ value: '2025-01-02', source: 'qr', verified: false });
    expect(r.fields.total).toMatchObject({ value: '99.00', verified: false });
    expect(warnings).toContain('QR_MISMATCH');
  });

  it('arithmetic verifies only over amounts printed at different places', () => {
    const ok = extractFromText(
      [page(['Base imponible   100,00', 'IVA 21%   21,00', 'Total factura   121,00'], 'text')],
      'text',
    );
    reconcileAmounts(ok.fields, ok.amountCandidates, () => {});
    expect(ok.fields.total).toMatchObject({ value: '121.00', verified: true });
    // One printed number read as both the base and the total: nothing adds up independently.
    const same = extractFromText([page(['Total base imponible   121,00', 'IVA   0,00'], 'text')], 'text');
    reconcileAmounts(same.fields, same.amountCandidates, () => {});
    expect(same.fields.total?.verified ?? false).toBe(false);
  });

  it('does not verify a sum over one of several per-rate bases and a line amount read as VAT', () => {
    // Two tax blocks (21 % and exempt), each with its own base; a line's gross sits beside "IVA 21%".
    const r = extractFromText(
      [
        page(
          [
            'CONCEPTO   PRECIO   TIPO   PRECIO FINAL',
            'Envío certificado   4,68   EXENTO   9,36',
            'Servicio urgente   1,10   IVA 21%   2,20',
            'Envío ordinario   0,78   EXENTO   3,12',
            'TOTAL   14,68',
            'Base imponible sujeta a impuesto   1,82',
            'Tipo impositivo: IVA 21%',
            'Base imponible sujeta a impuesto   12,48',
            'Tipo impositivo: EXENTO',
          ],
          'text',
        ),
      ],
      'text',
    );
    reconcileAmounts(r.fields, r.amountCandidates, () => {});
    expect(r.fields.tax_base?.value === '12.48' && r.fields.tax_base.verified).toBe(false);
    expect(r.fields.vat_total?.value === '2.20' && r.fields.vat_total.verified).toBe(false);
  });

  it('does not verify a credit note whose amounts were all read positive', () => {
    const rows = ['Base imponible   100,00', 'IVA 21%   21,00', 'Total   121,00'];
    for (const [title, creditNote] of [
      ['Factura rectificativa R-3', true],
      ['AVOIR N° 2024-07', true],
      ['Factura 2024-07', false],
    ] as const) {
      const r = extractFromText([page([title, ...rows], 'text')], 'text');
      const warnings: string[] = [];
      reconcileAmounts(r.fields, r.amountCandidates, (w) => warnings.push(w.code), {
        creditNote: isCreditNote(r.fullText),
      });
      expect(r.fields.total?.value).toBe('121.00');
      expect(r.fields.total?.verified, title).toBe(!creditNote);
      expect(warnings.includes('CREDIT_NOTE_SIGN_UNREAD'), title).toBe(creditNote);
    }
    // Paying by a credit to the account is no credit note.
    expect(isCreditNote('Forma de pago:\nAbono en cuenta')).toBe(false);
  });

  it('does not verify a VAT breakdown when base and taxes fall short of the total (a recargo left out)', () => {
    const r = extractFromText(
      [
        page(
          [
            'Base imponible   100,00',
            'IVA 21%   21,00',
            'Recargo de equivalencia 5,2%   5,20',
            'Total   126,20',
          ],
          'text',
        ),
      ],
      'text',
    );
    r.fields.vat_breakdown = {
      value: [{ rate: '21', base: '100.00', amount: '21.00' }],
      confidence: 0.9,
      source: 'text',
      verified: false,
    };
    r.fields.tax_base = { value: '100.00', confidence: 0.9, source: 'text', verified: false };
    r.fields.vat_total = { value: '21.00', confidence: 0.9, source: 'text', verified: false };
    r.fields.total = { value: '126.20', confidence: 0.9, source: 'text', verified: false };
    delete r.fields.surcharge_total;
    checkBreakdown(r.fields, () => {});
    expect(r.fields.vat_breakdown?.verified).toBe(false);
    // The same breakdown with no total read: its completeness is unknown.
    delete r.fields.total;
    checkBreakdown(r.fields, () => {});
    expect(r.fields.vat_breakdown?.verified).toBe(false);
    // A total that base + VAT make: the breakdown is complete, and verified once the sum has proved the
    // VAT total (a second source; the breakdown row alone may be the VAT line read again).
    r.fields.total = { value: '121.00', confidence: 0.9, source: 'text', verified: false };
    checkBreakdown(r.fields, () => {});
    expect(r.fields.vat_breakdown?.verified).toBe(false);
    r.fields.vat_total = { value: '21.00', confidence: 0.97, source: 'text', verified: true };
    checkBreakdown(r.fields, () => {});
    expect(r.fields.vat_breakdown?.verified).toBe(true);
  });

  it('gives a tax id to the block whose column it sits in when side-by-side blocks share text lines', () => {
    // The issuer's letterhead on the left, the client's block on the right: every row is one merged line.
    const sideBySide = [
      'Ejemplo Servicios SL               Cliente',
      'Calle Mayor 1, 28001 Madrid        Comercial Norte SA',
      `NIF: ${cif}                   NIF: ${clientCif}`,
      'Factura nº A-17',
      'Total   121,00 €',
    ];
    const r = extractFromText([page(sideBySide, 'text')], 'text');
    checkTaxIds(r.fields, () => {});
    expect(r.fields.issuer_tax_id).toMatchObject({ value: cif, verified: true });
    expect(r.fields.client_tax_id).toMatchObject({ value: clientCif, verified: true });
  });

  it('never verifies a tax id whose role is a guess', () => {
    // Both ids under both labels' columns (one cell spanning the line): the check digit proves the
    // reading, not whose id it is.
    const merged = ['Emisor Cliente', `NIF: ${cif} NIF: ${clientCif}`, 'Factura nº A-17', 'Total   121,00 €'];
    const r = extractFromText([page(merged, 'text')], 'text');
    checkTaxIds(r.fields, () => {});
    for (const name of ['issuer_tax_id', 'client_tax_id'] as const)
      expect(r.fields[name]?.verified ?? false, name).toBe(false);
  });
});
