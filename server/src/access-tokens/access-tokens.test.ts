import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessToken, CreatedAccessToken, ROUTES } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient, startTestApp } from '../../test/harness.js';

type Client = Awaited<ReturnType<typeof signedInClient>>;

describe.each(databaseKinds)('personal API tokens on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let alice: Client;
  let bob: Client;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    alice = await signedInClient(ctx.app);
    bob = await signedInClient(ctx.app);
  });
  afterAll(() => ctx?.close());

  async function createToken(client: Client, body: object = { name: 'CI' }) {
    const response = await client.post(ROUTES.accessTokens, body);
    expect(response.statusCode).toBe(201);
    return CreatedAccessToken.parse(response.json());
  }

  /** A script: no cookie, no CSRF header, only the bearer token. */
  function withToken(token: string, app = ctx.app) {
    return (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
  }

  it('shows the token once, stores only its hash, and lists name, last four, dates', async () => {
    const created = await createToken(alice, { name: 'GitHub Actions' });
    expect(created.token).toMatch(/^pg_[A-Za-z0-9_-]{43}$/);
    expect(created.last_four).toBe(created.token.slice(-4));
    const listed = (await alice.get(ROUTES.accessTokens)).json();
    const own = listed.find((t: AccessToken) => t.id === created.id);
    expect(AccessToken.strict().parse(own)).toEqual({ ...created, token: undefined, id: created.id });
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const { rows } = await ctx.database.executeSql('SELECT * FROM access_tokens WHERE id = $1', [created.id]);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(3));
  });

  it('authenticates GET and POST as the session does, without a CSRF token, and records its last use', async () => {
    const { id, token } = await createToken(alice);
    const call = withToken(token);
    const project = await call('POST', ROUTES.projects, { name: 'From CI', description: 'D' });
    expect(project.statusCode).toBe(201);
    const projects = await call('GET', ROUTES.projects);
    expect(projects.statusCode).toBe(200);
    expect(projects.json().map((p: { id: number }) => p.id)).toContain(project.json().id);
    expect((await alice.get(ROUTES.projects)).json().map((p: { id: number }) => p.id)).toContain(project.json().id);
    const listed = (await alice.get(ROUTES.accessTokens)).json().find((t: AccessToken) => t.id === id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it("never crosses users: another user's project and token id answer 404", async () => {
    const { id: aliceTokenId } = await createToken(alice);
    const aliceProject = (await alice.post(ROUTES.projects, { name: 'Mine', description: 'D' })).json();
    const { token: bobToken } = await createToken(bob);
    const asBob = withToken(bobToken);
    expect((await asBob('GET', ROUTES.project(aliceProject.id))).statusCode).toBe(404);
    expect((await bob.delete(ROUTES.accessToken(aliceTokenId))).statusCode).toBe(404);
    expect((await alice.get(ROUTES.accessTokens)).json().map((t: AccessToken) => t.id)).toContain(aliceTokenId);
    expect((await bob.get(ROUTES.accessTokens)).json().map((t: AccessToken) => t.id)).not.toContain(aliceTokenId);
  });

  it('is refused with 401 on /auth/ routes, on token management, on billing and on account deletion', async () => {
    const { id, token } = await createToken(alice);
    const call = withToken(token);
    const refused = [
      await call('GET', ROUTES.auth.me),
      await call('POST', ROUTES.auth.signOut),
      await call('GET', ROUTES.accessTokens),
      await call('POST', ROUTES.accessTokens, { name: 'minted by a token' }),
      await call('DELETE', ROUTES.accessToken(id)),
      await call('GET', ROUTES.subscriptionStatus),
      await call('POST', ROUTES.createCheckoutSession),
      await call('DELETE', ROUTES.account, { email: alice.user.email }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 401));
    expect((await call('GET', ROUTES.projects)).statusCode).toBe(200);
  });

  it('answers 401 at once on every process after revocation, and after expiry', async () => {
    const other = await startTestApp(ctx.database);
    try {
      const { id, token } = await createToken(alice);
      expect((await withToken(token, other.app)('GET', ROUTES.projects)).statusCode).toBe(200);
      expect((await alice.delete(ROUTES.accessToken(id))).statusCode).toBe(204);
      expect((await withToken(token, other.app)('GET', ROUTES.projects)).statusCode).toBe(401);
      expect((await withToken(token)('GET', ROUTES.projects)).statusCode).toBe(401);

      const expiring = await createToken(alice, {
        name: 'Short',
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      });
      expect((await withToken(expiring.token, other.app)('GET', ROUTES.projects)).statusCode).toBe(200);
      await ctx.database.executeSql("UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [
        expiring.id,
      ]);
      expect((await withToken(expiring.token, other.app)('GET', ROUTES.projects)).statusCode).toBe(401);
    } finally {
      await other.app.close();
    }
  });

  it('refuses unknown and malformed tokens even beside a valid session cookie', async () => {
    const headers = { cookie: alice.cookieHeader() };
    for (const authorization of ['Bearer pg_not-a-token', 'Bearer', 'Basic dXNlcjpwYXNz']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: ROUTES.projects,
        headers: { ...headers, authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
    }
  });

  it('validates a new token with field messages', async () => {
    const blank = await alice.post(ROUTES.accessTokens, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['Name is required.'] });
    const past = await alice.post(ROUTES.accessTokens, { name: 'Old', expires_at: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ expires_at: ['Expiry must be in the future.'] });
  });
});

describe('rate limits per token', () => {
  it('counts each token on its own, like a session', async () => {
    const ctx = await createTestApp('pglite', { RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = await signedInClient(ctx.app);
      const tokens = [];
      for (const name of ['A', 'B']) tokens.push((await client.post(ROUTES.accessTokens, { name })).json().token);
      const call = (token: string) =>
        ctx.app.inject({ method: 'GET', url: ROUTES.projects, headers: { authorization: `Bearer ${token}` } });
      const first = [];
      for (let i = 0; i < 4; i++) first.push((await call(tokens[0])).statusCode);
      expect(first).toEqual([200, 200, 200, 429]);
      expect((await call(tokens[1])).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('counts invalid tokens against the address they come from, so guessing them is limited', async () => {
    const ctx = await createTestApp('pglite', { RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = await signedInClient(ctx.app);
      const valid = (await client.post(ROUTES.accessTokens, { name: 'CI' })).json().token as string;
      const call = (token: string) =>
        ctx.app.inject({
          method: 'GET',
          url: ROUTES.projects,
          remoteAddress: '203.0.113.7',
          headers: { authorization: `Bearer ${token}` },
        });
      const guesses = [];
      for (let i = 0; i < 6; i++)
        guesses.push((await call(`pg_${crypto.randomBytes(32).toString('base64url')}`)).statusCode);
      expect(guesses).toEqual([401, 401, 401, 429, 429, 429]);
      // A valid token from that address still counts on its own.
      expect((await call(valid)).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
