import { ErrorBodySchema, LedgerPageSchema, PageQuerySchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { actingOwnerId } from '../../access/firm';
import { type AuthEnv, requireAuth } from '../../access/session';
import { validationHook } from '../../http/errors';
import { decodeCursor, encodeCursor, UUID } from '../../lib/cursor';
import type { Services } from '../../services';
import { findLedgerPage } from './ledger';

/** The ledger's cursor: [the last entry's id] (UUID v7, so time-ordered). */
function readLedgerCursor(text: string): string {
  return decodeCursor(text, ([id, ...rest]) =>
    rest.length === 0 && typeof id === 'string' && UUID.test(id) ? id : null,
  );
}

const ledgerRoute = createRoute({
  method: 'get',
  path: '/ledger',
  tags: ['credits'],
  summary: 'The signed-in user’s credit history, newest first, keyset-paged (opaque cursor)',
  security: [{ bearer: [] }],
  request: {
    query: PageQuerySchema.extend({
      /** Deprecated: the entry id to start after, as `nextCursor` was before it became opaque. */
      before: z.uuid().optional(),
    }),
  },
  responses: {
    200: {
      description: 'One page of entries; nextCursor is null on the last page',
      content: { 'application/json': { schema: LedgerPageSchema } },
    },
    400: {
      description: 'VALIDATION_FAILED (a bad limit or cursor)',
      content: { 'application/json': { schema: ErrorBodySchema } },
    },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorBodySchema } } },
  },
});

/** `GET /api/v1/credits/ledger`. */
export function creditRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('*', requireAuth(services));
  return router.openapi(ledgerRoute, async (c) => {
    const { limit, cursor, before } = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    const after = cursor ? readLedgerCursor(cursor) : (before ?? null);
    // The firm's ledger: a member reads the balance they spend, which is the firm owner's.
    const payer = actingOwnerId(c.get('user').id, c.get('member'));
    const { entries, last } = await findLedgerPage(services.db, payer, { limit, after });
    return c.json({ entries, nextCursor: last ? encodeCursor([last]) : null }, 200);
  });
}
