import type { Database } from '../db/client.js';
import { CALL_TABLE, JUDGE_TABLE, LANES } from '../evaluations/tasks/tables.js';
import { readyDepth } from '../queue/sql/depth.js';
import type { Metrics } from './registry.js';

const QUEUES = [
  { task: 'call', table: CALL_TABLE },
  { task: 'judge', table: JUDGE_TABLE },
] as const;

/** Sets the queue gauges from the tables: every lane shows, 0 when nothing waits in it. */
export async function collectQueueDepth(database: Database, metrics: Metrics) {
  const depths = await Promise.all(
    QUEUES.map(async ({ task, table }) => ({ task, lanes: await readyDepth(database, table) })),
  );
  for (const { task, lanes } of depths)
    for (const lane of LANES) {
      const depth = lanes.find((l) => l.lane === lane);
      metrics.queueDepth.set({ task, lane }, depth?.ready ?? 0);
      metrics.queueOldestReady.set({ task, lane }, depth?.oldest_seconds ?? 0);
    }
}
