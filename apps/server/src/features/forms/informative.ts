/**
 * Informative returns: Modelo 349 (recapitulative statement of intra-EU operations, quarterly) and
 * Modelo 347 (annual statement of operations with third parties over 3,005.06 €).
 *
 * Sources:
 * - 349: Orden EHA/769/2010 (form and design), summary sheet boxes 01 (number of intra-EU operators),
 *   02 (amount of the operations), 03 (number of operators with rectifications), 04 (amount of the
 *   rectifications); operators identified by their VAT id; keys E/A (goods) and S/I (services)
 *   (https://sede.agenciatributaria.gob.es, "Modelo 349. Instrucciones").
 * - 347: Orden EHA/3012/2008 (form and design) and art. 33 RD 1065/2007: summary boxes 01 (number of
 *   parties), 02 (total amount of the operations), 03 / 04 (rented premises; not captured here); keys A
 *   (purchases) and B (sales); amounts VAT included; operations with withholding (declared in 190 / 180)
 *   and intra-EU operations (declared in 349) are excluded.
 */
import type { FormResult } from '@cuadra/shared';
import {
  counterparty,
  type FormInvoice,
  hasForeignVat,
  isCreditNote,
  isIntraEu,
  Sheet,
} from '../../fiscal/sheet';

/** Modelo 349 for a quarter: the counterparties with an EU VAT id, and the bases of the operations. */
export function modelo349(year: number, quarter: number, invoices: FormInvoice[]): FormResult {
  const sheet = new Sheet();
  // A supplier in another member state that charged its own VAT made no intra-EU supply (issue 36 item 5).
  const intraEu = invoices.filter((i) => isIntraEu(i) && !hasForeignVat(i));
  const operations = intraEu.filter((i) => !isCreditNote(i));
  const rectifications = intraEu.filter(isCreditNote);
  // One operator per VAT id and key (E for deliveries, A for acquisitions).
  const operatorKey = (i: FormInvoice) => `${i.type === 'issued' ? 'E' : 'A'}:${counterparty(i).taxId}`;
  const ids = (list: FormInvoice[]) => list.map((i) => i.id);
  const base = (list: FormInvoice[]) => list.reduce((s, i) => s + (i.taxBaseCents ?? 0), 0);
  sheet.set('01', new Set(operations.map(operatorKey)).size, ids(operations));
  sheet.set('02', base(operations), ids(operations));
  sheet.set('03', new Set(rectifications.map(operatorKey)).size, ids(rectifications));
  sheet.set('04', base(rectifications), ids(rectifications));
  for (const invoice of intraEu) sheet.warn('INTRA_EU_KEY_ASSUMED', invoice.id);
  return sheet.result('349', year, `${quarter}T`);
}

/** 3,005.06 €: the threshold of art. 33.1 RD 1065/2007, per party and per year, VAT included. */
export const MODELO_347_THRESHOLD_CENTS = 300_506;

/** Modelo 347 for a year, from its reviewed invoices. */
export function modelo347(year: number, invoices: FormInvoice[]): FormResult {
  const sheet = new Sheet();
  const parties = new Map<string, { total: number; ids: string[]; hasTaxId: boolean }>();
  const withheld: FormInvoice[] = [];
  for (const invoice of invoices) {
    if (isIntraEu(invoice)) continue;
    if ((invoice.withholdingCents ?? 0) !== 0) {
      withheld.push(invoice);
      continue;
    }
    const { taxId, name } = counterparty(invoice);
    // Key A: purchases, key B: sales; a party that is both is declared twice.
    const key = `${invoice.type === 'issued' ? 'B' : 'A'}:${taxId ?? `name:${(name ?? '').trim().toLowerCase()}`}`;
    const party = parties.get(key) ?? { total: 0, ids: [], hasTaxId: taxId !== null };
    party.total += invoice.totalCents ?? 0;
    party.ids.push(invoice.id);
    parties.set(key, party);
  }
  let count = 0;
  let amount = 0;
  const included: string[] = [];
  for (const party of parties.values()) {
    if (Math.abs(party.total) <= MODELO_347_THRESHOLD_CENTS) continue;
    count += 1;
    amount += party.total;
    included.push(...party.ids);
    if (!party.hasTaxId) for (const id of party.ids) sheet.warn('PARTY_WITHOUT_TAX_ID', id);
  }
  sheet.set('01', count, included);
  sheet.set('02', amount, included);
  for (const invoice of withheld) sheet.warn('EXCLUDED_FROM_347_WITHHOLDING', invoice.id);
  return sheet.result('347', year, '0A');
}
