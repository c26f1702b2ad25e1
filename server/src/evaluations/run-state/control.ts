import { sql } from 'drizzle-orm';
import { type Database, type Tx, queryRows } from '../../db/client.js';
import { readyAgain } from '../../queue/sql/add.js';

/**
 * Marks the user's evaluation cancelled if it has not completed. Answers undefined when the user has no such
 * evaluation, else whether it was still running (and is now cancelled).
 */
export async function markCancelled(
  database: Database,
  userId: number,
  evaluationId: number,
): Promise<{ id: number; running: boolean } | undefined> {
  const { rows } = await database.executeSql<{ id: number; running: boolean }>(
    `WITH marked AS (
       UPDATE evaluations SET cancelled_at = now()
        WHERE id = $1 AND user_id = $2 AND completed_at IS NULL
       RETURNING id
     )
     SELECT e.id, EXISTS (SELECT 1 FROM marked) AS running FROM evaluations e WHERE e.id = $1 AND e.user_id = $2`,
    [evaluationId, userId],
  );
  return rows[0];
}

/**
 * Puts the evaluation's finished requests (those of `ids`, a JSON array, or all when null; only FAILED ones with
 * `failedOnly`) back to PENDING in one statement: each one's outcome is kept in result_history, its result and scores
 * go, and the evaluation counts them back out of finished_requests (settle_evaluation clears completed_at) and is no
 * longer cancelled. The caller holds the evaluation's row. Answers how many were reopened, and how many of them had
 * succeeded.
 */
export async function reopenRequests(
  tx: Tx,
  evaluationId: number,
  { ids, failedOnly }: { ids: string | null; failedOnly: boolean },
): Promise<{ n: number; redone: number }> {
  const rows = await queryRows<{ n: number; redone: number }>(
    tx,
    sql`
    WITH chosen AS (
      SELECT r.id, r.status FROM api_requests r
       WHERE r.evaluation_id = ${evaluationId}::int AND r.status IN ('SUCCESS', 'FAILED')
         AND (${ids}::jsonb IS NULL OR r.id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::int))
         AND (NOT ${failedOnly}::boolean OR r.status = 'FAILED')
       FOR UPDATE
    ), kept AS (
      INSERT INTO result_history (evaluation_id, api_request_id, status, output, tool_calls, error_message,
                                  execution_time, input_token_total_count, output_token_count, finished_at)
      SELECT r.evaluation_id, r.id, r.status, res.output, res.tool_calls, r.error_message, r.execution_time,
             r.input_token_total_count, r.output_token_count, r.updated_at
        FROM api_requests r JOIN chosen c ON c.id = r.id LEFT JOIN results res ON res.api_request_id = r.id
    ), dropped_results AS (
      DELETE FROM results WHERE api_request_id IN (SELECT id FROM chosen)
    ), dropped_scores AS (
      DELETE FROM scores WHERE evaluation_id = ${evaluationId}::int AND api_request_id IN (SELECT id FROM chosen)
    ), reset AS (
      UPDATE api_requests r
         SET ${readyAgain}, execution_time = NULL, input_token_total_count = NULL, output_token_count = NULL,
             reasoning_tokens = NULL, error_message = NULL
        FROM chosen c WHERE r.id = c.id
      RETURNING r.id
    ), counted AS (
      SELECT count(*)::int AS n, count(*) FILTER (WHERE c.status = 'SUCCESS')::int AS redone
        FROM reset JOIN chosen c ON c.id = reset.id
    )
    UPDATE evaluations e
       SET finished_requests = e.finished_requests - c.n, cancelled_at = NULL
      FROM counted c
     WHERE e.id = ${evaluationId}::int AND c.n > 0
    RETURNING c.n, c.redone, settle_evaluation(e.id)`,
  );
  return { n: rows[0]?.n ?? 0, redone: rows[0]?.redone ?? 0 };
}
