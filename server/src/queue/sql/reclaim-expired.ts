import type { Database } from '../../db/client.js';
import type { ClaimedTask, TaskTable } from '../task.js';
import { LEASE_EXPIRED, claimTasks, type Claim } from './claim.js';

/**
 * Claims tasks left IN_PROGRESS by a worker whose lease ran out: it died, or stopped and handed them back. The claim
 * counts another attempt, so a task that kills its workers ends after the queue's limit (MAX_ATTEMPTS).
 */
export const reclaimExpired = <Task extends ClaimedTask>(database: Database, table: TaskTable, claim: Claim) =>
  claimTasks<Task>(database, table, LEASE_EXPIRED, claim);

/**
 * Lets every lease run out. Only for the embedded database: one process at a time can open it, so whatever is
 * IN_PROGRESS when it opens was left by a process that died, and can be claimed at once. The lease is set a second in
 * the past, not to now(): a claim in the same millisecond would otherwise still see it as running (`< now()`).
 */
export async function expireAllLeases(database: Database, table: TaskTable) {
  await database.executeSql(
    `UPDATE ${table.name} SET lease_expires_at = now() - interval '1 second' WHERE status = 'IN_PROGRESS'`,
    [],
  );
}
