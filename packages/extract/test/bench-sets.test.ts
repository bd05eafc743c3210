import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  directionAccuracy,
  issuersInBothSplits,
  knownParty,
  limitPerKind,
  type Outcome,
  parseBenchArgs,
  partyFor,
  readRealManifests,
  realEntrySets,
  sourceBytes,
  truthDirection,
  unreadable,
  wrongVerified,
} from '../bench/sets.ts';
import { excludedFolder, invoiceKey, validationIdentity } from '../scripts/build-zugferd-manifest.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-sets-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

const entry = (over: Record<string, unknown> = {}) => ({
  schema: 'invoice-bench-truth/v1',
  id: 'luz-1',
  kind: 'digital_pdf',
  split: 'validation',
  media_type: 'application/pdf',
  language: 'es',
  doc_type: 'invoice',
  issuer_key: 'B39540760',
  category: 'utility',
  source: {
    repository: 'someone/bills',
    commit: 'c'.repeat(40),
    path: 'f/luz.pdf',
    blob: 'b'.repeat(40),
    sha256: 'a'.repeat(64),
    bytes: 15,
  },
  fields: { client_name: 'Ezkerra SL', client_tax_id: 'B95506291', total: '10.00' },
  notes: [],
  ...over,
});

describe('bench columns', () => {
  it('counts a held-apart real document in validation and in "real, never fitted"; a fitting one only in fit', () => {
    expect(realEntrySets({ split: 'validation' })).toEqual(['validation', 'real']);
    expect(realEntrySets({ split: 'fit' })).toEqual(['fit']);
  });

  it('reads the real manifests through the manifest schema, and refuses an entry that breaks it', () => {
    const dir = path.join(tmp, 'manifests');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'es.json'), JSON.stringify([entry(), entry({ id: 'luz-2', split: 'fit' })]));
    expect(readRealManifests(dir).map((e) => [e.id, e.split])).toEqual([
      ['real:luz-1', 'validation'],
      ['real:luz-2', 'fit'],
    ]);
    expect(readRealManifests(path.join(tmp, 'none'))).toEqual([]);
    const bad = path.join(tmp, 'bad');
    mkdirSync(bad);
    writeFileSync(path.join(bad, 'es.json'), JSON.stringify([entry({ split: 'dev' })]));
    expect(() => readRealManifests(bad)).toThrow(/es\.json\[0\]: split/);
    writeFileSync(path.join(bad, 'es.json'), JSON.stringify({ documents: [entry()] }));
    expect(() => readRealManifests(bad)).toThrow(/expected an array/);
  });

  it('names an issuer whose documents sit in both splits', () => {
    const list = [
      { issuer_key: 'A', split: 'fit' as const },
      { issuer_key: 'A', split: 'validation' as const },
      { issuer_key: 'B', split: 'validation' as const },
    ];
    expect(issuersInBothSplits(list)).toEqual(['A']);
  });

  it('passes the client as the known party, and reads the direction the truth states', () => {
    expect(knownParty({ client_name: 'Ezkerra SL', client_tax_id: 'B95506291' })).toEqual({
      name: 'Ezkerra SL',
      taxId: 'B95506291',
    });
    expect(knownParty({ client_name: 'Bar Pepe' })).toEqual({ name: 'Bar Pepe' });
    expect(knownParty({ issuer_name: 'Repsol' })).toBeNull();
    const fields = { client_tax_id: 'B95506291' };
    expect(partyFor({ language: 'ca', fields })).toEqual({ taxId: 'B95506291' });
    expect(partyFor({ fields })).toEqual({ taxId: 'B95506291' });
    expect(partyFor({ language: 'de', fields })).toBeNull();
    // the known party passed is the client, so the document is received by it; no party, nothing to measure
    expect(truthDirection({ language: 'es', fields })).toBe('received');
    expect(truthDirection({ language: 'de', fields })).toBeNull();
    expect(truthDirection({ language: 'es', fields: { issuer_name: 'Repsol' } })).toBeNull();
  });

  it('lists every wrong verified field per set, and none for a right or unverified one', () => {
    const o = (
      id: string,
      sets: Outcome['sets'],
      fields: Record<string, unknown>,
      verified: Record<string, boolean>,
    ): Outcome => ({
      id,
      kind: 'digital_pdf',
      sets,
      fields,
      verified,
      truth: { total: '121.00', client_tax_id: 'B95506291', issuer_tax_id: 'B39540760' },
    });
    const wrong = wrongVerified([
      // ids swapped and both verified: two wrong verified fields, counted in validation and in real
      o(
        'swap',
        ['validation', 'real'],
        { client_tax_id: 'B39540760', issuer_tax_id: 'B95506291', total: '121.00' },
        {
          client_tax_id: true,
          issuer_tax_id: true,
          total: true,
        },
      ),
      // wrong but not verified; right and verified (spelling differs): neither is listed
      o(
        'fine',
        ['fit'],
        { total: '12.10', client_tax_id: 'b-95506291' },
        { total: false, client_tax_id: true },
      ),
    ]);
    expect(wrong).toEqual([
      { set: 'validation', id: 'swap', field: 'issuer_tax_id', value: 'B95506291', truth: 'B39540760' },
      { set: 'real', id: 'swap', field: 'issuer_tax_id', value: 'B95506291', truth: 'B39540760' },
      { set: 'validation', id: 'swap', field: 'client_tax_id', value: 'B39540760', truth: 'B95506291' },
      { set: 'real', id: 'swap', field: 'client_tax_id', value: 'B39540760', truth: 'B95506291' },
    ]);
  });

  it('measures direction only where the truth states one', () => {
    const base = { kind: 'digital_pdf', fields: {}, verified: {}, truth: {} };
    const acc = directionAccuracy([
      { ...base, id: 'a', sets: ['validation', 'real'], direction: { truth: 'received', got: 'received' } },
      { ...base, id: 'b', sets: ['validation', 'real'], direction: { truth: 'received', got: null } },
      { ...base, id: 'c', sets: ['fit'], direction: { truth: null, got: 'issued' } },
      { ...base, id: 'd', sets: ['fit'] },
      { ...base, id: 'e', sets: ['validation'], direction: { truth: 'received', got: 'issued' } },
    ]);
    expect(acc).toEqual({ validation: { n: 3, correct: 1, wrong: 1 }, real: { n: 2, correct: 1, wrong: 0 } });
  });

  it('takes --set and --limit, and runs every set by default', () => {
    expect(parseBenchArgs([])).toEqual({ sets: ['fit', 'validation', 'real'], limit: 0, realOnly: false });
    expect(parseBenchArgs(['--set', 'real', '--limit', '3'])).toEqual({
      sets: ['real'],
      limit: 3,
      realOnly: false,
    });
    expect(parseBenchArgs(['--set', 'fit,real', '--real-only'])).toEqual({
      sets: ['fit', 'real'],
      limit: 0,
      realOnly: true,
    });
    expect(parseBenchArgs(['--set=fit,val', '--set', 'real']).sets).toEqual(['fit', 'validation', 'real']);
    expect(() => parseBenchArgs(['--set', 'train'])).toThrow(/fit, validation or real/);
    expect(() => parseBenchArgs(['--limit', 'x'])).toThrow(/whole number/);
    expect(limitPerKind([{ kind: 'a' }, { kind: 'a' }, { kind: 'b' }, { kind: 'a' }], 2)).toHaveLength(3);
  });
});

