import { sql } from 'drizzle-orm';
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
};

export type Claim = { workerId: string; lane: Lane; limit: number; leaseMs: number };

/** Claims up to `limit` PENDING rows of a lane, in id order (the order a run wrote them in). */
export const claimPendingRequests = (database: Database, claim: Claim) =>
  claimWhere(database, claim, `status = 'PENDING'`);

/** Claims up to `limit` rows of a lane left IN_PROGRESS by a worker whose lease expired: it died. */
export const claimExpiredRequests = (database: Database, claim: Claim) =>
  claimWhere(database, claim, `status = 'IN_PROGRESS' AND lease_expires_at < now()`);

async function claimWhere(
  database: Database,
  { workerId, lane, limit, leaseMs }: Claim,
  condition: string,
): Promise<ClaimedRow[]> {
  // SKIP LOCKED: workers claiming at once take different rows instead of waiting for each other.
  const { rows } = await database.executeSql(
    `UPDATE api_requests
        SET status = 'IN_PROGRESS', attempts = attempts + 1, claimed_by = $1,
            lease_expires_at = now() + $2 * interval '1 millisecond', updated_at = now()
      WHERE id IN (
        SELECT id FROM api_requests
         WHERE provider = $3 AND ${condition}
         ORDER BY id
         LIMIT $4
         FOR UPDATE SKIP LOCKED)
      RETURNING id, evaluation_id, input_id, configuration_id, attempts, system_prompt, user_prompt`,
    [workerId, leaseMs, lane, limit],
  );
  return (rows as ClaimedRow[]).sort((a, b) => a.id - b.id);
}

/** Extends the lease of the rows this worker still holds (running or waiting to start). */
export async function renewLeases(database: Database, workerId: string, requestIds: number[], leaseMs: number) {
  await database.executeSql(
    `UPDATE api_requests SET lease_expires_at = now() + $2 * interval '1 millisecond'
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
) {
  await database.executeSql(
    `UPDATE api_requests
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
  await database.executeSql(
    `UPDATE api_requests SET lease_expires_at = now() - interval '1 second' WHERE status = 'IN_PROGRESS'`,
    [],
  );
}

/**
 * Writes finished requests in one statement: status, timings, tokens and the result row, only where the request is
 * still IN_PROGRESS under this worker; then counts them into their evaluations, and the write that brings an
 * evaluation's count to its total stamps completed_at. A concurrent write of another worker waits for the
 * evaluation row's lock and then adds to the count it committed (READ COMMITTED re-reads the updated row), so
 * exactly one of them completes the evaluation. The rule checks' scores of the successful ones go in the same
 * statement, so a request never ends SUCCESS without them (a score of a check deleted meanwhile is left out).
 * Answers the evaluations this write completed.
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
        AS v(id int, status text, execution_time float8, ttft float8, input_tokens int, output_tokens int, error_message text, output text)
    ), done AS (
      UPDATE api_requests r
         SET status = v.status, execution_time = v.execution_time, ttft = v.ttft, input_token_total_count = v.input_tokens,
             output_token_count = v.output_tokens, error_message = v.error_message, lease_expires_at = NULL, updated_at = now()
        FROM v
       WHERE r.id = v.id AND r.status = 'IN_PROGRESS' AND r.claimed_by = ${workerId}
      RETURNING r.id, r.evaluation_id, r.input_id, r.configuration_id, r.status
    ), saved AS (
      INSERT INTO results (evaluation_id, api_request_id, input_id, configuration_id, output, execution_time, ttft,
                           token_count, input_token_total_count)
      SELECT d.evaluation_id, d.id, d.input_id, d.configuration_id, v.output, v.execution_time, v.ttft, v.output_tokens,
             v.input_tokens
        FROM done d JOIN v ON v.id = d.id
       WHERE d.status = 'SUCCESS'
      ON CONFLICT (api_request_id) DO NOTHING
    ), scored AS (
      INSERT INTO scores (evaluation_id, api_request_id, check_id, pass, score, reason)
      SELECT d.evaluation_id, d.id, s.check_id, s.pass, s.score, s.reason
        FROM json_to_recordset(${JSON.stringify(scores)}::json)
          AS s(api_request_id int, check_id int, pass boolean, score float8, reason text)
        JOIN done d ON d.id = s.api_request_id AND d.status = 'SUCCESS'
        JOIN checks c ON c.id = s.check_id
    )
    UPDATE evaluations e
       SET finished_requests = e.finished_requests + d.n,
           completed_at = CASE WHEN e.completed_at IS NULL AND e.finished_requests + d.n >= e.total_requests
                               THEN now() ELSE e.completed_at END
      FROM (SELECT evaluation_id, count(*)::int AS n FROM done GROUP BY evaluation_id) d
     WHERE e.id = d.evaluation_id
    RETURNING e.id, e.completed_at IS NOT NULL AS completed`;
  const evaluationIds = [...new Set(outcomes.map((o) => o.evaluation_id))];
  let rows: { id: number; completed: boolean }[];
  if (evaluationIds.length === 1) {
    ({ rows } = (await database.db.execute(statement)) as unknown as { rows: typeof rows });
  } else {
    // Several evaluations: lock their rows in id order first, so two workers cannot deadlock on them.
    const locked = JSON.stringify(evaluationIds.sort((a, b) => a - b));
    rows = await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT id FROM evaluations WHERE id IN (SELECT jsonb_array_elements_text(${locked}::jsonb)::int) ORDER BY id FOR UPDATE`,
      );
      return ((await tx.execute(statement)) as unknown as { rows: typeof rows }).rows;
    });
  }
  return rows.filter((row) => row.completed).map((row) => row.id);
}
