import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient } from '../../test/harness.js';

const json = { 'content-type': 'application/json' };

describe.each(embeddedDatabaseOnly)('JSON bodies on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('accepts an empty body sent as JSON, as existing clients send on DELETE and sign-out', async () => {
    const alice = await signedInClient(ctx.app);
    const id = (await alice.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id;
    const deleted = await alice.request('DELETE', ROUTES.project(id), '', { headers: json });
    expect(deleted.statusCode).toBe(204);
    const signedOut = await alice.request('POST', ROUTES.auth.signOut, '', { headers: json });
    expect(signedOut.statusCode).toBe(200);
    expect((await alice.get(ROUTES.auth.me)).statusCode).toBe(401);
  });

  it('answers 400 with field messages, not 500, for an empty or malformed body where one is required', async () => {
    const alice = await signedInClient(ctx.app);
    const empty = await alice.request('POST', ROUTES.projects, '', { headers: json });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json()).length).toBeGreaterThan(0);
    const malformed = await alice.request('POST', ROUTES.projects, '{"name": ', { headers: json });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('non_field_errors');
    expect((await alice.get(ROUTES.projects)).json()).toEqual([]);
  });

  it('refuses a body nested deeper than 256 levels before parsing it, and takes one as deep with brackets in strings', async () => {
    const alice = await signedInClient(ctx.app);
    const nested = (depth: number) => `{"name": "P", "description": ${'['.repeat(depth)}1${']'.repeat(depth)}}`;
    const refused = await alice.request('POST', ROUTES.projects, nested(100_000), { headers: json });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['The JSON body nests more than 256 levels deep.'] });
    // Within the limit it reaches the route, which reads the description as text.
    expect(Object.keys((await alice.request('POST', ROUTES.projects, nested(255), { headers: json })).json())).toEqual([
      'description',
    ]);
    const brackets = { name: 'P', description: `${'[{'.repeat(500)}"\\` };
    expect((await alice.post(ROUTES.projects, brackets)).statusCode).toBe(201);
  });
});
