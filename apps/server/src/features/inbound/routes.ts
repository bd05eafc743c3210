import {
  AddInboundSenderRequestSchema,
  ErrorBodySchema,
  InboundAddressSchema,
  InboundMessageListSchema,
  InboundSenderListSchema,
  InboundSenderSchema,
  InboundSettingsSchema,
  PageQuerySchema,
  UploadBatchSchema,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { ClientRow } from '../../access/clients';
import { type AuthEnv, requireAuth } from '../../access/session';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { validationHook } from '../../http/errors';
import { noStore } from '../../http/middleware';
import { bearer, body, json } from '../../http/openapi';
import type { Services } from '../../services';
import { admitUploader, readUploadedFiles, uploadTempDir } from '../uploads';
import { type ReadMail, readMail } from './mail-sandbox';
import { MAX_PHOTOS, photosToPdf } from './photos';
import * as inbound from './service';
import { hasWebhookSecret, PostmarkInboundSchema, postmarkToMail } from './webhook';

const ClientParams = z.object({ id: z.string().max(64) });
const common = {
  401: json(ErrorBodySchema, 'Not signed in'),
  404: json(ErrorBodySchema, 'CLIENT_NOT_FOUND'),
};
const ownerOnly = { 403: json(ErrorBodySchema, 'FORBIDDEN: only the owner manages inbound email') };

const rotateRoute = createRoute({
  method: 'post',
  path: '/clients/{id}/inbound-address/rotate',
  tags: ['inbound email'],
  summary: 'Give the client a new inbound address; mail to the old one is refused from now on',
  security: bearer,
  request: { params: ClientParams },
  responses: { 200: json(InboundAddressSchema, 'The new address'), ...common, ...ownerOnly },
});

const getSettingsRoute = createRoute({
  method: 'get',
  path: '/clients/{id}/inbound-settings',
  tags: ['inbound email'],
  summary: 'Whether senders get a reply saying what became of their mail (off unless turned on)',
  security: bearer,
  request: { params: ClientParams },
  responses: { 200: json(InboundSettingsSchema, 'The settings'), ...common, ...ownerOnly },
});

const putSettingsRoute = createRoute({
  method: 'put',
  path: '/clients/{id}/inbound-settings',
  tags: ['inbound email'],
  summary: 'Turn the reply to senders on or off',
  security: bearer,
  request: { params: ClientParams, body: body(InboundSettingsSchema) },
  responses: { 200: json(InboundSettingsSchema, 'The settings'), ...common, ...ownerOnly },
});

const listSendersRoute = createRoute({
  method: 'get',
  path: '/clients/{id}/inbound-senders',
  tags: ['inbound email'],
  summary:
    'Addresses allowed to mail invoices to the client, besides the accountant and its own users; by address, keyset-paged (opaque cursor)',
  security: bearer,
  request: { params: ClientParams, query: PageQuerySchema },
  responses: {
    200: json(InboundSenderListSchema, 'A page of the allow-list; nextCursor is null on the last page'),
    400: json(ErrorBodySchema, 'VALIDATION_FAILED (a bad limit or cursor)'),
    ...common,
    ...ownerOnly,
  },
});

const addSenderRoute = createRoute({
  method: 'post',
  path: '/clients/{id}/inbound-senders',
  tags: ['inbound email'],
  summary: 'Allow an address to mail invoices to the client',
  security: bearer,
  request: { params: ClientParams, body: body(AddInboundSenderRequestSchema) },
  responses: {
    201: json(InboundSenderSchema, 'Allowed (adding it twice is harmless)'),
    400: json(ErrorBodySchema, 'VALIDATION_FAILED'),
    ...common,
    ...ownerOnly,
  },
});

const removeSenderRoute = createRoute({
  method: 'delete',
  path: '/clients/{id}/inbound-senders/{senderId}',
  tags: ['inbound email'],
  summary: 'Stop allowing an address',
  security: bearer,
  request: { params: ClientParams.extend({ senderId: z.string().max(64) }) },
  responses: {
    204: { description: 'Removed' },
    ...common,
    404: json(ErrorBodySchema, 'CLIENT_NOT_FOUND or INBOUND_SENDER_NOT_FOUND'),
    ...ownerOnly,
  },
});

const listMessagesRoute = createRoute({
  method: 'get',
  path: '/clients/{id}/inbound-messages',
  tags: ['inbound email'],
  summary:
    'The mails received for the client, newest first, each with its sender, subject and upload batch; keyset-paged (opaque cursor)',
  security: bearer,
  request: { params: ClientParams, query: PageQuerySchema },
  responses: {
    200: json(InboundMessageListSchema, 'A page of mails, newest first; nextCursor is null on the last page'),
    400: json(ErrorBodySchema, 'VALIDATION_FAILED (a bad limit or cursor)'),
    ...common,
  },
});

const photosRoute = createRoute({
  method: 'post',
  path: '/clients/{id}/photos',
  tags: ['invoices'],
  summary:
    'Photos taken on a phone (multipart files[], JPEG or PNG, in order) become ONE document: a PDF with a page per photo, uploaded like a dropped file (one credit).',
  security: bearer,
  request: { params: ClientParams },
  responses: {
    202: json(UploadBatchSchema, 'Accepted: the document is being read'),
    400: json(ErrorBodySchema, 'NO_FILES'),
    402: json(ErrorBodySchema, 'INSUFFICIENT_CREDITS'),
    413: json(ErrorBodySchema, 'PAYLOAD_TOO_LARGE or TOO_MANY_FILES'),
    415: json(ErrorBodySchema, 'UNSUPPORTED_MEDIA_TYPE: not a JPEG or PNG'),
    ...common,
  },
});

/** The signed-in side: the address, its allow-list and the mails received, under /api/v1/clients/:id. */
export function inboundRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('/clients/:id/inbound-*', requireAuth(services));
  router.use('/clients/:id/photos', requireAuth(services));
  router.use('/clients/:id/inbound-*', noStore);
  return router
    .openapi(rotateRoute, async (c) =>
      c.json(await inbound.rotateAddress(services, c.get('user'), c.req.valid('param').id), 200),
    )
    .openapi(getSettingsRoute, async (c) =>
      c.json(await inbound.getInboundSettings(services, c.get('user'), c.req.valid('param').id), 200),
    )
    .openapi(putSettingsRoute, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await inbound.setInboundSettings(services, c.get('user'), id, c.req.valid('json')), 200);
    })
    .openapi(listSendersRoute, async (c) =>
      c.json(
        await inbound.getSenders(services, c.get('user'), c.req.valid('param').id, c.req.valid('query')),
        200,
      ),
    )
    .openapi(addSenderRoute, async (c) =>
      c.json(
        await inbound.addSender(services, c.get('user'), c.req.valid('param').id, c.req.valid('json').email),
        201,
      ),
    )
    .openapi(removeSenderRoute, async (c) => {
      const { id, senderId } = c.req.valid('param');
      await inbound.removeSender(services, c.get('user'), id, senderId);
      return c.body(null, 204);
    })
    .openapi(listMessagesRoute, async (c) =>
      c.json(
        await inbound.getMessages(services, c.get('user'), c.req.valid('param').id, c.req.valid('query')),
        200,
      ),
    )
    .openapi(photosRoute, async (c) => {
      const user = c.get('user');
      // As for any upload: the client and a free credit are checked before the body is read.
      const client = await admitUploader(services, user, c.req.valid('param').id);
      const { config } = services;
      const photos = await readUploadedFiles(c.req.raw, {
        maxFileBytes: config.UPLOAD_MAX_FILE_BYTES,
        maxFiles: MAX_PHOTOS,
        maxBytes: config.UPLOAD_MAX_BYTES,
        idleMs: config.UPLOAD_IDLE_SECONDS * 1000,
        tempDir: uploadTempDir(config),
      });
      try {
        const document = await photosToPdf(photos.files, config.UPLOAD_MAX_FILE_BYTES);
        return c.json(await inbound.uploadPhotos(services, user, client, document), 202);
      } finally {
        await photos.dispose();
      }
    });
}

