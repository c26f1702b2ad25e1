import fc from 'fast-check';
import { ROUTES } from '@promptgrid/contract';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { createTestApp, embeddedDatabaseOnly, signedInClient, type TestClient } from './harness.js';
import type { EntityIds } from './access-rules.js';
import { bodyOf, plantEntities, servedRouteCases, targetOf, type RouteCase } from './route-table.js';
import { itemAt } from '@promptgrid/test-support';

const SEED = 16;
const RUNS = 25;
/** Each test walks every route of the table RUNS times, so it grows with the table; a busy 2-core machine needs time. */
const WHOLE_ROUTE_TABLE_MS = 120_000;

/** Ids no route may accept (as text, not yet encoded): out of int4, negative, not numbers, NUL. */
const badId = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '2147483648',
    '4294967296',
    '9223372036854775808',
    '1e400',
    'abc',
    '1.5',
    'NaN',
    '\u0000',
    '1\u0000',
  ),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }).map(String),
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => Number.isNaN(Number(s))),
);

const withNul = fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`);
const badNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 53, -1, 1.5, 1e308, 'abc', null, true),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }),
);
/** A value that is wrong for a field that holds `example`: wrong type, out of range, or text with a NUL. */
function badValueFor(example: unknown): fc.Arbitrary<unknown> {
  if (typeof example === 'string')
    return fc.oneof(withNul, fc.integer(), fc.constant(null), fc.array(fc.string()), fc.object());
  if (typeof example === 'number') return badNumber;
  if (typeof example === 'boolean') return fc.oneof(fc.constantFrom('true', 1, 0, null), fc.object());
  if (Array.isArray(example))
    return fc.oneof(fc.array(badNumber, { minLength: 1, maxLength: 3 }), withNul, fc.object());
  return fc.oneof(withNul, badNumber);
}

/** The example body with one to all of its fields made bad, or a JSON value that is not an object at all. */
function badBodyFrom(example: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.keys(example);
  const mutated = fc
    .subarray(fields, { minLength: 1 })
    .chain((chosen) =>
      fc
        .tuple(...chosen.map((field) => badValueFor(example[field])))
        .map((values) => ({ ...example, ...Object.fromEntries(chosen.map((field, i) => [field, values[i]])) })),
    );
  const notAnObject = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
  );
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: notAnObject });
}

describe.each(embeddedDatabaseOnly)('bad input to every route on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let bob: TestClient;
  let bobIds: EntityIds;
  let cases: RouteCase[];

  const tables = Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[];
  const countRows = `select ${tables
    .map((table) => `(select count(*)::int from "${getTableName(table)}") as "${getTableName(table)}"`)
    .join(', ')}`;
  async function rowCounts(): Promise<Record<string, number>> {
    return itemAt((await ctx.database.executeSql<Record<string, number>>(countRows)).rows, 0);
  }

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    bob = await signedInClient(ctx.app);
    bobIds = await plantEntities(bob);
    cases = servedRouteCases(ctx.app).filter((c) => c.rule?.access !== 'page');
  });
  afterAll(() => ctx?.close());

  /** Runs `property` for each route; returns every route's first counterexample instead of stopping at one. */
  async function failuresOver<T>(
    routes: RouteCase[],
    input: (c: RouteCase) => fc.Arbitrary<T>,
    send: (c: RouteCase, value: T) => Promise<{ statusCode: number; body: string }>,
  ): Promise<string[]> {
    const failures: string[] = [];
    for (const c of routes) {
      const result = await fc.check(
        fc.asyncProperty(input(c), async (value) => {
          const before = await rowCounts();
          const response = await send(c, value);
          if (response.statusCode >= 500)
            throw new Error(`answered ${response.statusCode} ${response.body.slice(0, 100)}`);
          const after = await rowCounts();
          if (JSON.stringify(after) !== JSON.stringify(before))
            throw new Error(`rows changed: ${JSON.stringify(after)}`);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      if (result.failed) {
        failures.push(
          `${c.key} with ${JSON.stringify(result.counterexample?.[0])}: ${String(result.errorInstance).slice(0, 200)}`,
        );
      }
    }
    return failures;
  }

  it(
    'never answers 5xx to bad ids in paths, and creates or deletes nothing',
    async () => {
      const routes = cases.filter((c) => /:\w+/.test(c.url));
      expect(routes.length).toBeGreaterThanOrEqual(12);
      const failures = await failuresOver(
        routes,
        () => badId,
        (c, id) => {
          const { payload } = bodyOf(c.rule, bobIds);
          const path = c.url.replace(/:\w+/g, encodeURIComponent(id));
          return bob.request(c.method, path, payload && JSON.parse(payload));
        },
      );
      expect(failures).toEqual([]);
    },
    WHOLE_ROUTE_TABLE_MS,
  );

  it(
    'never answers 5xx to bad query strings, and creates or deletes nothing',
    async () => {
      const routes = cases.filter((c) => c.route.schema?.querystring);
      expect(routes.length).toBeGreaterThanOrEqual(5);
      const query = fc.tuple(
        badId,
        fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(badId, withNul), { maxKeys: 3 }),
      );
      const failures = await failuresOver(
        routes,
        () => query,
        (c, [id, extra]) => {
          const [path, search = ''] = targetOf(c, bobIds).split('?');
          const params = new URLSearchParams(search);
          for (const name of [...params.keys()]) params.set(name, id);
          for (const [name, value] of Object.entries(extra)) params.append(name, value);
          return bob.get(`${path}?${params.toString()}`);
        },
      );
      expect(failures).toEqual([]);
    },
    WHOLE_ROUTE_TABLE_MS,
  );

  it(
    'never answers 5xx to bad bodies, and creates or deletes nothing',
    async () => {
      const routes = cases.filter((c) => c.route.schema?.body && c.rule?.bodies !== 'form');
      expect(routes.length).toBeGreaterThanOrEqual(10);
      const failures = await failuresOver(
        routes,
        (c) => badBodyFrom((c.rule?.body?.(bobIds) as Record<string, unknown> | undefined) ?? {}),
        (c, body) =>
          bob.request(c.method, targetOf(c, bobIds), JSON.stringify(body), {
            headers: { 'content-type': 'application/json' },
          }),
      );
      expect(failures).toEqual([]);
    },
    WHOLE_ROUTE_TABLE_MS,
  );

  it('refuses hop-by-hop and routing headers on an endpoint in any spelling, with a field message', async () => {
    const reservedName = fc
      .tuple(
        fc.constantFrom(
          'Host',
          'Connection',
          'Keep-Alive',
          'Proxy-Authorization',
          'Proxy-Connection',
          'TE',
          'Trailer',
          'Upgrade',
          'Content-Length',
          'Transfer-Encoding',
          'X-Forwarded-For',
          'X-Forwarded-Host',
          'X-Forwarded-Proto',
          'Forwarded',
        ),
        fc.infiniteStream(fc.boolean()),
      )
      .map(([name, upper]) => [...name].map((c) => (upper.next().value ? c.toUpperCase() : c.toLowerCase())).join(''));
    const payload = fc.record({
      name: reservedName,
      value: fc.constantFrom('internal-admin.example', '10.0.0.1', '0'),
    });
    await fc.assert(
      fc.asyncProperty(payload, fc.boolean(), async ({ name, value }, update) => {
        const before = await rowCounts();
        const headers = { 'X-Team': 'evals', [name]: value };
        const response = update
          ? await bob.put(ROUTES.endpoint(bobIds.endpoint), { headers })
          : await bob.post(ROUTES.endpoints, { name: 'E', base_url: 'http://127.0.0.1:9/v1', headers });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().headers[0]).toMatch(new RegExp(`^${name} cannot be set on an endpoint`));
        expect(await rowCounts()).toEqual(before);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
