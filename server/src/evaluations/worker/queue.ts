import { sql, type SQL } from 'drizzle-orm';
import { crossedBudget, stopRunsAtBudget } from './budget-stops.js';
import type { Database } from '../../db/client.js';
import type { Lane } from '../../providers/types.js';
import type { ClaimedRequest } from '../hand-over.js';
import type { RuleScore } from '../../verdicts/scoring.js';

/**
 * The queue's statements. The api_requests table is the queue: a claim marks rows IN_PROGRESS under a worker's id and
 * a lease, which the worker renews while it holds them; a row whose lease expired belongs to a worker that died and
 * may be claimed again. Every write after the claim checks the row is still IN_PROGRESS under the same worker, so
 * each request ends terminal exactly once.
 */

/** A claimed row as the queue returns it: the lane it was claimed for is known to the caller. */
export type ClaimedRow = Omit<ClaimedRequest, 'provider'>;

/** A request's outcome, as written back to the queue. */
export type Outcome = {
  id: number;
  evaluation_id: number;
  /** What the rule checks look at besides the output: which input it answered. */
  input_id: number | null;
  status: 'SUCCESS' | 'FAILED';
  execution_time: number;
  /** Seconds to the first piece of text, null when none came. */
  ttft: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  error_message: string | null;
  output: string | null;
  /** What the call cost (USD) from its usage; null (or absent) without usage or a known price. */
  cost_usd?: number | null;
};

export type Claim = { workerId: string; lane: Lane; limit: number; leaseMs: number };

/** The tables that are queues: api requests, and the judge tasks of llm_judge checks. Both have the same queue columns. */
export type QueueTable = 'api_requests' | 'judge_tasks';

const CLAIMED_COLUMNS: Record<QueueTable, string> = {
  api_requests: 'id, evaluation_id, input_id, configuration_id, attempts, system_prompt, user_prompt',
  judge_tasks: 'id, evaluation_id, api_request_id, check_id, attempts',
};

const EXPIRED = `status = 'IN_PROGRESS' AND lease_expires_at < now()`;

/** Claims up to `limit` PENDING rows of a lane, in id order (the order a run wrote them in). */
export const claimPendingRequests = (database: Database, claim: Claim) =>
  claimWhere<ClaimedRow>(database, 'api_requests', claim, `status = 'PENDING'`);

/** Claims up to `limit` rows of a lane left IN_PROGRESS by a worker whose lease expired: it died. */
export const claimExpiredRequests = (database: Database, claim: Claim) =>
  claimWhere<ClaimedRow>(database, 'api_requests', claim, EXPIRED);

/** A claimed judge task: the judgement of check_id on api_request_id's output. */
export type ClaimedJudgeTask = {
  id: number;
  evaluation_id: number;
  api_request_id: number;
  check_id: number;
  attempts: number;
};

export const claimPendingJudgeTasks = (database: Database, claim: Claim) =>
  claimWhere<ClaimedJudgeTask>(database, 'judge_tasks', claim, `status = 'PENDING'`);

export const claimExpiredJudgeTasks = (database: Database, claim: Claim) =>
  claimWhere<ClaimedJudgeTask>(database, 'judge_tasks', claim, EXPIRED);

async function claimWhere<Row extends { id: number }>(
  database: Database,
  table: QueueTable,
  { workerId, lane, limit, leaseMs }: Claim,
  condition: string,
): Promise<Row[]> {
  // SKIP LOCKED: workers claiming at once take different rows instead of waiting for each other.
  const { rows } = await database.executeSql(
    `UPDATE ${table}
        SET status = 'IN_PROGRESS', attempts = attempts + 1, claimed_by = $1, reserved_usd = NULL,
            lease_expires_at = now() + $2 * interval '1 millisecond', updated_at = now()
      WHERE id IN (
        SELECT id FROM ${table}
         WHERE provider = $3 AND ${condition}
         ORDER BY id
         LIMIT $4
         FOR UPDATE SKIP LOCKED)
      RETURNING ${CLAIMED_COLUMNS[table]}`,
    [workerId, leaseMs, lane, limit],
  );
  return (rows as Row[]).sort((a, b) => a.id - b.id);
}

/** Extends the lease of the rows this worker still holds (running or waiting to start). */
export async function renewLeases(
  database: Database,
  workerId: string,
  requestIds: number[],
  leaseMs: number,
  table: QueueTable = 'api_requests',
) {
  await database.executeSql(
    `UPDATE ${table} SET lease_expires_at = now() + $2 * interval '1 millisecond'
      WHERE id IN (SELECT jsonb_array_elements_text($3::jsonb)::int) AND claimed_by = $1 AND status = 'IN_PROGRESS'`,
    [workerId, leaseMs, JSON.stringify(requestIds)],
  );
}

/**
 * Hands rows back to the queue when a worker stops: their leases expire now, so any worker claims them at once.
 * An interrupted row's claim still counts as an attempt; an unstarted one never ran, so its claim is taken back.
 */
