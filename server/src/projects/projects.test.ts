import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient, TestClient } from '../../test/harness.js';

describe.each(embeddedDatabaseOnly)('projects API on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('creates, lists newest update first, reads, updates and deletes a project', async () => {
    const alice = await signedInClient(ctx.app);
    const first = await alice.post(ROUTES.projects, { name: 'Legal', description: 'Summaries' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Legal', description: 'Summaries', config_count: 0, input_count: 0 });
    const second = await alice.post(ROUTES.projects, { name: 'Support', description: 'Replies' });
    const ids = (await alice.get(ROUTES.projects)).json().map((p: { id: number }) => p.id);
    expect(ids).toEqual([second.json().id, first.json().id]);

    const updated = await alice.put(ROUTES.project(first.json().id), { name: 'Legal 2', description: 'Summaries v2' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().name).toBe('Legal 2');
    expect(Date.parse(updated.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(first.json().updated_at));
    expect((await alice.get(ROUTES.projects)).json()[0].id).toBe(first.json().id);

    expect((await alice.get(ROUTES.project(first.json().id))).json().name).toBe('Legal 2');
    expect((await alice.delete(ROUTES.project(first.json().id))).statusCode).toBe(204);
    expect((await alice.get(ROUTES.project(first.json().id))).statusCode).toBe(404);
  });

  it('answers 400 with field messages for missing or blank fields', async () => {
    const alice = await signedInClient(ctx.app);
    const response = await alice.post(ROUTES.projects, { name: '  ', description: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: ['Project name is required.'], description: ['Description is required.'] });
    const missing = await alice.post(ROUTES.projects, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['description', 'name']);
  });

  it('answers 401 without a session and 403 without the CSRF token', async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(ROUTES.projects)).statusCode).toBe(401);
    const alice = await signedInClient(ctx.app);
    const refused = await alice.post(ROUTES.projects, { name: 'x', description: 'y' }, { csrf: false });
    expect(refused.statusCode).toBe(403);
    const wrong = await alice.post(
      ROUTES.projects,
      { name: 'x', description: 'y' },
      { csrf: false, headers: { 'X-CSRFToken': 'nope' } },
    );
    expect(wrong.statusCode).toBe(403);
    expect((await alice.get(ROUTES.projects)).json()).toEqual([]);
  });

  it("answers 404 for another user's project on every route", async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const id = (await alice.post(ROUTES.projects, { name: 'Secret', description: 'Mine' })).json().id;
    expect((await bob.get(ROUTES.project(id))).statusCode).toBe(404);
    expect((await bob.put(ROUTES.project(id), { name: 'Hijack', description: 'x' })).statusCode).toBe(404);
    expect((await bob.delete(ROUTES.project(id))).statusCode).toBe(404);
    expect((await bob.get(ROUTES.projects)).json()).toEqual([]);
    expect((await alice.get(ROUTES.project(id))).json().name).toBe('Secret');
  });
});
