import { sql, type SQL } from 'drizzle-orm';
import type { ChatMessage, ModelPrice, ToolCall } from '@promptgrid/contract';
import { type Database, type Db, queryRows } from '../../db/client.js';
import type { ModelCapabilities } from '../../db/schema.js';
import type { ProviderName } from '../../providers/types.js';
import { addTasks } from '../../queue/sql/add.js';
import { JUDGE_TABLE } from '../tasks/tables.js';

/**
 * What judge work there is: the tasks an output gets, what judging one reads, and which are unwritten. What a
 * judgement's end does to its run (its score, its cost, the run's count of pending judgements) is the run's state
 * (run-state/judgements.ts).
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