export async function returnRequests(
  database: Database,
  workerId: string,
  { interrupted, unstarted }: { interrupted: number[]; unstarted: number[] },
  table: QueueTable = 'api_requests',
) {
  await database.executeSql(
    `UPDATE ${table}
        SET lease_expires_at = now(),
            attempts = attempts - CASE WHEN id IN (SELECT jsonb_array_elements_text($3::jsonb)::int) THEN 1 ELSE 0 END
      WHERE id IN (SELECT jsonb_array_elements_text($2::jsonb)::int) AND claimed_by = $1 AND status = 'IN_PROGRESS'`,
    [workerId, JSON.stringify(interrupted.concat(unstarted)), JSON.stringify(unstarted)],
  );
}

/**
 * Expires every lease. Only for the embedded database: one process at a time can open it, so whatever is
 * IN_PROGRESS when it opens was left by a process that died, and can be claimed at once. The lease is set a second in
 * the past, not to now(): a claim in the same millisecond would otherwise still see it as running (`< now()`).
 */
export async function expireAllLeases(database: Database) {
  for (const table of ['api_requests', 'judge_tasks'] satisfies QueueTable[])
    await database.executeSql(
      `UPDATE ${table} SET lease_expires_at = now() - interval '1 second' WHERE status = 'IN_PROGRESS'`,
      [],
    );
}

/**
 * Writes finished requests in one statement: status, timings, tokens and the result row, only where the request is
 * still IN_PROGRESS under this worker; then counts them into their evaluations. A concurrent write of another worker
 * waits for the evaluation row's lock and then adds to the count it committed (READ COMMITTED re-reads the updated
 * row), so exactly one of them completes the evaluation. The rule checks' scores of the successful ones go in the same
 * statement, so a request never ends SUCCESS without them (a score of a check deleted meanwhile is left out), and so
 * do the judge tasks of the active llm_judge checks that cover them (judgeTasksOf), counted into pending_judgements.
 * settle_evaluation (the one completion rule, in SQL) then stamps completed_at once the count reaches the total with
 * no judgement pending; otherwise the write of the last judgement does (writeJudgements). Answers the evaluations
 * this write completed.
 */
export async function writeOutcomes(
  database: Database,
  workerId: string,
  outcomes: Outcome[],
  scores: readonly RuleScore[] = [],
): Promise<number[]> {
  const statement = sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
        AS v(id int, status text, execution_time float8, ttft float8, input_tokens int, output_tokens int,
             error_message text, output text, cost_usd float8)
    ), done AS (
      UPDATE api_requests r
         SET status = v.status, execution_time = v.execution_time, ttft = v.ttft, input_token_total_count = v.input_tokens,
             output_token_count = v.output_tokens, error_message = v.error_message, cost_usd = v.cost_usd,
             lease_expires_at = NULL, updated_at = now()
        FROM v
       WHERE r.id = v.id AND r.status = 'IN_PROGRESS' AND r.claimed_by = ${workerId}
      RETURNING r.id, r.evaluation_id, r.input_id, r.configuration_id, r.status, r.cost_usd
    ), saved AS (
      INSERT INTO results (evaluation_id, api_request_id, input_id, configuration_id, output, execution_time, ttft,
                           token_count, input_token_total_count)
      SELECT d.evaluation_id, d.id, d.input_id, d.configuration_id, v.output, v.execution_time, v.ttft, v.output_tokens,
             v.input_tokens
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
  let rows: { id: number; completed: boolean; budget: number | null; crossed_budget: boolean }[];
  if (evaluationIds.length === 1) {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- on both drivers' union execute<T> is unknown
    ({ rows } = (await database.db.execute(statement)) as unknown as { rows: typeof rows });
  } else {
    // Several evaluations: lock their rows in id order first, so two workers cannot deadlock on them.
    const locked = JSON.stringify(evaluationIds.sort((a, b) => a - b));
    rows = await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT id FROM evaluations WHERE id IN (SELECT jsonb_array_elements_text(${locked}::jsonb)::int) ORDER BY id FOR UPDATE`,
      );
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- on both drivers' union execute<T> is unknown
      return ((await tx.execute(statement)) as unknown as { rows: typeof rows }).rows;
    });
  }
  return stopRunsAtBudget(database, rows);
}

/**
 * An INSERT of the judge tasks for `outputs` (a query of id, evaluation_id, input_id of SUCCESS requests): one per
 * active llm_judge check of the evaluation's project that covers the output's input, on the judge model's lane, or
 * the mock lane in a mock run. Shared by the outcome write and a rescore, so both queue the same work.
 */
export const judgeTasksOf = (outputs: SQL) => sql`
  INSERT INTO judge_tasks (evaluation_id, api_request_id, check_id, provider)
  SELECT o.evaluation_id, o.id, c.id, CASE WHEN e.use_mock THEN 'mock' ELSE m.company END
    FROM ${outputs} o
    JOIN evaluations e ON e.id = o.evaluation_id
    JOIN checks c ON c.project_id = e.project_id AND c.type = 'llm_judge' AND c.is_active
                 AND (c.input_ids IS NULL OR o.input_id = ANY (c.input_ids))
    JOIN ai_models m ON m.id = c.ai_model_id`;
