import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions as RequestToInject, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, ROUTES, SECURE_COOKIE_PREFIX, SESSION_COOKIE, STORAGE_KEYS } from '@promptgrid/contract';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { applyCatalog } from '../src/models/catalog.js';
import type { QueueEvents } from '../src/queue/events.js';
import {
  POSTGRES_TEMPLATE_ENV,
  createScratchPostgresDatabase,
  ensureMigratedPgliteTemplate,
} from './database-templates.js';

export { createScratchPostgresDatabase };

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * For tests of what the database does (queries, transactions, locks, notifications, cascades, error codes): PGlite
 * always, PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
 */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * For tests of what the HTTP layer and the services above the queries decide (validation, headers, sign-in, the
 * checks, ownership answers): the database engine changes none of it, so they run once, on PGlite.
 */
export const embeddedDatabaseOnly: DatabaseKind[] = ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh, migrated database with the model catalog: PGlite from a template already migrated and holding the catalog,
 * or a new PostgreSQL database (a copy of the run's migrated template, see global-setup.ts) dropped on close.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    pgliteTemplate ??= ensureMigratedPgliteTemplate().then((file) => new Blob([fs.readFileSync(file)]));
    return openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate });
  }
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const scratch = await createScratchPostgresDatabase('promptgrid_test', template);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 10 });
  if (!template) await applyCatalog(database.db);
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export type TestEnv = Record<string, string | undefined>;

/**
 * `workers`: run this process's evaluation worker; `workerEvents`: where it reports what it does; `logger`: the app's
 * logger options (none: no log).
 */
export type TestAppOptions = { workers?: boolean; workerEvents?: QueueEvents; logger?: BuildAppOptions['logger'] };

/** A ready app over an existing database, with the suite's settings under `env`; closing it leaves the database open. */
export async function startTestApp(database: Database, env: TestEnv = {}, options: TestAppOptions = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/promptgrid-test-unused',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Without workers no run ever finishes, so each would hold one of the user's run slots for good.
    MAX_ACTIVE_RUNS_PER_USER: '1000',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    workers: options.workers ?? false,
    workerEvents: options.workerEvents,
    logger: options.logger,
  });
  await app.ready();
  return { app, config };
}

export async function createTestApp(kind: DatabaseKind, env: TestEnv = {}, options: TestAppOptions = {}) {
  const database = await createTestDatabase(kind);
  const { app, config } = await startTestApp(database, env, options);
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type InjectOptions = { headers?: Record<string, string>; csrf?: boolean };

/** A browser-like client over inject: keeps the session and CSRF cookies and sends X-CSRFToken on writes. */
export class TestClient {
  cookies: Record<string, string> = {};
  constructor(readonly app: FastifyInstance) {}

  cookieHeader() {
    return Object.entries(this.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  async request(
    method: string,
    url: string,
    body?: unknown,
    options: InjectOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { cookie: this.cookieHeader(), ...options.headers };
    if (method !== 'GET' && options.csrf !== false && this.csrfToken) headers[CSRF_HEADER] = this.csrfToken;
    const response = await this.app.inject({
      method: method as RequestToInject['method'],
      url,
      headers,
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
    });
    for (const c of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.value === '' || c.maxAge === 0) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
    return response;
  }

  get = (url: string, options?: InjectOptions) => this.request('GET', url, undefined, options);
  post = (url: string, body?: unknown, options?: InjectOptions) => this.request('POST', url, body ?? {}, options);
  put = (url: string, body?: unknown, options?: InjectOptions) => this.request('PUT', url, body ?? {}, options);
  patch = (url: string, body?: unknown, options?: InjectOptions) => this.request('PATCH', url, body ?? {}, options);
  delete = (url: string, options?: InjectOptions) => this.request('DELETE', url, undefined, options);

  async fetchCsrf() {
    await this.get(ROUTES.auth.csrfToken);
    return this.csrfToken;
  }

  /** The cookie by its name, or by its `__Host-` name when the app is served over https. */
  private cookie(name: string): string | undefined {
    return this.cookies[name] ?? this.cookies[`${SECURE_COOKIE_PREFIX}${name}`];
  }

  get csrfToken() {
    return this.cookie(STORAGE_KEYS.csrfCookie);
  }

  get sessionId() {
    return this.cookie(SESSION_COOKIE);
  }
}

/** A client signed in through the dev sign-in. */
export async function signedInClient(
  app: FastifyInstance,
  email = `user-${crypto.randomBytes(4).toString('hex')}@example.com`,
) {
  const client = new TestClient(app);
  await client.fetchCsrf();
  const response = await client.post(ROUTES.auth.devSignIn, { email });
  if (response.statusCode !== 200) throw new Error(`dev sign-in failed: ${response.statusCode} ${response.body}`);
  return Object.assign(client, { user: response.json().user as { id: number; email: string } });
}
