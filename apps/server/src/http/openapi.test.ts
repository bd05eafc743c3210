import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, createTestContext, type TestContext } from '../../test/harness';
import { operationIdFor } from './openapi-document';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

describe('the OpenAPI document at /api/openapi.json', () => {
  let ctx: TestContext;
  // biome-ignore lint/suspicious/noExplicitAny: the document is read as plain JSON
  let document: any;
  beforeAll(async () => {
    ctx = await createTestContext();
    document = await bodyOf(await ctx.request('/api/openapi.json'));
  });
  afterAll(() => ctx.close());

  it("passes redocly's recommended rules without an error", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('gives every operation a unique operationId and a security declaration', () => {
    const operations = Object.values(document.paths).flatMap((item) =>
      METHODS.flatMap((method) =>
        (item as Record<string, unknown>)[method] ? [(item as never)[method]] : [],
      ),
    ) as { operationId: string; security: unknown[] }[];
    expect(operations.length).toBeGreaterThan(25);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.every((operation) => Array.isArray(operation.security))).toBe(true);
    expect(document.servers).toEqual([expect.objectContaining({ url: ctx.services.config.PUBLIC_URL })]);
  });

  it('describes every route the API answers', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item as object).map(
          (method) => `${method.toUpperCase()} /api${path.replace(/^\/api/, '')}`,
        ),
      ),
    );
    const served = ctx.app.routes
      .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
      .filter((route) => !['/api/openapi.json', '/api/docs'].includes(route.path))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(25);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('names operations from their method and path when a route does not', () => {
    expect(operationIdFor('get', '/api/v1/clients/{id}/invoices')).toBe('getClientsByIdInvoices');
    expect(operationIdFor('post', '/api/v1/auth/password-reset/confirm')).toBe(
      'postAuthPasswordResetConfirm',
    );
    expect(operationIdFor('get', '/api/health')).toBe('getHealth');
  });
});
