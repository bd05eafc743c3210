/**
 * Lists the ZUGFeRD/Factur-X corpus PDFs that carry an embedded CII XML and writes their truth, read from
 * that XML by the engine's own readers (`src/xml`), to `bench/zugferd-fit.json`: fitting data whose
 * visible page is measured (the bench reads them with `ignoreEmbeddedXml`). The PDFs are never copied
 * into the repository: the manifest names repository, commit, path, git blob and sha256, and the bench
 * reads the bytes from the fetched mirror (a bare git directory).
 *
 * Left out, each counted in the manifest's `excluded`:
 * - `fail/` (intentionally broken) and `unstructured/` (no XML) folders;
 * - every file whose sha256 is a document of ../shared/bench (docs/ truth files or manifest.json): those
 *   stay validation;
 * - the same invoice as a validation document in another generator version (same invoice number and
 *   total: the corpus ships one sample as ZUGFeRD 1.0/2.0/2.1/2.2), so fitting never sees a validation
 *   invoice's content;
 * - a PDF whose text layer does not print the XML's invoice number and total (the visible page would be
 *   scored against values it does not show).
 *
 *   npx tsx scripts/build-zugferd-manifest.ts [--mirror /work/.mirror/ZUGFeRD+corpus/repo] [--out FILE]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normId } from '../bench/score.ts';
import { openPdf, pdfAttachments, pdfPageText } from '../src/pdf.ts';
import { parseEInvoiceXml } from '../src/xml/index.ts';

export const ZUGFERD_REPOSITORY = 'ZUGFeRD/corpus';

/** The truth fields kept: what the bench scores (`bench/score.ts`), as the XML states them. */
const TRUTH_FIELDS = [
  'invoice_number',
  'document_type_code',
  'issue_date',
  'due_date',
  'issuer_name',
  'issuer_tax_id',
  'issuer_tax_ids',
  'client_name',
  'client_tax_id',
  'client_tax_ids',
  'currency',
  'tax_base',
  'vat_total',
  'total',
  'amount_due',
  'vat_breakdown',
  'line_items',
] as const;

export type ZugferdFitEntry = {
  id: string;
  kind: 'einvoice_pdf_visual';
  split: 'fit';
  source: {
    repository: string;
    commit: string;
    path: string;
    blob: string;
    sha256: string;
    bytes: number;
    embedded_file: string;
  };
  fields: Record<string, unknown>;
};

export type ZugferdFitManifest = {
  schema: 'cuadra-zugferd-fit/v1';
  repository: string;
  commit: string;
  excluded: Record<string, number>;
  documents: ZugferdFitEntry[];
};

/** Folders of the corpus never used: broken on purpose, or without XML. */
export function excludedFolder(file: string): boolean {
  const parts = file.split('/');
  return parts.includes('fail') || parts[0] === 'unstructured';
}

/** The invoice a truth describes, across generator versions: invoice number and total. */
export function invoiceKey(fields: Record<string, unknown>): string | null {
  if (typeof fields.invoice_number !== 'string' || fields.total == null) return null;
  return `${normId(fields.invoice_number)}|${Math.round(Number(fields.total) * 100)}`;
}

/** sha256 and invoice keys of every validation document of ../shared/bench (docs/ and manifest.json). */
export function validationIdentity(benchDir: string): { sha256: Set<string>; invoices: Set<string> } {
  const sha256 = new Set<string>();
  const invoices = new Set<string>();
  const manifest = path.join(benchDir, 'manifest.json');
  if (existsSync(manifest))
    for (const d of JSON.parse(readFileSync(manifest, 'utf8')).documents ?? []) {
      const s = d.sha256 ?? d.source?.sha256;
      if (typeof s === 'string') sha256.add(s);
    }
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.truth.json')) {
        const t = JSON.parse(readFileSync(p, 'utf8'));
        if (t.source?.sha256) sha256.add(t.source.sha256);
        const key = invoiceKey(t.fields ?? {});
        if (key) invoices.add(key);
      } else sha256.add(createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(path.join(benchDir, 'docs'));
  return { sha256, invoices };
}

