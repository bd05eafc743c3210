import { z } from 'zod';

/** Every list endpoint pages: 50 rows unless asked, never more than 200 (issue 20). */
export const PAGE_SIZE = 50;
export const PAGE_SIZE_MAX = 200;

/** `limit` and the opaque `cursor` (the previous page's `nextCursor`) every list endpoint takes. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
  /** Opaque: the `nextCursor` of the previous page. A cursor of another sort or a tampered one is a 400. */
  cursor: z.string().max(500).optional(),
});

/** A query-string boolean (`?registered=true`). */
export const QueryBooleanSchema = z.enum(['true', 'false']);
