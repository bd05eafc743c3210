import { join } from 'node:path';
import { separatorSheetPdf } from '@cuadra/extract';
import { DocumentSplitSchema, MoveSplitRequestSchema, UploadBatchSchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type AuthEnv, requireAuth } from '../../access/session';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { validationHook } from '../../http/errors';
import { errorResponse } from '../../http/openapi';
import type { Services } from '../../services';
import { decideDuplicate } from './duplicates';
import { admitUploader } from './intake';
import { readUploadedFiles } from './multipart';
import { getBatch, uploadFiles } from './service';
import { getSplit, moveSplit } from './split';

const batchBody = { content: { 'application/json': { schema: UploadBatchSchema } } };

const upload = createRoute({
  method: 'post',
  path: '/clients/{clientId}/uploads',
  tags: ['invoices'],
  summary:
    'Upload invoices for a client: multipart/form-data with files[] (PDF, JPG, PNG, e-invoice XML). One credit is held per accepted file; refused files cost nothing. With fewer credits than files, the first files the credits cover are taken and the rest are listed as failed with WAITING_FOR_CREDITS.',
  security: [{ bearer: [] }],
  request: { params: z.object({ clientId: z.uuid() }) },
  responses: {
    202: { description: 'Accepted: the files are being extracted in the background', ...batchBody },
    400: errorResponse(
      'No files (NO_FILES), a malformed body (MULTIPART_MALFORMED) or one that stopped arriving (UPLOAD_STALLED)',
    ),
    402: errorResponse(
      'No credit free (checked before the body is read), or none left by the time the files were stored (INSUFFICIENT_CREDITS); nothing was kept',
    ),
    404: errorResponse('No such client for this user (CLIENT_NOT_FOUND)'),
    413: errorResponse('Body over UPLOAD_MAX_BYTES (PAYLOAD_TOO_LARGE) or too many files (TOO_MANY_FILES)'),
    408: errorResponse(
      'The body arrived slower than 1 KiB/s over a whole UPLOAD_RATE_WINDOW_SECONDS (UPLOAD_TOO_SLOW)',
    ),
    415: errorResponse('Not multipart/form-data (UNSUPPORTED_MEDIA_TYPE)'),
    422: errorResponse(
      'The files would take the client past its monthly limit (MONTHLY_LIMIT_EXCEEDED, details: limit, used, remaining); nothing was uploaded and no credit held',
    ),
    429: errorResponse('The user has too many uploads open at once (TOO_MANY_UPLOADS)'),
    507: errorResponse('The server’s disk is full (STORAGE_FULL); nothing was kept and no credit held'),
  },
});

const batch = createRoute({
  method: 'get',
  path: '/uploads/{batchId}',
  tags: ['invoices'],
  summary: 'Progress of an upload: how many documents are pending, and each one’s status',
  security: [{ bearer: [] }],
  request: { params: z.object({ batchId: z.uuid() }) },
  responses: {
    200: { description: 'The batch', ...batchBody },
    404: errorResponse('No such upload (UPLOAD_NOT_FOUND)'),
  },
});

const splitBody = { content: { 'application/json': { schema: DocumentSplitSchema } } };

const split = createRoute({
  method: 'get',
  path: '/documents/{documentId}/split',
  tags: ['invoices'],
  summary: 'The PDF a document was cut from (it held several invoices), and every invoice cut from it',
  security: [{ bearer: [] }],
  request: { params: z.object({ documentId: z.uuid() }) },
  responses: {
    200: { description: 'The split', ...splitBody },
    404: errorResponse('Not a cut document, or not this user’s (SPLIT_NOT_FOUND)'),
  },
});

const moveSplitRoute = createRoute({
  method: 'put',
  path: '/documents/{documentId}/split',
  tags: ['invoices'],
  summary:
    'Move page boundaries between the invoices cut from one PDF. Parts whose pages change are read again as new documents; each invoice is still paid for once.',
  security: [{ bearer: [] }],
  request: {
    params: z.object({ documentId: z.uuid() }),
    body: { content: { 'application/json': { schema: MoveSplitRequestSchema } }, required: true },
  },
  responses: {
    200: { description: 'The split as it is now', ...splitBody },
    402: errorResponse('Not enough credits free to read the changed parts (INSUFFICIENT_CREDITS)'),
    404: errorResponse('Not a cut document, or not this user’s (SPLIT_NOT_FOUND)'),
    409: errorResponse('A part that would change is reviewed or still being read (SPLIT_LOCKED)'),
    422: errorResponse('Pages out of order, overlapping, out of range, or a different count (SPLIT_INVALID)'),
  },
});

