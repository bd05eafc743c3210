import { ContactRequestSchema, ErrorBodySchema, OkSchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { authenticate } from '../../access/session';
import { clientAddress } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { validationHook } from '../../http/errors';
import { optionalBearer } from '../../http/openapi';
import type { Services } from '../../services';
import { sendContactMessage } from './service';

const contactRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['contact'],
  summary: 'Send a message to support: signed in (name and email from the account) or as a visitor',
  // Without a token, `name` and `email` are required.
  security: optionalBearer,
  request: { body: { required: true, content: { 'application/json': { schema: ContactRequestSchema } } } },
  responses: {
    201: { description: 'Stored and emailed', content: { 'application/json': { schema: OkSchema } } },
    400: {
      description: 'Empty message, or a visitor without name and email (CONTACT_DETAILS_REQUIRED)',
      content: { 'application/json': { schema: ErrorBodySchema } },
    },
    401: {
      description: 'A token that is not valid',
      content: { 'application/json': { schema: ErrorBodySchema } },
    },
    429: { description: 'Too many messages', content: { 'application/json': { schema: ErrorBodySchema } } },
  },
});

export function contactRoutes(services: Services) {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  return router.openapi(contactRoute, async (c) => {
    const request = c.req.valid('json');
    const authorization = c.req.header('authorization');
    const sender = authorization
      ? { user: (await authenticate(services, authorization)).user }
      : { address: clientAddress(c, services.config.TRUST_PROXY) };
    return c.json(await sendContactMessage(services, sender, request), 201);
  });
}
