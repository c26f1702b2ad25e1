import { sql, type SQL } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import type { ChatMessage, ModelPrice, ToolCall } from '@promptgrid/contract';
import type { ModelCapabilities } from '../../db/schema.js';
import { addTasks } from '../../queue/sql/add.js';
import { completeTasks } from '../../queue/sql/complete.js';
import { crossedBudget, stopRunsAtBudget, type BudgetWrite } from './budget-stops.js';
import type { ProviderName } from '../../providers/types.js';
import { JUDGE_TABLE } from './tables.js';

/**
 * The judge tasks' statements besides the claim and the leases (the queue's). A task ends exactly once, as a request
 * does: its judgement is written only while it is still IN_PROGRESS under this worker.
 */

/**
 * Adds the judge tasks for `outputs` (a query of id, evaluation_id, input_id of SUCCESS requests): one per active
 * llm_judge check of the evaluation's project that covers the output's input, on the judge model's lane, or the mock
 * lane in a mock run. Shared by the outcome write and a rescore, so both queue the same work in their own statement.
 */
export const judgeTasksOf = (outputs: SQL) =>
  addTasks(
    JUDGE_TABLE,
    sql`evaluation_id, api_request_id, check_id, provider`,
    sql`
  SELECT o.evaluation_id, o.id, c.id, CASE WHEN e.use_mock THEN 'mock' ELSE m.company END
    FROM ${outputs} o
    JOIN evaluations e ON e.id = o.evaluation_id
    JOIN checks c ON c.project_id = e.project_id AND c.type = 'llm_judge' AND c.is_active
                 AND (c.input_ids IS NULL OR o.input_id = ANY (c.input_ids))
    JOIN ai_models m ON m.id = c.ai_model_id`,
  );

/** What a claimed task needs to be judged; null fields: the check was deleted since (nothing will be scored). */
export type JudgeWork = {
  id: number;
  evaluation_id: number;
  user_id: number;
  input_id: number | null;
  configuration_id: number;
  /** The turns sent, when a template filled them in; else the snapshot's (see sentTurns). */
  messages: ChatMessage[] | null;
  output: string | null;
  /** The tools the model asked to call with that output; null when it called none. */
  tool_calls: ToolCall[] | null;
  rubric: string | null;
  company: ProviderName | 'custom' | null;
  /** The user's endpoint that serves the judge model (company `custom`). */
  endpoint_id: number | null;
  model_name: string | null;
  capabilities: ModelCapabilities | null;
  supports_json_mode: boolean | null;
  /** The judge model's price now (a judge model is not frozen into the run); null: unknown, its cost not counted. */
  price: ModelPrice | null;
  /** The run's budget: judge calls reserve their worst case against it, as requests do. */
  budget_usd: number | null;
};

/** The work of the given tasks, in one statement; a task whose evaluation is gone has no row. */
export async function readJudgeWork(database: Database, taskIds: number[]): Promise<JudgeWork[]> {
  const { rows } = await database.executeSql<JudgeWork>(
    `SELECT t.id, t.evaluation_id, e.user_id, r.input_id, r.configuration_id, r.messages, res.output, res.tool_calls, c.value AS rubric,
            m.company, m.endpoint_id, m.model_name, m.capabilities, m.supports_json_mode, m.price, e.budget_usd
       FROM judge_tasks t
       JOIN evaluations e ON e.id = t.evaluation_id
       JOIN api_requests r ON r.id = t.api_request_id
       LEFT JOIN results res ON res.api_request_id = t.api_request_id
       LEFT JOIN checks c ON c.id = t.check_id
       LEFT JOIN ai_models m ON m.id = c.ai_model_id
      WHERE t.id IN (SELECT jsonb_array_elements_text($1::jsonb)::int)`,
    [JSON.stringify(taskIds)],
  );
  return rows;
}

/** A task's end: the verdict, or an error (pass and score null), and the judge's usage. */
export type Judgement = {
  id: number;
  evaluation_id: number;
  pass: boolean | null;
  score: number | null;
  reason: string;
  error: string | null;
  input_tokens: number;
  output_tokens: number;
  /** What the judge's answers cost (USD) at its model's price; 0 in a mock run, null without a price. */
  cost_usd: number | null;
};

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
  judgements: Judgement[],
): Promise<number[]> {
  const evaluationIds = JSON.stringify([...new Set(judgements.map((j) => j.evaluation_id))].sort((a, b) => a - b));
  const statement = sql`
    WITH v AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(judgements)}::json)
        AS v(id int, pass boolean, score float8, reason text, error text, input_tokens int, output_tokens int,
             cost_usd float8)
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
    await tx.execute(
      sql`SELECT id FROM evaluations WHERE id IN (SELECT jsonb_array_elements_text(${evaluationIds}::jsonb)::int)
           ORDER BY id FOR UPDATE`,
    );
    return queryRows<BudgetWrite>(tx, statement);
  });
  return stopRunsAtBudget(database, rows);
}
