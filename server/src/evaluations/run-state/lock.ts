import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * Locks the runs' rows in id order, first thing in a transaction that changes their counts. Every statement here that
 * changes several runs, or a run and its tasks in more than one statement, takes its runs' locks this way, so two of
 * them (a worker's write and a cancel, two workers' writes) wait for each other instead of deadlocking.
 */
export async function lockRuns(tx: Tx, evaluationIds: readonly number[]) {
  const ids = JSON.stringify([...new Set(evaluationIds)].sort((a, b) => a - b));
  await tx.execute(
    sql`SELECT id FROM evaluations WHERE id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::int)
         ORDER BY id FOR UPDATE`,
  );
}
