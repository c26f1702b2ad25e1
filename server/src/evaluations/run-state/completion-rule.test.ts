import type { Leased } from '../../queue/task.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds } from '../../../test/harness.js';
import { queuedRun } from '../../../test/queued-run.js';
import { failPendingRequests } from './end-requests.js';
import { claimReady } from '../../queue/sql/claim.js';
import { writeOutcomes, type Outcome } from './outcomes.js';
import { CALL_TABLE, type ClaimedRequest } from '../tasks/tables.js';
import { itemAt } from '@promptgrid/test-support';

/**
 * Every write that ends requests or judgements decides completion with the same rule (settle_evaluation): all
 * requests finished and no judgement pending. The counts it reads cannot leave their range: a write that would take
 * one below zero or past the total fails instead of settling the run on a wrong count.
 */
describe.each(databaseKinds)('the completion rule on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[]) =>
    (await ctx.database.executeSql<T>(text, params)).rows;
  const completedAt = async (id: number) =>
    itemAt(await sql<{ completed_at: Date | null }>(`SELECT completed_at FROM evaluations WHERE id = $1`, [id]), 0)
      .completed_at;

  /** A queued mock run of 1 x 2. */
  async function queuedEvaluation() {
    return (await queuedRun(ctx, { configurations: 1, inputs: 2 })).evaluationId;
  }

  it('refuses a count below zero or past the total', async () => {
    const evaluationId = await queuedEvaluation();
    const refused = 'evaluations_counts_in_range';
    const set = (assignment: string) =>
      sql(`UPDATE evaluations SET ${assignment} WHERE id = $1`, [evaluationId]).catch((error: Error) => error);
    expect(await set('pending_judgements = pending_judgements - 1')).toMatchObject({
      message: expect.stringContaining(refused),
    });
    expect(await set('finished_requests = -1')).toMatchObject({ message: expect.stringContaining(refused) });
    expect(await set('finished_requests = total_requests + 1')).toMatchObject({
      message: expect.stringContaining(refused),
    });
    expect(
      await sql(`SELECT finished_requests, pending_judgements FROM evaluations WHERE id = $1`, [evaluationId]),
    ).toEqual([{ finished_requests: 0, pending_judgements: 0 }]);
    await sql(`DELETE FROM evaluations WHERE id = $1`, [evaluationId]); // its requests would join the next claims
  });

  it('completes a run from the outcome write', async () => {
    const evaluationId = await queuedEvaluation();
    const rows = await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, {
      workerId: 'w',
      lane: 'mock',
      limit: 10,
      leaseMs: 60_000,
    });
    const outcomes = rows.map((row): Leased<Outcome> => ({
      id: row.id,
      lease: row.attempts,
      evaluation_id: evaluationId,
      input_id: row.input_id,
      configuration_id: 0,
      ttft: null,
      status: 'FAILED',
      execution_time: 0.1,
      input_tokens: 1,
      output_tokens: 1,
      error_message: 'no',
      output: null,
    }));
    expect(await writeOutcomes(ctx.database, 'w', outcomes)).toEqual([evaluationId]);
    expect(await completedAt(evaluationId)).not.toBeNull();
  });

  it('completes a run from the write that fails its pending requests, and keeps the first stamp', async () => {
    const evaluationId = await queuedEvaluation();
    expect(await failPendingRequests(ctx.database, evaluationId, 'Cancelled.')).toBe(2);
    const first = await completedAt(evaluationId);
    expect(first).not.toBeNull();
    const { completed } = itemAt(
      await sql<{ completed: boolean }>(`SELECT settle_evaluation($1) AS completed`, [evaluationId]),
      0,
    );
    expect(completed).toBe(true);
    expect(await completedAt(evaluationId)).toEqual(first);
  });

  it('reopens a run whose counts say it is not over', async () => {
    const evaluationId = await queuedEvaluation();
    await failPendingRequests(ctx.database, evaluationId, 'Cancelled.');
    await sql(`UPDATE evaluations SET finished_requests = 1 WHERE id = $1`, [evaluationId]);
    const { completed } = itemAt(
      await sql<{ completed: boolean }>(`SELECT settle_evaluation($1) AS completed`, [evaluationId]),
      0,
    );
    expect(completed).toBe(false);
    expect(await completedAt(evaluationId)).toBeNull();
  });
});
