import { eq, sql } from 'drizzle-orm';
import { type Database, type Tx, queryRows } from '../../db/client.js';
import { judgeTasks } from '../../db/schema.js';
import { readyAgain } from '../../queue/sql/add.js';
import { completeTasks } from '../../queue/sql/complete.js';
import { failTasks } from '../../queue/sql/fail.js';
import type { Leased } from '../../queue/task.js';
import { judgeTasksOf, type Judgement } from '../judging/work.js';
import { JUDGE_TABLE } from '../tasks/tables.js';
import { crossedBudget, stopRunsAtBudget, type BudgetWrite } from './budget-stops.js';
import { lockRuns } from './lock.js';

/**
 * The statements by which judge work changes its run: a judgement's write, a rescore's and a re-run's requeue, a
 * cancel. Each changes the judge tasks and the run's pending_judgements in one statement, so the count always matches
 * the tasks (the table's check refuses a count below zero). A task ends exactly once, as a request does: its
 * judgement is written only while it is still IN_PROGRESS under the worker's claim.
 */

/**
 * Writes judgements: the tasks turn DONE with the judge's usage, their scores are stored (a check deleted meanwhile
 * gets none), their requests' updated_at moves so a poll of changed requests brings the new scores and their judge
 * cost adds up, and the evaluations count them off pending_judgements and add their cost; a write whose cost crosses
 * a run's budget stops the run (stopRunsAtBudget). The write that ends an evaluation's last judgement after its last
 * request completes it (settle_evaluation). The evaluations' rows are locked first, in id order, as a rescore and the outcome
 * write lock them: a rescore deleting these tasks and this write cannot wait for each other.
 * Answers the evaluations this write completed.
 */
export async function writeJudgements(
  database: Database,
  workerId: string,
  judgements: Leased<Judgement>[],
): Promise<number[]> {
  const statement = sql`
    WITH v AS (
      -- One result per task: should a batch hold two, the task ends once, with the first.
      SELECT DISTINCT ON (id) * FROM json_to_recordset(${JSON.stringify(judgements)}::json)
        AS v(id int, lease int, pass boolean, score float8, reason text, error text, input_tokens int,
             output_tokens int, cost_usd float8)
       ORDER BY id
    ), done AS (${completeTasks({
      table: JUDGE_TABLE,
      workerId,
      results: sql`v`,
      set: sql`status = 'DONE', input_tokens = v.input_tokens, output_tokens = v.output_tokens, cost_usd = v.cost_usd`,
      returning: sql`t.id, t.evaluation_id, t.api_request_id, t.check_id, coalesce(t.cost_usd, 0) AS cost`,
    })}
    ), scored AS (
      INSERT INTO scores (evaluation_id, api_request_id, check_id, pass, score, reason, error)
      SELECT d.evaluation_id, d.api_request_id, d.check_id, v.pass, v.score, v.reason, v.error
        FROM done d JOIN v ON v.id = d.id JOIN checks c ON c.id = d.check_id
      -- One score per output and check: one already there is kept rather than failing the whole batch.
      ON CONFLICT DO NOTHING
    ), touched AS (
      UPDATE api_requests r SET updated_at = now(), judge_cost_usd = coalesce(r.judge_cost_usd, 0) + x.cost
        FROM (SELECT api_request_id, sum(cost) AS cost FROM done GROUP BY api_request_id) x
       WHERE r.id = x.api_request_id
    )
    UPDATE evaluations e
       SET pending_judgements = e.pending_judgements - d.n,
           judge_cost_usd = coalesce(e.judge_cost_usd, 0) + d.cost
      FROM (SELECT evaluation_id, count(*)::int AS n, sum(cost) AS cost FROM done GROUP BY evaluation_id) d
     WHERE e.id = d.evaluation_id
    RETURNING e.id, settle_evaluation(e.id) AS completed, e.budget_usd AS budget,
              ${crossedBudget(sql`coalesce(e.cost_usd, 0) + e.judge_cost_usd`, sql`d.cost`)} AS crossed_budget`;
  const rows = await database.db.transaction(async (tx) => {
    await lockRuns(
      tx,
      judgements.map((j) => j.evaluation_id),
    );
    return queryRows<BudgetWrite>(tx, statement);
  });
  return stopRunsAtBudget(database, rows);
}

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
 * Stops the judge work of a cancelled evaluation that has not been written: its unfinished tasks turn CANCELLED (a
 * judgement still running is dropped when it tries to write, its task no longer IN_PROGRESS), kept so a re-run can
 * queue them again. Their requests' updated_at moves, so a poll of changed requests sees them no longer judging, and
 * the evaluation, its requests all ended, is complete. The evaluation's row is locked first, as writeJudgements
 * locks it, so the two cannot deadlock.
 */
export async function cancelJudgements(database: Database, evaluationId: number) {
  await database.db.transaction(async (tx) => {
    await lockRuns(tx, [evaluationId]);
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
