import {
  AcceptInvitationRequestSchema,
  AcceptInvitationResultSchema,
  CHANGE_VIA_HEADER,
  ClientDetailSchema,
  type ClientExportFormat,
  ClientFiltersSchema,
  ClientListSchema,
  CreateClientRequestSchema,
  CreateInvitationRequestSchema,
  ErrorBodySchema,
  HistorySchema,
  InvitationPreviewSchema,
  InvitationSchema,
  ListClientsQuerySchema,
  UpdateClientRequestSchema,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type AuthEnv, requireAuth } from '../../access/session';
import { AppError } from '../../errors';
import { validationHook } from '../../http/errors';
import { noStore } from '../../http/middleware';
import { bearer, body, json } from '../../http/openapi';
import type { Services } from '../../services';
import { viaOfRequest } from '../history';
import { CLIENT_EXPORT_MEDIA_TYPES } from './export';
import * as clients from './service';

const IdParams = z.object({ id: z.string().max(64) });
const notFound = { 404: json(ErrorBodySchema, 'CLIENT_NOT_FOUND: not there, or not yours') };
const unauthorized = { 401: json(ErrorBodySchema, 'Not signed in') };
const invalid = { 400: json(ErrorBodySchema, 'VALIDATION_FAILED or TAX_ID_INVALID') };

/** Like the app's hook, but a tax id with a wrong check character answers with its own code. */
function clientValidationHook(result: Parameters<typeof validationHook>[0]) {
  if (!result.success && result.error?.issues.some((issue) => issue.message === 'TAX_ID_INVALID')) {
    throw new AppError('TAX_ID_INVALID');
  }
  validationHook(result);
}

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['clients'],
  summary:
    'The clients the caller owns or is linked to, searched by name, filtered (registered, toReview), sorted by name and keyset-paged (opaque cursor)',
  security: bearer,
  request: { query: ListClientsQuerySchema },
  responses: {
    200: json(ClientListSchema, 'A page of clients; nextCursor is null on the last page'),
    400: json(ErrorBodySchema, 'VALIDATION_FAILED (a bad filter, or a cursor that is not this list’s)'),
    ...unauthorized,
  },
});

/** `GET /clients/export.csv` and `/clients/export.xlsx`: two paths, as a browser saves them by name. */
function exportRoute(format: ClientExportFormat) {
  return createRoute({
    method: 'get',
    path: `/export.${format}`,
    operationId: format === 'csv' ? 'exportClientsCsv' : 'exportClientsXlsx',
    tags: ['clients'],
    summary: `The filtered client list (same q, order, registered and toReview as the list, every page) as a ${format.toUpperCase()} file, in the caller’s language; typed text never runs as a formula`,
    security: bearer,
    request: { query: ClientFiltersSchema },
    responses: {
      200: {
        description: 'The file, as an attachment',
        content: {
          [CLIENT_EXPORT_MEDIA_TYPES[format].split(';')[0]!]: {
            schema: z.string().meta({ format: format === 'csv' ? undefined : 'binary' }),
          },
        },
      },
      ...invalid,
      ...unauthorized,
    },
  });
}

const createClientRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['clients'],
  summary: 'Add a (dummy) client; accountants with a verified email only',
  security: bearer,
  request: { body: body(CreateClientRequestSchema) },
  responses: {
    201: json(ClientDetailSchema, 'Created'),
    403: json(ErrorBodySchema, 'EMAIL_NOT_VERIFIED or ACCOUNTANTS_ONLY'),
    409: json(ErrorBodySchema, 'CLIENT_TAX_ID_TAKEN: details.clientId names the existing client'),
    ...invalid,
    ...unauthorized,
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['clients'],
  summary: 'One client, as its owner or its linked freelancer',
  security: bearer,
  request: { params: IdParams },
  responses: { 200: json(ClientDetailSchema, 'The client'), ...notFound, ...unauthorized },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['clients'],
  summary:
    'Rename a client, change its tax id, tax profile or monthly upload limit (monthlyLimit: null for none, 0 hides the upload panel); owner only',
  security: bearer,
  request: { params: IdParams, body: body(UpdateClientRequestSchema) },
  responses: {
    200: json(ClientDetailSchema, 'Updated'),
    403: json(ErrorBodySchema, 'FORBIDDEN: the linked freelancer cannot manage the client'),
    409: json(ErrorBodySchema, 'CLIENT_TAX_ID_TAKEN: another client of yours has this tax id'),
    ...notFound,
    ...invalid,
    ...unauthorized,
  },
});

const historyRoute = createRoute({
  method: 'get',
  path: '/{id}/history',
  tags: ['clients'],
  summary: 'Every change to the client’s name, tax id, tax profile and limit: who, when, from, to',
  security: bearer,
  request: { params: IdParams },
  responses: { 200: json(HistorySchema, 'The history'), ...notFound, ...unauthorized },
});

