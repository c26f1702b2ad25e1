import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ROUTES, SESSION_COOKIE, STORAGE_KEYS } from '@promptgrid/contract';
import { startFakeGoogle, type FakeGoogle, type SignIdTokenOptions } from '@promptgrid/test-support/google';
import { users } from '../db/schema.js';
import type { Database } from '../db/client.js';
import {
  createTestApp,
  createTestDatabase,
  embeddedDatabaseOnly,
  signedInClient,
  startTestApp,
  TestClient,
} from '../../test/harness.js';
import { itemAt } from '@promptgrid/test-support';

type Cookie = {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  sameSite?: string;
  secure?: boolean;
  maxAge?: number;
};
const cookieNamed = (response: { cookies: unknown[] }, name: string) =>
  (response.cookies as Cookie[]).find((c) => c.name === name);
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(embeddedDatabaseOnly)('sign-in and sessions on %s', (kind) => {
  let google: FakeGoogle;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let secure: Awaited<ReturnType<typeof startTestApp>>;

  // The apps with other settings share the first one's database: a test database is the costly part of an app.
  beforeAll(async () => {
    google = await startFakeGoogle();
    ctx = await createTestApp(kind, google.env);
    secure = await startTestApp(ctx.database, { ...google.env, PUBLIC_URL: 'https://promptgrid.example.com' });
  });
  afterAll(async () => {
    await secure?.app.close();
    await ctx?.close();
    await google?.close();
  });

  async function userCount(app: { database: Database } = ctx, email?: string) {
    const query = app.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const row = itemAt(email ? await query.where(eq(users.email, email)) : await query, 0);
    return Number(row.n);
  }

  async function googleSignIn(client: TestClient, options: SignIdTokenOptions = {}) {
    const credential = await google.signIdToken(options);
    return client.post(ROUTES.auth.receiver, `credential=${encodeURIComponent(credential)}`, { headers: form });
  }

  async function anonymousWithCsrf(app = ctx) {
    const client = new TestClient(app.app);
    await client.fetchCsrf();
    return client;
  }

  it('GET /auth/csrf-token/ answers the token and sets the csrftoken cookie on path /', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: ROUTES.auth.csrfToken });
    expect(response.statusCode).toBe(200);
    const cookie = cookieNamed(response, STORAGE_KEYS.csrfCookie);
    expect(cookie).toBeDefined();
    expect(cookie!.path).toBe('/');
    expect(cookie!.httpOnly).not.toBe(true); // the page reads it to send X-CSRFToken
    expect(response.json()).toEqual({ csrfToken: cookie!.value });
    expect(cookie!.value.length).toBeGreaterThanOrEqual(32);
  });

  it('signs in with a good Google ID token: a user, a session cookie and the success body', async () => {
    const client = await anonymousWithCsrf();
    const response = await googleSignIn(client, { email: 'Ada@Example.com' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: 'success',
      user: { id: expect.any(Number), email: 'ada@example.com' },
      message: expect.any(String),
    });
    const cookie = cookieNamed(response, SESSION_COOKIE)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).not.toBe(true);
    expect(cookie.path).toBe('/');
    expect((await client.get(ROUTES.auth.me)).json()).toEqual(body.user);
    expect(await userCount(ctx, 'ada@example.com')).toBe(1);

    // The same Google account again finds the same user.
    const again = await googleSignIn(await anonymousWithCsrf(), { email: 'ada@example.com' });
    expect(again.json().user.id).toBe(body.user.id);
    expect(await userCount(ctx, 'ada@example.com')).toBe(1);
  });

  it('matches Google users by subject: e-mail links only the first time, another subject with that e-mail is refused', async () => {
    // A user made by dev sign-in elsewhere (same table): the first Google sign-in with that e-mail links it.
    const made = itemAt(await ctx.database.db.insert(users).values({ email: 'grace@example.com' }).returning(), 0);
    const first = await googleSignIn(await anonymousWithCsrf(), { email: 'grace@example.com', sub: '1001' });
    expect(first.json().user.id).toBe(made.id);
    // Google gives the address to another account later: that account does not get Grace's data.
    const other = await googleSignIn(await anonymousWithCsrf(), { email: 'grace@example.com', sub: '2002' });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ status: 'error', message: expect.stringMatching(/another Google account/) });
    expect(cookieNamed(other, SESSION_COOKIE)).toBeUndefined();
    // Grace's account is found by its subject even after her e-mail changes at Google.
    const renamed = await googleSignIn(await anonymousWithCsrf(), { email: 'grace.h@example.com', sub: '1001' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.id).toBe(made.id);
    expect(await userCount(ctx, 'grace.h@example.com')).toBe(0);
  });

  it('rotates the CSRF token at sign-in and binds it to the session', async () => {
    const client = await anonymousWithCsrf();
    const anonymousToken = client.csrfToken!;
    await googleSignIn(client, { email: 'csrf-bound@example.com' });
    expect(client.csrfToken).toBeDefined();
    expect(client.csrfToken).not.toBe(anonymousToken);
    expect((await client.post(ROUTES.projects, { name: 'n', description: 'd' })).statusCode).toBe(201);
    // The token from before sign-in, in both header and cookie, no longer passes.
    const before = await client.post(
      ROUTES.projects,
      { name: 'n', description: 'd' },
      {
        csrf: false,
        headers: {
          'X-CSRFToken': anonymousToken,
          cookie: `${SESSION_COOKIE}=${client.sessionId}; ${STORAGE_KEYS.csrfCookie}=${anonymousToken}`,
        },
      },
    );
    expect(before.statusCode).toBe(403);
    // Another user's valid token and cookie, sent with this session, do not pass either.
    const other = await anonymousWithCsrf();
    await googleSignIn(other, { email: 'csrf-other@example.com' });
    const swapped = await client.post(
      ROUTES.projects,
      { name: 'n', description: 'd' },
      {
        csrf: false,
        headers: {
          'X-CSRFToken': other.csrfToken!,
          cookie: `${SESSION_COOKIE}=${client.sessionId}; ${STORAGE_KEYS.csrfCookie}=${other.csrfToken}`,
        },
      },
    );
    expect(swapped.statusCode).toBe(403);
    // A stale token cookie is replaced on the next read, so the page recovers without a reload.
    const stale = new TestClient(ctx.app);
    stale.cookies[SESSION_COOKIE] = client.sessionId!;
    stale.cookies[STORAGE_KEYS.csrfCookie] = anonymousToken;
    expect((await stale.get(ROUTES.auth.me)).statusCode).toBe(200);
    expect(stale.csrfToken).not.toBe(anonymousToken);
    expect((await stale.post(ROUTES.projects, { name: 'n', description: 'd' })).statusCode).toBe(201);
    // Signing out issues a token for the signed-out browser.
    const signedInToken = client.csrfToken;
    await client.post(ROUTES.auth.signOut);
    expect(client.csrfToken).not.toBe(signedInToken);
    expect((await googleSignIn(client, { email: 'csrf-bound@example.com' })).statusCode).toBe(200);
  });

  it('accepts the issuer with or without https://', async () => {
    const response = await googleSignIn(await anonymousWithCsrf(), { iss: 'accounts.google.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('success');
  });

  it('gives a new session id at every sign-in and ends the previous one', async () => {
    const client = await anonymousWithCsrf();
    await googleSignIn(client, { email: 'rotate@example.com' });
    const first = client.sessionId;
    await googleSignIn(client, { email: 'rotate@example.com' });
    const second = client.sessionId;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await client.get(ROUTES.auth.me)).statusCode).toBe(200);

    const stale = new TestClient(ctx.app);
    stale.cookies[SESSION_COOKIE] = first!;
    expect((await stale.get(ROUTES.auth.me)).statusCode).toBe(401);
  });

  it('names the cookies __Host- and marks them Secure when PUBLIC_URL is https', async () => {
    const client = new TestClient(secure.app);
    await client.fetchCsrf();
    const credential = await google.signIdToken();
    const response = await client.post(ROUTES.auth.receiver, `credential=${encodeURIComponent(credential)}`, {
      headers: form,
    });
    expect(response.statusCode).toBe(200);
    expect(cookieNamed(response, SESSION_COOKIE)).toBeUndefined();
    const cookie = cookieNamed(response, `__Host-${SESSION_COOKIE}`)!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie).not.toHaveProperty('domain');
    const csrf = cookieNamed(response, `__Host-${STORAGE_KEYS.csrfCookie}`)!;
    expect(csrf).toMatchObject({ secure: true, path: '/' });
    expect(csrf.httpOnly).not.toBe(true);
    expect((await client.get(ROUTES.auth.me)).statusCode).toBe(200);
    expect((await client.post(ROUTES.projects, { name: 'n', description: 'd' })).statusCode).toBe(201);
  });

  const refusals: [string, () => SignIdTokenOptions][] = [
    ['a wrong audience', () => ({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['a wrong issuer', () => ({ iss: 'https://evil.example.com' })],
    [
      'an expired token',
      () => ({ iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }),
    ],
    ['a bad signature', () => ({ untrusted: true })],
    ['an unverified e-mail', () => ({ email_verified: false })],
    ['no email_verified claim', () => ({ email_verified: undefined })],
  ];

  it.each(refusals)('refuses %s with 401 and creates nothing', async (_label, claims) => {
    const email = `refused-${Math.random().toString(36).slice(2)}@example.com`;
    const before = await userCount();
    const client = await anonymousWithCsrf();
    const response = await googleSignIn(client, { email, ...claims() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'error', message: expect.any(String) });
    expect(response.json().message.length).toBeGreaterThan(0);
    expect(cookieNamed(response, SESSION_COOKIE)).toBeUndefined();
    expect(await userCount(ctx, email)).toBe(0);
    expect(await userCount()).toBe(before);
    expect((await client.get(ROUTES.auth.me)).statusCode).toBe(401);
  });

  it('refuses a token that is not a JWT, and a missing credential', async () => {
    const client = await anonymousWithCsrf();
    const garbage = await client.post(ROUTES.auth.receiver, 'credential=not-a-token', { headers: form });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().status).toBe('error');
    const missing = await client.post(ROUTES.auth.receiver, '', { headers: form });
    expect(missing.statusCode).toBe(400);
  });

  it('answers 404 on dev sign-in while Google sign-in is configured', async () => {
    const before = await userCount();
    const response = await (await anonymousWithCsrf()).post(ROUTES.auth.devSignIn, { email: 'dev@example.com' });
    expect(response.statusCode).toBe(404);
    expect(await userCount()).toBe(before);
  });

  it('GET /auth/me/ answers the user or 401', async () => {
    const anonymous = new TestClient(ctx.app);
    const me = await anonymous.get(ROUTES.auth.me);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ detail: expect.any(String) });
    const client = await anonymousWithCsrf();
    const user = (await googleSignIn(client, { email: 'me@example.com' })).json().user;
    expect((await client.get(ROUTES.auth.me)).json()).toEqual(user);
  });

  it('POST /auth/sign_out/ ends the session: the old cookie no longer works', async () => {
    const client = await anonymousWithCsrf();
    await googleSignIn(client, { email: 'leaving@example.com' });
    const token = client.sessionId!;
    expect((await client.get(ROUTES.projects)).statusCode).toBe(200);
    const out = await client.post(ROUTES.auth.signOut);
    expect(out.statusCode).toBe(200);
    const cleared = cookieNamed(out, SESSION_COOKIE)!;
    expect(
      cleared.value === '' ||
        cleared.maxAge === 0 ||
        Date.parse(String((cleared as { expires?: Date }).expires)) < Date.now(),
    ).toBe(true);
    expect(client.sessionId).toBeUndefined();

    const replay = new TestClient(ctx.app);
    replay.cookies[SESSION_COOKIE] = token;
    expect((await replay.get(ROUTES.auth.me)).statusCode).toBe(401);
    expect((await replay.get(ROUTES.projects)).statusCode).toBe(401);
    // Signing out without a session is harmless.
    expect((await (await anonymousWithCsrf()).post(ROUTES.auth.signOut)).statusCode).toBe(200);
  });

  it('answers 502 when the JWKS cannot be reached, and creates nothing', async () => {
    const offline = await startTestApp(ctx.database, {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
    });
    const before = await userCount();
    try {
      const client = new TestClient(offline.app);
      await client.fetchCsrf();
      const credential = await google.signIdToken({ email: 'offline@example.com' });
      const response = await client.post(ROUTES.auth.receiver, `credential=${encodeURIComponent(credential)}`, {
        headers: form,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().status).toBe('error');
      expect(await userCount(ctx, 'offline@example.com')).toBe(0);
      expect(await userCount()).toBe(before);
    } finally {
      await offline.app.close();
    }
  });
});

