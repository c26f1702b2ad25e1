import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PgliteThread } from './pglite-thread.js';
import * as schema from './schema.js';
import { serverFile } from '../paths.js';

/**
 * What both drivers answer to a raw statement: node-postgres's QueryResult and PGlite's Results both carry the rows
 * as `rows`, so `execute<Row>()` is typed by the row the caller names, on either driver.
 */
type RowsResult<Row> = { rows: Row[] };
interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}

export type Db = PgDatabase<RowsResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a statement Drizzle's query builder does not express, typed as the caller names them. */
export async function queryRows<Row extends Record<string, unknown>>(db: Db | Tx, statement: SQL): Promise<Row[]> {
  return (await db.execute<Row>(statement)).rows;
}

/**
 * The rows of `query` in the order of its columns `keys`, aggregated by the database into one JSON text. The embedded database hands each
 * row and each field over on its own, microseconds apiece, which made reading a 10,000-request run take most of a
 * second; one text per page of rows costs a fraction of that, and no more on PostgreSQL. A row's keys are its column
 * names; JSON columns come as their values, timestamps as ISO-8601 text with an offset.
 */
export async function jsonRows<Row>(db: Db | Tx, query: SQLWrapper, ...keys: [string, ...string[]]): Promise<Row[]> {
  const order = sql.join(
    keys.map((key) => sql`page.${sql.identifier(key)}`),
    sql`, `,
  );
  const [page] = await queryRows<{ rows: string }>(
    db,
    sql`SELECT coalesce(json_agg(page ORDER BY ${order}), '[]')::text AS rows FROM (${query}) page`,
  );
  return JSON.parse(page?.rows ?? '[]') as Row[];
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for the statements Drizzle does not express (the evaluation queue's); multi-statement text without values. */
  executeSql<Row extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
  /** The embedded database's consistent copy (a gzipped tarball of its data directory); PostgreSQL has pg_dump. */
  backup?: () => Promise<Uint8Array>;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one (for metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

const migrationsFolder = serverFile('src/db/migrations');
const MIGRATION_LOCK = 724_311_001;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; onCrash?: (error: Error) => void };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  // Loaded only for PostgreSQL: the embedded default never holds the pg driver.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {}); // an idle client dropped by the server; the next query reconnects
  const db: Db = drizzlePg(pool, { schema });
  // Several processes may start at once: one migrates, the others wait for it.
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return {
    kind: 'postgres',
    db,
    executeSql: async <Row extends Record<string, unknown>>(text: string, values?: unknown[]) =>
      pool.query<Row>(text, values),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory and are never
 * returned; the data files are read through the OS page cache anyway, so a small pool costs little
 * speed and saves ~130 MB of resident memory.
 */
/**
 * What Drizzle's PGlite driver calls on its client (query, and transaction with a handle it only queries): the thread
 * has exactly that, though the driver's types ask for the PGlite class itself.
 */
type DrizzlePgliteClient = Pick<PGlite, 'query'> & {
  transaction<T>(callback: (tx: Pick<PGlite, 'query'>) => Promise<T>): Promise<T>;
};

const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
const pgliteScript = serverFile('src/db/create-pglite.mjs');

async function runPgliteScript(args: string[]) {
  let stderr = '';
  const child = spawn(process.execPath, [pgliteScript, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`PGlite ${args[0]} failed: ${stderr.trim() || `exit code ${code}`}`);
}

function pglitePackageDir() {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/**
 * An empty PGlite data directory as a gzipped tarball, made once per PGlite version under
 * node_modules/.cache: initdb costs seconds of CPU, unpacking the template a fraction of that.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const packageDir = pglitePackageDir();
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const file = path.join(packageDir, '../../.cache/promptgrid', `pglite-${version}-empty.tgz`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await runPgliteScript(['template', file]);
  }
  return file;
}

/** A new embedded database in a child process (see create-pglite.mjs); a no-op when one is already there. */
async function createPgliteDataDir(dataDir: string) {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  fs.mkdirSync(dataDir, { recursive: true });
  let template: string | null = null;
  try {
    template = await ensurePgliteTemplate();
  } catch {
    // e.g. a read-only node_modules: a plain initdb instead.
  }
  await runPgliteScript(template ? ['create', dataDir, template] : ['create', dataDir]);
}

async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  onCrash?: (error: Error) => void;
}): Promise<Database> {
  if (options.dataDir) await createPgliteDataDir(options.dataDir);
  const client = await PgliteThread.open({ ...options, startParams: pgliteStartParams });
  const drizzleClient: DrizzlePgliteClient = client;
  const pgliteDb = drizzlePglite({ client: drizzleClient as PGlite, schema });
  const db: Db = pgliteDb;
  try {
    await migratePglite(pgliteDb, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    kind: 'pglite',
    db,
    executeSql: async <Row extends Record<string, unknown>>(text: string, values?: unknown[]) => {
      if (values && values.length > 0) return client.query<Row>(text, values);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Row[] };
    },
    close: () => client.close(),
    backup: () => client.dump(),
  };
}
