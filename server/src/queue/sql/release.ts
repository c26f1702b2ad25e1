import type { Database } from '../../db/client.js';
import type { TaskTable } from '../task.js';

/**
 * Hands tasks back when a worker stops: their leases run out now, so any worker claims them at once (and the table's
 * trigger announces them). An interrupted task's claim still counts as an attempt; an unstarted one never ran, so its
 * claim is taken back. The lease ends a second in the past rather than at now(): a claim in the same millisecond
 * (the embedded database's clock) would otherwise still see it running (`lease_expires_at < now()`).
 */
export async function releaseTasks(
  database: Database,
  table: TaskTable,
  workerId: string,
  { interrupted, unstarted }: { interrupted: number[]; unstarted: number[] },
) {
  await database.executeSql(
    `UPDATE ${table.name}
        SET lease_expires_at = now() - interval '1 second',
            attempts = attempts - CASE WHEN id IN (SELECT jsonb_array_elements_text($3::jsonb)::int) THEN 1 ELSE 0 END
      WHERE id IN (SELECT jsonb_array_elements_text($2::jsonb)::int) AND claimed_by = $1 AND status = 'IN_PROGRESS'`,
    [workerId, JSON.stringify(interrupted.concat(unstarted)), JSON.stringify(unstarted)],
  );
}
