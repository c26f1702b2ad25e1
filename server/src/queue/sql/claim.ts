import type { Database } from '../../db/client.js';
import type { ClaimedTask, TaskTable } from '../task.js';

/** A claim: up to `limit` tasks of a lane for a worker, held under a lease of `leaseMs`. */
export type Claim = { workerId: string; lane: string; limit: number; leaseMs: number };

/** The tasks a claim takes: ready ones, or held ones whose lease ran out (their worker died). */
const READY = `status = 'PENDING'`;
export const LEASE_EXPIRED = `status = 'IN_PROGRESS' AND lease_expires_at < now()`;

/**
 * Claims up to `limit` tasks of a lane matching `condition`, in id order (the order they were added in): each turns
 * IN_PROGRESS under the worker's id and lease, and counts an attempt. SKIP LOCKED: workers claiming at once take
 * different rows instead of waiting for each other (graphile-worker's get_job does the same).
 */
export async function claimTasks<Task extends ClaimedTask>(
  database: Database,
  table: TaskTable,
  condition: typeof READY | typeof LEASE_EXPIRED,
  { workerId, lane, limit, leaseMs }: Claim,
): Promise<Task[]> {
  const { rows } = await database.executeSql<Task>(
    `UPDATE ${table.name}
        SET status = 'IN_PROGRESS', attempts = attempts + 1, claimed_by = $1,
            lease_expires_at = now() + $2 * interval '1 millisecond', updated_at = now()${table.onClaim ? `, ${table.onClaim}` : ''}
      WHERE id IN (
        SELECT id FROM ${table.name}
         WHERE ${table.laneColumn} = $3 AND ${condition}
         ORDER BY id
         LIMIT $4
         FOR UPDATE SKIP LOCKED)
      RETURNING ${table.columns}`,
    [workerId, leaseMs, lane, limit],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Claims ready (PENDING) tasks. */
export const claimReady = <Task extends ClaimedTask>(database: Database, table: TaskTable, claim: Claim) =>
  claimTasks<Task>(database, table, READY, claim);
