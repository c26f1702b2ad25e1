import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROUTES } from '@promptgrid/contract';
import { users } from '../db/schema.js';
import {
  createTestApp,
  createTestDatabase,
  embeddedDatabaseOnly,
  signedInClient,
  startTestApp,
  TestClient,
} from '../../test/harness.js';
import { sendRaw } from '../../test/route-table.js';
import { hostAllowed, nonCanonicalTarget } from './request-target.js';
import { itemAt } from '@promptgrid/test-support';

describe('nonCanonicalTarget', () => {
  it.each([
    '/%61uth/dev-sign-in/',
    '/%61pi/projects/',
    '/api/%70rojects/',
    '/api/projects/%31/',
    '/api/projects/1%2E/',
    '//api/projects/',
    '/api//projects/',
    '/api/./projects/',
    '/api/x/../projects/',
    '/api/projects/..',
    '/api\\projects/',
    'http://127.0.0.1:8080/api/projects/',
    '*',
  ])('refuses %s', (target) => {
    expect(nonCanonicalTarget(target)).toEqual(expect.any(String));
  });

  it.each([
    '/',
    '/api/projects/',
    '/api/projects/12/inputs/3/',
    '/api/results/?evaluation_id=%31&x=..//',
    '/api/x/%00/',
    '/a%20b',
  ])('accepts %s (queries are not paths; reserved and control characters stay encoded)', (target) => {
    expect(nonCanonicalTarget(target)).toBeNull();
  });
});

describe('hostAllowed', () => {
  const allowed = ['promptgrid.example.com', 'app.local:8080'];
  it.each([
    'localhost:8080',
    'LOCALHOST',
    '127.0.0.1:3000',
    '127.1.2.3',
    '[::1]:8080',
    'promptgrid.example.com',
    'promptgrid.example.com:443',
    'app.local:8080',
  ])('accepts %s', (host) => expect(hostAllowed(host, allowed)).toBe(true));
  it.each([
    undefined,
    '',
    'evil.example',
    'evil.example:8080',
    'app.local:9090',
    'app.local',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
  ])('refuses %s', (host) => expect(hostAllowed(host, allowed)).toBe(false));
});

describe.each(embeddedDatabaseOnly)('request targets and hosts over real HTTP on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let base: URL;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { ALLOWED_HOSTS: 'promptgrid.lan' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = new URL(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
  });
  afterAll(() => ctx?.close());
  const userCount = async () =>
    Number(itemAt(await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users), 0).n);

  it('refuses the login-CSRF probe: a cross-site form to /%61uth/dev-sign-in/ signs nobody in', async () => {
    const before = await userCount();
    for (const target of ['/%61uth/dev-sign-in/', `${base.origin}/auth/dev-sign-in/`, '/auth/dev-sign-in/']) {
      const response = await sendRaw(base, {
        method: 'POST',
        target,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        payload: 'email=attacker%40example.com',
      });
      expect(response.status, target).toBe(target === '/auth/dev-sign-in/' ? 403 : 400);
      expect(response.headers['set-cookie'] ?? []).toEqual([]);
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses absolute-form and encoded targets to the API, even signed in with a valid token', async () => {
    const alice = await signedInClient(ctx.app);
    const headers = {
      cookie: alice.cookieHeader(),
      'x-csrftoken': alice.csrfToken!,
      'content-type': 'application/json',
    };
    const payload = JSON.stringify({ name: 'P', description: 'D' });
    for (const target of [
      `${base.origin}/api/projects/`,
      `http://evil.example/api/projects/`,
      '/%61pi/projects/',
      '//api/projects/',
    ]) {
      const response = await sendRaw(base, { method: 'POST', target, headers, payload });
      expect(response.status, target).toBe(400);
      expect(Object.keys(JSON.parse(response.body))).toEqual(['non_field_errors']);
    }
    expect((await alice.get(ROUTES.projects)).json()).toEqual([]);
    const canonical = await sendRaw(base, { method: 'POST', target: ROUTES.projects, headers, payload });
    expect(canonical.status).toBe(201);
  });

  it('answers 400 to a Host that names another server, and serves loopback names and ALLOWED_HOSTS', async () => {
    const ask = (host: string) => sendRaw(base, { method: 'GET', target: ROUTES.config, headers: { host } });
    expect((await ask(`rebind.evil.example:${base.port}`)).status).toBe(400);
    expect((await ask('promptgrid.lan')).status).toBe(200);
    expect((await ask(`localhost:${base.port}`)).status).toBe(200);
    expect((await ask(base.host)).status).toBe(200);
  });

  it('answers 404, not the app page, for paths that name files; client routes still get the page', async () => {
    for (const target of ['/.env', '/.git/config', '/x.php', '/wp-login.php', '/assets/missing.js', '/api/.env']) {
      const response = await sendRaw(base, { method: 'GET', target });
      expect(response.status, target).toBe(target.startsWith('/api/') ? 401 : 404);
      expect(response.headers['content-type']).toMatch(/json/);
    }
    const page = await sendRaw(base, { method: 'GET', target: '/projects/1' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/html/);
  });
});

describe.each(embeddedDatabaseOnly)('proxies and dev sign-in on %s', (kind) => {
  // One database under apps of different settings: each test starts the apps it compares.
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('keys the rate limit on the socket address unless TRUST_PROXY says how far to believe X-Forwarded-For', async () => {
    const direct = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '3' });
    const proxied = await startTestApp(database, { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
    try {
      const statuses = async (app: typeof direct) => {
        const seen: number[] = [];
        for (let i = 0; i < 5; i++) {
          const response = await app.app.inject({
            url: ROUTES.config,
            headers: { 'x-forwarded-for': `203.0.113.${i}` },
          });
          seen.push(response.statusCode);
        }
        return seen;
      };
      // A forged header per request does not buy a fresh allowance.
      expect(await statuses(direct)).toEqual([200, 200, 200, 429, 429]);
      expect(await statuses(proxied)).toEqual([200, 200, 200, 200, 200]);
      const seenAs = await proxied.app.inject({
        url: ROUTES.config,
        headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' },
      });
      expect(seenAs.statusCode).toBe(200);
    } finally {
      await direct.app.close();
      await proxied.app.close();
    }
  });

  it('refuses dev sign-in behind an https PUBLIC_URL unless DEV_LOGIN=true', async () => {
    const exposed = await startTestApp(database, { PUBLIC_URL: 'https://promptgrid.example.com' });
    const forced = await startTestApp(database, { PUBLIC_URL: 'https://promptgrid.example.com', DEV_LOGIN: 'true' });
    try {
      expect((await exposed.app.inject({ url: ROUTES.config })).json().dev_login).toBe(false);
      const client = new TestClient(exposed.app);
      await client.fetchCsrf();
      expect((await client.post(ROUTES.auth.devSignIn, { email: 'anyone@example.com' })).statusCode).toBe(404);
      expect(client.sessionId).toBeUndefined();
      const signedIn = await signedInClient(forced.app, 'dev@example.com');
      expect(signedIn.user.email).toBe('dev@example.com');
    } finally {
      await exposed.app.close();
      await forced.app.close();
    }
  });
});
