import { ErrorBodySchema, LedgerPageSchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { validationHook } from '../../http/errors';
import type { Services } from '../../services';
import { type AuthEnv, requireAuth } from '../auth/middleware';
import { findLedgerPage } from './ledger';

const ledgerRoute = createRoute({
  method: 'get',
  path: '/ledger',
  tags: ['credits'],
  summary: 'The signed-in user’s credit history, newest first',
  security: [{ bearer: [] }],
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(50),
      /** The `nextCursor` of the previous page. */
      before: z.uuid().optional(),
    }),
  },
  responses: {
    200: {
      description: 'One page of entries',
      content: { 'application/json': { schema: LedgerPageSchema } },
    },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorBodySchema } } },
  },
});

/** `GET /api/v1/credits/ledger`. */
export function creditRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('*', requireAuth(services));
  return router.openapi(ledgerRoute, async (c) => {
    const { limit, before } = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json(await findLedgerPage(services.db, c.get('user').id, { limit, before }), 200);
  });
}
