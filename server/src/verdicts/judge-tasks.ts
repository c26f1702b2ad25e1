import { eq, sql } from 'drizzle-orm';
import { type Database, type Db, type Tx, queryRows } from '../db/client.js';
import { judgeTasks } from '../db/schema.js';
import { judgeTasksOf } from '../evaluations/tasks/judgements.js';
import { JUDGE_TABLE } from '../evaluations/tasks/tables.js';
import { readyAgain } from '../queue/sql/add.js';
import { failTasks } from '../queue/sql/fail.js';

/**
 * Replaces the evaluation's judge work, for a rescore: its earlier tasks go (a judgement still running is dropped when
 * it tries to write, its task being gone) and every stored output gets a task per active llm_judge check that covers
 * it. The evaluation is complete again only once they are judged: pending_judgements counts them, and
 * settle_evaluation clears completed_at until the last. The caller holds the evaluation's row. Answers how many judgements were queued.
 */
export async function requeueJudgements(tx: Tx, evaluationId: number): Promise<number> {
  await tx.delete(judgeTasks).where(eq(judgeTasks.evaluationId, evaluationId));
  const outputs = sql`(SELECT api_request_id AS id, evaluation_id, input_id FROM results WHERE evaluation_id = ${evaluationId})`;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`
    WITH queued AS (${judgeTasksOf(outputs)} RETURNING 1)
    UPDATE evaluations e
       SET pending_judgements = q.n
      FROM (SELECT count(*)::int AS n FROM queued) q
     WHERE e.id = ${evaluationId}
    RETURNING q.n, settle_evaluation(e.id)`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The evaluation's judge work that has not written a verdict: the requests whose output a judge is still judging, and
 * per request the llm_judge checks whose judgement a cancel stopped (kept CANCELLED until a re-run queues them again).
 */
export async function readUnwrittenJudgements(
  db: Db,
  evaluationId: number,
): Promise<{ judging: Set<number>; cancelled: Map<number, number[]> }> {
  const rows = await queryRows<{ api_request_id: number; check_id: number; status: string }>(
    db,
    sql`
    SELECT api_request_id, check_id, status FROM judge_tasks
     WHERE evaluation_id = ${evaluationId} AND status IN ('PENDING', 'IN_PROGRESS', 'CANCELLED')
     ORDER BY api_request_id, check_id`,
  );
  const judging = new Set<number>();
  const cancelled = new Map<number, number[]>();
  for (const row of rows) {
    const request = Number(row.api_request_id);
    if (row.status !== 'CANCELLED') judging.add(request);
    else cancelled.set(request, [...(cancelled.get(request) ?? []), Number(row.check_id)]);
  }
  return { judging, cancelled };
}

/**
 * Stops the judge work of a cancelled evaluation that has not been written: its unfinished tasks turn CANCELLED (a
 * judgement still running is dropped when it tries to write, its task no longer IN_PROGRESS), kept so a re-run can
 * queue them again. Their requests' updated_at moves, so a poll of changed requests sees them no longer judging, and
 * the evaluation, its requests all ended, is complete. The evaluation's row is locked first, as writeJudgements
 * locks it, so the two cannot deadlock.
 */
export async function cancelJudgements(database: Database, evaluationId: number) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM evaluations WHERE id = ${evaluationId} FOR UPDATE`);
    await tx.execute(sql`
      WITH cancelled AS (${failTasks({
        table: JUDGE_TABLE,
        where: sql`t.evaluation_id = ${evaluationId}`,
        statuses: ['PENDING', 'IN_PROGRESS'],
        set: sql`status = 'CANCELLED'`,
        returning: sql`t.api_request_id`,
      })}
      ), touched AS (
        UPDATE api_requests SET updated_at = now()
         WHERE evaluation_id = ${evaluationId} AND id IN (SELECT api_request_id FROM cancelled)
      )
      UPDATE evaluations e
         SET pending_judgements = 0
       WHERE e.id = ${evaluationId} AND (e.pending_judgements > 0 OR EXISTS (SELECT 1 FROM cancelled))
      RETURNING settle_evaluation(e.id)`);
  });
}

/**
 * Queues again, for a re-run, the judge work a cancel stopped: the tasks of outputs that are still there go back to
 * PENDING and count into pending_judgements; those of requests the re-run is redoing go (their new outputs get new
 * tasks). The caller holds the evaluation's row. Answers how many were queued again.
 */
export async function requeueCancelledJudgements(tx: Tx, evaluationId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`
    WITH cancelled AS (
      SELECT t.id, t.api_request_id, r.status = 'SUCCESS' AS judged_output_kept
        FROM judge_tasks t JOIN api_requests r ON r.id = t.api_request_id
       WHERE t.evaluation_id = ${evaluationId} AND t.status = 'CANCELLED'
    ), dropped AS (
      DELETE FROM judge_tasks WHERE id IN (SELECT id FROM cancelled WHERE NOT judged_output_kept)
    ), requeued AS (
      UPDATE judge_tasks t
         SET ${readyAgain}
        FROM cancelled c
       WHERE t.id = c.id AND c.judged_output_kept
      RETURNING t.api_request_id
    ), touched AS (
      UPDATE api_requests SET updated_at = now()
       WHERE evaluation_id = ${evaluationId} AND id IN (SELECT api_request_id FROM requeued)
    ), counted AS (SELECT count(*)::int AS n FROM requeued)
    UPDATE evaluations e
       SET pending_judgements = e.pending_judgements + c.n, cancelled_at = NULL
      FROM counted c
     WHERE e.id = ${evaluationId} AND c.n > 0
    RETURNING c.n, settle_evaluation(e.id)`,
  );
  return Number(rows[0]?.n ?? 0);
}