/** A money string as it may be printed: `1234.50`, `1.234,50`, `1,234.50`, `1 234,50` all give 1234.50. */
function printsAmount(text: string, value: unknown): boolean {
  const cents = Math.round(Math.abs(Number(value)) * 100);
  if (!Number.isFinite(cents)) return false;
  for (const m of text.matchAll(/\d{1,3}(?:[ .,']\d{3})*[.,]\d{2}(?!\d)|\d+[.,]\d{2}(?!\d)/g)) {
    const digits = m[0].replace(/[^\d]/g, '');
    if (Number(digits) === cents) return true;
  }
  return false;
}

const git = (gitDir: string, ...args: string[]) =>
  execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 256 << 20 });

/** Reads every corpus PDF at HEAD of the mirror and returns the fitting manifest. */
export async function buildZugferdManifest(gitDir: string, benchDir: string): Promise<ZugferdFitManifest> {
  const commit = git(gitDir, 'rev-parse', 'HEAD').toString().trim();
  const listing = git(gitDir, 'ls-tree', '-r', 'HEAD').toString().split('\n');
  const validation = validationIdentity(benchDir);
  const excluded: Record<string, number> = {
    fail_or_unstructured: 0,
    validation_document: 0,
    validation_invoice: 0,
    no_cii_xml: 0,
    not_printed: 0,
  };
  const documents: ZugferdFitEntry[] = [];
  for (const row of listing) {
    const m = /^\d+ blob ([0-9a-f]{40})\t(.+)$/.exec(row);
    if (!m || !/\.pdf$/i.test(m[2]!)) continue;
    const [, blob, file] = m as unknown as [string, string, string];
    if (excludedFolder(file)) {
      excluded.fail_or_unstructured!++;
      continue;
    }
    const bytes = new Uint8Array(git(gitDir, 'cat-file', 'blob', blob));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (validation.sha256.has(sha256)) {
      excluded.validation_document!++;
      continue;
    }
    const read = await readCii(bytes);
    if (!read) {
      excluded.no_cii_xml!++;
      continue;
    }
    const key = invoiceKey(read.fields);
    if (key && validation.invoices.has(key)) {
      excluded.validation_invoice!++;
      continue;
    }
    const number = typeof read.fields.invoice_number === 'string' ? normId(read.fields.invoice_number) : '';
    if (!number || !normId(read.text).includes(number) || !printsAmount(read.text, read.fields.total)) {
      excluded.not_printed!++;
      continue;
    }
    const fields: Record<string, unknown> = {};
    for (const k of TRUTH_FIELDS) if (read.fields[k] != null) fields[k] = read.fields[k];
    documents.push({
      id: `zf-fit:${file.replace(/\.pdf$/i, '')}`,
      kind: 'einvoice_pdf_visual',
      split: 'fit',
      source: {
        repository: ZUGFERD_REPOSITORY,
        commit,
        path: file,
        blob,
        sha256,
        bytes: bytes.length,
        embedded_file: read.name,
      },
      fields,
    });
  }
  documents.sort((a, b) => (a.id < b.id ? -1 : 1));
  return { schema: 'cuadra-zugferd-fit/v1', repository: ZUGFERD_REPOSITORY, commit, excluded, documents };
}

/** The first embedded CII invoice (as `src/xml` reads it) and the PDF's text layer, or null. */
async function readCii(
  bytes: Uint8Array,
): Promise<{ name: string; fields: Record<string, unknown>; text: string } | null> {
  const pdf = await openPdf(bytes).catch(() => null);
  if (!pdf) return null;
  try {
    for (const file of (await pdfAttachments(pdf)).filter((f) => /\.xml$/i.test(f.name))) {
      let parsed: ReturnType<typeof parseEInvoiceXml>;
      try {
        parsed = parseEInvoiceXml(file.content, 5 << 20);
      } catch {
        continue;
      }
      if (parsed.format !== 'cii') continue;
      const lines: string[] = [];
      for (let p = 1; p <= pdf.numPages; p++) {
        const page = await pdfPageText(pdf, p).catch(() => null);
        for (const l of page?.lines ?? []) lines.push(l.text);
      }
      return { name: file.name, fields: parsed.fields as Record<string, unknown>, text: lines.join('\n') };
    }
    return null;
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const gitDir = opt('--mirror') ?? '/work/.mirror/ZUGFeRD+corpus/repo';
  const benchDir = process.env.BENCH_DIR ?? path.resolve(here, '../../../../shared/bench');
  const out = opt('--out') ?? path.join(here, '../bench/zugferd-fit.json');
  buildZugferdManifest(gitDir, benchDir)
    .then((m) => {
      writeFileSync(out, `${JSON.stringify(m, null, 2)}\n`);
      console.log(
        `${m.documents.length} fitting documents from ${m.repository}@${m.commit.slice(0, 7)} → ${out}; left out ${JSON.stringify(m.excluded)}`,
      );
    })
    .catch((e) => {
      console.error(e);
      process.exitCode = 1;
    });
}
