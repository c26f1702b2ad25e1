import { eq, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.js';
import { judgeTasks } from '../db/schema.js';
import { judgeTasksOf } from '../evaluations/worker/queue.js';

/**
 * Replaces the evaluation's judge work, for a rescore: its earlier tasks go (a judgement still running is dropped when
 * it tries to write, its task being gone) and every stored output gets a task per active llm_judge check that covers
 * it. The evaluation is complete again only once they are judged: pending_judgements counts them, and completed_at
 * waits for the last. The caller holds the evaluation's row. Answers how many judgements were queued.
 */
export async function requeueJudgements(tx: Tx, evaluationId: number): Promise<number> {
  await tx.delete(judgeTasks).where(eq(judgeTasks.evaluationId, evaluationId));
  const outputs = sql`(SELECT api_request_id AS id, evaluation_id, input_id FROM results WHERE evaluation_id = ${evaluationId})`;
  const { rows } = (await tx.execute(sql`
    WITH queued AS (${judgeTasksOf(outputs)} RETURNING 1)
    UPDATE evaluations e
       SET pending_judgements = q.n,
           completed_at = CASE WHEN q.n > 0 OR e.finished_requests < e.total_requests THEN NULL
                               ELSE coalesce(e.completed_at, now()) END
      FROM (SELECT count(*)::int AS n FROM queued) q
     WHERE e.id = ${evaluationId}
    RETURNING q.n`)) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

/** The ids of the evaluation's requests whose output a judge is still judging. */
export async function readJudgingRequests(db: Db, evaluationId: number): Promise<Set<number>> {
  const { rows } = (await db.execute(sql`
    SELECT DISTINCT api_request_id FROM judge_tasks
     WHERE evaluation_id = ${evaluationId} AND status <> 'DONE'`)) as unknown as { rows: { api_request_id: number }[] };
  return new Set(rows.map((row) => Number(row.api_request_id)));
}

/**
 * Drops the judge work of a cancelled evaluation that has not been written (a judgement still running is dropped when
 * it tries to write, its task being gone), so the cancel leaves the run final: once its requests have all ended, the
 * evaluation is complete.
 */
export async function dropPendingJudgements(database: Database, evaluationId: number) {
  await database.executeSql(
    `WITH dropped AS (DELETE FROM judge_tasks WHERE evaluation_id = $1 AND status <> 'DONE' RETURNING 1)
     UPDATE evaluations e
        SET pending_judgements = 0,
            completed_at = CASE WHEN e.completed_at IS NULL AND e.finished_requests >= e.total_requests
                                THEN now() ELSE e.completed_at END
      WHERE e.id = $1 AND (e.pending_judgements > 0 OR EXISTS (SELECT 1 FROM dropped))`,
    [evaluationId],
  );
}
