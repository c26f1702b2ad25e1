import type { Leased } from '../task.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds } from '../../../test/harness.js';
import { queuedRun } from '../../../test/queued-run.js';
import { CALL_TABLE, type ClaimedRequest } from '../../evaluations/tasks/tables.js';
import { writeOutcomes, type Outcome } from '../../evaluations/run-state/outcomes.js';
import { claimReady } from './claim.js';
import { expireAllLeases, reclaimExpired } from './reclaim-expired.js';
import { releaseTasks } from './release.js';
import { renewLeases } from './renew.js';
import { firstItems, itemAt } from '@promptgrid/test-support';

const LEASE_MS = 60_000;
const claim = (workerId: string, limit: number) => ({ workerId, lane: 'mock' as const, limit, leaseMs: LEASE_MS });
const success = (id: number, evaluation_id: number): Leased<Outcome> => ({
  id,
  lease: 1,
  evaluation_id,
  input_id: null,
  configuration_id: 0,
  status: 'SUCCESS',
  ttft: 0.05,
  execution_time: 0.5,
  input_tokens: 10,
  output_tokens: 20,
  error_message: null,
  output: `Answer ${id}`,
});

describe.each(databaseKinds)("the queue's statements on %s", (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());
  // Each test starts from an empty queue: a claim takes whatever is waiting, from any evaluation.
  beforeEach(() => ctx.database.executeSql('DELETE FROM evaluations'));

  it('claims PENDING rows in id order, each for one worker only, and only in the lane asked for', async () => {
    const run = await queuedRun(ctx, { configurations: 2, inputs: 3 });
    const ids = (await run.rows()).map((r) => r.id);
    expect(
      await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, { ...claim('other', 4), lane: 'openai' }),
    ).toEqual([]);

    const [first, second] = await Promise.all([
      claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('a', 4)),
      claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('b', 4)),
    ]);
    const claimed = [...first, ...second].map((r) => r.id).sort((x, y) => x - y);
    expect(claimed).toEqual(ids);
    for (const rows of [first, second])
      expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort((x, y) => x - y));
    expect(first[0]).toMatchObject({ evaluation_id: run.evaluationId, attempts: 1 });
    const rows = await run.rows();
    expect(rows.every((r) => r.status === 'IN_PROGRESS' && r.leased)).toBe(true);
    expect(rows.filter((r) => r.claimed_by === 'a').map((r) => r.id)).toEqual(first.map((r) => r.id));
    expect(await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('c', 4))).toEqual([]);
  });

  it("takes turns between users, then between a user's runs, instead of first added first claimed", async () => {
    const bigRun = await queuedRun(ctx, { configurations: 1, inputs: 6, email: 'big@example.com' });
    const secondRun = await queuedRun(ctx, { configurations: 1, inputs: 2, email: 'big@example.com' });
    const otherUsersRun = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    const claimed = await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('fair', 4));
    const runOf = new Map([
      [bigRun.evaluationId, 'big'],
      [secondRun.evaluationId, 'second'],
      [otherUsersRun.evaluationId, 'other user'],
    ]);
    // Turn 1: each user's first task (the big run's, the other user's); turn 2: the first user's second run, the
    // other user's second task. The big run, added first, gets one of four.
    expect(claimed.map((r) => runOf.get(r.evaluation_id))).toEqual(['big', 'other user', 'second', 'other user']);
    expect(claimed.map((r) => r.owner)).toEqual([
      bigRun.userId,
      otherUsersRun.userId,
      bigRun.userId,
      otherUsersRun.userId,
    ]);
    // Within a run, tasks go in the order they were added.
    const next = await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('fair', 10));
    const bigIds = next.filter((r) => r.evaluation_id === bigRun.evaluationId).map((r) => r.id);
    expect(bigIds).toEqual([...bigIds].sort((a, b) => a - b));
    expect(next.map((r) => r.evaluation_id).sort()).toEqual(
      [...Array(5).fill(bigRun.evaluationId), secondRun.evaluationId].sort(),
    );
  });

  it('gives an owner no more than it may still hold', async () => {
    const capped = await queuedRun(ctx, { configurations: 1, inputs: 5 });
    const other = await queuedRun(ctx, { configurations: 1, inputs: 5 });
    const claimed = await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, {
      ...claim('capped', 8),
      owners: { held: new Map([[capped.userId, 2]]), maxHeld: 3 },
    });
    expect(claimed.filter((r) => r.owner === capped.userId)).toHaveLength(1);
    expect(claimed.filter((r) => r.owner === other.userId)).toHaveLength(3);
  });

  it('claims an IN_PROGRESS row again only once its lease expired, counting the attempt', async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('dead', 2));
    expect(await reclaimExpired<ClaimedRequest>(ctx.database, CALL_TABLE, claim('alive', 2))).toEqual([]);

    await expireAllLeases(ctx.database, CALL_TABLE);
    const taken = await reclaimExpired<ClaimedRequest>(ctx.database, CALL_TABLE, claim('alive', 2));
    expect(taken.map((r) => r.attempts)).toEqual([2, 2]);
    expect((await run.rows()).map((r) => [r.claimed_by, r.leased])).toEqual([
      ['alive', true],
      ['alive', true],
    ]);
  });

  it("renews only the worker's own IN_PROGRESS rows", async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    const mine = itemAt(await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('mine', 1)), 0);
    const theirs = itemAt(await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('theirs', 1)), 0);
    await expireAllLeases(ctx.database, CALL_TABLE);
    await renewLeases(ctx.database, CALL_TABLE, 'mine', [mine.id, theirs.id], LEASE_MS);
    expect((await run.rows()).map((r) => [r.claimed_by, r.leased])).toEqual([
      ['mine', true],
      ['theirs', false],
    ]);
  });

  it('hands rows back with their lease expired, taking back the attempt of a row that never started', async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 3 });
    const [interrupted, unstarted, kept] = firstItems(
      await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('stopping', 3)),
      3,
    );
    await releaseTasks(ctx.database, CALL_TABLE, 'stopping', {
      interrupted: [interrupted.id],
      unstarted: [unstarted.id],
    });
    await releaseTasks(ctx.database, CALL_TABLE, 'somebody else', { interrupted: [kept.id], unstarted: [] });
    expect((await run.rows()).map((r) => [r.status, r.attempts, r.leased])).toEqual([
      ['IN_PROGRESS', 1, false],
      ['IN_PROGRESS', 0, false],
      ['IN_PROGRESS', 1, true],
    ]);
    const retaken = await reclaimExpired<ClaimedRequest>(ctx.database, CALL_TABLE, claim('next', 3));
    expect(retaken.map((r) => [r.id, r.attempts])).toEqual([
      [interrupted.id, 2],
      [unstarted.id, 1],
    ]);
  });

  it('writes an outcome only under the claim it was made for, not after a claim since, even back to the same worker', async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 1 });
    const first = itemAt(await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('w', 1)), 0);
    // Its lease runs out and another worker takes it, then that one's lease runs out and the first takes it back.
    await expireAllLeases(ctx.database, CALL_TABLE);
    await reclaimExpired<ClaimedRequest>(ctx.database, CALL_TABLE, claim('x', 1));
    await expireAllLeases(ctx.database, CALL_TABLE);
    const again = itemAt(await reclaimExpired<ClaimedRequest>(ctx.database, CALL_TABLE, claim('w', 1)), 0);
    expect([first.attempts, again.attempts]).toEqual([1, 3]);

    await writeOutcomes(ctx.database, 'w', [{ ...success(first.id, run.evaluationId), lease: first.attempts }]);
    expect((await run.rows()).map((r) => r.status)).toEqual(['IN_PROGRESS']);
    await writeOutcomes(ctx.database, 'w', [{ ...success(first.id, run.evaluationId), lease: again.attempts }]);
    expect((await run.rows()).map((r) => r.status)).toEqual(['SUCCESS']);
  });

  it("never claims back a worker's own expired rows: it still holds them", async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 1 });
    await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('w', 1));
    await expireAllLeases(ctx.database, CALL_TABLE);
    expect(await reclaimExpired<ClaimedRequest>(ctx.database, CALL_TABLE, claim('w', 1))).toEqual([]);
    expect((await run.rows()).map((r) => [r.claimed_by, r.attempts])).toEqual([['w', 1]]);
  });

  it("writes outcomes of the worker's own rows with their results, and completes the evaluation with its last", async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 3 });
    const other = await queuedRun(ctx, { configurations: 1, inputs: 1 });
    const claimed = await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, claim('writer', 4));
    const [a, b, c] = firstItems(
      claimed.filter((r) => r.evaluation_id === run.evaluationId).sort((x, y) => x.id - y.id),
      3,
    );
    const d = itemAt(
      claimed.filter((r) => r.evaluation_id === other.evaluationId),
      0,
    );

    const failure: Leased<Outcome> = {
      ...success(b.id, run.evaluationId),
      status: 'FAILED',
      output: null,
      input_tokens: null,
      output_tokens: null,
      error_message: 'It broke.',
    };
    expect(await writeOutcomes(ctx.database, 'writer', [success(a.id, run.evaluationId), failure])).toEqual([]);
    // A row claimed by another worker is not written; one batch spans two evaluations and completes both.
    expect(await writeOutcomes(ctx.database, 'not the claimer', [success(c.id, run.evaluationId)])).toEqual([]);
    const completed = await writeOutcomes(ctx.database, 'writer', [
      success(c.id, run.evaluationId),
      success(d.id, other.evaluationId),
    ]);
    expect(completed.sort()).toEqual([run.evaluationId, other.evaluationId].sort());

    expect((await run.rows()).map((r) => [r.status, r.error_message, r.leased])).toEqual([
      ['SUCCESS', null, null],
      ['FAILED', 'It broke.', null],
      ['SUCCESS', null, null],
    ]);
    const { rows: results } = await ctx.database.executeSql(
      'SELECT api_request_id, output FROM results WHERE evaluation_id = $1 ORDER BY api_request_id',
      [run.evaluationId],
    );
    expect(results).toEqual([
      { api_request_id: a.id, output: `Answer ${a.id}` },
      { api_request_id: c.id, output: `Answer ${c.id}` },
    ]);
    const { rows: evaluation } = await ctx.database.executeSql(
      'SELECT finished_requests, completed_at IS NOT NULL AS completed FROM evaluations WHERE id = $1',
      [run.evaluationId],
    );
    expect(evaluation[0]).toEqual({ finished_requests: 3, completed: true });
    // Written again (a retried flush that had landed): nothing changes, nothing is counted twice.
    expect(await writeOutcomes(ctx.database, 'writer', [success(a.id, run.evaluationId)])).toEqual([]);
  });
});