const WebhookResultSchema = z
  .object({
    deliveries: z.array(
      z.object({ clientId: z.string(), status: z.string(), batchId: z.string().nullable() }),
    ),
  })
  .meta({ id: 'InboundWebhookResult' });

const webhookRoute = createRoute({
  method: 'post',
  path: '/{provider}',
  tags: ['inbound email'],
  summary:
    'A provider’s inbound-mail webhook (Postmark JSON). The secret is the Basic-auth password or ?token=. Goes through the same checks as the SMTP receiver; a stranger’s mail is answered 200 (so the provider does not retry) and adds nothing.',
  request: { params: z.object({ provider: z.string().max(32) }) },
  responses: {
    200: json(WebhookResultSchema, 'What became of the mail for each addressed client'),
    401: json(ErrorBodySchema, 'INBOUND_SIGNATURE_INVALID'),
    404: json(ErrorBodySchema, 'INBOUND_PROVIDER_UNKNOWN (or the webhook is off)'),
    413: json(ErrorBodySchema, 'PAYLOAD_TOO_LARGE'),
  },
});

/** `POST /api/v1/inbound/:provider`: no sign-in; the shared secret authenticates the provider. */
export function inboundWebhookRoutes(services: Services) {
  const { config } = services;
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // Base64 makes attachments a third bigger; the app's 1 MiB JSON limit does not apply here (app.ts).
  const maxSize = Math.ceil((config.INBOUND_MAX_MESSAGE_BYTES * 4) / 3) + 1024 * 1024;
  router.use(
    '/:provider',
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', { maxBytes: maxSize });
      },
    }),
  );
  return router.openapi(webhookRoute, async (c) => {
    if (c.req.valid('param').provider !== 'postmark' || !config.INBOUND_WEBHOOK_SECRET)
      throw new AppError('INBOUND_PROVIDER_UNKNOWN');
    if (!hasWebhookSecret(config.INBOUND_WEBHOOK_SECRET, c.req.header('authorization'), c.req.query('token')))
      throw new AppError('INBOUND_SIGNATURE_INVALID');
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new AppError('BAD_JSON');
    }
    const parsed = PostmarkInboundSchema.safeParse(raw);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED');
    const { sender, recipients, mail } = postmarkToMail(parsed.data);
    const clients = new Map<string, ClientRow>();
    for (const address of recipients) {
      const client = await inbound.findRecipient(services, address);
      if (client) clients.set(client.id, client);
    }
    // Its zips and forwards are opened in the mail sandbox, as an SMTP mail's are, and only when a client
    // may receive it.
    let read: ReadMail | null = null;
    const readParts = async () => {
      read = await readMail(
        { mail },
        {
          tempDir: uploadTempDir(config),
          limits: { maxFileBytes: config.UPLOAD_MAX_FILE_BYTES, maxFiles: config.UPLOAD_MAX_FILES },
        },
      );
      return read.parts;
    };
    try {
      const deliveries = await inbound.deliverMail(services, {
        channel: 'postmark',
        sender,
        clients: [...clients.values()],
        head: mail,
        parts: readParts,
      });
      return c.json({ deliveries: deliveries.map(({ overBudget: _, ...d }) => d) }, 200);
    } finally {
      await (read as ReadMail | null)?.dispose();
    }
  });
}