describe('real document bytes', () => {
  const bytes = new TextEncoder().encode('%PDF-1.4 a bill');
  const source = { repository: 'someone/bills', path: 'f/luz.pdf', sha256: sha(bytes) };

  it('reads a document from $CUADRA_REAL_DOCS by path or file name, checked against its sha256', () => {
    const docs = path.join(tmp, 'docs');
    mkdirSync(docs);
    writeFileSync(path.join(docs, 'luz.pdf'), bytes);
    const read = sourceBytes(source, docs);
    expect('bytes' in read && sha(read.bytes)).toBe(source.sha256);
    const wrong = sourceBytes({ ...source, sha256: 'f'.repeat(64) }, docs);
    expect(wrong).toEqual({ differs: path.join(docs, 'luz.pdf') });
    expect(unreadable(wrong)).toMatch(/luz\.pdf: sha256 differs/);
  });

  it('reads it from a fetched bare mirror by blob, and names a mirror that was not fetched', () => {
    const root = path.join(tmp, 'mirrors');
    const gitDir = path.join(root, 'someone+bills', 'repo');
    execFileSync('git', ['init', '-q', '--bare', gitDir]);
    const blob = execFileSync('git', ['--git-dir', gitDir, 'hash-object', '-w', '--stdin'], { input: bytes })
      .toString()
      .trim();
    const prev = process.env.CUADRA_MIRRORS;
    process.env.CUADRA_MIRRORS = root;
    try {
      const read = sourceBytes({ ...source, blob }, undefined);
      expect('bytes' in read && Buffer.from(read.bytes).toString()).toBe('%PDF-1.4 a bill');
      expect(sourceBytes({ ...source, repository: 'other/repo', blob }, undefined)).toEqual({
        missing: 'no mirror of other/repo',
      });
      expect(sourceBytes({ ...source, blob: 'd'.repeat(40) }, undefined)).toEqual({
        missing: 'someone/bills:f/luz.pdf not in the mirror',
      });
      // the blob is found but is not the manifest's file
      expect(sourceBytes({ ...source, blob, sha256: 'f'.repeat(64) }, undefined)).toEqual({
        differs: 'someone/bills:f/luz.pdf',
      });
    } finally {
      if (prev === undefined) delete process.env.CUADRA_MIRRORS;
      else process.env.CUADRA_MIRRORS = prev;
    }
  });
});

describe('ZUGFeRD fitting manifest rules', () => {
  it('leaves out the fail/ and unstructured/ folders', () => {
    expect(excludedFolder('ZUGFeRDv2/fail/x.pdf')).toBe(true);
    expect(excludedFolder('unstructured/RE-E-974.pdf')).toBe(true);
    expect(excludedFolder('ZUGFeRDv2/correct/Intarsys/x.pdf')).toBe(false);
  });

  it('keeps validation documents and their invoices (in any generator version) out of fitting', () => {
    const bench = path.join(tmp, 'bench');
    mkdirSync(path.join(bench, 'docs/zugferd'), { recursive: true });
    writeFileSync(path.join(bench, 'docs/zugferd/a.pdf'), 'pdf a');
    writeFileSync(
      path.join(bench, 'docs/zugferd/a.truth.json'),
      JSON.stringify({
        source: { sha256: sha('pdf a') },
        fields: { invoice_number: 'R-123', total: '518.99' },
      }),
    );
    writeFileSync(
      path.join(bench, 'manifest.json'),
      JSON.stringify({ documents: [{ sha256: 'm'.repeat(64) }] }),
    );
    const v = validationIdentity(bench);
    expect(v.sha256.has(sha('pdf a'))).toBe(true);
    expect(v.sha256.has('m'.repeat(64))).toBe(true);
    // the same invoice printed by another generator version: number spelt differently, total as a number
    expect(v.invoices.has(invoiceKey({ invoice_number: 'r 123', total: 518.99 })!)).toBe(true);
    expect(v.invoices.has(invoiceKey({ invoice_number: 'R-123', total: '519.00' })!)).toBe(false);
    expect(invoiceKey({ total: '1.00' })).toBeNull();
  });
});
