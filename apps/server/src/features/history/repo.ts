import type { ChangeVia, HistoryEntry } from '@cuadra/shared';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { AuditedEntity, FieldChange } from './service';

/** Appends one audit row per changed field, in the caller's transaction (the change and its record agree). */
export async function recordChanges(
  db: Db,
  entry: {
    clientId: string | null;
    entity: AuditedEntity;
    entityId: string;
    actorUserId: string | null;
    via: ChangeVia;
    changes: FieldChange[];
  },
): Promise<void> {
  if (entry.changes.length === 0) return;
  await db.insert(auditLog).values(
    entry.changes.map((change) => ({
      id: newId(),
      clientId: entry.clientId,
      entity: entry.entity,
      entityId: entry.entityId,
      field: change.field,
      fromValue: change.from ?? null,
      toValue: change.to ?? null,
      actorUserId: entry.actorUserId,
      via: entry.via,
    })),
  );
}

/** The history of one invoice or client, oldest first (ids are time-ordered), with who made each change. */
export async function findHistory(db: Db, entity: AuditedEntity, entityId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .select({ row: auditLog, actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
  return rows.map(({ row, actorName }) => ({
    id: row.id,
    field: row.field,
    from: row.fromValue,
    to: row.toValue,
    via: row.via,
    actor: row.actorUserId ? { id: row.actorUserId, name: actorName ?? '' } : null,
    at: row.createdAt.toISOString(),
  }));
}

/** The latest record of `field` on one entity (id and time, who), or null: e.g. when a form was last generated. */
export async function findLastRecord(db: Db, entity: AuditedEntity, entityId: string, field: string) {
  const [found] = await db
    .select({ id: auditLog.id, at: auditLog.createdAt, actorId: auditLog.actorUserId, actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId), eq(auditLog.field, field)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return found ?? null;
}

/** A client's invoice changes recorded after the audit row `afterId` (ids are time-ordered), oldest first. */
export async function findInvoiceChangesAfter(db: Db, clientId: string, afterId: string) {
  const rows = await db
    .select({ row: auditLog, actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.clientId, clientId), eq(auditLog.entity, 'invoice'), gt(auditLog.id, afterId)))
    .orderBy(asc(auditLog.id));
  return rows.map(({ row, actorName }) => ({
    invoiceId: row.entityId,
    field: row.field,
    from: row.fromValue,
    actor: row.actorUserId ? { id: row.actorUserId, name: actorName ?? '' } : null,
    at: row.createdAt,
  }));
}
