import { sql, type SQL } from 'drizzle-orm';
import type { TaskTable } from '../task.js';

/**
 * The UPDATE that ends a batch of tasks with their results, for a handler's write to build on: `set` (the handler's
 * columns and final status) from `results` (a query or CTE name with `id` and `lease` columns, aliased `v`, one row
 * per id), only where the task is still IN_PROGRESS under `workerId` at the attempt it was claimed at (its lease token,
 * task.ts's Leased). A task another worker took over, even one this worker claimed back since, or that a cancel ended
 * meanwhile, is left alone, so each task ends exactly once; a retried write of a batch that had landed changes nothing. The task's row
 * is aliased `t` for `set` and `returning`. Like graphile-worker's completeJobs, one statement ends a whole batch.
 */
export const completeTasks = ({
  table,
  workerId,
  results,
  set,
  returning,
}: {
  table: TaskTable;
  workerId: string;
  results: SQL;
  set: SQL;
  returning: SQL;
}) => sql`
  UPDATE ${sql.raw(table.name)} t
     SET ${set}, lease_expires_at = NULL, updated_at = now()
    FROM ${results} v
   WHERE t.id = v.id AND t.status = 'IN_PROGRESS' AND t.claimed_by = ${workerId} AND t.attempts = v.lease
  RETURNING ${returning}`;
