import { DEFAULT_OPTIONS, isExtractError, parseEInvoiceXml } from '@cuadra/extract';
import {
  type ChangeVia,
  checkInvoiceFigures,
  type EInvoiceView,
  INVOICE_TYPES,
  type Invoice,
  type InvoiceFields,
  type InvoiceList,
  type InvoiceSort,
} from '@cuadra/shared';
import { findVisibleClient } from '../../access/clients';
import type { UserRow } from '../../access/users';
import { AppError } from '../../errors';
import { invoiceFromFields, normalizeTaxId } from '../../fiscal/from-extraction';
import { cutPage, decodeCursor, encodeCursor, UUID } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { Services } from '../../services';
import { invoicePayments } from '../bank';
import { diffFields, type FieldChange, findHistory, recordChanges } from '../history';
import { correctedPlaces, correctionsOf, queueLearning, rememberCorrections } from '../review';
import { deleteInvoiceRow } from '../uploads';
import {
  findInvoice,
  findInvoiceListHead,
  findInvoicePage,
  findItems,
  findPossibleDuplicates,
  type InvoiceCursor,
  type InvoiceRowDb as InvoiceRow,
  markDocumentReviewed,
  replaceItems,
  updateInvoiceRow,
} from './repo';

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
const CENTS_KEY = /^-?\d{1,10}$/;

/** A sort key as `findInvoicePage` printed it, for this sort; anything else is a tampered cursor. */
function isSortKey(sort: InvoiceSort, key: unknown): key is string | null {
  if (key === null) return true;
  if (typeof key !== 'string') return false;
  switch (sort) {
    case 'date':
      return DATE_KEY.test(key);
    case 'total':
      return CENTS_KEY.test(key);
    case 'type':
      return (INVOICE_TYPES as readonly string[]).includes(key);
    default:
      return key.length <= 500;
  }
}

/** The invoice table's cursor: [sort, order, key, id]; a cursor of another sort or order is refused. */
function readInvoiceCursor(text: string, sort: InvoiceSort, order: 'asc' | 'desc'): InvoiceCursor {
  return decodeCursor(text, ([cursorSort, cursorOrder, key, id, ...rest]) =>
    rest.length === 0 &&
    cursorSort === sort &&
    cursorOrder === order &&
    isSortKey(sort, key) &&
    typeof id === 'string' &&
    UUID.test(id)
      ? { key, id }
      : null,
  );
}

/**
 * A page of a client's invoices on the sort the user chose, with the figures of the page header: gross
 * income, how many are still to review and the scans available come from one statement over the client
 * (which also checks the user may see it), not from the rows.
 */
