import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

/**
 * The rows of a statement run through Drizzle, typed as the caller's SELECT or RETURNING list makes them. Drizzle's
 * `execute` answers the driver's result (node-postgres' or PGlite's, both `{ rows }`), which the database type shared
 * by both drivers leaves unknown.
 */
export async function rowsOf<Row extends Record<string, unknown>>(db: Db | Tx, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as { rows: Row[] };
  return result.rows;
}
