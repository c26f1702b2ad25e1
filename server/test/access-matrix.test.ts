import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, STORAGE_KEYS } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient, TestClient } from './harness.js';
import { ACCESS_RULES, type EntityIds } from './access-rules.js';
import {
  bodyOf,
  otherSpellings,
  plantEntities,
  sendRaw,
  servedRouteCases,
  targetOf,
  type RawResponse,
  type RouteCase,
} from './route-table.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const appliesCsrf = (c: RouteCase) => UNSAFE.has(c.method) && c.rule?.csrf !== false;

/**
 * Generated from the routes the app registers, each with its row in access-rules.ts. Every request is also sent with
 * its path percent-encoded and in absolute form over a real socket: both must answer 400, whatever the check.
 */
describe.each(embeddedDatabaseOnly)('access matrix on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let base: URL;
  let alice: TestClient;
  let bob: TestClient;
  let anonymous: TestClient;
  let aliceIds: EntityIds;
  let bobIds: EntityIds;
  let bobToken: string;
  let cases: RouteCase[];

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = new URL(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
    alice = await signedInClient(ctx.app);
    aliceIds = await plantEntities(alice);
    bob = await signedInClient(ctx.app);
    bobIds = await plantEntities(bob);
    bobToken = (await bob.post(ROUTES.accessTokens, { name: 'Matrix' })).json().token;
    anonymous = new TestClient(ctx.app);
    await anonymous.fetchCsrf();
    cases = servedRouteCases(ctx.app);
  });
  afterAll(() => ctx?.close());

  type Expected = number | ((response: RawResponse) => boolean);
  type Request = { method: string; target: string; headers?: Record<string, string>; payload?: string; page?: boolean };
  /**
   * Sends the request in its three spellings; returns what differed from `expected` (canonical) and 400 (others).
   * Every answer but a page's must also be rate-limited and say `Cache-Control: no-store`.
   */
  async function check(label: string, request: Request, expected: Expected): Promise<string[]> {
    const problems: string[] = [];
    const notStored = (response: RawResponse, target: string) => {
      if (!request.page && !/\bno-store\b/.test(String(response.headers['cache-control'])))
        problems.push(`${label}: ${request.method} ${target} may be cached (${response.headers['cache-control']})`);
    };
    const response = await sendRaw(base, request);
    const ok = typeof expected === 'number' ? response.status === expected : expected(response);
    if (!ok)
      problems.push(
        `${label}: ${request.method} ${request.target} answered ${response.status} ${response.body.slice(0, 120)}`,
      );
    if (!response.headers['x-ratelimit-limit'])
      problems.push(`${label}: ${request.method} ${request.target} is not rate-limited`);
    notStored(response, request.target);
    for (const target of otherSpellings(base, request.target)) {
      const other = await sendRaw(base, { ...request, target });
      if (other.status !== 400)
        problems.push(`${label}: ${request.method} ${target} answered ${other.status}, not 400`);
      notStored(other, target);
    }
    return problems;
  }

  function requestAs(
    c: RouteCase,
    client: TestClient | null,
    ids: EntityIds,
    headers: Record<string, string> = {},
  ): Request {
    const { payload, contentType } = UNSAFE.has(c.method) ? bodyOf(c.rule, ids) : {};
    return {
      page: c.rule?.access === 'page',
      method: c.method,
      target: targetOf(c, ids),
      payload,
      headers: {
        ...(contentType ? { 'content-type': contentType } : {}),
        ...(client ? { cookie: client.cookieHeader(), 'x-csrftoken': client.csrfToken ?? '' } : {}),
        ...headers,
      },
    };
  }

  async function aliceSees() {
    const read = async (url: string) => (await alice.get(url)).json();
    return {
      projects: await read(ROUTES.projects),
      inputs: await read(ROUTES.inputs(aliceIds.project)),
      configurations: await read(ROUTES.configurations(aliceIds.project)),
      keys: await read(ROUTES.apiKeys),
      endpoints: await read(ROUTES.endpoints),
      evaluations: await read(ROUTES.evaluations),
    };
  }

  it('has a row in access-rules.ts for every route, and each route is configured as its row says', () => {
    const missing = cases.filter((c) => !c.rule).map((c) => c.key);
    expect(missing, 'routes without a row in server/test/access-rules.ts').toEqual([]);
    const served = new Set(cases.map((c) => c.key));
    const stale = Object.keys(ACCESS_RULES).filter((key) => !served.has(key) && key !== 'GET <web build file>');
    expect(stale, 'rows for routes the app no longer serves').toEqual([]);
    const disagreeing = cases
      .filter(({ rule, route }) => {
        const config = route.config ?? {};
        return (
          Boolean(config.public) !== (rule!.access !== 'session') ||
          Boolean(config.page) !== (rule!.access === 'page') ||
          (config.csrf === false) !== (rule!.csrf === false) ||
          Boolean(config.sessionOnly) !== (rule!.tokens === false)
        );
      })
      .map((c) => `${c.key}: ${JSON.stringify(c.route.config)}`);
    expect(disagreeing, 'routes whose config differs from their row').toEqual([]);
    expect(cases.filter((c) => c.rule?.access === 'session').length).toBeGreaterThanOrEqual(30);
  });

  it('answers 401 without a session on every session route; public routes answer without one', async () => {
    const problems: string[] = [];
    for (const c of cases) {
      const expected =
        c.rule?.access === 'session'
          ? 401
          : (c.rule?.anonymous ?? ((r: RawResponse) => r.status !== 401 && r.status !== 403));
      problems.push(...(await check('no session', requestAs(c, anonymous, bobIds), expected)));
    }
    expect(problems).toEqual([]);
  });

  it('answers every GET to its owner with Cache-Control: no-store, so no cache keeps their data', async () => {
    const problems: string[] = [];
    const reads = cases.filter((c) => c.method === 'GET' && c.rule?.access !== 'page');
    for (const c of reads)
      problems.push(...(await check('as owner', requestAs(c, bob, bobIds), (r) => r.status !== 500)));
    expect(problems).toEqual([]);
    expect(reads.length).toBeGreaterThanOrEqual(30);
  });

  it("answers 404 for another user's ids on every route that takes ids, and changes nothing of theirs", async () => {
    const before = await aliceSees();
    const problems: string[] = [];
    let checked = 0;
    for (const c of cases.filter((c) => c.rule?.access === 'session')) {
      const idsInBody = JSON.stringify(c.rule!.body?.(aliceIds)) !== JSON.stringify(c.rule!.body?.(bobIds));
      if (!c.rule!.ids && !idsInBody) continue;
      if (c.method === 'GET') problems.push(...(await check('own ids', requestAs(c, bob, bobIds), 200)));
      const expected =
        c.rule!.foreignIds === 'empty-list' ? (r: RawResponse) => r.status === 200 && r.body === '[]' : 404;
      problems.push(...(await check("another user's ids", requestAs(c, bob, aliceIds), expected)));
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(15);
    expect(await aliceSees()).toEqual(before);
  });

  it("with an API token and no CSRF token instead of a cookie, another user's ids answer 404 on every route", async () => {
    const before = await aliceSees();
    const problems: string[] = [];
    const tokenRoutes = cases.filter((c) => c.rule?.access === 'session' && c.rule.tokens !== false);
    let checked = 0;
    for (const c of tokenRoutes) {
      const idsInBody = JSON.stringify(c.rule!.body?.(aliceIds)) !== JSON.stringify(c.rule!.body?.(bobIds));
      if (!c.rule!.ids && !idsInBody) continue;
      const asScript = (ids: EntityIds) => requestAs(c, null, ids, { authorization: `Bearer ${bobToken}` });
      if (c.method === 'GET') problems.push(...(await check('own ids, token', asScript(bobIds), 200)));
      const expected =
        c.rule!.foreignIds === 'empty-list' ? (r: RawResponse) => r.status === 200 && r.body === '[]' : 404;
      problems.push(...(await check("another user's ids, token", asScript(aliceIds), expected)));
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(15);
    expect(await aliceSees()).toEqual(before);
  });

  it('refuses an API token with 401 on every route marked for sessions only, and a revoked token everywhere', async () => {
    const problems: string[] = [];
    const sessionOnly = cases.filter((c) => c.rule?.tokens === false);
    expect(sessionOnly.length).toBeGreaterThanOrEqual(10);
    for (const c of sessionOnly) {
      const request = requestAs(c, null, bobIds, { authorization: `Bearer ${bobToken}` });
      problems.push(...(await check('token on a session-only route', request, 401)));
    }
    const revoked = (await bob.post(ROUTES.accessTokens, { name: 'Revoked' })).json();
    expect((await bob.delete(ROUTES.accessToken(revoked.id))).statusCode).toBe(204);
    for (const c of cases.filter((c) => c.rule?.access === 'session')) {
      const request = requestAs(c, null, bobIds, { authorization: `Bearer ${revoked.token}` });
      problems.push(...(await check('revoked token', request, 401)));
    }
    expect(problems).toEqual([]);
  });

  it('answers 403 on every unsafe method without the CSRF token, with a wrong one, or with one bound to another session', async () => {
    const before = await aliceSees();
    const problems: string[] = [];
    for (const c of cases.filter(appliesCsrf)) {
      const client = c.rule?.access === 'session' ? bob : anonymous;
      const aliceToken = alice.csrfToken!;
      const sessionCookie = client.cookieHeader().replace(/(^|; )(__Host-)?csrftoken=[^;]*/, '');
      const variants: [string, Record<string, string>][] = [
        ['no CSRF token', { 'x-csrftoken': '' }],
        ['a wrong CSRF token', { 'x-csrftoken': 'wrong-token.wrong-token' }],
        [
          "another session's CSRF token",
          { 'x-csrftoken': aliceToken, cookie: `${sessionCookie}; ${STORAGE_KEYS.csrfCookie}=${aliceToken}` },
        ],
      ];
      for (const [label, headers] of variants) {
        problems.push(...(await check(label, requestAs(c, client, bobIds, headers), 403)));
      }
    }
    // Stripe's webhook is the one opt-out: its signature, not a token, is checked.
    for (const c of cases.filter((c) => UNSAFE.has(c.method) && !appliesCsrf(c))) {
      problems.push(...(await check('opt-out', requestAs(c, null, bobIds), (r) => r.status !== 403)));
    }
    expect(problems).toEqual([]);
    expect(await aliceSees()).toEqual(before);
  });

  it('answers 403 on every unsafe method from a foreign origin, even with a valid token', async () => {
    const problems: string[] = [];
    for (const c of cases.filter(appliesCsrf)) {
      const client = c.rule?.access === 'session' ? bob : anonymous;
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
      ];
      for (const headers of foreign) {
        problems.push(...(await check(`from ${JSON.stringify(headers)}`, requestAs(c, client, bobIds, headers), 403)));
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 400 on every route to a Host header that does not name this server (DNS rebinding)', async () => {
    const problems: string[] = [];
    for (const c of cases) {
      const client = c.rule?.access === 'session' ? bob : anonymous;
      problems.push(
        ...(await check('foreign Host', requestAs(c, client, bobIds, { host: `rebound.example:${base.port}` }), 400)),
      );
    }
    expect(problems).toEqual([]);
  });

  it('refuses form bodies on every unsafe route but the sign-in callback', async () => {
    const before = await aliceSees();
    const projectsBefore = (await bob.get(ROUTES.projects)).json();
    const problems: string[] = [];
    for (const c of cases.filter((c) => UNSAFE.has(c.method) && c.rule?.bodies === undefined)) {
      const client = c.rule?.access === 'session' ? bob : anonymous;
      const request = requestAs(c, client, bobIds, { 'content-type': 'application/x-www-form-urlencoded' });
      const refused = (r: RawResponse) => r.status === 415 || r.status === 400;
      problems.push(
        ...(await check('form body', { ...request, payload: 'name=P&description=D&email=x%40example.com' }, refused)),
      );
    }
    expect(problems).toEqual([]);
    expect((await bob.get(ROUTES.projects)).json()).toEqual(projectsBefore);
    expect(await aliceSees()).toEqual(before);
  });
});