export async function listClientInvoices(
  services: Services,
  user: UserRow,
  clientId: string,
  query: {
    sort: InvoiceSort | 'date_invoice';
    order: 'asc' | 'desc';
    from?: string | undefined;
    to?: string | undefined;
    q?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<InvoiceList> {
  const sort = query.sort === 'date_invoice' ? 'date' : query.sort;
  // A client that is not the user's answers 404 before a bad cursor answers 400, as it always has.
  let cursor: InvoiceCursor | null = null;
  let badCursor: unknown;
  try {
    cursor = query.cursor ? readInvoiceCursor(query.cursor, sort, query.order) : null;
  } catch (error) {
    badCursor = error;
  }
  // A client the user may not see answers 404 before a bad cursor answers 400, as it always has.
  if (badCursor) {
    if (!(await findInvoiceListHead(services.db, user.id, clientId))) throw new AppError('CLIENT_NOT_FOUND');
    throw badCursor;
  }
  // The head comes with the page and says whether the client is the user's: the rows are dropped if not.
  const { head, rows, sortKeys } = await findInvoicePage(services.db, user.id, clientId, {
    ...query,
    sort,
    cursor,
    locale: user.locale,
  });
  if (!head) throw new AppError('CLIENT_NOT_FOUND');
  const { page, last } = cutPage(rows, query.limit);
  return {
    invoices: page,
    ...head,
    nextCursor: last ? encodeCursor([sort, query.order, sortKeys[page.length - 1] ?? null, last.id]) : null,
  };
}

/** The invoice if the caller may see its client; a 404 otherwise, never a 403 that confirms it exists. */
async function loadVisible(services: Services, user: UserRow, id: string) {
  const found = await findInvoice(services.db, id);
  if (!found || !(await findVisibleClient(services.db, user.id, found.invoice.clientId))) {
    throw new AppError('INVOICE_NOT_FOUND');
  }
  return found;
}

export async function getInvoice(services: Services, user: UserRow, id: string): Promise<Invoice> {
  const { invoice, file } = await loadVisible(services, user, id);
  const items = await findItems(services.db, id);
  const payments = await invoicePayments(services.db, id);
  const duplicates = await findPossibleDuplicates(services.db, id);
  return {
    id: invoice.id,
    clientId: invoice.clientId,
    type: invoice.type,
    number: invoice.number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    issuerName: invoice.issuerName,
    issuerAddress: invoice.issuerAddress,
    issuerTaxId: invoice.issuerTaxId,
    recipientName: invoice.recipientName,
    recipientAddress: invoice.recipientAddress,
    recipientTaxId: invoice.recipientTaxId,
    currency: invoice.currency,
    taxBaseCents: invoice.taxBaseCents,
    vatTotalCents: invoice.vatTotalCents,
    withholdingCents: invoice.withholdingCents,
    withholdingRate: invoice.withholdingRate,
    surchargeCents: invoice.surchargeCents,
    otherTaxesCents: invoice.otherTaxesCents,
    totalCents: invoice.totalCents,
    vatBreakdown: invoice.vatBreakdown as Invoice['vatBreakdown'],
    items: items.map(({ description, quantity, unitPriceCents, lineTotalCents, vatRate, irpfRate }) => ({
      description,
      quantity,
      unitPriceCents,
      lineTotalCents,
      vatRate,
      irpfRate,
    })),
    checked: invoice.checked,
    evidence: invoice.evidence as Invoice['evidence'],
    file: file?.key && file.mediaType ? invoiceFile(file) : null,
    extractionWarnings: warningCodes(file?.warnings),
    paidAt: invoice.paidAt,
    payments,
    possibleDuplicates: duplicates.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
    createdAt: invoice.createdAt.toISOString(),
  };
}

function invoiceFile(
  file: NonNullable<NonNullable<Awaited<ReturnType<typeof findInvoice>>>['file']>,
): Invoice['file'] {
  const { mediaType, filename, documentId, splitId, pageFrom, pageTo } = file;
  const split =
    splitId && documentId && pageFrom !== null && pageTo !== null
      ? { documentId, pageFrom, pageTo }
      : undefined;
  return { mediaType: mediaType ?? '', filename: filename ?? '', ...(split ? { split } : {}) };
}

/** The codes of the engine's warnings stored with the document (`[{ code, message, field? }]`). */
function warningCodes(warnings: unknown): string[] {
  if (!Array.isArray(warnings)) return [];
  return [
    ...new Set(
      warnings.flatMap((w) => (w && typeof w === 'object' && typeof w.code === 'string' ? [w.code] : [])),
    ),
  ];
}

/** Saving from the review or edit screen: the fields as corrected, and the invoice marked reviewed. */
export async function saveInvoice(
  services: Services,
  user: UserRow,
  id: string,
  fields: InvoiceFields,
  options: { confirmFigures?: boolean; via?: ChangeVia } = {},
) {
  const { invoice: before } = await loadVisible(services, user, id);
  const itemsBefore = await findItems(services.db, id);
  // A reviewed invoice is what gets filed: its breakdown and totals must agree (issue 14), unless the
  // accountant confirmed, in a second explicit step, that the document says so (issue 36 item 8).
  const problem = checkInvoiceFigures(fields);
  if (problem && !options.confirmFigures)
    throw new AppError(problem.code, { mismatches: problem.mismatches });
  const { items, ...values } = fields;
  try {
    await services.db.transaction(async (tx) => {
      // Supplier memory: the next invoice from this supplier gets the accountant's corrections.
      await rememberCorrections(
        tx,
        before.clientId,
        normalizeTaxId(values.issuerTaxId),
        correctionsOf(before, values),
      );
      await updateInvoiceRow(tx, id, {
        ...values,
        issuerTaxId: normalizeTaxId(values.issuerTaxId),
        recipientTaxId: normalizeTaxId(values.recipientTaxId),
        checked: true,
      });
      await replaceItems(
        tx,
        id,
        items.map((item, position) => ({ id: newId(), invoiceId: id, position, ...item })),
      );
      await markDocumentReviewed(tx, id);
      // Place memory: where this supplier prints what the accountant corrected, learned by the worker.
      await queueLearning(services, tx, { id, type: values.type }, correctedPlaces(before, values));
      await recordChanges(tx, {
        clientId: before.clientId,
        entity: 'invoice',
        entityId: id,
        actorUserId: user.id,
        via: options.via ?? 'api',
        changes: invoiceChanges(before, itemsBefore, fields),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('INVOICE_DUPLICATE');
    throw error;
  }
  return getInvoice(services, user, id);
}

/** Invoice fields the history follows, in the order the review screen shows them. */
const AUDITED_FIELDS = [
  'type',
  'number',
  'issueDate',
  'dueDate',
  'issuerName',
  'issuerTaxId',
  'issuerAddress',
  'recipientName',
  'recipientTaxId',
  'recipientAddress',
  'currency',
  'taxBaseCents',
  'vatTotalCents',
  'withholdingRate',
  'withholdingCents',
  'surchargeCents',
  'otherTaxesCents',
  'totalCents',
  'vatBreakdown',
  'checked',
] as const;

/** What a save changes, field by field; the lines as one field (their list before and after). */
function invoiceChanges(
  before: InvoiceRow,
  itemsBefore: Awaited<ReturnType<typeof findItems>>,
  fields: InvoiceFields,
): FieldChange[] {
  const { items, ...values } = fields;
  const after = {
    ...values,
    issuerTaxId: normalizeTaxId(values.issuerTaxId),
    recipientTaxId: normalizeTaxId(values.recipientTaxId),
    checked: true,
  };
  const line = (item: InvoiceFields['items'][number]) => ({
    description: item.description,
    quantity: item.quantity ?? null,
    unitPriceCents: item.unitPriceCents ?? null,
    lineTotalCents: item.lineTotalCents ?? null,
    vatRate: item.vatRate ?? null,
    irpfRate: item.irpfRate ?? null,
  });
  return [
    ...diffFields(before as unknown as Record<string, unknown>, after, AUDITED_FIELDS),
    ...diffFields({ items: itemsBefore.map(line) }, { items: items.map(line) }, ['items']),
  ];
}

/** The invoice's history (issue 40 item 4), for whoever may see it. */
export async function getInvoiceHistory(services: Services, user: UserRow, id: string) {
  await loadVisible(services, user, id);
  return { entries: await findHistory(services.db, 'invoice', id) };
}

export async function deleteInvoice(services: Services, user: UserRow, id: string) {
  await loadVisible(services, user, id);
  await services.db.transaction((tx) => deleteInvoiceRow(tx, id));
}

/** The original file of an invoice, for the viewer or as a download. */
export async function getInvoiceFile(services: Services, user: UserRow, id: string) {
  const { file } = await loadVisible(services, user, id);
  if (!file?.key || !file.mediaType) throw new AppError('INVOICE_NOT_FOUND');
  return { bytes: await services.files.get(file.key), mediaType: file.mediaType, filename: file.filename };
}

/** Media types an e-invoice XML is stored under. */
const XML_TYPES = new Set(['application/xml', 'text/xml']);

/**
 * The uploaded e-invoice XML read afresh by the engine's XML readers (not the reviewed figures: the
 * viewer shows the original), as plain values the browser draws as text. Another kind of file, or an XML
 * the readers refuse, is UNSUPPORTED_MEDIA_TYPE.
 */
export async function readOriginalEInvoice(
  services: Services,
  user: UserRow,
  id: string,
): Promise<EInvoiceView> {
  const { bytes, mediaType } = await getInvoiceFile(services, user, id);
  if (!XML_TYPES.has(mediaType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let parsed: ReturnType<typeof parseEInvoiceXml>;
  try {
    parsed = parseEInvoiceXml(bytes, DEFAULT_OPTIONS.maxBytes);
  } catch (error) {
    if (isExtractError(error)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    throw error;
  }
  return {
    format: parsed.format,
    invoices: parsed.invoices.map(({ fields }) => {
      const { invoice, items } = invoiceFromFields(fields);
      return {
        ...invoice,
        items: items.map(({ position: _position, ...item }) => item),
      };
    }),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
