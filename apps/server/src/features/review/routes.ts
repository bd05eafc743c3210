import { PLACE_FIELDS } from '@cuadra/extract';
import {
  AcceptReviewRequestSchema,
  AcceptReviewResultSchema,
  CHANGE_VIA_HEADER,
  MEMORY_FIELDS,
  PageQuerySchema,
  ReviewQueueQuerySchema,
  ReviewQueueSchema,
  SupplierMemoryListSchema,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type AuthEnv, requireAuth } from '../../access/session';
import { validationHook } from '../../http/errors';
import { bearer, body, errorResponse, json } from '../../http/openapi';
import type { Services } from '../../services';
import { viaOfRequest } from '../history';
import { forgetLearnedPlace } from './places';
import { acceptVerified, forgetSupplier, getReviewQueue, getSupplierMemory } from './service';

const queue = createRoute({
  method: 'get',
  path: '/review-queue',
  tags: ['review'],
  summary:
    'Every document of every client the caller can see, newest first, keyset-paged (opaque cursor); filters state, clientId and a forgiving search q',
  security: bearer,
  request: { query: ReviewQueueQuerySchema },
  responses: {
    200: json(ReviewQueueSchema, 'A page of the queue; nextCursor is null on the last page'),
    400: errorResponse('VALIDATION_FAILED (a bad cursor or filter)'),
    404: errorResponse('CLIENT_NOT_FOUND: the clientId filter is not one of the caller’s clients'),
  },
});
const accept = createRoute({
  method: 'post',
  path: '/review-queue/accept',
  tags: ['review'],
  summary:
    'Accept in one action the documents whose fields are all verified (their invoices become reviewed)',
  security: bearer,
  request: { body: body(AcceptReviewRequestSchema) },
  responses: {
    200: json(AcceptReviewResultSchema, 'Which were accepted and which are left for a person'),
    400: errorResponse('VALIDATION_FAILED'),
  },
});
const clientParam = z.object({ clientId: z.uuid() });
const memory = createRoute({
  method: 'get',
  path: '/clients/{clientId}/supplier-memory',
  tags: ['review'],
  summary:
    'Corrections remembered per supplier (by tax id) and applied to the next invoice from it; keyset-paged (opaque cursor)',
  security: bearer,
  request: { params: clientParam, query: PageQuerySchema },
  responses: {
    200: json(SupplierMemoryListSchema, 'A page of what is remembered; nextCursor is null on the last page'),
    400: errorResponse('VALIDATION_FAILED (a bad limit or cursor)'),
    404: errorResponse('CLIENT_NOT_FOUND'),
  },
});
const forget = createRoute({
  method: 'delete',
  path: '/clients/{clientId}/supplier-memory/{taxId}',
  tags: ['review'],
  summary: 'Forget what was remembered about a supplier: one field with ?field=, or all of them',
  security: bearer,
  request: {
    params: clientParam.extend({ taxId: z.string().min(1).max(30) }),
    query: z.object({ field: z.enum(MEMORY_FIELDS).optional() }),
  },
  responses: {
    204: { description: 'Forgotten' },
    404: errorResponse('CLIENT_NOT_FOUND, or NOT_FOUND when nothing was remembered'),
  },
});

const forgetPlace = createRoute({
  method: 'delete',
  path: '/invoices/{id}/learned/{field}',
  tags: ['review'],
  summary:
    'Forget where a field of this invoice was read from memory (learned from a correction of an earlier invoice of its supplier): later documents of that supplier no longer use it',
  security: bearer,
  request: {
    params: z.object({ id: z.uuid(), field: z.enum(PLACE_FIELDS) }),
  },
  responses: {
    204: { description: 'Forgotten' },
    400: errorResponse('VALIDATION_FAILED (a field that is never learned)'),
    404: errorResponse(
      'INVOICE_NOT_FOUND, or PLACE_MEMORY_NOT_FOUND when the field was not read from memory',
    ),
  },
});

export function reviewRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('/review-queue', requireAuth(services));
  router.use('/review-queue/*', requireAuth(services));
  router.use('/clients/:clientId/supplier-memory', requireAuth(services));
  router.use('/clients/:clientId/supplier-memory/*', requireAuth(services));
  router.use('/invoices/:id/learned/*', requireAuth(services));
  return router
    .openapi(queue, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getReviewQueue(services, c.get('user'), c.req.valid('query')), 200);
    })
    .openapi(accept, async (c) => {
      const { ids, confirmFigures } = c.req.valid('json');
      return c.json(
        await acceptVerified(services, c.get('user'), ids, {
          confirmFigures,
          via: viaOfRequest(c.req.header(CHANGE_VIA_HEADER)),
        }),
        200,
      );
    })
    .openapi(memory, async (c) => {
      c.header('Cache-Control', 'no-store');
      const { clientId } = c.req.valid('param');
      return c.json(await getSupplierMemory(services, c.get('user'), clientId, c.req.valid('query')), 200);
    })
    .openapi(forget, async (c) => {
      const { clientId, taxId } = c.req.valid('param');
      await forgetSupplier(services, c.get('user'), clientId, taxId, c.req.valid('query').field);
      return c.body(null, 204);
    })
    .openapi(forgetPlace, async (c) => {
      const { id, field } = c.req.valid('param');
      await forgetLearnedPlace(services, c.get('user'), id, field);
      return c.body(null, 204);
    });
}
