import { ExtractError } from '../errors.ts';
import type { Evidence, FieldMap } from '../evidence.ts';
import type { BatchInvoice, ExtractWarning, FieldValues } from '../types.ts';
import { parseCii } from './cii.ts';
import { parseXml, text } from './dom.ts';
import { parseFacturae } from './facturae.ts';
import { checkStructuredTotals, type ParsedInvoice } from './totals.ts';
import { parseUbl } from './ubl.ts';

export type EInvoiceFormat = 'cii' | 'ubl' | 'facturae';

/**
 * Parses an e-invoice XML (CII, UBL 2.1, Facturae 3.2.x). `invoices` holds every invoice of the file (a
 * Facturae batch may hold several), `fields` the first. Throws `XML_INVALID` / `XML_UNSUPPORTED`.
 */
export function parseEInvoiceXml(
  bytes: Uint8Array,
  maxBytes: number,
): { format: EInvoiceFormat; fields: FieldValues; invoices: ParsedInvoice[]; warnings: ExtractWarning[] } {
  const root = parseXml(bytes, maxBytes);
  const done = (format: EInvoiceFormat, invoices: ParsedInvoice[], warnings: ExtractWarning[] = []) => ({
    format,
    fields: invoices[0]!.fields,
    invoices,
    warnings,
  });
  switch (root.name) {
    case 'CrossIndustryInvoice':
    case 'CrossIndustryDocument':
      return done('cii', [parseCii(root)]);
    case 'Invoice':
    case 'CreditNote':
      return done('ubl', [parseUbl(root)]);
    case 'Facturae': {
      const invoices = parseFacturae(root);
      const stated = Number(text(root, 'FileHeader', 'Batch', 'InvoicesCount') ?? invoices.length);
      const warnings: ExtractWarning[] =
        stated !== invoices.length
          ? [
              {
                code: 'BATCH_COUNT_MISMATCH',
                message: `The batch header announces ${stated} invoices; the file holds ${invoices.length}`,
              },
            ]
          : [];
      return done('facturae', invoices, warnings);
    }
    default:
      throw new ExtractError('XML_UNSUPPORTED', `Unsupported XML document <${root.name}>`, {
        root: root.name,
      });
  }
}

/** Confidence of an XML value whose sums do not close: exact reading, inconsistent document. */
const INCONSISTENT_CONFIDENCE = 0.5;

/**
 * An e-invoice as evidence: every value from the XML, `verified` unless a sum it takes part in does not
 * close (then a warning says which). For a file with several invoices, `invoices` lists them all and a
 * `MULTIPLE_INVOICES` warning says the top-level fields are the first's.
 */
export function readEInvoice(
  bytes: Uint8Array,
  maxBytes: number,
): { format: EInvoiceFormat; fields: FieldMap; warnings: ExtractWarning[]; invoices?: BatchInvoice[] } {
  const parsed = parseEInvoiceXml(bytes, maxBytes);
  const read = parsed.invoices.map(toEvidence);
  const first = read[0]!;
  const warnings = [...parsed.warnings, ...first.warnings];
  if (read.length > 1) {
    warnings.unshift({
      code: 'MULTIPLE_INVOICES',
      message: `The file holds ${read.length} invoices; the fields are the first one's, all are under invoices`,
    });
  }
  return {
    format: parsed.format,
    fields: first.fields,
    warnings,
    invoices: read.length > 1 ? read.map(batchInvoice) : undefined,
  };
}

function toEvidence(inv: ParsedInvoice): { fields: FieldMap; warnings: ExtractWarning[] } {
  const { warnings, unverified } = checkStructuredTotals(inv);
  const fields: FieldMap = {};
  for (const [name, value] of Object.entries(inv.fields)) {
    if (value === undefined) continue;
    const sure = !unverified.has(name as keyof FieldValues);
    (fields as Record<string, Evidence>)[name] = {
      value,
      confidence: sure ? 1 : INCONSISTENT_CONFIDENCE,
      source: 'xml',
      verified: sure,
    };
  }
  return { fields, warnings };
}

function batchInvoice(inv: { fields: FieldMap; warnings: ExtractWarning[] }): BatchInvoice {
  const out: BatchInvoice = { fields: {}, confidence: {}, verified: {}, source: {}, warnings: inv.warnings };
  for (const [name, ev] of Object.entries(inv.fields as Record<string, Evidence>)) {
    (out.fields as Record<string, unknown>)[name] = ev.value;
    out.confidence[name] = ev.confidence;
    out.verified[name] = ev.verified;
    out.source[name] = ev.source;
  }
  return out;
}
