import { createHash, timingSafeEqual } from 'node:crypto';
import { type Health, HealthSchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import rootPackage from '../../../../../package.json' with { type: 'json' };
import { pingDatabase } from '../../db/client';
import { schemaState } from '../../db/migrate';
import type { AppEnv } from '../../http/context';
import type { Services } from '../../services';

const VERSION = rootPackage.version;
const startedAt = Date.now();

/** Whether the caller sent `Authorization: Bearer HEALTH_TOKEN` (never, while the token is not set). */
function hasHealthToken(token: string, authorization: string | undefined): boolean {
  const offered = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (!token || !offered) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(offered), digest(token));
}

const route = createRoute({
  method: 'get',
  path: '/',
  tags: ['health'],
  summary: 'Readiness of the database and its schema, queue, file store and OCR',
  description:
    'Anyone gets `{ status, mode }`; the version, schema, checks and dead-lettered jobs need `Authorization: Bearer HEALTH_TOKEN`.',
  responses: {
    200: { description: 'Everything is ready', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'Something is not ready', content: { 'application/json': { schema: HealthSchema } } },
  },
});

export function healthRoutes(services: Services, ocrReady: () => Promise<boolean>) {
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const [database, schema, files, ocr, deadLetteredJobs] = await Promise.all([
      pingDatabase(services.db),
      schemaState(services.db),
      services.files.ping(),
      ocrReady().catch(() => false),
      services.queue.deadLetterCount().catch(() => 0),
    ]);
    const checks: NonNullable<Health['checks']> = {
      database: database ? 'ready' : 'unavailable',
      queue: services.queue.isReady() ? 'ready' : 'unavailable',
      files: files ? 'ready' : 'unavailable',
      ocr: ocr ? 'ready' : 'unavailable',
      schema: schema.pending === 0 ? 'ready' : 'unavailable',
    };
    const ok = Object.values(checks).every((status) => status === 'ready');
    c.header('Cache-Control', 'no-store');
    const status = ok ? 'ok' : 'degraded';
    if (!hasHealthToken(services.config.HEALTH_TOKEN, c.req.header('authorization'))) {
      const body: Health = { status, mode: services.config.mode };
      return ok ? c.json(body, 200) : c.json(body, 503);
    }
    const body: Health = {
      status,
      version: VERSION,
      uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
      deadLetteredJobs,
      fileStore: services.files.kind,
      schema,
      mode: services.config.mode,
      checks,
    };
    return ok ? c.json(body, 200) : c.json(body, 503);
  });
}
