import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp } from '../../test/harness.js';

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

describe('the API description', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    paths = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  });
  afterAll(() => ctx?.close());

  const operation = (path: string, method: string) => {
    const found = paths[path]?.[method];
    if (!found) throw new Error(`The API description has no ${method} ${path}.`);
    return found;
  };
  const statuses = (path: string, method: string) => Object.keys(operation(path, method).responses).sort();
  const body = (path: string, method: string, status: number) =>
    operation(path, method).responses[status]?.content?.['application/json']?.schema;

  it("documents each route's error answers with their bodies", () => {
    expect(statuses('/api/projects/{id}/', 'put')).toEqual(['200', '400', '401', '403', '404']);
    expect(statuses(ROUTES.projects, 'get')).toEqual(['200', '401']);
    expect(statuses(ROUTES.config, 'get')).toEqual(['200']);
    expect(statuses(ROUTES.stripeWebhook, 'post')).not.toContain('403');
    expect(body('/api/projects/{id}/', 'put', 404)).toMatchObject({
      type: 'object',
      properties: { detail: { type: 'string' } },
      required: ['detail'],
    });
    expect(JSON.stringify(body('/api/projects/{id}/', 'put', 400))).toContain('additionalProperties');
  });

  it('keeps an error body a route documents itself', () => {
    expect(JSON.stringify(body(ROUTES.auth.receiver, 'post', 401))).toContain('message');
  });
});
