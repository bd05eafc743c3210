import {
  BankMovementSchema,
  BankRequestBodySchema,
  BankRequestSchema,
  BankRequestSummarySchema,
  CsvMappingSchema,
  IgnoreBodySchema,
  ImportResultSchema,
  MatchBodySchema,
  MovementListSchema,
  MovementQuerySchema,
  PendingListSchema,
  PendingQuerySchema,
  PublicBankRequestSchema,
  RequestedLineSchema,
  RuleListSchema,
  StatementListSchema,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { type AuthEnv, requireAuth } from '../../access/session';
import { AppError } from '../../errors';
import { validationHook } from '../../http/errors';
import { bearer, body, errorResponse, json } from '../../http/openapi';
import type { Services } from '../../services';
import { listPending, pendingCsv, pendingFilename } from './pending';
import { createRequest, dropFile, linkArrivedFor, publicRequest, requestSummary } from './requests';
import {
  ignoreMovement,
  importStatement,
  listMovements,
  listRules,
  listStatements,
  matchMovement,
  rematch,
  removeRule,
  STATEMENT_MAX_BYTES,
  unmatchMovement,
} from './service';
import { normalizeIban } from './statement';

/** The `mapping` query parameter: JSON that must be a CsvMapping, else a 400 naming the field. */
function readMapping(text: string) {
  try {
    const parsed = CsvMappingSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: refused below
  }
  throw new AppError('VALIDATION_FAILED', { field: 'mapping' });
}

const clientParams = z.object({ clientId: z.string().max(64) });
const movementParams = clientParams.extend({ movementId: z.string().max(64) });
const notFound = errorResponse('CLIENT_NOT_FOUND (also for another accountant’s client), MOVEMENT_NOT_FOUND');

const upload = createRoute({
  method: 'post',
  path: '/clients/{clientId}/bank/statements',
  tags: ['bank'],
  summary:
    'Import a bank statement file (Norma 43, camt.053, camt.054, or a CSV or XLSX export, told apart by ' +
    'content) as the ' +
    'request body; its ' +
    'accounts are created on first sight, known movements skipped, then the client’s movements are matched',
  security: bearer,
  request: {
    params: clientParams,
    query: z.object({
      name: z.string().max(255).default('statement'),
      /** The account of a CSV export that does not name it in its first lines. */
      iban: z.string().max(42).optional(),
      /**
       * JSON of the columns the accountant confirmed after STATEMENT_MAPPING_REQUIRED: `{ line, columns: {
       * date, concept, amount | debit + credit, valueDate?, balance?, reference? } }` (0-based indexes);
       * remembered for the client's files of the same header.
       */
      mapping: z.string().max(1000).optional(),
    }),
    body: {
      required: true,
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
  },
  responses: {
    201: json(
      ImportResultSchema,
      'The statements (one per account in the file), counts imported and matched',
    ),
    400: errorResponse('VALIDATION_FAILED (an iban that is not a valid IBAN)'),
    404: notFound,
    409: errorResponse(
      'STATEMENT_DUPLICATE (every movement already known), STATEMENT_ACCOUNT_OTHER_CLIENT (the IBAN is another client’s)',
    ),
    413: errorResponse('PAYLOAD_TOO_LARGE'),
    422: errorResponse(
      'STATEMENT_UNREADABLE (details: line, reason, field), STATEMENT_BALANCE_MISMATCH (details: line, iban, ' +
        'balances), STATEMENT_MAPPING_REQUIRED (a CSV/XLSX header not recognised; details: line, headers, ' +
        'proposal, sample: send the file again with `mapping`)',
    ),
  },
});

const statements = createRoute({
  method: 'get',
  path: '/clients/{clientId}/bank/statements',
  tags: ['bank'],
  summary: 'The client’s imported statements, newest first',
  security: bearer,
  request: { params: clientParams },
  responses: { 200: json(StatementListSchema, 'Statements'), 404: notFound },
});

const movements = createRoute({
  method: 'get',
  path: '/clients/{clientId}/bank/movements',
  tags: ['bank'],
  summary:
    'The client’s bank movements, newest first, by status or statement, with totals per status; a page ' +
    'holds `limit` (at most 500) and `nextOffset` is where the next one starts (null on the last)',
  security: bearer,
  request: { params: clientParams, query: MovementQuerySchema },
  responses: {
    200: json(MovementListSchema, 'Movements and totals'),
    400: errorResponse('VALIDATION_FAILED'),
    404: notFound,
  },
});

const matchAll = createRoute({
  method: 'post',
  path: '/clients/{clientId}/bank/match',
  tags: ['bank'],
  summary: 'Match the client’s open movements again (after new invoices arrived)',
  security: bearer,
  request: { params: clientParams },
  responses: {
    200: json(z.object({ matched: z.number().int(), proposed: z.number().int() }), 'Counts'),
    404: notFound,
  },
});

const match = createRoute({
  method: 'post',
  path: '/clients/{clientId}/bank/movements/{movementId}/match',
  tags: ['bank'],
  summary: 'Match a movement to invoices (or accept its proposal when none are given)',
  security: bearer,
  request: { params: movementParams, body: body(MatchBodySchema) },
  responses: {
    200: json(BankMovementSchema, 'The movement, matched'),
    404: notFound,
    422: errorResponse('MATCH_INVALID'),
  },
});

const unmatch = createRoute({
  method: 'post',
  path: '/clients/{clientId}/bank/movements/{movementId}/unmatch',
  tags: ['bank'],
  summary: 'Undo a movement’s match or ignore; its invoices are unpaid again',
  security: bearer,
  request: { params: movementParams },
  responses: { 200: json(BankMovementSchema, 'The movement, unmatched'), 404: notFound },
});

const ignore = createRoute({
  method: 'post',
  path: '/clients/{clientId}/bank/movements/{movementId}/ignore',
  tags: ['bank'],
  summary:
    'Set a movement aside (bank fee, tax, payroll, own transfer): no invoice expected; `remember` saves a rule ' +
    'that sets aside the movements whose concept reads the same',
  security: bearer,
  request: { params: movementParams, body: body(IgnoreBodySchema) },
  responses: {
    200: json(BankMovementSchema, 'The movement, ignored'),
    404: notFound,
    422: errorResponse('MATCH_INVALID (a concept too short to save as a rule)'),
  },
});

const rules = createRoute({
  method: 'get',
  path: '/clients/{clientId}/bank/rules',
  tags: ['bank'],
  summary: 'The client’s saved rules: concepts set aside when no invoice explains them',
  security: bearer,
  request: { params: clientParams },
  responses: { 200: json(RuleListSchema, 'Rules'), 404: notFound },
});

const deleteRule = createRoute({
  method: 'delete',
  path: '/clients/{clientId}/bank/rules/{ruleId}',
  tags: ['bank'],
  summary: 'Forget a saved rule (what it set aside stays so)',
  security: bearer,
  request: { params: clientParams.extend({ ruleId: z.string().max(64) }) },
  responses: { 204: { description: 'Forgotten' }, 404: errorResponse('CLIENT_NOT_FOUND, NOT_FOUND') },
});

const createRequestRoute = createRoute({
  method: 'post',
  path: '/clients/{clientId}/bank/requests',
  tags: ['bank'],
  summary:
    'Ask the client for the documents of the unmatched movements of a period above a threshold: an email in ' +
    'their language lists them with a signed link (valid BANK_REQUEST_TTL_DAYS) to a page where they drop a file for each',
  security: bearer,
  request: { params: clientParams, body: body(BankRequestBodySchema) },
  responses: {
    201: json(BankRequestSchema, 'The request, as sent'),
    400: errorResponse('VALIDATION_FAILED'),
    404: notFound,
    422: errorResponse(
      'BANK_REQUEST_NOTHING_MISSING (no unmatched movement above the threshold), BANK_REQUEST_NO_EMAIL (the client has no email)',
    ),
  },
});

const requestSummaryRoute = createRoute({
  method: 'get',
  path: '/clients/{clientId}/bank/requests',
  tags: ['bank'],
  summary:
    'The Bank tab’s line: movements, matched, still requested and when last asked; files the client dropped ' +
    'and that were read are proposed for their movement first',
  security: bearer,
  request: { params: clientParams },
  responses: { 200: json(BankRequestSummarySchema, 'Counts'), 404: notFound },
});

const pending = createRoute({
  method: 'get',
  path: '/clients/{clientId}/bank/pending',
  tags: ['bank'],
  summary:
    'What is still owed: the client’s dated invoices not paid in full by matched bank movements, with days ' +
    'past the due date (the issue date without one) and the aging bucket (0–30, 31–60, 61–90, 90+); ' +
    'totals per bucket in euro cents, other currencies at the ECB rate of the invoice date',
  security: bearer,
  request: { params: clientParams, query: PendingQuerySchema },
  responses: {
    200: json(PendingListSchema, 'The list and its totals'),
    400: errorResponse('VALIDATION_FAILED'),
    404: notFound,
  },
});

const pendingExport = createRoute({
  method: 'get',
  path: '/clients/{clientId}/bank/pending.csv',
  tags: ['bank'],
  summary:
    'The pending-payments list as CSV in the caller’s language (`;` and a decimal comma in Spanish); text ' +
    'from invoices never runs as a formula',
  security: bearer,
  request: { params: clientParams, query: PendingQuerySchema },
  responses: {
    200: { description: 'The file, as an attachment', content: { 'text/csv': { schema: z.string() } } },
    400: errorResponse('VALIDATION_FAILED'),
    404: notFound,
  },
});

const tokenParams = z.object({ token: z.string().min(1).max(2048) });
const linkErrors = {
  404: errorResponse(
    'BANK_REQUEST_LINK_INVALID (altered, forged, or the access is gone), MOVEMENT_NOT_FOUND',
  ),
  410: errorResponse('BANK_REQUEST_LINK_EXPIRED'),
};

const publicRequestRoute = createRoute({
  method: 'get',
  path: '/bank/requests/{token}',
  tags: ['bank'],
  summary: 'The drop page’s request, for whoever holds the link (no account): whose, and the lines asked for',
  security: [],
  request: { params: tokenParams },
  responses: { 200: json(PublicBankRequestSchema, 'The request'), ...linkErrors },
});

const dropRoute = createRoute({
  method: 'post',
  path: '/bank/requests/{token}/lines/{lineId}',
  tags: ['bank'],
  summary:
    'Drop the file of one line (multipart/form-data, files[]: one PDF, JPG, PNG or e-invoice XML): it is ' +
    'uploaded for the client as any other (one credit of the accountant, the extraction job) and tied to the line',
  security: [],
  request: { params: tokenParams.extend({ lineId: z.string().max(64) }) },
  responses: {
    201: json(
      z.object({ line: RequestedLineSchema, errorCode: z.string().nullable() }),
      'The line; `errorCode` when the file was refused (the line still waits)',
    ),
    400: errorResponse('NO_FILES, MULTIPART_MALFORMED'),
    402: errorResponse('INSUFFICIENT_CREDITS (the accountant has none free)'),
    ...linkErrors,
    413: errorResponse('PAYLOAD_TOO_LARGE, TOO_MANY_FILES'),
    415: errorResponse('UNSUPPORTED_MEDIA_TYPE'),
    422: errorResponse('MONTHLY_LIMIT_EXCEEDED'),
    429: errorResponse(
      'BANK_REQUEST_DROP_LIMITED (more than DROP_LIMIT files through this link within the hour; ' +
        'details.retryAfterSeconds, and the Retry-After header)',
    ),
  },
});

export function bankRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('/clients/:clientId/bank/*', requireAuth(services));
  router.use(
    '/clients/:clientId/bank/statements',
    bodyLimit({
      maxSize: STATEMENT_MAX_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', { maxBytes: STATEMENT_MAX_BYTES });
      },
    }),
  );
  return router
    .openapi(upload, async (c) => {
      const { clientId } = c.req.valid('param');
      const { name, iban, mapping } = c.req.valid('query');
      const account = iban === undefined ? null : normalizeIban(iban);
      if (iban !== undefined && !account) throw new AppError('VALIDATION_FAILED', { field: 'iban' });
      const columns = mapping === undefined ? null : readMapping(mapping);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(
        await importStatement(services, c.get('user'), clientId, name, bytes, account, columns),
        201,
      );
    })
    .openapi(createRequestRoute, async (c) => {
      const { clientId } = c.req.valid('param');
      return c.json(await createRequest(services, c.get('user'), clientId, c.req.valid('json')), 201);
    })
    .openapi(requestSummaryRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await requestSummary(services, c.get('user'), c.req.valid('param').clientId), 200);
    })
    .openapi(publicRequestRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      return c.json(await publicRequest(services, c.req.valid('param').token), 200);
    })
    .openapi(dropRoute, async (c) => {
      const { token, lineId } = c.req.valid('param');
      return c.json(await dropFile(services, token, lineId, c.req.raw), 201);
    })
    .openapi(pending, async (c) => {
      c.header('Cache-Control', 'no-store');
      const { clientId } = c.req.valid('param');
      return c.json(await listPending(services, c.get('user'), clientId, c.req.valid('query')), 200);
    })
    .openapi(pendingExport, async (c) => {
      const user = c.get('user');
      const list = await listPending(services, user, c.req.valid('param').clientId, c.req.valid('query'));
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${pendingFilename(user.locale, list.asOf)}"`);
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Cache-Control', 'private, no-store');
      return c.body(pendingCsv(list, user.locale), 200);
    })
    .openapi(statements, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listStatements(services, c.get('user'), c.req.valid('param').clientId), 200);
    })
    .openapi(movements, async (c) => {
      c.header('Cache-Control', 'no-store');
      const { clientId } = c.req.valid('param');
      // Files the client dropped and that were read since are proposed for their movements first.
      await linkArrivedFor(services, c.get('user'), clientId);
      return c.json(await listMovements(services, c.get('user'), clientId, c.req.valid('query')), 200);
    })
    .openapi(matchAll, async (c) =>
      c.json(await rematch(services, c.get('user'), c.req.valid('param').clientId), 200),
    )
    .openapi(match, async (c) => {
      const { clientId, movementId } = c.req.valid('param');
      const { invoiceIds } = c.req.valid('json');
      return c.json(await matchMovement(services, c.get('user'), clientId, movementId, invoiceIds), 200);
    })
    .openapi(unmatch, async (c) => {
      const { clientId, movementId } = c.req.valid('param');
      return c.json(await unmatchMovement(services, c.get('user'), clientId, movementId), 200);
    })
    .openapi(ignore, async (c) => {
      const { clientId, movementId } = c.req.valid('param');
      const { reason, remember } = c.req.valid('json');
      return c.json(
        await ignoreMovement(services, c.get('user'), clientId, movementId, reason, remember),
        200,
      );
    })
    .openapi(rules, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listRules(services, c.get('user'), c.req.valid('param').clientId), 200);
    })
    .openapi(deleteRule, async (c) => {
      const { clientId, ruleId } = c.req.valid('param');
      await removeRule(services, c.get('user'), clientId, ruleId);
      return c.body(null, 204);
    });
}
