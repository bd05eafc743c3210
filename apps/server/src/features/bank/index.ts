import type { Db } from '../../db/client';
import { findInvoicePayments } from './repo';

/** The bank feature's public entry for other features. */

/** The bank movements matched to an invoice, oldest first (the caller has checked it may see the invoice). */
export function invoicePayments(db: Db, invoiceId: string) {
  return findInvoicePayments(db, invoiceId);
}
