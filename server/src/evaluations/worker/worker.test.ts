import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds } from '../../../test/harness.js';
import { evaluationCompleted, queuedRun } from '../../../test/queued-run.js';
import { workerEvents, type WorkerEventMap, type WorkerLogger } from './events.js';
import { OutcomeWriter } from './outcome-writer.js';
import { claimPendingRequests, writeOutcomes } from './queue.js';
import { MAX_CLAIMS } from './request-runner.js';
import { EvaluationWorker } from './worker.js';

const quiet: WorkerLogger = { info() {}, warn() {}, error() {} };

describe.each(databaseKinds)('the evaluation worker on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  const workers: EvaluationWorker[] = [];
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
    const worker = new EvaluationWorker(
      ctx.database,
      { ...ctx.config.providers, concurrency, leaseMs: 30_000 },
      ctx.app.sealingKey,
      quiet,
    );
    workers.push(worker);
    return worker;
  }

  /** The kinds of the events the worker emits for the mock lane (and its flushes), in order. */
  function record(events: EvaluationWorker['events'], kinds: (keyof WorkerEventMap)[]) {
    const seen: string[] = [];
    for (const kind of kinds)
      events.on(kind, (event: { lane?: string }) => (event.lane ?? 'mock') === 'mock' && seen.push(kind));
    return seen;
  }

  it('runs a queued request and reports it claimed, started, finished, flushed, and the lane idle', async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 1 });
    const worker = startWorker(2);
    const seen = record(worker.events, ['claimed', 'started', 'finished', 'flushed', 'idle']);
    const mockIdle = new Promise((resolve) => worker.events.on('idle', ({ lane }) => lane === 'mock' && resolve(lane)));
    await worker.start();
    await evaluationCompleted(worker.events, ctx.database, run.evaluationId);
    await mockIdle;
    expect(seen).toEqual(['claimed', 'started', 'finished', 'flushed', 'idle']);
    expect((await run.rows()).map((r) => r.status)).toEqual(['SUCCESS']);
  });

  it(`fails a request claimed more than ${MAX_CLAIMS} times instead of running it again`, async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    const [doomed] = await run.rows();
    // Its workers died five times: each claim counted an attempt, and the leases ran out.
    await ctx.database.executeSql('UPDATE api_requests SET attempts = $2 WHERE id = $1', [doomed.id, MAX_CLAIMS]);
    const worker = startWorker(2);
    await worker.start();
    await evaluationCompleted(worker.events, ctx.database, run.evaluationId);
    expect((await run.rows()).map((r) => [r.status, r.attempts, r.error_message])).toEqual([
      [
        'FAILED',
        MAX_CLAIMS + 1,
        `Stopped after ${MAX_CLAIMS} interrupted attempts: the worker running this request stopped each time.`,
      ],
      ['SUCCESS', 1, null],
    ]);
  });

  it('hands buffered rows back on stop without counting an attempt, and another worker runs them', async () => {
    const run = await queuedRun(ctx, { configurations: 3, inputs: 3 });
    const worker = startWorker(1);
    // An idle lane claims one row for its one slot, then two more to keep behind it.
    const claims: number[][] = [];
    const buffered = new Promise<void>((resolve) =>
      worker.events.on('claimed', ({ requestIds }) => claims.push(requestIds) === 2 && resolve()),
    );
    await worker.start();
    await buffered;
    await worker.stop();

    const [running, ...unstarted] = claims.flat();
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

  it('keeps the outcomes of a failed flush and writes them with the next', async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    const claimed = await claimPendingRequests(ctx.database, {
      workerId: 'writer',
      lane: 'mock',
      limit: 2,
      leaseMs: 30_000,
    });
    const events = workerEvents();
    let writes = 0;
    const writer = new OutcomeWriter(
      (batch) =>
        ++writes === 1 ? Promise.reject(new Error('connection lost')) : writeOutcomes(ctx.database, 'writer', batch),
      events,
      quiet,
      10,
    );
    const failed = once(events, 'flushFailed');
    const reply = { output: 'Fine.', inputTokens: 3, outputTokens: 2, ttft: 0.05 };
    writer.record(claimed[0], { ok: true, reply, executionTime: 0.1, attempts: 1 }, true);
    const [failure] = await failed;
    expect(failure).toMatchObject({ count: 1, error: new Error('connection lost') });
    expect((await run.rows()).map((r) => r.status)).toEqual(['IN_PROGRESS', 'IN_PROGRESS']);

    writer.record(claimed[1], { ok: false, message: 'Nope.', executionTime: 0.1, attempts: 3 }, true);
    await evaluationCompleted(events, ctx.database, run.evaluationId);
    expect(writes).toBeGreaterThanOrEqual(2);
    expect((await run.rows()).map((r) => [r.status, r.error_message])).toEqual([
      ['SUCCESS', null],
      ['FAILED', 'Nope.'],
    ]);
    await writer.close();
  });
});
