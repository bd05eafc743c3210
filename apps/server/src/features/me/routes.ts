import { ErrorBodySchema, UserSchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../../http/errors';
import type { Services } from '../../services';
import { type AuthEnv, requireAuth } from '../auth/middleware';
import { toUser } from '../auth/service';

const meRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['auth'],
  summary: 'The signed-in user, with the credit balance',
  security: [{ bearer: [] }],
  responses: {
    200: { description: 'The user', content: { 'application/json': { schema: UserSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorBodySchema } } },
  },
});

export function meRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('*', requireAuth(services));
  return router.openapi(meRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await toUser(services.db, c.get('user')), 200);
  });
}
