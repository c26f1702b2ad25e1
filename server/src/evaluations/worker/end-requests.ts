import type { Database } from '../../db/client.js';

/**
 * Ends the evaluation's requests in `status` as FAILED with `message`, counting them as writeOutcomes does; answers
 * how many it ended and whether that completed the evaluation. The UPDATE takes each row's lock and checks its status
 * again once it has it: a row a worker claimed or wrote meanwhile no longer matches and is left alone, so no request
 * ends twice. The evaluation row is locked last, as writeOutcomes locks it after the rows it finishes, so the two
 * cannot deadlock.
 */
export async function failRequestsIn(
  database: Database,
  evaluationId: number,
  status: 'PENDING' | 'IN_PROGRESS',
  message: string,
): Promise<{ ended: number; completed: boolean }> {
  const { rows } = await database.executeSql<{ ended: number; completed: boolean }>(
    `WITH ended AS (
       UPDATE api_requests
          SET status = 'FAILED', error_message = $3, execution_time = 0, input_token_total_count = NULL,
              output_token_count = NULL, lease_expires_at = NULL, updated_at = now()
        WHERE evaluation_id = $1 AND status = $2
       RETURNING id
     ), counted AS (SELECT count(*)::int AS n FROM ended)
     UPDATE evaluations e
        SET finished_requests = e.finished_requests + c.n,
            completed_at = CASE WHEN e.completed_at IS NULL AND e.finished_requests + c.n >= e.total_requests
                                     AND e.pending_judgements = 0
                                THEN now() ELSE e.completed_at END
       FROM counted c
      WHERE e.id = $1 AND c.n > 0
     RETURNING c.n AS ended, e.completed_at IS NOT NULL AS completed`,
    [evaluationId, status, message],
  );
  return { ended: rows[0]?.ended ?? 0, completed: rows[0]?.completed ?? false };
}

/**
 * Ends every PENDING request of an evaluation as FAILED with `message` (and a requests's execution_time 0), counting them
 * into the evaluation's finished_requests; the write that brings the count to the total stamps completed_at, as
 * writeOutcomes does. Answers how many it ended.
 */
export async function failPendingRequests(database: Database, evaluationId: number, message: string): Promise<number> {
  return (await failRequestsIn(database, evaluationId, 'PENDING', message)).ended;
}

/**
 * Ends every IN_PROGRESS request of an evaluation as FAILED with `message`, whichever worker holds it, counted like
 * failPendingRequests. The worker's own write for such a row comes later and is dropped (writeOutcomes only writes
 * rows still IN_PROGRESS under that worker); its call is aborted separately (see EvaluationWorker.cancel).
 */
export async function failRunningRequests(database: Database, evaluationId: number, message: string): Promise<number> {
  return (await failRequestsIn(database, evaluationId, 'IN_PROGRESS', message)).ended;
}
