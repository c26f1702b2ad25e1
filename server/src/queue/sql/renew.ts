import type { Database } from '../../db/client.js';
import type { TaskTable } from '../task.js';

/** Extends the lease of the tasks this worker still holds (running or waiting to start). */
export async function renewLeases(
  database: Database,
  table: TaskTable,
  workerId: string,
  ids: number[],
  leaseMs: number,
) {
  await database.executeSql(
    `UPDATE ${table.name} SET lease_expires_at = now() + $2 * interval '1 millisecond'
      WHERE id IN (SELECT jsonb_array_elements_text($3::jsonb)::int) AND claimed_by = $1 AND status = 'IN_PROGRESS'`,
    [workerId, leaseMs, JSON.stringify(ids)],
  );
}
