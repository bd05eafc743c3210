import { dayNumber, type ExportKind, REPORT_MAX_RANGE_DAYS, rangeDays } from '@cuadra/shared';
import { visibleClientOrThrow } from '../../access/clients';
import type { UserRow } from '../../access/users';
import { AppError } from '../../errors';
import { findInvoicesInRange } from '../../fiscal/invoices-in-range';
import { taxProfileOf } from '../../fiscal/profile';
import type { Services } from '../../services';
import { contasolBook, contasolZip } from './contasol';
import { bookCsv, librosWorkbook } from './libro-registro';
import { a3File, contaplusFile } from './packages';

export type ExportFile = { bytes: Buffer; filename: string; mediaType: string };

/** A file name safe in a header: ASCII letters, digits, dots, dashes and underscores. */
const safe = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();

/** A client's reviewed invoices from `from` to `to`, as one of the export files. */
export async function exportFile(
  services: Services,
  user: UserRow,
  clientId: string,
  kind: ExportKind,
  range: {
    from: string;
    to: string;
    book?: 'issued' | 'received' | undefined;
    /** Libro registro: fill the Cobro / Pago date and amount from the bank (`paidAt`). */
    payments?: boolean | undefined;
  },
): Promise<ExportFile> {
  const client = await visibleClientOrThrow(services, user, clientId);
  const start = dayNumber(range.from);
  const end = dayNumber(range.to);
  if (
    start === null ||
    end === null ||
    start > end ||
    rangeDays(range.from, range.to) > REPORT_MAX_RANGE_DAYS
  ) {
    throw new AppError('EXPORT_RANGE_INVALID');
  }
  const profile = taxProfileOf(client);
  const invoices = (await findInvoicesInRange(services.db, client.id, range.from, range.to)).filter(
    (i) => i.checked && i.type !== null,
  );
  const stem = `${safe(client.taxId ?? client.name)}_${range.from}_${range.to}`;
  try {
    switch (kind) {
      case 'libro-registro-xlsx':
        return {
          bytes: await librosWorkbook(invoices, profile.vatRegime, range.payments ?? false),
          filename: `libro-registro_${stem}.xlsx`,
          mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        };
      case 'libro-registro-csv': {
        // One book per file is the format's rule; without `book`, both, one after the other.
        const books = range.book ? [range.book] : (['issued', 'received'] as const);
        const text = books
          .map((book) => bookCsv(invoices, book, profile.vatRegime, range.payments ?? false))
          .join('\r\n');
        const suffix = range.book ? `_${range.book === 'issued' ? 'expedidas' : 'recibidas'}` : '';
        return {
          // A BOM so that spreadsheet programs read the accents as UTF-8.
          bytes: Buffer.from(`\ufeff${text}`, 'utf8'),
          filename: `libro-registro${suffix}_${stem}.csv`,
          mediaType: 'text/csv; charset=utf-8',
        };
      }
      case 'a3':
        return {
          bytes: a3File(invoices, profile.accounts),
          filename: 'SUENLACE.DAT',
          mediaType: 'text/plain; charset=iso-8859-1',
        };
      case 'contaplus':
        return {
          bytes: contaplusFile(invoices, profile.accounts),
          filename: `contaplus-diario_${stem}.txt`,
          mediaType: 'text/plain; charset=iso-8859-1',
        };
      case 'contasol':
        // One book on request (IVR.xlsx issued, IVS.xlsx received); both in a ZIP by default.
        if (range.book) {
          return {
            bytes: await contasolBook(invoices, range.book, profile.accounts),
            filename: range.book === 'issued' ? 'IVR.xlsx' : 'IVS.xlsx',
            mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          };
        }
        return {
          bytes: await contasolZip(invoices, profile.accounts),
          filename: `contasol_${stem}.zip`,
          mediaType: 'application/zip',
        };
    }
  } catch (error) {
    services.logger.error({ err: error, clientId: client.id, kind }, 'export failed');
    throw new AppError('EXPORT_FAILED');
  }
  throw new AppError('EXPORT_FAILED');
}
