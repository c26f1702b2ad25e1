import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, SESSION_COOKIE } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient, TestClient } from '../../test/harness.js';

const UNSAFE = ['post', 'put', 'patch', 'delete'] as const;
/**
 * The only /api/ routes reachable without a session: the page config, the API description and Stripe's webhook (its
 * signature authenticates it).
 */
// A shared evaluation is public by design: the unguessable token in its path is the permission.
const PUBLIC_API = new Set([ROUTES.config, ROUTES.stripeWebhook, '/api/openapi.json', '/api/shared/{token}/']);

describe.each(embeddedDatabaseOnly)('CSRF, origin and session checks on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { PUBLIC_URL: 'http://promptgrid.example.com', ALLOWED_HOSTS: 'app.local:8080' });
  });
  afterAll(() => ctx?.close());

  async function aliceWithData() {
    const alice = await signedInClient(ctx.app);
    const project = (await alice.post(ROUTES.projects, { name: 'P', description: 'D' })).json();
    const model = (await alice.get(ROUTES.models)).json()[0];
    const configuration = (
      await alice.post(ROUTES.configurations(project.id), {
        name: 'C',
        prompt_content: 'Be brief.',
        ai_model_id: model.id,
      })
    ).json();
    const input = (await alice.post(ROUTES.inputs(project.id), { name: 'I', content: 'Hello' })).json();
    return { alice, project, configuration, input, model };
  }

  async function snapshot(alice: TestClient, projectId: number) {
    return {
      projects: (await alice.get(ROUTES.projects)).json(),
      configurations: (await alice.get(ROUTES.configurations(projectId))).json(),
      inputs: (await alice.get(ROUTES.inputs(projectId))).json(),
    };
  }

  it('refuses every write under /api/ and /auth/ without X-CSRFToken or with a wrong one, and nothing changes', async () => {
    const { alice, project, configuration, input, model } = await aliceWithData();
    const before = await snapshot(alice, project.id);
    const writes: [(typeof UNSAFE)[number], string, unknown][] = [
      ['post', ROUTES.projects, { name: 'New', description: 'x' }],
      ['put', ROUTES.project(project.id), { name: 'Renamed', description: 'x' }],
      ['delete', ROUTES.project(project.id), undefined],
      ['post', ROUTES.inputs(project.id), { name: 'I2', content: 'x' }],
      ['put', ROUTES.input(project.id, input.id), { name: 'I', content: 'changed', active: false }],
      ['delete', ROUTES.input(project.id, input.id), undefined],
      ['post', ROUTES.configurations(project.id), { name: 'C2', prompt_content: 'x', ai_model_id: model.id }],
      ['put', ROUTES.configuration(configuration.id), { name: 'C', prompt_content: 'changed', ai_model_id: model.id }],
      ['patch', ROUTES.configuration(configuration.id), { is_active: false }],
      ['delete', ROUTES.configuration(configuration.id), undefined],
      ['post', ROUTES.auth.signOut, undefined],
      ['post', ROUTES.auth.devSignIn, { email: 'csrf-victim@example.com' }],
    ];
    for (const [method, url, body] of writes) {
      const headerSets: Record<string, string>[] = [
        {},
        { 'X-CSRFToken': 'wrong-token-wrong-token-wrong-token' },
        { 'X-CSRFToken': '' },
      ];
      for (const headers of headerSets) {
        const response = await alice.request(method.toUpperCase(), url, body, { csrf: false, headers });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toEqual({ detail: expect.any(String) });
      }
    }
    // A token in the header but no csrftoken cookie is refused too.
    const csrfToken = alice.cookies.csrftoken;
    if (!csrfToken) throw new Error('The signed-in client has no csrftoken cookie.');
    const noCookie = new TestClient(ctx.app);
    noCookie.cookies[SESSION_COOKIE] = alice.sessionId!;
    const response = await noCookie.post(
      ROUTES.projects,
      { name: 'x', description: 'y' },
      { headers: { 'X-CSRFToken': csrfToken } },
    );
    expect(response.statusCode).toBe(403);

    expect(await snapshot(alice, project.id)).toEqual(before);
    expect((await alice.get(ROUTES.auth.me)).statusCode).toBe(200);
  });

  it('refuses a cross-origin write even with a valid token, and accepts the same origin and PUBLIC_URL', async () => {
    const alice = await signedInClient(ctx.app);
    for (const origin of ['https://evil.example.com', 'http://promptgrid.example.com.evil.com', 'null']) {
      const response = await alice.post(ROUTES.projects, { name: 'x', description: 'y' }, { headers: { origin } });
      expect(response.statusCode, origin).toBe(403);
    }
    expect((await alice.get(ROUTES.projects)).json()).toEqual([]);

    const sameHost = await alice.post(
      ROUTES.projects,
      { name: 'a', description: 'b' },
      { headers: { origin: 'http://app.local:8080', host: 'app.local:8080' } },
    );
    expect(sameHost.statusCode).toBe(201);
    const publicUrl = await alice.post(
      ROUTES.projects,
      { name: 'c', description: 'd' },
      { headers: { origin: 'http://promptgrid.example.com' } },
    );
    expect(publicUrl.statusCode).toBe(201);
  });

  it('answers 401 on every /api/ route without a session, before looking at the body', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const anonymous = new TestClient(ctx.app);
    await anonymous.fetchCsrf();
    let checked = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      if (!template.startsWith('/api/') || PUBLIC_API.has(template)) continue;
      const url = template.replace(/\{[^}]+\}/g, '1');
      for (const method of Object.keys(operations)) {
        if (!['get', ...UNSAFE].includes(method)) continue;
        // An empty body would fail validation: the session check must come first.
        const response = await anonymous.request(
          method.toUpperCase(),
          url,
          method === 'get' || method === 'delete' ? undefined : {},
        );
        expect(response.statusCode, `${method.toUpperCase()} ${url}`).toBe(401);
        expect(response.json()).toEqual({ detail: expect.any(String) });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12);
    // Unknown /api/ paths do not reveal whether they exist.
    expect((await anonymous.get('/api/nothing-here/')).statusCode).toBe(401);
    // A made-up session cookie is no session.
    anonymous.cookies[SESSION_COOKIE] = 'forged-session-token';
    expect((await anonymous.get(ROUTES.projects)).statusCode).toBe(401);
  });

  it('keeps health, page config and the API reference public', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: ROUTES.healthz })).statusCode).toBe(200);
    const config = await ctx.app.inject({ method: 'GET', url: ROUTES.config });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ dev_login: true, google_client_id: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    // Swagger UI styles its elements inline: its page allows that (else the browser logs a CSP error), no other does.
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(page.headers['content-security-policy']).toMatch(/style-src 'self' 'unsafe-inline' https:/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' ;/);
  });

  it('answers errors as JSON: 404 {detail} for unknown API paths, 400 for malformed JSON', async () => {
    const alice = await signedInClient(ctx.app);
    const missing = await alice.get('/api/nothing-here/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: expect.any(String) });
    const malformed = await alice.post(ROUTES.projects, '{"name":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.values(malformed.json()).flat().length).toBeGreaterThan(0);
  });
});
