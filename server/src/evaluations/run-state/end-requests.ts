import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { failTasks } from '../../queue/sql/fail.js';
import { CALL_TABLE } from '../tasks/tables.js';

/**
 * Ends the evaluation's requests in `status` as FAILED with `message` (the queue's failTasks), counting them as
 * writeOutcomes does; answers how many it ended and whether that completed the evaluation. A row a worker claimed or
 * wrote meanwhile no longer matches and is left alone, so no request ends twice. The evaluation row is locked last, as
 * writeOutcomes locks it after the rows it finishes, so the two cannot deadlock.
 */
export async function failRequestsIn(
  database: Database,
  evaluationId: number,
  status: 'PENDING' | 'IN_PROGRESS',
  message: string,
): Promise<{ ended: number; completed: boolean }> {
  const rows = await queryRows<{ ended: number; completed: boolean }>(
    database.db,
    sql`
    WITH ended AS (${failTasks({
      table: CALL_TABLE,
      where: sql`t.evaluation_id = ${evaluationId}`,
      statuses: [status],
      set: sql`status = 'FAILED', error_message = ${message}, execution_time = 0, input_token_total_count = NULL,
               output_token_count = NULL, reasoning_tokens = NULL`,
      returning: sql`t.id`,
    })}
    ), counted AS (SELECT count(*)::int AS n FROM ended)
    UPDATE evaluations e
       SET finished_requests = e.finished_requests + c.n
      FROM counted c
     WHERE e.id = ${evaluationId} AND c.n > 0
    RETURNING c.n AS ended, settle_evaluation(e.id) AS completed`,
  );
  return { ended: rows[0]?.ended ?? 0, completed: rows[0]?.completed ?? false };
}

/**
 * Ends every PENDING request of an evaluation as FAILED with `message` (and a requests's execution_time 0), counting them
 * into the evaluation's finished_requests; the write that brings the count to the total completes the evaluation
 * (settle_evaluation), as writeOutcomes does. Answers how many it ended.
 */
export async function failPendingRequests(database: Database, evaluationId: number, message: string): Promise<number> {
  return (await failRequestsIn(database, evaluationId, 'PENDING', message)).ended;
}

/**
 * Ends every IN_PROGRESS request of an evaluation as FAILED with `message`, whichever worker holds it, counted like
 * failPendingRequests. The worker's own write for such a row comes later and is dropped (writeOutcomes only writes
 * rows still IN_PROGRESS under that worker); its call is aborted separately (QueueWorker.cancelGroup).
 */
export async function failRunningRequests(database: Database, evaluationId: number, message: string): Promise<number> {
  return (await failRequestsIn(database, evaluationId, 'IN_PROGRESS', message)).ended;
}
