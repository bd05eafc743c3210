import {
  CHANGE_VIA_HEADER,
  EInvoiceViewSchema,
  HistorySchema,
  InvoiceListQuerySchema,
  InvoiceListSchema,
  InvoiceSchema,
  InvoiceUpdateSchema,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type AuthEnv, requireAuth } from '../../access/session';
import { validationHook } from '../../http/errors';
import { presetHeader } from '../../http/node';
import { errorResponse } from '../../http/openapi';
import type { Services } from '../../services';
import { viaOfRequest } from '../history';
import {
  deleteInvoice,
  getInvoice,
  getInvoiceFile,
  getInvoiceHistory,
  listClientInvoices,
  readOriginalEInvoice,
  saveInvoice,
} from './service';

const invoiceBody = { content: { 'application/json': { schema: InvoiceSchema } } };
const idParam = z.object({ id: z.uuid() });

const list = createRoute({
  method: 'get',
  path: '/clients/{clientId}/invoices',
  tags: ['invoices'],
  summary: 'A client’s invoices, sorted on the server (nulls last), with gross income and scans available',
  security: [{ bearer: [] }],
  request: { params: z.object({ clientId: z.uuid() }), query: InvoiceListQuerySchema },
  responses: {
    200: { description: 'The invoices', content: { 'application/json': { schema: InvoiceListSchema } } },
    404: errorResponse('No such client for this user (CLIENT_NOT_FOUND)'),
  },
});
const read = createRoute({
  method: 'get',
  path: '/invoices/{id}',
  tags: ['invoices'],
  summary: 'One invoice with its lines and where each field was read',
  security: [{ bearer: [] }],
  request: { params: idParam },
  responses: { 200: { description: 'The invoice', ...invoiceBody }, 404: errorResponse('INVOICE_NOT_FOUND') },
});
const save = createRoute({
  method: 'put',
  path: '/invoices/{id}',
  tags: ['invoices'],
  summary: 'Save the reviewed fields; the invoice becomes checked',
  security: [{ bearer: [] }],
  request: {
    params: idParam,
    // The accountant's second, explicit confirmation that figures which do not add up are what the
    // document says (issue 36 item 8); without it such a save is refused.
    query: z.object({ confirmFigures: z.enum(['true']).optional() }),
    body: { content: { 'application/json': { schema: InvoiceUpdateSchema } }, required: true },
  },
  responses: {
    200: { description: 'Saved', ...invoiceBody },
    400: errorResponse('VALIDATION_FAILED'),
    404: errorResponse('INVOICE_NOT_FOUND'),
    409: errorResponse('Another invoice of this client has the same issuer and number (INVOICE_DUPLICATE)'),
    422: errorResponse(
      'The figures disagree (VAT_BREAKDOWN_MISMATCH, VAT_RATE_MISMATCH, TOTAL_MISMATCH) and confirmFigures=true was not sent; details.mismatches names each: field, line, valueCents, expectedCents',
    ),
  },
});
const remove = createRoute({
  method: 'delete',
  path: '/invoices/{id}',
  tags: ['invoices'],
  summary: 'Delete an invoice (its original file is kept)',
  security: [{ bearer: [] }],
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, 404: errorResponse('INVOICE_NOT_FOUND') },
});
const file = createRoute({
  method: 'get',
  path: '/invoices/{id}/file',
  tags: ['invoices'],
  summary: 'The original file; inline for images and PDFs, an attachment otherwise or with ?download=1',
  security: [{ bearer: [] }],
  request: { params: idParam, query: z.object({ download: z.enum(['0', '1']).optional() }) },
  responses: { 200: { description: 'The bytes as uploaded' }, 404: errorResponse('INVOICE_NOT_FOUND') },
});

const history = createRoute({
  method: 'get',
  path: '/invoices/{id}/history',
  tags: ['invoices'],
  summary: 'Every change to the invoice: field, from, to, who, when and through what (oldest first)',
  security: [{ bearer: [] }],
  request: { params: idParam },
  responses: {
    200: { description: 'The history', content: { 'application/json': { schema: HistorySchema } } },
    404: errorResponse('INVOICE_NOT_FOUND'),
  },
});

const original = createRoute({
  method: 'get',
  path: '/invoices/{id}/original',
  tags: ['invoices'],
  summary: 'An uploaded e-invoice XML read by the engine, as data for a readable view (never as markup)',
  security: [{ bearer: [] }],
  request: { params: idParam },
  responses: {
    200: {
      description: 'The invoices the XML holds, as read from it',
      content: { 'application/json': { schema: EInvoiceViewSchema } },
    },
    404: errorResponse('INVOICE_NOT_FOUND'),
    415: errorResponse('UNSUPPORTED_MEDIA_TYPE (not an e-invoice XML, or one the readers refuse)'),
  },
});

const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** `Content-Disposition` with the user's file name, safe for any characters in it (RFC 6266 / 5987). */
function disposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function invoiceRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('/clients/:clientId/invoices', requireAuth(services));
  router.use('/invoices/*', requireAuth(services));
  return router
    .openapi(list, async (c) => {
      presetHeader(c, 'Cache-Control', 'no-store');
      const { clientId } = c.req.valid('param');
      return c.json(await listClientInvoices(services, c.get('user'), clientId, c.req.valid('query')), 200);
    })
    .openapi(read, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getInvoice(services, c.get('user'), c.req.valid('param').id), 200);
    })
    .openapi(save, async (c) => {
      return c.json(
        await saveInvoice(services, c.get('user'), c.req.valid('param').id, c.req.valid('json'), {
          confirmFigures: c.req.valid('query').confirmFigures === 'true',
          via: viaOfRequest(c.req.header(CHANGE_VIA_HEADER)),
        }),
        200,
      );
    })
    .openapi(remove, async (c) => {
      await deleteInvoice(services, c.get('user'), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(history, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getInvoiceHistory(services, c.get('user'), c.req.valid('param').id), 200);
    })
    .openapi(original, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await readOriginalEInvoice(services, c.get('user'), c.req.valid('param').id), 200);
    })
    .openapi(file, async (c) => {
      const { bytes, mediaType, filename } = await getInvoiceFile(
        services,
        c.get('user'),
        c.req.valid('param').id,
      );
      const inline = INLINE_TYPES.has(mediaType) && c.req.valid('query').download !== '1';
      c.header('Content-Type', mediaType);
      c.header('Content-Disposition', disposition(inline ? 'inline' : 'attachment', filename));
      // Even opened directly, the file cannot run script or reach anything: it is a sandboxed document.
      c.header(
        'Content-Security-Policy',
        "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
      );
      c.header('Cache-Control', 'private, no-store');
      return c.body(new Uint8Array(bytes), 200);
    });
}
