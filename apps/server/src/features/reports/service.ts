import {
  checkReportRange,
  type FiscalSummary,
  type ReportLink,
  type ReportRequest,
  reportKind,
  todayInSpain,
} from '@cuadra/shared';
import { findVisibleClient } from '../../access/clients';
import type { UserRow } from '../../access/users';
import { AppError } from '../../errors';
import { summariseFiscalYear } from '../../fiscal/fiscal';
import { findInvoicesInRange } from '../../fiscal/invoices-in-range';
import { taxProfileOf } from '../../fiscal/profile';
import type { Services } from '../../services';
import { allInEuros, inEuros, loadRates, type RatesByDate } from '../currency';
import { readReportLink, signReportLink } from './links';
import { buildCsv, buildWorkbook, type ReportInvoice, reportFilename } from './workbook';

async function visibleClient(services: Services, user: UserRow, clientId: string) {
  const client = await findVisibleClient(services.db, user.id, clientId);
  if (!client) throw new AppError('CLIENT_NOT_FOUND');
  return client;
}

/** Checks the range and the client and answers with a link the same user can fetch for a while. */
export async function createReport(
  services: Services,
  user: UserRow,
  clientId: string,
  request: ReportRequest,
  now = new Date(),
): Promise<ReportLink> {
  const client = await visibleClient(services, user, clientId);
  const today = todayInSpain(now);
  const problem = checkReportRange(request.from, request.to, today);
  if (problem) throw new AppError(problem);
  const from = request.from as string;
  const to = request.to as string;
  const format = request.format ?? 'xlsx';
  const kind = reportKind(from, to, { today, period: request.period });
  const { token, expiresAt } = await signReportLink(
    services.auth.accessKey,
    { userId: user.id, clientId: client.id, from, to, format, kind },
    now.getTime(),
  );
  return {
    downloadUrl: `/api/v1/reports/${token}`,
    kind,
    filename: reportFilename({ locale: user.locale, kind, clientName: client.name, from, to }, format),
    expiresAt: expiresAt.toISOString(),
  };
}

/** Builds the file a link names, in the caller's language, from the invoices as they are now. */
export async function downloadReport(services: Services, user: UserRow, token: string, now = Date.now()) {
  const claims = await readReportLink(services.auth.accessKey, token, user.id, now);
  const client = await findVisibleClient(services.db, user.id, claims.clientId);
  if (!client) throw new AppError('REPORT_LINK_NOT_FOUND');
  const input = {
    locale: user.locale,
    kind: claims.kind,
    clientName: client.name,
    clientTaxId: client.taxId,
    from: claims.from,
    to: claims.to,
    invoices: reportInEuros(
      await findInvoicesInRange(services.db, client.id, claims.from, claims.to),
      loadRates(services.config.DATA_DIR),
    ),
  };
  const filename = reportFilename(input, claims.format);
  try {
    if (claims.format === 'csv') {
      return { bytes: Buffer.from(buildCsv(input), 'utf8'), filename, mediaType: 'text/csv; charset=utf-8' };
    }
    return {
      bytes: await buildWorkbook(input),
      filename,
      mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  } catch (error) {
    services.logger.error({ err: error, clientId: client.id }, 'report generation failed');
    throw new AppError('REPORT_FAILED');
  }
}

/**
 * The client's year: Modelo 303 per quarter, and for an individual Modelo 130 and the annual IRPF estimate
 * (a company files 202, not 130: see the forms).
 */
export async function getFiscalSummary(
  services: Services,
  user: UserRow,
  clientId: string,
  year: number,
  includeUnreviewed: boolean,
): Promise<FiscalSummary> {
  const client = await visibleClient(services, user, clientId);
  const [invoices, priorYearInvoices] = await Promise.all([
    findInvoicesInRange(services.db, client.id, `${year}-01-01`, `${year}-12-31`),
    findInvoicesInRange(services.db, client.id, `${year - 1}-01-01`, `${year - 1}-12-31`),
  ]);
  // Other currencies in euros at the ECB rate of each invoice's date; one without a rate is not added
  // (issue 36 item 6: the forms name it under CURRENCY_RATE_MISSING).
  const rates = loadRates(services.config.DATA_DIR);
  return summariseFiscalYear({
    clientId: client.id,
    year,
    includeUnreviewed,
    invoices: allInEuros(invoices, rates).invoices,
    priorYearInvoices: allInEuros(priorYearInvoices, rates).invoices,
    legalForm: taxProfileOf(client).legalForm,
  });
}

/**
 * A report's invoices with their amounts in euros (issue 36 item 6): one in another currency converted at
 * the ECB rate of its date, its own total and the rate kept beside; one with no rate kept with `rate` null,
 * which the report lists but never adds to euros.
 */
export function reportInEuros<T extends ReportInvoice & { currency: string; id: string }>(
  invoices: T[],
  rates: RatesByDate,
): T[] {
  return invoices.map((invoice) => {
    const currency = invoice.currency.toUpperCase();
    if (currency === 'EUR') return invoice;
    const result = inEuros(invoice, rates);
    const foreign = { currency, totalCents: invoice.totalCents, rate: null, rateDate: null };
    if (!result?.converted) return { ...invoice, foreign };
    return {
      ...result.invoice,
      foreign: { ...foreign, rate: result.converted.rate, rateDate: result.converted.date },
    };
  });
}
