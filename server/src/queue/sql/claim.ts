import type { Database } from '../../db/client.js';
import type { ClaimedTask, TaskTable } from '../task.js';

/**
 * A claim: up to `limit` tasks of a lane for a worker, held under a lease of `leaseMs`. On a table with fairness,
 * `owners` caps what one owner may hold: `held` counts what the worker already holds of each, `maxHeld` the most
 * it may hold of one.
 */
export type Claim = {
  workerId: string;
  lane: string;
  limit: number;
  leaseMs: number;
  owners?: { held: ReadonlyMap<number, number>; maxHeld: number };
};

/**
 * The tasks a claim takes: ready ones, or held ones whose lease ran out (their worker died or stalled). Never the
 * claiming worker's own: a worker whose renewals ran late (a paused event loop) still runs those tasks or holds their
 * results for its next write, and claiming them again would run them twice.
 */
const READY = `status = 'PENDING'`;
export const LEASE_EXPIRED = `status = 'IN_PROGRESS' AND lease_expires_at < now() AND claimed_by IS DISTINCT FROM $1`;

/** What a claim sets on every task it takes: IN_PROGRESS under the worker's id and lease, one more attempt. */
const claimedBy = (table: TaskTable) =>
  `status = 'IN_PROGRESS', attempts = attempts + 1, claimed_by = $1,
   lease_expires_at = now() + $2 * interval '1 millisecond', updated_at = now()${table.onClaim ? `, ${table.onClaim}` : ''}`;

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
        SET ${claimedBy(table)}
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

/**
 * Claims ready tasks taking turns between owners, and within an owner between groups, so a small run started after
 * another user's big one starts at the next claim instead of after it: the first ready task of every owner, then the
 * second, and so on (an owner's turn goes round its groups the same way). Tasks of one group are taken in the order
 * they were added. An owner already holding `owners.maxHeld` in this worker gets nothing more.
 *
 * The groups with ready tasks are found by a loose index scan (a recursive CTE that jumps from one group to the next
 * on the queue index), so a claim reads a few rows per group however many tasks wait; each group's candidates are
 * locked with SKIP LOCKED as in claimTasks, so workers claiming at once still take different rows.
 */
async function claimFairly<Task extends ClaimedTask>(
  database: Database,
  table: TaskTable & { fairness: NonNullable<TaskTable['fairness']> },
  { workerId, lane, limit, leaseMs, owners }: Claim,
): Promise<Task[]> {
  const { name, laneColumn: laneOf } = table;
  const { groupColumn: groupOf, ownerOfGroup } = table.fairness;
  const ready = `${laneOf} = $3 AND status = 'PENDING'`;
  const held = Object.fromEntries(owners?.held ?? []);
  const { rows } = await database.executeSql<Task & { turn?: number }>(
    `WITH RECURSIVE waiting(grp) AS (
         (SELECT ${groupOf} FROM ${name} WHERE ${ready} ORDER BY ${groupOf} LIMIT 1)
       UNION ALL
         SELECT (SELECT ${groupOf} FROM ${name} WHERE ${ready} AND ${groupOf} > waiting.grp ORDER BY ${groupOf} LIMIT 1)
           FROM waiting WHERE waiting.grp IS NOT NULL
     ),
     candidate AS (
       SELECT task.id, owner.id AS owner, task.place, waiting.grp
         FROM waiting
        CROSS JOIN LATERAL (${ownerOfGroup('waiting.grp')}) AS owner(id)
        CROSS JOIN LATERAL (
          SELECT id, row_number() OVER (ORDER BY id) AS place
            FROM (SELECT id FROM ${name} WHERE ${ready} AND ${groupOf} = waiting.grp
                   ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED) AS locked
        ) AS task
        WHERE waiting.grp IS NOT NULL
     ),
     in_turn AS (
       SELECT id, owner, row_number() OVER (PARTITION BY owner ORDER BY place, grp) AS turn FROM candidate
     ),
     chosen AS (
       SELECT id AS task_id, owner, turn FROM in_turn
        WHERE turn <= $6 - coalesce(($5::jsonb ->> owner::text)::int, 0)
        ORDER BY turn, id
        LIMIT $4
     )
     UPDATE ${name}
        SET ${claimedBy(table)}
       FROM chosen
      WHERE ${name}.id = chosen.task_id
      RETURNING ${table.columns}, chosen.owner, chosen.turn`,
    [workerId, leaseMs, lane, limit, JSON.stringify(held), owners?.maxHeld ?? limit],
  );
  rows.sort((a, b) => (a.turn ?? 0) - (b.turn ?? 0) || a.id - b.id);
  for (const row of rows) delete row.turn;
  return rows;
}

/** Claims ready (PENDING) tasks: taking turns between owners where the table says how to find them, else in id order. */
export const claimReady = <Task extends ClaimedTask>(database: Database, table: TaskTable, claim: Claim) =>
  table.fairness
    ? claimFairly<Task>(database, { ...table, fairness: table.fairness }, claim)
    : claimTasks<Task>(database, table, READY, claim);
