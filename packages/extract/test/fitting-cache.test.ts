import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIT_LAYOUT_SEEDS } from '../bench/fitting-set.ts';
import { assertNoHeldApart, heldApartDoc, readPagesInto } from '../scripts/fit-cache-pages.ts';
import { HELD_APART, LAYOUTS } from '../scripts/invoice-layouts.ts';

const expected = (layout: string, heldApart: boolean) => ({
  file: 'not-there.pdf',
  kind: 'pdf',
  layout,
  heldApart,
  truth: { total: '1.00' },
});

describe('fitting caches never hold held-apart documents', () => {
  it('--dir leaves out held-apart layouts and seeds, flagged or not', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fit-cache-'));
    // Neither file exists: reading one would throw, so both must be skipped before reading.
    writeFileSync(
      path.join(dir, 'es-sidebar-1-pdf.expected.json'),
      JSON.stringify(expected('es-sidebar', true)),
    );
    writeFileSync(
      path.join(dir, 'es-rectificativa-4-pdf.expected.json'),
      JSON.stringify(expected('es-rectificativa', false)),
    );
    const out = path.join(dir, 'pages.json');
    await readPagesInto(out, { dir });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([]);
  });

  it('refuses a cache that already holds one', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fit-cache-'));
    const out = path.join(dir, 'pages.json');
    writeFileSync(out, JSON.stringify([{ id: 'gen:es-abono-2-pdf', truth: {}, pages: [] }]));
    await expect(readPagesInto(out, { docs: [] })).rejects.toThrow(/held-apart/);
  });

  it('tells held-apart ids from fitted ones', () => {
    expect(heldApartDoc('gen:es-recargo-grid-12-pdf')).toBe(false);
    expect(heldApartDoc('gen:es-recargo-grid-14-pdf')).toBe(true);
    expect(heldApartDoc('gen:en-customer-sidebar-1-scan')).toBe(true);
    expect(heldApartDoc('gen:gen-000-classic-pdf')).toBe(false);
    expect(heldApartDoc('X51005442384', { truth: { split: 'validation' } })).toBe(true);
    expect(() =>
      assertNoHeldApart([{ id: 'gen:ticket-3-pdf' }, { id: 'X51005442384' }], 'cache'),
    ).not.toThrow();
    expect(() => assertNoHeldApart([{ id: 'gen:ticket-9-pdf' }], 'cache')).toThrow(/ticket-9-pdf/);
  });

  it('fits the text layer on every fitted layout, for seeds none of which is held apart', () => {
    const fitted = LAYOUTS.filter((l) => !HELD_APART.layouts.includes(l.id));
    expect(fitted.length).toBeGreaterThanOrEqual(20);
    for (const l of fitted)
      for (const seed of FIT_LAYOUT_SEEDS)
        expect(heldApartDoc(`gen:${l.id}-${seed}-pdf`), `${l.id}-${seed}`).toBe(false);
  });
});
