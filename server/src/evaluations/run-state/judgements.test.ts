import type { Leased } from '../../queue/task.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds } from '../../../test/harness.js';
import { queuedRun } from '../../../test/queued-run.js';
import { claimReady } from '../../queue/sql/claim.js';
import { reclaimExpired } from '../../queue/sql/reclaim-expired.js';
import { releaseTasks } from '../../queue/sql/release.js';
import { writeJudgements } from './judgements.js';
import type { Judgement } from '../judging/work.js';
import { writeOutcomes, type Outcome } from './outcomes.js';
import { CALL_TABLE, JUDGE_TABLE, type ClaimedJudgeTask, type ClaimedRequest } from '../tasks/tables.js';
import { itemAt } from '@promptgrid/test-support';

describe.each(databaseKinds)('judge tasks on the queue on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  const claim = (workerId: string) => ({ workerId, lane: 'mock' as const, limit: 10, leaseMs: 60_000 });
  const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[]) =>
    (await ctx.database.executeSql<T>(text, params)).rows;
  const evaluationOf = async (id: number) =>
    (
      await sql<{ finished_requests: number; pending_judgements: number; completed: boolean }>(
        `SELECT finished_requests, pending_judgements, completed_at IS NOT NULL AS completed FROM evaluations WHERE id = $1`,
        [id],
      )
    )[0];

  /** A queued mock run of 1 x 2 with a judge check, its two requests ended (the first SUCCESS) by worker w. */
  async function judgedRun() {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    const check = itemAt(
      await sql<{ id: number }>(
        `INSERT INTO checks (project_id, name, type, value, ai_model_id)
       SELECT project_id, 'j', 'llm_judge', 'Right?', (SELECT min(id) FROM ai_models) FROM evaluations WHERE id = $1
       RETURNING id`,
        [run.evaluationId],
      ),
      0,
    );
    const rows = await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('w'));
    const outcome = (row: (typeof rows)[number], success: boolean): Leased<Outcome> => ({
      id: row.id,
      lease: row.attempts,
      evaluation_id: run.evaluationId,
      input_id: row.input_id,
      configuration_id: 0,
      ttft: null,
      status: success ? 'SUCCESS' : 'FAILED',
      execution_time: 0.1,
      input_tokens: 1,
      output_tokens: 1,
      error_message: success ? null : 'no',
      output: success ? 'Paris' : null,
    });
    const completed = await writeOutcomes(ctx.database, 'w', [
      outcome(itemAt(rows, 0), true),
      outcome(itemAt(rows, 1), false),
    ]);
    return { evaluationId: run.evaluationId, checkId: check.id, requestId: itemAt(rows, 0).id, completed };
  }

  const judgement = (id: number, evaluation_id: number, lease = 1): Leased<Judgement> => ({
    id,
    lease,
    evaluation_id,
    pass: true,
    score: 0.8,
    reason: 'Good.',
    error: null,
    input_tokens: 40,
    output_tokens: 9,
    cost_usd: 0.0001,
  });

  it('are made by the write that ends a request SUCCESS, keep the run open, and end exactly once', async () => {
    const run = await judgedRun();
    expect(run.completed).toEqual([]);
    expect(await evaluationOf(run.evaluationId)).toEqual({
      finished_requests: 2,
      pending_judgements: 1,
      completed: false,
    });
    const tasks = await sql(
      'SELECT api_request_id, check_id, provider, status FROM judge_tasks WHERE evaluation_id = $1',
      [run.evaluationId],
    );
    expect(tasks).toEqual([
      { api_request_id: run.requestId, check_id: run.checkId, provider: 'mock', status: 'PENDING' },
    ]);

    const task = itemAt(await claimReady<ClaimedJudgeTask>(ctx.database, JUDGE_TABLE, claim('w')), 0);
    expect(task).toMatchObject({ evaluation_id: run.evaluationId, api_request_id: run.requestId, attempts: 1 });
    // Held under a live lease: no other worker takes it.
    expect(await claimReady<ClaimedJudgeTask>(ctx.database, JUDGE_TABLE, claim('x'))).toEqual([]);
    expect(await reclaimExpired<ClaimedJudgeTask>(ctx.database, JUDGE_TABLE, claim('x'))).toEqual([]);
    expect(await writeJudgements(ctx.database, 'x', [judgement(task.id, run.evaluationId)])).toEqual([]);

    expect(await writeJudgements(ctx.database, 'w', [judgement(task.id, run.evaluationId)])).toEqual([
      run.evaluationId,
    ]);
    expect(await writeJudgements(ctx.database, 'w', [judgement(task.id, run.evaluationId)])).toEqual([]);
    expect(await evaluationOf(run.evaluationId)).toEqual({
      finished_requests: 2,
      pending_judgements: 0,
      completed: true,
    });
    expect(
      await sql('SELECT check_id, pass, score, reason FROM scores WHERE evaluation_id = $1', [run.evaluationId]),
    ).toEqual([{ check_id: run.checkId, pass: true, score: 0.8, reason: 'Good.' }]);
    expect(await sql('SELECT status, input_tokens, output_tokens FROM judge_tasks WHERE id = $1', [task.id])).toEqual([
      { status: 'DONE', input_tokens: 40, output_tokens: 9 },
    ]);
  });

  it("hands a stopped worker's task back, and ends a deleted check's task with no score", async () => {
    const run = await judgedRun();
    const task = itemAt(await claimReady<ClaimedJudgeTask>(ctx.database, JUDGE_TABLE, claim('w')), 0);
    await releaseTasks(ctx.database, JUDGE_TABLE, 'w', { interrupted: [task.id], unstarted: [] });
    const [again] = await reclaimExpired<ClaimedJudgeTask>(ctx.database, JUDGE_TABLE, claim('x'));
    expect(again).toMatchObject({ id: task.id, attempts: 2 });
    await sql('DELETE FROM checks WHERE id = $1', [run.checkId]);
    expect(await writeJudgements(ctx.database, 'x', [judgement(task.id, run.evaluationId, again!.attempts)])).toEqual([
      run.evaluationId,
    ]);
    expect(await sql('SELECT * FROM scores WHERE evaluation_id = $1', [run.evaluationId])).toEqual([]);
    expect(await evaluationOf(run.evaluationId)).toMatchObject({ pending_judgements: 0, completed: true });
  });
});
