import {
  FiscalSummaryQuerySchema,
  FiscalSummarySchema,
  ReportLinkSchema,
  ReportRequestSchema,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type AuthEnv, readerMay, requireAuth } from '../../access/session';
import { validationHook } from '../../http/errors';
import { errorResponse } from '../../http/openapi';
import type { Services } from '../../services';
import { createReport, downloadReport, getFiscalSummary } from './service';

const clientParam = z.object({ clientId: z.uuid() });

const create = createRoute({
  middleware: [readerMay],
  method: 'post',
  path: '/clients/{clientId}/reports',
  tags: ['reports'],
  summary: 'A report of the client’s invoices for a range: a link to the XLSX (default) or CSV file',
  security: [{ bearer: [] }],
  request: {
    params: clientParam,
    body: { content: { 'application/json': { schema: ReportRequestSchema } }, required: true },
  },
  responses: {
    200: { description: 'The link', content: { 'application/json': { schema: ReportLinkSchema } } },
    400: errorResponse(
      'REPORT_DATES_REQUIRED, REPORT_START_AFTER_END, REPORT_RANGE_TOO_LONG (over 730 days), REPORT_END_IN_FUTURE',
    ),
    404: errorResponse('CLIENT_NOT_FOUND'),
  },
});
const download = createRoute({
  method: 'get',
  path: '/reports/{token}',
  tags: ['reports'],
  summary: 'The report file, as an attachment; only for the user the link was made for',
  security: [{ bearer: [] }],
  request: { params: z.object({ token: z.string().max(2000) }) },
  responses: {
    200: { description: 'The XLSX or CSV file' },
    404: errorResponse('REPORT_LINK_NOT_FOUND'),
    410: errorResponse('REPORT_LINK_EXPIRED'),
  },
});
const fiscal = createRoute({
  method: 'get',
  path: '/clients/{clientId}/fiscal-summary',
  tags: ['reports'],
  summary:
    'Estimated Modelo 303 per quarter and, for an individual, Modelo 130 and the annual income tax, from ' +
    'reviewed invoices (a company: no 130, annual null)',
  security: [{ bearer: [] }],
  request: { params: clientParam, query: FiscalSummaryQuerySchema },
  responses: {
    200: { description: 'The summary', content: { 'application/json': { schema: FiscalSummarySchema } } },
    404: errorResponse('CLIENT_NOT_FOUND'),
  },
});

/** `Content-Disposition: attachment` with the file name (ASCII already, from reportFilename). */
const attachment = (filename: string) => `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`;

export function reportRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('/clients/:clientId/reports', requireAuth(services));
  router.use('/clients/:clientId/fiscal-summary', requireAuth(services));
  router.use('/reports/*', requireAuth(services));
  return router
    .openapi(create, async (c) => {
      c.header('Cache-Control', 'no-store');
      const { clientId } = c.req.valid('param');
      return c.json(await createReport(services, c.get('user'), clientId, c.req.valid('json')), 200);
    })
    .openapi(download, async (c) => {
      const { bytes, filename, mediaType } = await downloadReport(
        services,
        c.get('user'),
        c.req.valid('param').token,
      );
      c.header('Content-Type', mediaType);
      c.header('Content-Disposition', attachment(filename));
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Cache-Control', 'private, no-store');
      return c.body(new Uint8Array(bytes), 200);
    })
    .openapi(fiscal, async (c) => {
      c.header('Cache-Control', 'no-store');
      const { clientId } = c.req.valid('param');
      const { year, includeUnreviewed } = c.req.valid('query');
      return c.json(
        await getFiscalSummary(services, c.get('user'), clientId, year, includeUnreviewed === 'true'),
        200,
      );
    });
}