const historyCsvRoute = createRoute({
  method: 'get',
  path: '/{id}/history.csv',
  tags: ['clients'],
  summary:
    'The client’s and its invoices’ changes in a period (days, inclusive), as CSV in the user’s language',
  security: bearer,
  request: {
    params: IdParams,
    query: z.object({
      from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    }),
  },
  responses: {
    200: {
      description: 'CSV (UTF-8 with a byte-order mark)',
      content: { 'text/csv': { schema: z.string() } },
    },
    400: json(ErrorBodySchema, 'VALIDATION_FAILED or REPORT_START_AFTER_END'),
    ...notFound,
    ...unauthorized,
  },
});

const inviteRoute = createRoute({
  method: 'post',
  path: '/{id}/invitations',
  tags: ['clients'],
  summary: 'Email an invitation to link the client to the invitee’s account; voids earlier links',
  security: bearer,
  request: { params: IdParams, body: body(CreateInvitationRequestSchema) },
  responses: {
    201: json(InvitationSchema, 'Invitation sent'),
    403: json(ErrorBodySchema, 'FORBIDDEN or EMAIL_NOT_VERIFIED'),
    409: json(ErrorBodySchema, 'CLIENT_ALREADY_LINKED'),
    429: json(ErrorBodySchema, 'Too many invitations'),
    ...notFound,
    ...invalid,
    ...unauthorized,
  },
});

export function clientRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: clientValidationHook });
  router.use('*', requireAuth(services));
  router.use('*', noStore);
  const sendExport = async (
    c: Context<AuthEnv>,
    filters: z.output<typeof ClientFiltersSchema>,
    format: ClientExportFormat,
  ) => {
    const { bytes, filename, mediaType } = await clients.exportClients(
      services,
      c.get('user'),
      filters,
      format,
    );
    c.header('Content-Type', mediaType);
    c.header('Content-Disposition', `attachment; filename="${filename}"`);
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(new Uint8Array(bytes), 200);
  };
  return (
    router
      .openapi(listRoute, async (c) =>
        c.json(await clients.listClients(services, c.get('user'), c.req.valid('query')), 200),
      )
      // Before `/{id}`: `export.csv` is not a client id.
      .openapi(exportRoute('csv'), (c) => sendExport(c, c.req.valid('query'), 'csv'))
      .openapi(exportRoute('xlsx'), (c) => sendExport(c, c.req.valid('query'), 'xlsx'))
      .openapi(createClientRoute, async (c) =>
        c.json(await clients.createClient(services, c.get('user'), c.req.valid('json')), 201),
      )
      .openapi(getRoute, async (c) =>
        c.json(await clients.getClient(services, c.get('user'), c.req.valid('param').id), 200),
      )
      .openapi(updateRoute, async (c) =>
        c.json(
          await clients.updateClient(services, c.get('user'), c.req.valid('param').id, c.req.valid('json'), {
            via: viaOfRequest(c.req.header(CHANGE_VIA_HEADER)),
          }),
          200,
        ),
      )
      .openapi(historyRoute, async (c) =>
        c.json(await clients.getClientHistory(services, c.get('user'), c.req.valid('param').id), 200),
      )
      .openapi(historyCsvRoute, async (c) => {
        const { bytes, filename } = await clients.exportClientHistory(
          services,
          c.get('user'),
          c.req.valid('param').id,
          c.req.valid('query'),
        );
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', `attachment; filename="${filename}"`);
        c.header('Cache-Control', 'no-store');
        return c.body(new Uint8Array(bytes), 200);
      })
      .openapi(inviteRoute, async (c) =>
        c.json(
          await clients.inviteToClient(services, c.get('user'), c.req.valid('param').id, c.req.valid('json')),
          201,
        ),
      )
  );
}

const previewRoute = createRoute({
  method: 'get',
  path: '/{token}',
  tags: ['invitations'],
  summary: 'What an invitation link is for (the token is the credential: no sign-in needed)',
  request: { params: z.object({ token: z.string().min(1).max(200) }) },
  responses: {
    200: json(InvitationPreviewSchema, 'An open invitation'),
    404: json(ErrorBodySchema, 'INVITATION_INVALID or INVITATION_EXPIRED'),
  },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/accept',
  tags: ['invitations'],
  summary: 'Accept an invitation as the invited freelancer: the client becomes linked to the account',
  security: bearer,
  request: { body: body(AcceptInvitationRequestSchema) },
  responses: {
    200: json(AcceptInvitationResultSchema, 'Linked'),
    403: json(ErrorBodySchema, 'INVITATION_WRONG_ACCOUNT or INVITATION_FREELANCERS_ONLY'),
    404: json(ErrorBodySchema, 'INVITATION_INVALID or INVITATION_EXPIRED'),
    409: json(ErrorBodySchema, 'CLIENT_ALREADY_LINKED'),
    ...invalid,
    ...unauthorized,
  },
});

export function invitationRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('/accept', requireAuth(services));
  router.use('*', noStore);
  return router
    .openapi(previewRoute, async (c) =>
      c.json(await clients.previewInvitation(services, c.req.valid('param').token), 200),
    )
    .openapi(acceptRoute, async (c) =>
      c.json(await clients.acceptInvitation(services, c.get('user'), c.req.valid('json').token), 200),
    );
}
