import { ExportKindSchema, ExportQuerySchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type AuthEnv, requireAuth } from '../../access/session';
import { validationHook } from '../../http/errors';
import { bearer, errorResponse } from '../../http/openapi';
import type { Services } from '../../services';
import { exportFile } from './service';

const exportRoute = createRoute({
  method: 'get',
  path: '/clients/{clientId}/exports/{kind}',
  tags: ['exports'],
  summary:
    'The reviewed invoices of a range as the AEAT libro registro (XLSX, CSV) or an accounting package import ' +
    '(a3 SUENLACE.DAT, ContaPlus Diario, ContaSOL IVR.xlsx / IVS.xlsx: a ZIP of both, or one with `book`)',
  security: bearer,
  request: {
    params: z.object({ clientId: z.string().max(64), kind: ExportKindSchema }),
    query: ExportQuerySchema.extend({
      /** CSV and contasol: one book (issued / received); both by default. */
      book: z.enum(['issued', 'received']).optional(),
      /**
       * Libro registro: `true` fills each invoice's Cobro / Pago date and amount with the day matched bank
       * movements settled it (features/bank); left empty by default, as the format asks them only under the
       * cash criterion.
       */
      payments: z.enum(['true', 'false']).optional(),
    }),
  },
  responses: {
    200: { description: 'The file, as an attachment' },
    400: errorResponse('VALIDATION_FAILED, EXPORT_RANGE_INVALID'),
    404: errorResponse('CLIENT_NOT_FOUND'),
  },
});

export function exportRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('/clients/:clientId/exports/*', requireAuth(services));
  return router.openapi(exportRoute, async (c) => {
    const { clientId, kind } = c.req.valid('param');
    const { payments, ...range } = c.req.valid('query');
    const file = await exportFile(services, c.get('user'), clientId, kind, {
      ...range,
      payments: payments === 'true',
    });
    c.header('Content-Type', file.mediaType);
    c.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'private, no-store');
    return c.body(new Uint8Array(file.bytes), 200);
  });
}
