import { readFileSync } from 'node:fs';
import { serverFile } from '../paths.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client.js';
import { sqlState } from './errors.js';

/** How many migrations this build has: the database is ready for it once as many are recorded as applied. */
const BUNDLED = (
  JSON.parse(readFileSync(serverFile('src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/**
 * Whether the database holds every migration this build brings, as Drizzle's migrator records them. A process whose
 * code is newer than the database (another process is still migrating it, or migrations failed) is not ready.
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  try {
    const [row] = await queryRows<{ applied: number }>(
      database.db,
      sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
    );
    return (row?.applied ?? 0) >= BUNDLED;
  } catch (error) {
    // No migrations table yet: none ran.
    if (sqlState(error) === '42P01') return false;
    throw error;
  }
}
