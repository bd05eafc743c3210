/** The document number: the value beside or under a number label, strongest label first. */

import { checkTaxId } from '../checks/tax-id.ts';
import type { FieldMap } from '../evidence.ts';
import { findDates } from '../text/dates.ts';
import { type Ctx, findLabeled } from './context.ts';

const INVOICE_NUMBER_RE = /(?<![\w-])([A-Z0-9][A-Z0-9\-/._]{1,30}[A-Z0-9]|[0-9]{1,3})(?![\w-])/i;

function isPlausibleNumber(v: string): boolean {
  if (!/\d/.test(v)) return /^[A-Z]{1,3}_?\w+$/i.test(v) && /_|\d/.test(v);
  if (findDates(v).length) return false;
  if (/^\d{1,2}[.,]\d{2}$/.test(v)) return false;
  // A tax id is not the invoice number: bare ("B12345674"), or grouped with dots ("A-71.113.815").
  if ((!/[/-]/.test(v) || /\d\.\d{3}\./.test(v)) && checkTaxId(v)?.valid) return false;
  return true;
}

function cleanNumber(v: string): string {
  return v.replace(/^[#:.\s]+/, '').replace(/[.,;:]+$/, '');
}

export function findInvoiceNumber(ctx: Ctx, fields: FieldMap, baseConf: number): void {
  const { L } = ctx;
  const number = findLabeled(
    ctx,
    L.number,
    INVOICE_NUMBER_RE,
    (v) => isPlausibleNumber(v),
    undefined,
    (line) =>
      !/\b(?:total|importe|base|iva|vat|subtotal|fecha|date)\b[^:]*$/i.test(line.text.split(/ {3}/)[0] ?? ''),
  );
  if (number)
    fields.invoice_number = { ...number, value: cleanNumber(number.value), confidence: baseConf * number.q };
}
