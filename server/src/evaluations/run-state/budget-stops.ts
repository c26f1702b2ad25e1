import { sql, type SQL } from 'drizzle-orm';
import { budgetStopMessage } from '@promptgrid/contract';
import { type Database, queryRows } from '../../db/client.js';
import { failTasks } from '../../queue/sql/fail.js';
import { failRequestsIn } from './end-requests.js';
import { JUDGE_TABLE } from '../tasks/tables.js';
import { lockRuns } from './lock.js';

/**
 * Runs this process has seen reach their budget, per database, with the message their requests end with. The write
 * that crosses a budget ends the PENDING rows in the database; rows a worker of this process already claimed but has
 * not started (its lanes buffer up to twice their concurrency) are ended by the call task when it comes to them,
 * instead of being sent, without asking the database. A worker in another process learns it when its rows try to
 * reserve (budget-reservations.ts).
 */
const stops = new WeakMap<Database, Map<number, string>>();
/** Enough for every run in progress many times over; the oldest are forgotten first. */
const REMEMBERED = 1000;

export function rememberBudgetStop(database: Database, evaluationId: number, message: string) {
  let known = stops.get(database);
  if (!known) stops.set(database, (known = new Map<number, string>()));
  if (known.size >= REMEMBERED) known.delete(known.keys().next().value!);
  known.set(evaluationId, message);
}

/** The message a request of this evaluation ends with instead of being sent, or undefined to send it. */
export const budgetStopOf = (database: Database, evaluationId: number) => stops.get(database)?.get(evaluationId);

/**
 * For the RETURNING of a write that adds `added` to an evaluation's spend (`spent`, its cost and judge cost after the
 * write): whether this write made it cross the budget. Only one write per run crosses it, so later writes need not
 * look for work to stop.
 */
export const crossedBudget = (spent: SQL, added: SQL) => sql`(e.budget_usd IS NOT NULL AND e.completed_at IS NULL
  AND ${spent} >= e.budget_usd AND ${spent} - ${added} < e.budget_usd)`;

/** What a write of outcomes or judgements answers per evaluation it counted into. */
export type BudgetWrite = { id: number; completed: boolean; budget: number | null; crossed_budget: boolean };

/**
 * Stops the runs a write made cross their budget: their PENDING requests end FAILED and their PENDING judgements end
 * with the budget's message as their score's error, so nothing more is sent or judged (calls in flight finish, as
 * reserved). Answers the ids of the evaluations the write completed, these stops included.
 */
export async function stopRunsAtBudget(database: Database, rows: BudgetWrite[]): Promise<number[]> {
  const completed = rows.filter((row) => row.completed).map((row) => row.id);
  // A write that crossed the budget and also completed the run has nothing left to stop.
  for (const row of rows.filter((r) => r.crossed_budget && !r.completed)) {
    const message = budgetStopMessage(row.budget!);
    rememberBudgetStop(database, row.id, message);
    const judged = await endPendingJudgements(database, row.id, message);
    const stopped = await failRequestsIn(database, row.id, 'PENDING', message);
    if ((stopped.completed || judged) && !completed.includes(row.id)) completed.push(row.id);
  }
  return completed;
}

/**
 * Ends the evaluation's PENDING judge tasks without a call: DONE, with `message` as their score's error (a check
 * deleted meanwhile gets none), their requests' updated_at moved so a poll sees them judged. The evaluation's row is
 * locked first, as writeJudgements locks it. Answers whether that completed the evaluation.
 */
async function endPendingJudgements(database: Database, evaluationId: number, message: string): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await lockRuns(tx, [evaluationId]);
    const rows = await queryRows<{ completed: boolean }>(
      tx,
      sql`
      WITH ended AS (${failTasks({
        table: JUDGE_TABLE,
        where: sql`t.evaluation_id = ${evaluationId}`,
        statuses: ['PENDING'],
        set: sql`status = 'DONE'`,
        returning: sql`t.api_request_id, t.check_id`,
      })}
      ), scored AS (
        INSERT INTO scores (evaluation_id, api_request_id, check_id, pass, score, reason, error)
        SELECT ${evaluationId}, x.api_request_id, x.check_id, NULL, NULL, '', ${message}
          FROM ended x JOIN checks c ON c.id = x.check_id
        ON CONFLICT DO NOTHING
      ), touched AS (
        UPDATE api_requests SET updated_at = now()
         WHERE evaluation_id = ${evaluationId} AND id IN (SELECT api_request_id FROM ended)
      ), counted AS (SELECT count(*)::int AS n FROM ended)
      UPDATE evaluations e
         SET pending_judgements = e.pending_judgements - c.n
        FROM counted c
       WHERE e.id = ${evaluationId} AND c.n > 0
      RETURNING settle_evaluation(e.id) AS completed`,
    );
    return rows[0]?.completed ?? false;
  });
}
