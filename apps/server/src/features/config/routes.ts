import { type PublicConfig, PublicConfigSchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context';
import type { Services } from '../../services';

const configRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['config'],
  summary: 'What the browser needs before sign-in (e.g. whether Google sign-in is offered)',
  responses: {
    200: { description: 'Public settings', content: { 'application/json': { schema: PublicConfigSchema } } },
  },
});

export function publicConfigRoutes(services: Services) {
  const body: PublicConfig = { googleClientId: services.config.GOOGLE_CLIENT_ID || null };
  return new OpenAPIHono<AppEnv>().openapi(configRoute, (c) => c.json(body, 200));
}
