import { type Health, HealthSchema } from '@cuadra/shared';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import rootPackage from '../../../../../package.json' with { type: 'json' };
import { pingDatabase } from '../../db/client';
import { schemaState } from '../../db/migrate';
import type { AppEnv } from '../../http/context';
import type { Services } from '../../services';

const VERSION = rootPackage.version;
const startedAt = Date.now();

const route = createRoute({
  method: 'get',
  path: '/',
  tags: ['health'],
  summary: 'Readiness of the database and its schema, queue, file store and OCR',
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
    const checks: Health['checks'] = {
      database: database ? 'ready' : 'unavailable',
      queue: services.queue.isReady() ? 'ready' : 'unavailable',
      files: files ? 'ready' : 'unavailable',
      ocr: ocr ? 'ready' : 'unavailable',
      schema: schema.pending === 0 ? 'ready' : 'unavailable',
    };
    const ok = Object.values(checks).every((status) => status === 'ready');
    c.header('Cache-Control', 'no-store');
    const body: Health = {
      status: ok ? 'ok' : 'degraded',
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
