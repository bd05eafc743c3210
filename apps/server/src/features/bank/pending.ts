/**
 * What is still owed (issue 39 item 5): the client's invoices the bank has not paid in full, by age. Issued
 * invoices are what the client's customers still owe; received ones what the client still owes. Amounts in
 * integer cents; one in another currency is converted at the ECB rate of its date, as the reports do, and
 * one without a rate is listed but never added to a euro total.
 */
import {
  AGING_BUCKETS,
  type AgingBucket,
  agingBucketOf,
  csvSeparator,
  dayNumber,
  formatExportDay,
  formatPlainAmount,
  type Locale,
  type PendingInvoice,
  type PendingList,
  type PendingQuery,
  todayInSpain,
} from '@cuadra/shared';
import { stringify } from 'csv-stringify/sync';
import { visibleClientOrThrow } from '../../access/clients';
import type { UserRow } from '../../access/users';
import { spreadsheetText } from '../../lib/spreadsheet';
import type { Services } from '../../services';
import { loadRates, rateOn, toEuroCents } from '../currency';
import * as repo from './repo';

const zeroBuckets = () => Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;

export async function listPending(
  services: Services,
  user: UserRow,
  clientId: string,
  query: PendingQuery,
  now = new Date(),
): Promise<PendingList> {
  const client = await visibleClientOrThrow(services, user, clientId);
  const asOf = query.asOf ?? todayInSpain(now);
  const today = dayNumber(asOf) ?? 0;
  const rates = loadRates(services.config.DATA_DIR);
  const invoices: PendingInvoice[] = [];
  for (const { invoice: i, paidCents } of await repo.findInvoicesWithPaid(services.db, client.id)) {
    const total = i.totalCents ?? 0;
    // Credit notes (negative totals) and undated or untyped invoices have no place in an aging list.
    if (!i.type || !i.issueDate || i.paidAt || total <= 0 || paidCents >= total) continue;
    if (query.type && i.type !== query.type) continue;
    if (i.issueDate > asOf) continue;
    const pendingCents = total - paidCents;
    const currency = i.currency.toUpperCase();
    const found = currency === 'EUR' ? null : rateOn(rates, currency, i.issueDate);
    const days = today - (dayNumber(i.dueDate ?? i.issueDate) ?? today);
    invoices.push({
      invoiceId: i.id,
      type: i.type,
      number: i.number,
      counterparty: repo.counterpartyName(i),
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      currency,
      totalCents: total,
      paidCents,
      pendingCents,
      pendingEurCents:
        currency === 'EUR' ? pendingCents : found ? toEuroCents(pendingCents, found.rate) : null,
      rate: found?.rate ?? null,
      days,
      bucket: agingBucketOf(Math.max(0, days)),
      reviewed: i.checked,
    });
  }
  // Oldest debt first, then by date and number, so the list reads the same every time.
  invoices.sort(
    (a, b) =>
      b.days - a.days ||
      a.issueDate.localeCompare(b.issueDate) ||
      (a.number ?? '').localeCompare(b.number ?? ''),
  );
  const totals = { issued: zeroBuckets(), received: zeroBuckets() };
  for (const i of invoices) if (i.pendingEurCents !== null) totals[i.type][i.bucket] += i.pendingEurCents;
  return { asOf, invoices, totals, noRateCount: invoices.filter((i) => i.pendingEurCents === null).length };
}

const LABELS = {
  en: {
    headers: [
      'Type',
      'Number',
      'Counterparty',
      'Issue date',
      'Due date',
      'Days overdue',
      'Aging',
      'Currency',
      'Total',
      'Paid',
      'Pending',
      'Pending in EUR',
      'ECB rate (per euro)',
    ],
    issued: 'To collect',
    received: 'To pay',
    bucket: { '0-30': '0–30 days', '31-60': '31–60 days', '61-90': '61–90 days', '90+': 'Over 90 days' },
    file: 'pending-payments',
  },
  es: {
    headers: [
      'Tipo',
      'Número',
      'Contraparte',
      'Fecha de emisión',
      'Vencimiento',
      'Días vencida',
      'Antigüedad',
      'Moneda',
      'Total',
      'Pagado',
      'Pendiente',
      'Pendiente en EUR',
      'Cambio BCE (por euro)',
    ],
    issued: 'Por cobrar',
    received: 'Por pagar',
    bucket: { '0-30': '0–30 días', '31-60': '31–60 días', '61-90': '61–90 días', '90+': 'Más de 90 días' },
    file: 'pagos-pendientes',
  },
} as const;

export const pendingFilename = (locale: Locale, asOf: string) => `${LABELS[locale].file}_${asOf}.csv`;

/**
 * The list as CSV in the user's language (`;` and decimal comma in Spanish), written by csv-stringify.
 * Numbers and names come from invoices, so text passes through the reports' formula guard.
 */
export function pendingCsv(list: PendingList, locale: Locale): string {
  const labels = LABELS[locale];
  const amount = (cents: number | null) => (cents === null ? '' : formatPlainAmount(cents, locale));
  const records = list.invoices.map((i) => [
    labels[i.type],
    spreadsheetText(i.number ?? ''),
    spreadsheetText(i.counterparty ?? ''),
    formatExportDay(i.issueDate, locale),
    i.dueDate ? formatExportDay(i.dueDate, locale) : '',
    String(Math.max(0, i.days)),
    labels.bucket[i.bucket],
    i.currency,
    amount(i.totalCents),
    amount(i.paidCents),
    amount(i.pendingCents),
    amount(i.pendingEurCents),
    i.rate ?? '',
  ]);
  return stringify([[...labels.headers], ...records], {
    delimiter: csvSeparator(locale),
    record_delimiter: 'windows',
    bom: true,
  });
}
