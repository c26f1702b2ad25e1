import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { ensurePgliteTemplate, openDatabase } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { applyCatalog, defaultCatalogFile } from '../src/models/catalog.js';
import { serverFile } from '../src/paths.js';

const migrationsFolder = serverFile('src/db/migrations');

/** What a migrated database depends on: the empty template (named by its PGlite version), the migrations, the catalog. */
function sourcesHash(emptyTemplate: string): string {
  const hash = crypto.createHash('sha256').update(path.basename(emptyTemplate));
  const migrationFiles = (fs.readdirSync(migrationsFolder, { recursive: true }) as string[])
    .map((name) => path.join(migrationsFolder, name))
    .filter((file) => fs.statSync(file).isFile())
    .sort();
  for (const file of [...migrationFiles, defaultCatalogFile]) {
    hash.update(path.relative(migrationsFolder, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A PGlite data directory with every migration and the model catalog applied, as a gzipped tarball next to the empty
 * one under node_modules/.cache. Migrating and loading the catalog were more than half of each test database's start
 * (about 10 s against 4.5 s from this template, on a loaded 2-core machine); the suite's global setup makes it once,
 * and every test database opens a copy of it.
 */
export async function ensureMigratedPgliteTemplate(): Promise<string> {
  const empty = await ensurePgliteTemplate();
  const prefix = `${path.basename(empty, '.tgz')}-migrated-`;
  const file = path.join(path.dirname(empty), `${prefix}${sourcesHash(empty)}.tgz`);
  if (fs.existsSync(file)) return file;

  const client = new PGlite({ loadDataDir: new Blob([fs.readFileSync(empty)]) });
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    await applyCatalog(db);
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    // Written aside and renamed, so a file that exists is always whole, even with two runs at once.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, tarball);
    fs.renameSync(partial, file);
  } finally {
    await client.close();
  }
  // Templates of earlier migrations are of no more use.
  for (const name of fs.readdirSync(path.dirname(empty))) {
    const stale = path.join(path.dirname(empty), name);
    if (name.startsWith(prefix) && name.endsWith('.tgz') && stale !== file) fs.rmSync(stale, { force: true });
  }
  return file;
}

/** An empty PostgreSQL database next to TEST_DATABASE_URL's (a copy of `template` if named), and a function that drops it. */
export async function createScratchPostgresDatabase(prefix: string, template?: string) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const runAsAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await runAsAdmin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runAsAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Where the global setup tells the test files the name of this run's migrated PostgreSQL template. */
export const POSTGRES_TEMPLATE_ENV = 'PROMPTGRID_TEST_POSTGRES_TEMPLATE';

/**
 * A migrated PostgreSQL database holding the model catalog, for this run only: test databases are made as copies of
 * it (CREATE DATABASE ... TEMPLATE), which took 0.3 s against 1.4 s to create and migrate one on a loaded machine.
 * Nothing stays connected to it, as a copy requires. Returns the function that drops it.
 */
export async function createPostgresTemplate(): Promise<() => Promise<void>> {
  const scratch = await createScratchPostgresDatabase('promptgrid_template');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 1 });
  try {
    await applyCatalog(database.db);
  } finally {
    await database.close();
  }
  process.env[POSTGRES_TEMPLATE_ENV] = new URL(scratch.url).pathname.slice(1);
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await scratch.drop();
  };
}
