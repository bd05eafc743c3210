import { type FormGeneration, type FormId, periodRange } from '@cuadra/shared';
import type { Db } from '../../db/client';
import { findInvoicesInRange } from '../../fiscal/invoices-in-range';
import { findInvoiceChangesAfter, findLastRecord, recordChanges } from '../history';

/**
 * Issue 40: "a field changed after the period's 303 was generated is flagged on the form". Generating a
 * form is itself a history record (entity `form`, the client's id, the field naming form and period), so
 * it shows in the client's history export and needs no table of its own.
 */
export const generationField = (form: FormId, year: number, period: string) => `${form} ${year}-${period}`;

/** Records that `userId` generated the form for the period now (e.g. to file it or hand it to the client). */
export async function recordGeneration(
  db: Db,
  clientId: string,
  userId: string,
  via: 'screen' | 'api',
  form: FormId,
  year: number,
  period: string,
) {
  await recordChanges(db, {
    clientId,
    entity: 'form',
    entityId: clientId,
    actorUserId: userId,
    via,
    changes: [{ field: generationField(form, year, period), from: null, to: 'generated' }],
  });
}

/**
 * The form's last generation and the period's invoices changed since: those dated in the period now, or
 * whose date was moved out of it (either way the generated figures no longer match).
 */
export async function findGeneration(
  db: Db,
  clientId: string,
  form: FormId,
  year: number,
  period: string,
): Promise<FormGeneration | null> {
  const generated = await findLastRecord(db, 'form', clientId, generationField(form, year, period));
  if (!generated) return null;
  const range = periodRange(year, period);
  const inPeriod = (date: unknown) => typeof date === 'string' && date >= range.from && date <= range.to;
  const periodIds = new Set(
    (await findInvoicesInRange(db, clientId, range.from, range.to))
      .filter((i) => inPeriod(i.issueDate))
      .map((i) => i.id),
  );
  const changed = new Map<string, FormGeneration['changedAfter'][number]>();
  for (const change of await findInvoiceChangesAfter(db, clientId, generated.id)) {
    const concerns =
      periodIds.has(change.invoiceId) || (change.field === 'issueDate' && inPeriod(change.from));
    if (!concerns) continue;
    const entry = changed.get(change.invoiceId) ?? {
      invoiceId: change.invoiceId,
      fields: [],
      by: [],
      at: '',
    };
    if (!entry.fields.includes(change.field)) entry.fields.push(change.field);
    if (change.actor && !entry.by.some((b) => b.id === change.actor?.id)) entry.by.push(change.actor);
    entry.at = change.at.toISOString();
    changed.set(change.invoiceId, entry);
  }
  return {
    at: generated.at.toISOString(),
    by: generated.actorId ? { id: generated.actorId, name: generated.actorName ?? '' } : null,
    changedAfter: [...changed.values()],
  };
}
