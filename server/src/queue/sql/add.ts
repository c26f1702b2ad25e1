import { sql, type SQL } from 'drizzle-orm';
import type { TaskTable } from '../task.js';

/**
 * Adds tasks: an INSERT of their rows (`rows`, a query or VALUES of `columns`) with the queue's columns left at their
 * defaults (PENDING, no attempt, no holder), in the caller's transaction, so the work and its tasks commit together
 * (graphile-worker's add_job is likewise a call inside the caller's transaction). The table's trigger announces them at
 * commit (`notify_ready_work`).
 */
export const addTasks = (table: TaskTable, columns: SQL, rows: SQL) =>
  sql`INSERT INTO ${sql.raw(table.name)} (${columns}) ${rows}`;

/** The assignments that add an ended task again (a re-run): ready, no attempt, no holder. */
export const readyAgain = sql`status = 'PENDING', attempts = 0, claimed_by = NULL, lease_expires_at = NULL, updated_at = now()`;
