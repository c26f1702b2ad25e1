import { sql, type SQL } from 'drizzle-orm';
import type { TaskTable } from '../task.js';

/**
 * The UPDATE that ends unfinished tasks whoever holds them (a cancel, a spent budget): those matching `where` in one
 * of `statuses` get `set` (their final status and the handler's columns) and lose their lease. The UPDATE takes each
 * row's lock and checks its status again once it has it: a task a worker claimed or ended meanwhile no longer matches
 * and is left alone. A worker still running one learns it when its write finds the task no longer its own
 * (complete.ts). The task's row is aliased `t`.
 */
export const failTasks = ({
  table,
  where,
  statuses,
  set,
  returning,
}: {
  table: TaskTable;
  where: SQL;
  statuses: ('PENDING' | 'IN_PROGRESS')[];
  set: SQL;
  returning: SQL;
}) => sql`
  UPDATE ${sql.raw(table.name)} t
     SET ${set}, lease_expires_at = NULL, updated_at = now()
   WHERE ${where} AND t.status IN (${sql.join(
     statuses.map((status) => sql`${status}`),
     sql`, `,
   )})
  RETURNING ${returning}`;
