import {
  type AcceptReviewResult,
  type ChangeVia,
  checkInvoiceFigures,
  MEMORY_FIELDS,
  type MemoryField,
  type ReviewQueue,
  type ReviewQueueParams,
  type SupplierMemoryList,
  type VatLine,
} from '@cuadra/shared';
import { findVisibleClient } from '../../access/clients';
import type { UserRow } from '../../access/users';
import { AppError } from '../../errors';
import { normalizeTaxId } from '../../fiscal/from-extraction';
import { cutPage, decodeCreatedAtCursor, decodeCursor, encodeCursor } from '../../lib/cursor';
import type { Services } from '../../services';
import { recordChanges } from '../history';
import { forgetSupplierMemory, listSupplierMemory } from './memory';
import { findAcceptable, findQueuePage, markAccepted } from './repo';

/** Every document of every client the caller can see, newest first, one keyset page at a time. */
export async function getReviewQueue(
  services: Services,
  user: UserRow,
  query: ReviewQueueParams,
): Promise<ReviewQueue> {
  if (query.clientId && !(await findVisibleClient(services.db, user.id, query.clientId))) {
    throw new AppError('CLIENT_NOT_FOUND');
  }
  const { rows, next } = await findQueuePage(services.db, user.id, {
    limit: query.limit,
    cursor: query.cursor ? decodeCreatedAtCursor(query.cursor) : null,
    state: query.state,
    clientId: query.clientId,
    q: query.q,
  });
  return {
    items: rows,
    nextCursor: next ? encodeCursor([next.createdAt, next.id]) : null,
  };
}

/**
 * Accepts in one action the documents whose every extracted field is verified and whose type is known;
 * the rest (and anything not the caller's) are returned as skipped, for a person to look at.
 */
export async function acceptVerified(
  services: Services,
  user: UserRow,
  ids: string[],
  options: { confirmFigures?: boolean; via?: ChangeVia } = {},
): Promise<AcceptReviewResult> {
  const unique = [...new Set(ids)];
  return services.db.transaction(async (tx) => {
    const rows = await findAcceptable(tx, user.id, unique);
    const verified = rows.filter(
      (row) =>
        row.invoiceId !== null &&
        row.status === 'needs_review' &&
        row.type !== null &&
        row.fieldCount > 0 &&
        row.verifiedCount === row.fieldCount,
    );
    // Figures that do not add up are not accepted in bulk unless the accountant confirmed them (item 8).
    const disagree = new Set(
      verified
        .filter((row) => checkInvoiceFigures({ ...row, vatBreakdown: row.vatBreakdown as VatLine[] }))
        .map((row) => row.id),
    );
    const acceptable = options.confirmFigures ? verified : verified.filter((row) => !disagree.has(row.id));
    await markAccepted(
      tx,
      acceptable.map((row) => row.invoiceId as string),
    );
    for (const row of acceptable.filter((row) => !row.checked)) {
      await recordChanges(tx, {
        clientId: row.clientId,
        entity: 'invoice',
        entityId: row.invoiceId as string,
        actorUserId: user.id,
        via: options.via ?? 'api',
        changes: [{ field: 'checked', from: false, to: true }],
      });
    }
    const accepted = new Set(acceptable.map((row) => row.id));
    return {
      accepted: [...accepted],
      skipped: unique.filter((id) => !accepted.has(id)),
      figuresDisagree: [...disagree].filter((id) => !accepted.has(id)),
    };
  });
}

async function visibleClientId(services: Services, user: UserRow, clientId: string) {
  const client = await findVisibleClient(services.db, user.id, clientId);
  if (!client) throw new AppError('CLIENT_NOT_FOUND');
  return client.id;
}

export async function getSupplierMemory(
  services: Services,
  user: UserRow,
  clientId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<SupplierMemoryList> {
  const id = await visibleClientId(services, user, clientId);
  // [the last row's supplier tax id, field]: unique per client, so the pair is the cursor.
  const after = page.cursor
    ? decodeCursor(page.cursor, ([taxId, field, ...rest]) =>
        rest.length === 0 &&
        typeof taxId === 'string' &&
        taxId.length <= 30 &&
        (MEMORY_FIELDS as readonly unknown[]).includes(field)
          ? { taxId, field: field as MemoryField }
          : null,
      )
    : null;
  const { page: rows, last } = cutPage(
    await listSupplierMemory(services.db, id, { limit: page.limit, after }),
    page.limit,
  );
  return { items: rows, nextCursor: last ? encodeCursor([last.supplierTaxId, last.field]) : null };
}

export async function forgetSupplier(
  services: Services,
  user: UserRow,
  clientId: string,
  taxId: string,
  field: MemoryField | undefined,
): Promise<void> {
  const id = await visibleClientId(services, user, clientId);
  const normalized = normalizeTaxId(taxId);
  if (!normalized || !(await forgetSupplierMemory(services.db, id, normalized, field))) {
    throw new AppError('NOT_FOUND');
  }
}