const duplicateDecision = createRoute({
  method: 'post',
  path: '/documents/{documentId}/{decision}',
  tags: ['invoices'],
  summary:
    'Answer a possible duplicate: keep (it becomes an invoice of its own and is charged one credit) or discard (the document is dropped; it cost nothing)',
  security: [{ bearer: [] }],
  request: { params: z.object({ documentId: z.uuid(), decision: z.enum(['keep', 'discard']) }) },
  responses: {
    200: {
      description: 'Decided; the kept document’s new invoice, or null when discarded',
      content: { 'application/json': { schema: z.object({ invoiceId: z.string().nullable() }) } },
    },
    402: errorResponse('No credit free to keep it (INSUFFICIENT_CREDITS)'),
    404: errorResponse('No such document for this user (DOCUMENT_NOT_FOUND)'),
    409: errorResponse(
      'Not a possible duplicate (DOCUMENT_NOT_DUPLICATE), or the very same issuer and number (INVOICE_DUPLICATE)',
    ),
  },
});

const separatorSheet = createRoute({
  method: 'get',
  path: '/separator-sheet.pdf',
  tags: ['invoices'],
  summary:
    'A sheet to print and put between invoices before scanning a stack: a PDF with it is cut there into one document per invoice',
  security: [],
  responses: { 200: { description: 'The sheet, a one-page PDF' } },
});

/** Uploads open now in this process, by user (UPLOAD_MAX_OPEN_PER_USER). */
const openUploads = new Map<string, number>();

/** How many uploads `userId` has open in this process. */
export const openUploadsOf = (userId: string) => openUploads.get(userId) ?? 0;

/** Counts an upload of `userId` as open, or refuses it past `max`; call the result when it ends. */
function openUpload(userId: string, max: number): () => void {
  const open = openUploads.get(userId) ?? 0;
  if (open >= max) throw new AppError('TOO_MANY_UPLOADS', { maxOpenUploads: max });
  openUploads.set(userId, open + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const left = (openUploads.get(userId) ?? 1) - 1;
    if (left > 0) openUploads.set(userId, left);
    else openUploads.delete(userId);
  };
}

/** Where uploads wait: on the file store's disk, so storing a file is a rename. */
export const uploadTempDir = (config: Config) => join(config.DATA_DIR, 'tmp');

/** `POST /api/v1/clients/:clientId/uploads` and `GET /api/v1/uploads/:batchId`. */
export function uploadRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('/clients/:clientId/uploads', requireAuth(services));
  router.use('/uploads/:batchId', requireAuth(services));
  router.use('/documents/:documentId/split', requireAuth(services));
  router.use('/documents/:documentId/keep', requireAuth(services));
  router.use('/documents/:documentId/discard', requireAuth(services));
  return router
    .openapi(upload, async (c) => {
      const user = c.get('user');
      // Everything that can refuse the upload is checked before a byte of the body is read.
      const client = await admitUploader(services, user, c.req.valid('param').clientId);
      const { config } = services;
      const done = openUpload(user.id, config.UPLOAD_MAX_OPEN_PER_USER);
      try {
        const upload = await readUploadedFiles(c.req.raw, {
          maxFileBytes: config.UPLOAD_MAX_FILE_BYTES,
          maxFiles: config.UPLOAD_MAX_FILES,
          maxBytes: config.UPLOAD_MAX_BYTES,
          idleMs: config.UPLOAD_IDLE_SECONDS * 1000,
          rateWindowMs: config.UPLOAD_RATE_WINDOW_SECONDS * 1000,
          tempDir: uploadTempDir(config),
        });
        try {
          return c.json(await uploadFiles(services, user, client, upload.files), 202);
        } finally {
          await upload.dispose();
        }
      } finally {
        done();
      }
    })
    .openapi(batch, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getBatch(services, c.get('user'), c.req.valid('param').batchId), 200);
    })
    .openapi(duplicateDecision, async (c) => {
      const { documentId, decision } = c.req.valid('param');
      return c.json(await decideDuplicate(services, c.get('user'), documentId, decision), 200);
    })
    .openapi(separatorSheet, async (c) => {
      c.header('Cache-Control', 'public, max-age=86400');
      c.header('Content-Disposition', 'inline; filename="cuadra-separator.pdf"');
      return c.body(Buffer.from(await separatorSheetPdf()), 200, { 'Content-Type': 'application/pdf' });
    })
    .openapi(split, async (c) =>
      c.json(await getSplit(services, c.get('user'), c.req.valid('param').documentId), 200),
    )
    .openapi(moveSplitRoute, async (c) => {
      const { documentId } = c.req.valid('param');
      return c.json(await moveSplit(services, c.get('user'), documentId, c.req.valid('json').parts), 200);
    });
}
