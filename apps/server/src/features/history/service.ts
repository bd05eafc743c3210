import type { ChangeVia } from '@cuadra/shared';

export type FieldChange = { field: string; from: unknown; to: unknown };
/**
 * `form`: a form generated for a period (the entity id is the client's, the field names form and period);
 * `user`: a user's own settings (language, notifications), which belong to no client; `firm`: the firm
 * itself (who owns it).
 */
export type AuditedEntity = 'invoice' | 'client' | 'form' | 'user' | 'firm';

/**
 * Values compared as JSON with keys sorted, undefined as null: a date string, cents, a breakdown or a list
 * of lines. Sorted, because PostgreSQL's jsonb hands an object back with its keys in its own order.
 */
function asJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The fields whose value differs between `before` and `after`, among `fields`, in that order. */
export function diffFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  return fields
    .filter((field) => field in after && asJson(before[field]) !== asJson(after[field]))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
}

/**
 * Whether a request came from Cuadra's own screens or another program: the web app names itself in the
 * `X-Cuadra-Via` header. It is a label, not a permission: who made the change is the signed-in user.
 */
export function viaOfRequest(header: string | undefined): Extract<ChangeVia, 'screen' | 'api'> {
  return header === 'screen' ? 'screen' : 'api';
}
