import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr, extractDocument } from '../src/index.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/golden');
type Expected = {
  file: string;
  kind: 'pdf' | 'png' | 'scan';
  layout: string;
  qr: boolean;
  truth: Record<string, unknown>;
};
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.expected.json'))
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Expected);

/** Fields each kind of golden document must read exactly (all others are reported, not pinned). */
const PINNED: Record<Expected['kind'], string[]> = {
  pdf: [
    'invoice_number',
    'issue_date',
    'due_date',
    'issuer_name',
    'issuer_tax_id',
    'client_name',
    'client_tax_id',
    'currency',
    'tax_base',
    'vat_total',
    'withholding_total',
    'surcharge_total',
    'total',
    'iban',
  ],
  png: ['invoice_number', 'issue_date', 'issuer_tax_id', 'client_tax_id', 'tax_base', 'vat_total', 'total'],
  scan: ['invoice_number', 'issue_date', 'issuer_tax_id', 'total'],
};

const money = (v: unknown) => (v == null ? v : Number(v).toFixed(2));

afterAll(closeOcr);

describe('golden generated Spanish invoices', () => {
  it('has a golden set', () => expect(cases.length).toBeGreaterThanOrEqual(6));
  for (const c of cases) {
    it(`${c.file} (${c.layout}, ${c.kind})`, async () => {
      const bytes = new Uint8Array(readFileSync(path.join(dir, c.file)));
      const result = await extractDocument({ bytes, filename: c.file }, { today: '2030-01-01' });
      const fields = result.fields as Record<string, unknown>;
      for (const name of PINNED[c.kind]) {
        if (!(name in c.truth)) continue;
        const want = c.truth[name];
        const got = fields[name];
        if (/total|base|amount/.test(name)) expect(money(got), name).toBe(money(want));
        else expect(got, name).toBe(want);
      }
      // Anything marked verified must be right.
      for (const [name, isVerified] of Object.entries(result.verified)) {
        if (!isVerified || !(name in c.truth) || name === 'line_items') continue;
        if (name === 'vat_breakdown') {
          expect(fields[name]).toEqual(c.truth[name]);
          continue;
        }
        const want = c.truth[name];
        if (/total|base|amount/.test(name)) expect(money(fields[name]), `verified ${name}`).toBe(money(want));
        else expect(fields[name], `verified ${name}`).toBe(want);
      }
      if (c.kind === 'pdf') expect(result.kind).toBe('digital_pdf');
      if (c.qr) {
        expect(result.qr?.kind).toBe('verifactu');
        expect(result.qr?.matchesPrinted).toBe(true);
      }
      expect(result.boxes.total?.page).toBe(1);
    });
  }
});
