import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  generateDocuments,
  HELD_APART,
  isHeldApart,
  LAYOUTS,
  makeLayoutCase,
} from '../scripts/generate-documents.ts';
import { layoutTruthFields } from '../scripts/invoice-layouts.ts';
import { isValidSpanishId } from '../src/index.ts';
import { openPdf, pdfPageText } from '../src/pdf.ts';

const cents = (v: unknown) => Math.round(Number(v) * 100);
const SEEDS = [1, 2, 3, 4, 5, 17, 123, 9001];

describe('invoice generator: layouts and truth', () => {
  it('has at least 25 layouts, distinct ids, and some held apart', () => {
    expect(LAYOUTS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(LAYOUTS.map((l) => l.id)).size).toBe(LAYOUTS.length);
    for (const id of HELD_APART.layouts)
      expect(
        LAYOUTS.some((l) => l.id === id),
        id,
      ).toBe(true);
    const families = new Set(LAYOUTS.map((l) => l.family));
    for (const f of ['invoice', 'freelancer', 'recargo', 'credit', 'multipage', 'ticket', 'english'])
      expect(families.has(f as never), f).toBe(true);
    // every family keeps layouts on both sides
    expect(isHeldApart('es-abono', 1)).toBe(true);
    expect(isHeldApart('es-rectificativa', 1)).toBe(false);
    expect(isHeldApart('es-rectificativa', 4)).toBe(true);
  });

  it('is deterministic from (layout, seed)', () => {
    for (const l of LAYOUTS)
      expect(layoutTruthFields(makeLayoutCase(l.id, 42))).toEqual(
        layoutTruthFields(makeLayoutCase(l.id, 42)),
      );
    expect(layoutTruthFields(makeLayoutCase('es-sidebar', 1))).not.toEqual(
      layoutTruthFields(makeLayoutCase('es-sidebar', 2)),
    );
  });

  it('every layout and seed has truth that adds up and tax ids with valid check digits', () => {
    for (const l of LAYOUTS) {
      for (const seed of SEEDS) {
        const lc = makeLayoutCase(l.id, seed);
        const t = layoutTruthFields(lc);
        const where = `${l.id}/${seed}`;
        const base = cents(t.tax_base);
        const vat = cents(t.vat_total);
        const re = t.surcharge_total ? cents(t.surcharge_total) : 0;
        const irpf = t.withholding_total ? cents(t.withholding_total) : 0;
        expect(base + vat + re - irpf, where).toBe(cents(t.total));
        const breakdown = t.vat_breakdown as { base: string; amount: string; rate: string }[];
        expect(
          breakdown.reduce((s, x) => s + cents(x.base), 0),
          where,
        ).toBe(base);
        expect(
          breakdown.reduce((s, x) => s + cents(x.amount), 0),
          where,
        ).toBe(vat);
        const lines = t.line_items as { line_total: string; quantity: string; unit_price: string }[];
        for (const x of lines)
          expect(Math.round(Number(x.quantity) * cents(x.unit_price)), where).toBe(cents(x.line_total));
        const lineSum = lines.reduce((s, x) => s + cents(x.line_total), 0);
        // Tickets that print VAT-inclusive prices add up to the total; every other layout to the base.
        expect(lineSum, where).toBe(lc.grossLines ? cents(t.total) : base);
        for (const x of breakdown)
          if (!lc.grossLines)
            expect(Math.round((cents(x.base) * Number(x.rate)) / 100), where).toBe(cents(x.amount));
        for (const key of ['issuer_tax_id', 'client_tax_id'] as const) {
          if (t[key] == null) continue;
          const id = String(t[key]).replace(/^ES/, '');
          expect(isValidSpanishId(id)?.valid, `${where} ${key} ${t[key]}`).toBe(true);
        }
        if (l.family === 'credit') expect(cents(t.total), where).toBeLessThan(0);
        if (l.family === 'multipage') expect(lines.length, where).toBeGreaterThanOrEqual(38);
        if (l.family === 'ticket') expect(t.client_name, where).toBeUndefined();
        if (l.family === 'recargo') expect(re, where).toBeGreaterThan(0);
        if (l.issuer === 'freelancer') expect(irpf, where).not.toBe(0);
      }
    }
  });
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The number printed whole, or wrapped in a narrow cell after one of its dashes: the head ends a line and
 * the tail begins a cell of the next ('FACTURA Nº A-2025-' / 'CIF: …   00062').
 */
function printsNumber(text: string, number: string): boolean {
  if (text.includes(number)) return true;
  return [...number.matchAll(/-/g)].some((dash) => {
    const head = number.slice(0, dash.index + 1);
    const tail = number.slice(dash.index + 1);
    return new RegExp(`${escapeRegExp(head)}\\n[^\\n]*(^|\\s)${escapeRegExp(tail)}(\\s|$)`, 'm').test(text);
  });
}

describe.skipIf(!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))(
  'invoice generator: rendering',
  () => {
    it('renders every layout as a PDF whose text holds the truth, and images and scans', async () => {
      const docs = await generateDocuments({ seeds: [3], outputs: ['pdf'] });
      expect(docs.length).toBe(LAYOUTS.length);
      for (const d of docs) {
        expect(d.mediaType).toBe('application/pdf');
        expect(d.truth.schema).toBe('invoice-bench-truth/v1');
        expect(d.truth.split).toBe(d.heldApart ? 'validation' : 'fit');
        const pdf = await openPdf(d.bytes);
        try {
          if (d.family === 'multipage') expect(pdf.numPages, d.id).toBeGreaterThan(1);
          let text = '';
          for (let p = 1; p <= pdf.numPages; p++)
            text += (await pdfPageText(pdf, p)).lines.map((l) => l.text).join('\n');
          const flat = text.replace(/[\s.-]/g, '');
          const f = d.truth.fields;
          expect(printsNumber(text, String(f.invoice_number)), d.id).toBe(true);
          expect(flat, d.id).toContain(String(f.issuer_tax_id).replace(/^ES/, ''));
          if (f.client_tax_id) expect(flat, d.id).toContain(String(f.client_tax_id).replace(/^ES/, ''));
        } finally {
          await pdf.destroy();
        }
      }
      const images = await generateDocuments({
        layouts: ['es-facturar-a-below', 'ticket-iva-incluido', 'es-multipagina'],
        seeds: [5],
        outputs: ['png', 'scan'],
      });
      // a multi-page invoice is never one image; its scan is an image-only PDF of several pages
      expect(images.map((d) => [d.layout, d.mediaType, d.truth.kind])).toEqual([
        ['es-facturar-a-below', 'image/png', 'rendered_image'],
        ['es-facturar-a-below', 'image/jpeg', 'scanned_image'],
        ['ticket-iva-incluido', 'image/png', 'rendered_image'],
        ['ticket-iva-incluido', 'image/jpeg', 'scanned_image'],
        ['es-multipagina', 'application/pdf', 'scanned_pdf'],
      ]);
      expect(images[1]!.bytes.subarray(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
      const scanned = await openPdf(images[4]!.bytes);
      try {
        expect(scanned.numPages).toBeGreaterThan(1);
        expect((await pdfPageText(scanned, 1)).lines.length).toBe(0);
      } finally {
        await scanned.destroy();
      }
    }, 180_000);
  },
);
