import { csvSeparator, formatExportDateTime, type Locale } from '@cuadra/shared';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, invoices, users } from '../../db/schema';
import { spreadsheetText } from '../../lib/spreadsheet';

const HEADERS: Record<Locale, string[]> = {
  en: ['When', 'Who', 'Through', 'Record', 'Invoice', 'Field', 'From', 'To'],
  es: ['Cuándo', 'Quién', 'Desde', 'Registro', 'Factura', 'Campo', 'Antes', 'Después'],
};
const RECORD: Record<Locale, Record<string, string>> = {
  en: { invoice: 'invoice', client: 'client', form: 'form generated' },
  es: { invoice: 'factura', client: 'cliente', form: 'modelo generado' },
};
const NOBODY: Record<Locale, string> = { en: 'Cuadra', es: 'Cuadra' };

/**
 * A client's history for a period (issue 40 item 4: exportable per client and period): every change to the
 * client and its invoices from `from` up to the day after `to`, oldest first, with the invoice's number.
 */
export async function findClientHistoryRows(db: Db, clientId: string, from: string, to: string) {
  return db
    .select({
      row: auditLog,
      actorName: users.name,
      invoiceNumber: invoices.number,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(invoices, and(eq(auditLog.entity, 'invoice'), eq(invoices.id, auditLog.entityId)))
    .where(
      and(
        eq(auditLog.clientId, clientId),
        gte(auditLog.createdAt, sql`${from}::date`),
        lt(auditLog.createdAt, sql`${to}::date + 1`),
      ),
    )
    .orderBy(asc(auditLog.id));
}

/** A value as text; user-typed text never runs as a formula in the spreadsheet that opens the file. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return spreadsheetText(typeof value === 'string' ? value : JSON.stringify(value));
}

/** `;` and a byte-order mark in Spanish, `,` in English: it opens right in the user's spreadsheet. */
export function buildHistoryCsv(rows: Awaited<ReturnType<typeof findClientHistoryRows>>, locale: Locale) {
  const records = rows.map(({ row, actorName, invoiceNumber }) => [
    formatExportDateTime(row.createdAt, locale),
    spreadsheetText(actorName ?? NOBODY[locale]),
    row.via,
    RECORD[locale][row.entity] ?? row.entity,
    cell(invoiceNumber),
    row.field,
    cell(row.fromValue),
    cell(row.toValue),
  ]);
  return stringify([HEADERS[locale], ...records], {
    delimiter: csvSeparator(locale),
    record_delimiter: 'windows',
    bom: true,
  });
}
