import { sql } from 'drizzle-orm';
import {
  CANCELLED_MESSAGE,
  type CancelEvaluationResponse,
  type RerunEvaluationInput,
  type RerunEvaluationResponse,
} from '@promptgrid/contract';
import { allows, denied } from '../access/policy.js';
import { type Database, queryRows } from '../db/client.js';
import { evaluations } from '../db/schema.js';
import { HttpError, badRequest } from '../http/errors.js';
import { consumeEvaluationQuota } from '../billing/quota.js';
import { announceCancel } from '../queue/channels.js';
import { assertRunSlotFree, type RunLimits } from './run.js';
import { markCancelled, reopenRequests } from './run-state/control.js';
import { failPendingRequests, failRunningRequests } from './run-state/end-requests.js';
import { cancelJudgements, requeueCancelledJudgements } from './run-state/judgements.js';

// Controls of a run after it started: cancel it, or run some of its requests again. See decision 0021.

/**
 * Cancels a running evaluation: marks it cancelled, ends its unstarted requests and then its running ones as FAILED
 * 'Cancelled.' (pending first: a row a worker claims between the two statements is caught by the second), stops its
 * judge work (CANCELLED, kept for a re-run), and tells every worker to abort the evaluation's calls and judgements.
 * Nothing stays IN_PROGRESS or judging, and the last of these writes completes the evaluation. 409 when it had
 * already finished.
 */
export async function cancelEvaluation(
  database: Database,
  userId: number,
  evaluationId: number,
): Promise<CancelEvaluationResponse> {
  const evaluation = await markCancelled(database, userId, evaluationId);
  if (!evaluation) throw denied('evaluation');
  if (!evaluation.running) throw new HttpError(409, 'This evaluation has already finished.');
  const pending = await failPendingRequests(database, evaluationId, CANCELLED_MESSAGE);
  const running = await failRunningRequests(database, evaluationId, CANCELLED_MESSAGE);
  await cancelJudgements(database, evaluationId);
  await announceCancel(database, evaluationId);
  return { evaluation_id: evaluationId, cancelled_requests: pending + running };
}

/**
 * Puts finished requests of an evaluation back to PENDING so the workers run them again, in one statement that also
 * keeps each one's outcome in result_history and removes its result and scores, and takes them back out of the
 * evaluation's count (it is running again: settle_evaluation clears completed_at, and cancelled_at is cleared); judge work a cancel stopped
 * is queued again for the outputs that stay. A re-run that redoes
 * successful requests of a real run counts against the month's quota as one evaluation (402 when none is left);
 * re-running failed or cancelled ones does not. Reopening a finished evaluation takes a run slot like a new run does.
 */
export async function rerunEvaluation(
  database: Database,
  userId: number,
  evaluationId: number,
  input: RerunEvaluationInput,
  limits: RunLimits,
): Promise<RerunEvaluationResponse> {
  const ids = input.request_ids === undefined ? null : JSON.stringify([...new Set(input.request_ids)]);
  const rerun = await database.db.transaction(async (tx) => {
    // The user's row first, as a new run locks it: runs started and reopened at once are counted one after another.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId}::int FOR NO KEY UPDATE`);
    const rows = await queryRows<{ completed: boolean; use_mock: boolean }>(
      tx,
      sql`
      SELECT completed_at IS NOT NULL AS completed, use_mock FROM ${evaluations}
       WHERE ${allows(userId, 'write', 'evaluation', evaluationId)} FOR NO KEY UPDATE`,
    );
    const [evaluation] = rows;
    if (!evaluation) throw denied('evaluation');
    if (ids !== null) {
      const strangers = await queryRows<{ id: number }>(
        tx,
        sql`
        SELECT x.id FROM (SELECT jsonb_array_elements_text(${ids}::jsonb)::int AS id) x
         WHERE NOT EXISTS (SELECT 1 FROM api_requests r WHERE r.id = x.id AND r.evaluation_id = ${evaluationId}::int)
         ORDER BY x.id`,
      );
      if (strangers.length > 0)
        throw badRequest({
          request_ids: [`Not requests of this evaluation: ${strangers.map((r) => r.id).join(', ')}.`],
        });
    }
    if (evaluation.completed) await assertRunSlotFree(tx, userId, limits.maxActiveRunsPerUser);
    const counted = await reopenRequests(tx, evaluationId, { ids, failedOnly: input.failed_only });
    const n = counted.n;
    const judgements = await requeueCancelledJudgements(tx, evaluationId);
    if (n === 0 && judgements === 0)
      throw badRequest({
        non_field_errors: [
          input.failed_only
            ? 'Nothing to re-run: no request of this evaluation failed.'
            : 'Nothing to re-run: these requests have not finished yet.',
        ],
      });
    // Redoing outputs the user already has is a new evaluation of the same prompts, and counts as one; redoing
    // only failed or cancelled requests gives back what the run owed, and is free. A 402 rolls the re-run back.
    if (counted.redone > 0 && !evaluation.use_mock)
      await consumeEvaluationQuota(tx, userId, limits.freeEvaluationsPerMonth);
    return n;
  });
  return { evaluation_id: evaluationId, rerun_requests: rerun };
}
