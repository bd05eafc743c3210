import { ExtractError } from '../errors.ts';
import type { FieldValues } from '../types.ts';
import { parseCii } from './cii.ts';
import { parseXml } from './dom.ts';
import { parseFacturae } from './facturae.ts';
import { parseUbl } from './ubl.ts';

export type EInvoiceFormat = 'cii' | 'ubl' | 'facturae';

/** Parses an e-invoice XML (CII, UBL 2.1, Facturae 3.2.x). Throws `XML_INVALID` / `XML_UNSUPPORTED`. */
export function parseEInvoiceXml(
  bytes: Uint8Array,
  maxBytes: number,
): { format: EInvoiceFormat; fields: FieldValues } {
  const root = parseXml(bytes, maxBytes);
  switch (root.name) {
    case 'CrossIndustryInvoice':
    case 'CrossIndustryDocument':
      return { format: 'cii', fields: parseCii(root) };
    case 'Invoice':
    case 'CreditNote':
      return { format: 'ubl', fields: parseUbl(root) };
    case 'Facturae':
      return { format: 'facturae', fields: parseFacturae(root) };
    default:
      throw new ExtractError('XML_UNSUPPORTED', `Unsupported XML document <${root.name}>`, {
        root: root.name,
      });
  }
}
