import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';

type Document = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;
type Operation = { operationId?: string; security?: unknown[]; [key: string]: unknown };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const pascal = (word: string) => word.replace(/(^|[-_])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/**
 * A stable operation id from the method and the path, for operations that do not name one:
 * `GET /api/v1/clients/{id}/invoices` → `getClientsByIdInvoices`. Generated clients take their method
 * names from it, so it changes only when the route does.
 */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && segment !== 'api' && segment !== 'v1')
    .map((segment) => {
      const param = segment.match(/^\{(.+)\}$/);
      return param ? `By${pascal(param[1]!)}` : pascal(segment);
    });
  return method + words.join('');
}

/**
 * The app's OpenAPI document as integrators get it: the server it is served from, every operation with
 * an `operationId`, and every operation's `security` declared (an empty list for public ones).
 */
export function openApiDocument(app: OpenAPIHono<AppEnv>, publicUrl: string): Document {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Cuadra',
      version: '1',
      description:
        'Invoice capture for accountants and freelancers. Errors: { error: { code, message, details } }.',
      license: { name: 'Proprietary', url: `${publicUrl}/terms` },
    },
    servers: [{ url: publicUrl, description: 'This server' }],
  });
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      operation.operationId ??= operationIdFor(method, path);
      operation.security ??= [];
    }
  }
  return document;
}
