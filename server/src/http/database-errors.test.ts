import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX, ROUTES } from '@promptgrid/contract';
import { createTestApp, createTestDatabase, databaseKinds, signedInClient } from '../../test/harness.js';
import { registerErrorHandling, withSafeLogging } from './errors.js';

const SECRET = 'sk-ant-do-not-log-this-prompt';

describe.each(databaseKinds)('database errors on %s', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: ReturnType<typeof Fastify>;
  let log = '';
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk;
        done();
      },
    });
    app = Fastify({ logger: withSafeLogging({ level: 'info', stream }) });
    registerErrorHandling(app);
    // Statements that fail in the database itself, with a secret among their bound values.
    app.get('/out-of-range', () => database.db.execute(sql`select ${String(ID_MAX + 1)}::int, ${SECRET}::text`));
    app.get('/bad-text', () => database.db.execute(sql`select ${SECRET}::int`));
    app.get('/server-fault', () => database.db.execute(sql`select * from no_such_table where name = ${SECRET}`));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 400 for a data exception (SQLSTATE class 22) and logs it without the bound values', async () => {
    for (const url of ['/out-of-range', '/bad-text']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['A value of the request is out of range or not valid.'] });
    }
    expect(log).toContain('"code":"22003"');
    expect(log).toContain('"code":"22P02"');
    expect(log).not.toContain(SECRET);
  });

  it('answers 500 for any other database error, logging its code and statement but no value', async () => {
    const response = await app.inject({ url: '/server-fault' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error.' });
    expect(log).toContain('"code":"42P01"');
    expect(log).toContain('no_such_table');
    expect(log).not.toContain(SECRET);
  });
});

describe.each(databaseKinds)('ids and text the database cannot hold, on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('answers 400, not 500, for ids beyond int4 in paths, query strings and bodies', async () => {
    const alice = await signedInClient(ctx.app);
    const tooBig = ID_MAX + 1;
    for (const url of [
      ROUTES.project(tooBig),
      ROUTES.configurations(tooBig),
      ROUTES.evaluationResults(tooBig),
      ROUTES.apiRequests(tooBig),
      ROUTES.results(tooBig),
      `${ROUTES.evaluations}?project=${tooBig}`,
    ]) {
      const response = await alice.get(url);
      expect(response.statusCode, url).toBe(400);
    }
    expect((await alice.get(ROUTES.project(ID_MAX))).statusCode).toBe(404);
    const run = await alice.post(ROUTES.runEvaluation, { configuration_ids: [tooBig], input_ids: [], use_mock: true });
    expect(run.statusCode).toBe(400);
    expect(run.json()).toEqual({ 'configuration_ids.0': ['Not a valid id.'] });
    expect((await alice.delete(ROUTES.apiKey(2 ** 53))).statusCode).toBe(400);
    expect((await alice.delete(ROUTES.input(1, tooBig))).statusCode).toBe(400);
  });

  it('refuses a NUL character in text fields with a field message', async () => {
    const alice = await signedInClient(ctx.app);
    const response = await alice.post(ROUTES.projects, { name: 'a\u0000b', description: 'ok' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: ['Project name must not contain a NUL character.'] });
    const project = (await alice.post(ROUTES.projects, { name: 'P', description: 'D' })).json();
    const input = await alice.post(ROUTES.inputs(project.id), { name: 'n', content: 'x\u0000' });
    expect(input.json()).toEqual({ content: ['Content must not contain a NUL character.'] });
    const key = await alice.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-\u0000abc', label: 'l' });
    expect(key.statusCode).toBe(400);
    expect((await alice.get(ROUTES.projects)).json()).toHaveLength(1);
  });
});
