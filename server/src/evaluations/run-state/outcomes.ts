import { sql } from 'drizzle-orm';
import type { ToolCall } from '@promptgrid/contract';
import { type Database, queryRows } from '../../db/client.js';
import { completeTasks } from '../../queue/sql/complete.js';
import type { Leased } from '../../queue/task.js';
import type { RuleScore } from '../../verdicts/scoring.js';
import { judgeTasksOf } from '../judging/work.js';
import { CALL_TABLE } from '../tasks/tables.js';
import { crossedBudget, stopRunsAtBudget, type BudgetWrite } from './budget-stops.js';
import { lockRuns } from './lock.js';

/** A request's outcome, as its call task's result. */
export type Outcome = {
  id: number;
  evaluation_id: number;
  /** What the rule checks look at besides the output: which input it answered, with which configuration. */
  input_id: number | null;
  configuration_id: number;
  status: 'SUCCESS' | 'FAILED';
  execution_time: number;
  /** Seconds to the first piece of text, null when none came. */
  ttft: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  /** Of output_tokens, those spent reasoning; null (or absent) when none were reported. */
  reasoning_tokens?: number | null;
  error_message: string | null;
  output: string | null;
  /** The tools the model asked to call; null (or absent) when it called none. */
  tool_calls?: ToolCall[] | null;
  /** What the call cost (USD) from its usage; null (or absent) without usage or a known price. */
  cost_usd?: number | null;
};

/**
 * Writes finished requests in one statement: status, timings, tokens and the result row, only where the request is
 * still IN_PROGRESS under this worker (the queue's completeTasks); then counts them into their evaluations. A
 * concurrent write of another worker waits for the evaluation row's lock and then adds to the count it committed
 * (READ COMMITTED re-reads the updated row), so exactly one of them completes the evaluation. The rule checks' scores
 * of the successful ones go in the same statement, so a request never ends SUCCESS without them (a score of a check
 * deleted meanwhile is left out), and so do the judge tasks of the active llm_judge checks that cover them
 * (judgeTasksOf), counted into pending_judgements. settle_evaluation (the one completion rule, in SQL) then stamps
 * completed_at once the count reaches the total with no judgement pending; otherwise the write of the last judgement
 * does (writeJudgements). Answers the evaluations this write completed.
 */
export async function writeOutcomes(
  database: Database,
  workerId: string,
  outcomes: Leased<Outcome>[],
  scores: readonly RuleScore[] = [],
): Promise<number[]> {
  const statement = sql`
    WITH v AS (
      -- One outcome per request: should a batch hold two, the request ends once, with the first.
      SELECT DISTINCT ON (id) * FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
        AS v(id int, lease int, status text, execution_time float8, ttft float8, input_tokens int, output_tokens int,
             reasoning_tokens int, error_message text, output text, tool_calls jsonb, cost_usd float8)
       ORDER BY id
    ), done AS (${completeTasks({
      table: CALL_TABLE,
      workerId,
      results: sql`v`,
      set: sql`status = v.status, execution_time = v.execution_time, ttft = v.ttft,
               input_token_total_count = v.input_tokens, output_token_count = v.output_tokens,
               reasoning_tokens = v.reasoning_tokens, error_message = v.error_message, cost_usd = v.cost_usd`,
      returning: sql`t.id, t.evaluation_id, t.input_id, t.configuration_id, t.status, t.cost_usd`,
    })}
    ), saved AS (
      INSERT INTO results (evaluation_id, api_request_id, input_id, configuration_id, output, tool_calls, execution_time,
                           ttft, token_count, reasoning_tokens, input_token_total_count)
      SELECT d.evaluation_id, d.id, d.input_id, d.configuration_id, v.output, v.tool_calls, v.execution_time, v.ttft,
             v.output_tokens, v.reasoning_tokens, v.input_tokens
        FROM done d JOIN v ON v.id = d.id
       WHERE d.status = 'SUCCESS'
      ON CONFLICT (api_request_id) DO NOTHING
    ), scored AS (
      INSERT INTO scores (evaluation_id, api_request_id, check_id, pass, score, reason, error)
      SELECT d.evaluation_id, d.id, s.check_id, s.pass, s.score, s.reason, s.error
        FROM json_to_recordset(${JSON.stringify(scores)}::json)
          AS s(api_request_id int, check_id int, pass boolean, score float8, reason text, error text)
        JOIN done d ON d.id = s.api_request_id AND d.status = 'SUCCESS'
        JOIN checks c ON c.id = s.check_id
      -- One score per output and check: one already there is kept rather than failing the whole batch.
      ON CONFLICT DO NOTHING
    ), queued AS (
      ${judgeTasksOf(sql`(SELECT id, evaluation_id, input_id FROM done WHERE status = 'SUCCESS')`)}
      RETURNING evaluation_id
    ), q AS (
      SELECT evaluation_id, count(*)::int AS n FROM queued GROUP BY evaluation_id
    )
    UPDATE evaluations e
       SET finished_requests = e.finished_requests + d.n,
           pending_judgements = e.pending_judgements + coalesce(q.n, 0),
           cost_usd = e.cost_usd + d.cost
      FROM (SELECT evaluation_id, count(*)::int AS n, coalesce(sum(cost_usd), 0) AS cost FROM done GROUP BY evaluation_id) d
           LEFT JOIN q ON q.evaluation_id = d.evaluation_id
     WHERE e.id = d.evaluation_id
    RETURNING e.id, settle_evaluation(e.id) AS completed, e.budget_usd AS budget,
              -- Only the write whose cost crosses the budget stops the run: later writes need not look for PENDING rows.
              ${crossedBudget(sql`e.cost_usd + coalesce(e.judge_cost_usd, 0)`, sql`d.cost`)} AS crossed_budget`;
  const evaluationIds = [...new Set(outcomes.map((o) => o.evaluation_id))];
  let rows: BudgetWrite[];
  if (evaluationIds.length === 1) {
    rows = await queryRows<BudgetWrite>(database.db, statement);
  } else {
    // Several evaluations: lock their rows in id order first, so two workers cannot deadlock on them.
    rows = await database.db.transaction(async (tx) => {
      await lockRuns(tx, evaluationIds);
      return queryRows<BudgetWrite>(tx, statement);
    });
  }
  return stopRunsAtBudget(database, rows);
}
