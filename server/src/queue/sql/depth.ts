import type { Database } from '../../db/client.js';
import type { TaskTable } from '../task.js';

/** Ready tasks of one lane: how many, and how long the oldest has waited (since it was added or handed back). */
export type LaneDepth = { lane: string; ready: number; oldest_seconds: number };

/** How much work waits to be claimed, per lane of a table, read through the queue index. */
export async function readyDepth(database: Database, table: TaskTable): Promise<LaneDepth[]> {
  const { rows } = await database.executeSql<LaneDepth>(
    `SELECT ${table.laneColumn} AS lane, count(*)::int AS ready,
            extract(epoch FROM now() - min(updated_at))::float8 AS oldest_seconds
       FROM ${table.name}
      WHERE status = 'PENDING'
      GROUP BY ${table.laneColumn}`,
    [],
  );
  return rows;
}
