import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ModelPrice } from '@promptgrid/contract';
import type { ModelCapabilities } from '../../db/schema.js';
import { crossedBudget, stopRunsAtBudget } from './budget-stops.js';
import type { ProviderName } from '../../providers/types.js';

/**
 * The judge tasks' statements besides the claim and the leases (queue.ts has those, for both queues). A task ends
 * exactly once, as a request does: its judgement is written only while it is still IN_PROGRESS under this worker.
 */

/** What a claimed task needs to be judged; null fields: the check was deleted since (nothing will be scored). */
export type JudgeWork = {
  id: number;
  evaluation_id: number;
  user_id: number;
  input_id: number | null;
  /** The user prompt sent, when a template filled it in; else the snapshot's content of input_id. */
  user_prompt: string | null;
  output: string | null;
  rubric: string | null;
  company: ProviderName | null;
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
    `SELECT t.id, t.evaluation_id, e.user_id, r.input_id, r.user_prompt, res.output, c.value AS rubric,
            m.company, m.model_name, m.capabilities, m.supports_json_mode, m.price, e.budget_usd
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
    ), done AS (
      UPDATE judge_tasks t
         SET status = 'DONE', input_tokens = v.input_tokens, output_tokens = v.output_tokens, cost_usd = v.cost_usd,
             lease_expires_at = NULL, updated_at = now()
        FROM v
       WHERE t.id = v.id AND t.status = 'IN_PROGRESS' AND t.claimed_by = ${workerId}
      RETURNING t.id, t.evaluation_id, t.api_request_id, t.check_id, coalesce(t.cost_usd, 0) AS cost
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
    type Row = { id: number; completed: boolean; budget: number | null; crossed_budget: boolean };
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- on both drivers' union execute<T> is unknown
    const { rows } = (await tx.execute(statement)) as unknown as { rows: Row[] };
    return rows;
  });
  return stopRunsAtBudget(database, rows);
}