describe.each(embeddedDatabaseOnly)('dev sign-in on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());
  const countUsers = async () => {
    const row = itemAt(await database.db.select({ n: sql<number>`count(*)::int` }).from(users), 0);
    return Number(row.n);
  };

  it('works by default without GOOGLE_CLIENT_ID and answers 404 when DEV_LOGIN=false', async () => {
    const { app: on } = await startTestApp(database);
    const { app: off } = await startTestApp(database, { DEV_LOGIN: 'false' });
    try {
      const client = await signedInClient(on, 'Dev@Example.com');
      expect(client.user.email).toBe('dev@example.com');
      expect((await client.get(ROUTES.auth.me)).json()).toEqual(client.user);

      const before = await countUsers();
      const refused = new TestClient(off);
      await refused.fetchCsrf();
      const response = await refused.post(ROUTES.auth.devSignIn, { email: 'refused@example.com' });
      expect(response.statusCode).toBe(404);
      expect(refused.sessionId).toBeUndefined();
      expect(await countUsers()).toBe(before);
      // The Google route says it is not configured rather than failing.
      expect((await refused.post(ROUTES.auth.receiver, 'credential=x', { headers: form })).statusCode).toBe(503);
    } finally {
      await on.close();
      await off.close();
    }
  });

  it('refuses an invalid e-mail with a field message', async () => {
    const { app } = await startTestApp(database);
    try {
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.post(ROUTES.auth.devSignIn, { email: 'not-an-email' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ email: ['Enter a valid e-mail address.'] });
    } finally {
      await app.close();
    }
  });
});
