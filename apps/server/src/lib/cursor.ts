import { AppError } from '../errors';

/** A value a keyset cursor carries: a sort key as PostgreSQL printed it, a number, or null (nulls last). */
export type CursorValue = string | number | null;

/**
 * Keyset cursors are opaque to callers: base64url of a JSON array of what the next page starts after (the
 * last row's sort key and id, and whatever must match between pages, such as the sort). Every paged list
 * encodes and decodes with these two; a cursor that does not read back is a 400 VALIDATION_FAILED with
 * `details.cursor = 'invalid'`, never a 500 or a silently wrong page.
 */
export function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** Reads a cursor back; `accept` checks its shape and returns what the query needs, or null to refuse it. */
export function decodeCursor<T>(text: string, accept: (values: readonly unknown[]) => T | null): T {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    const accepted = Array.isArray(value) ? accept(value) : null;
    if (accepted !== null) return accepted;
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', { cursor: 'invalid' });
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** As PostgreSQL prints a timestamptz: "2026-11-24 18:10:56.123456+00". */
export const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A cursor of (created_at as PostgreSQL prints it, id): the lists newest first. */
export function decodeCreatedAtCursor(text: string): { createdAt: string; id: string } {
  return decodeCursor(text, ([createdAt, id, ...rest]) =>
    rest.length === 0 &&
    typeof createdAt === 'string' &&
    typeof id === 'string' &&
    PG_TIMESTAMP.test(createdAt) &&
    UUID.test(id)
      ? { createdAt, id }
      : null,
  );
}

/** One page cut from `limit + 1` rows: the page, and the row the next page starts after (null at the end). */
export function cutPage<T>(rows: T[], limit: number): { page: T[]; last: T | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { page, last: more ? (page.at(-1) ?? null) : null };
}
