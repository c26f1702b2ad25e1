import type { Leased } from './task.js';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds } from '../../test/harness.js';
import { evaluationCompleted, queuedRun } from '../../test/queued-run.js';
import { createEvaluationWorker } from '../evaluations/tasks/evaluation-worker.js';
import { writeOutcomes, type Outcome } from '../evaluations/run-state/outcomes.js';
import { CALL_TABLE, type ClaimedRequest } from '../evaluations/tasks/tables.js';
import { BatchWriter } from './batch-writer.js';
import { queueEvents, type QueueEventMap, type QueueLogger } from './events.js';
import { claimReady } from './sql/claim.js';
import { MAX_ATTEMPTS } from './task-runner.js';
import type { QueueWorker } from './worker.js';
import { itemAt } from '@promptgrid/test-support';

const quiet: QueueLogger = { info() {}, warn() {}, error() {} };

describe.each(databaseKinds)('the queue worker with the evaluation tasks on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  const workers: QueueWorker[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());
  // Each test starts from an empty queue: a worker takes whatever is waiting, from any evaluation.
  beforeEach(() => ctx.database.executeSql('DELETE FROM evaluations'));
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
  });

  function startWorker(concurrency: number) {
    const worker = createEvaluationWorker(
      ctx.database,
      { ...ctx.config.providers, concurrency, leaseMs: 30_000 },
      ctx.app.sealingKey,
      quiet,
    );
    workers.push(worker);
    return worker;
  }

  /** The kinds of the events the worker emits for the call task's mock lane (and its writes), in order. */
  function record(events: QueueWorker['events'], kinds: (keyof QueueEventMap)[]) {
    const seen: string[] = [];
    for (const kind of kinds)
      events.on(
        kind,
        (event: { task?: string; lane?: string }) =>
          event.task === 'call' && (event.lane ?? 'mock') === 'mock' && seen.push(kind),
      );
    return seen;
  }

  it('runs a queued call and reports it claimed, started, completed, written, and the lane idle', async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 1 });
    const worker = startWorker(2);
    const kinds: (keyof QueueEventMap)[] = [
      'task:claimed',
      'task:started',
      'task:completed',
      'batch:written',
      'queue:idle',
    ];
    const seen = record(worker.events, kinds);
    const mockIdle = new Promise((resolve) =>
      worker.events.on('queue:idle', ({ task, lane }) => task === 'call' && lane === 'mock' && resolve(lane)),
    );
    await worker.start();
    await evaluationCompleted(worker.events, ctx.database, run.evaluationId);
    await mockIdle;
    expect(seen).toEqual(kinds);
    expect((await run.rows()).map((r) => r.status)).toEqual(['SUCCESS']);
  });

  it(`fails a request claimed more than ${MAX_ATTEMPTS} times instead of running it again`, async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    const doomed = itemAt(await run.rows(), 0);
    // Its workers died five times: each claim counted an attempt, and the leases ran out.
    await ctx.database.executeSql('UPDATE api_requests SET attempts = $2 WHERE id = $1', [doomed.id, MAX_ATTEMPTS]);
    const worker = startWorker(2);
    await worker.start();
    await evaluationCompleted(worker.events, ctx.database, run.evaluationId);
    expect((await run.rows()).map((r) => [r.status, r.attempts, r.error_message])).toEqual([
      [
        'FAILED',
        MAX_ATTEMPTS + 1,
        `Stopped after ${MAX_ATTEMPTS} interrupted attempts: the worker running this request stopped each time.`,
      ],
      ['SUCCESS', 1, null],
    ]);
  });

  it("ends a task whose handler threw with the handler's failure, and reports it failed", async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 1 });
    // A snapshot the call task cannot read: reading the run's context throws.
    await ctx.database.executeSql(`UPDATE evaluations SET snapshot = '{}'::jsonb WHERE id = $1`, [run.evaluationId]);
    const worker = startWorker(1);
    const failed = once(worker.events, 'task:failed');
    await worker.start();
    const [failure] = (await failed) as [{ task: string; group: number; error: unknown }];
    expect(failure).toMatchObject({ task: 'call', group: run.evaluationId });
    await evaluationCompleted(worker.events, ctx.database, run.evaluationId);
    const row = itemAt(await run.rows(), 0);
    expect(row.status).toBe('FAILED');
    expect(row.error_message).toMatch(/^Internal error while running this request: /);
  });

  it('hands buffered rows back on stop without counting an attempt, and another worker runs them', async () => {
    const run = await queuedRun(ctx, { configurations: 3, inputs: 3 });
    const worker = startWorker(1);
    // An idle lane claims one row for its one slot, then two more to keep behind it. The worker stops as the second
    // claim comes back, before the lane can start those two or claim again (its first call may end meanwhile).
    const claims: number[][] = [];
    const stopped = new Promise<void>((resolve) =>
      worker.events.on('task:claimed', ({ task, ids }) => {
        if (task === 'call' && claims.push(ids) === 2) resolve(worker.stop());
      }),
    );
    await worker.start();
    await stopped;

    const claimed = claims.flat();
    const running = itemAt(claimed, 0);
    const unstarted = claimed.slice(1);
    const rows = new Map((await run.rows()).map((r) => [r.id, r]));
    expect(rows.get(running)).toMatchObject({ status: 'SUCCESS', attempts: 1 });
    expect(unstarted).toHaveLength(2);
    for (const id of unstarted)
      expect(rows.get(id)).toMatchObject({ status: 'IN_PROGRESS', attempts: 0, leased: false });
    expect([...rows.values()].filter((r) => r.status === 'PENDING')).toHaveLength(6);

    const next = startWorker(3);
    await next.start();
    await evaluationCompleted(next.events, ctx.database, run.evaluationId);
    expect((await run.rows()).map((r) => [r.status, r.attempts])).toEqual(Array(9).fill(['SUCCESS', 1]));
  });

  it('keeps the outcomes of a failed write and writes them with the next', async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    const claimed = await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, {
      workerId: 'writer',
      lane: 'mock',
      limit: 2,
      leaseMs: 30_000,
    });
    const events = queueEvents();
    let writes = 0;
    const writer = new BatchWriter<Leased<Outcome>>(
      'call',
      (batch) =>
        ++writes === 1 ? Promise.reject(new Error('connection lost')) : writeOutcomes(ctx.database, 'writer', batch),
      events,
      quiet,
      10,
    );
    const failed = once(events, 'batch:failed');
    const ended = {
      evaluation_id: run.evaluationId,
      input_id: null,
      configuration_id: 0,
      execution_time: 0.1,
      cost_usd: null,
      lease: 1,
    };
    writer.add(
      {
        ...ended,
        id: itemAt(claimed, 0).id,
        status: 'SUCCESS',
        ttft: 0.05,
        input_tokens: 3,
        output_tokens: 2,
        error_message: null,
        output: 'Fine.',
      },
      true,
    );
    const [failure] = await failed;
    expect(failure).toMatchObject({ count: 1, error: new Error('connection lost') });
    expect((await run.rows()).map((r) => r.status)).toEqual(['IN_PROGRESS', 'IN_PROGRESS']);

    writer.add(
      {
        ...ended,
        id: itemAt(claimed, 1).id,
        status: 'FAILED',
        ttft: null,
        input_tokens: null,
        output_tokens: null,
        error_message: 'Nope.',
        output: null,
      },
      true,
    );
    await evaluationCompleted(events, ctx.database, run.evaluationId);
    expect(writes).toBeGreaterThanOrEqual(2);
    expect((await run.rows()).map((r) => [r.status, r.error_message])).toEqual([
      ['SUCCESS', null],
      ['FAILED', 'Nope.'],
    ]);
    await writer.close();
  });
});
