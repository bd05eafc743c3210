import { ContactRequestSchema, ErrorBodySchema, OkSchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../../http/errors';
import type { Services } from '../../services';
import { type AuthEnv, requireAuth } from '../auth/middleware';
import { sendContactMessage } from './service';

const contactRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['contact'],
  summary: 'Send a message to support from the signed-in account',
  security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: ContactRequestSchema } } } },
  responses: {
    201: { description: 'Stored and emailed', content: { 'application/json': { schema: OkSchema } } },
    400: { description: 'Empty message', content: { 'application/json': { schema: ErrorBodySchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorBodySchema } } },
    429: { description: 'Too many messages', content: { 'application/json': { schema: ErrorBodySchema } } },
  },
});

export function contactRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('*', requireAuth(services));
  return router.openapi(contactRoute, async (c) =>
    c.json(await sendContactMessage(services, c.get('user'), c.req.valid('json').message), 201),
  );
}
