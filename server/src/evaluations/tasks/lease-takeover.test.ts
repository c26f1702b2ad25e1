import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds } from '../../../test/harness.js';
import { evaluationCompleted, queuedRun } from '../../../test/queued-run.js';
import type { Database } from '../../db/client.js';
import { queueEvents, type QueueLogger } from '../../queue/events.js';
import { expireAllLeases } from '../../queue/sql/reclaim-expired.js';
import { QueueWorker } from '../../queue/worker.js';
import { JudgeTask } from '../judging/judge-task.js';
import { CallTask } from './call.js';
import { EngineServices } from './services.js';
import { CALL_TABLE } from './tables.js';

const quiet: QueueLogger = { info() {}, warn() {}, error() {} };
/** Long enough that no renewal comes during a test: a lease runs out only when the test expires it. */
const LEASE_MS = 60_000;

/**
 * A worker held past its lease: its calls are sent, then wait for the test (as a paused event loop or a slow provider
 * would hold them) while the test lets their leases run out. Whoever then holds each task, every request must end with
 * one result, and its verdicts (a rule check's, scored in the outcome's write, and a judge's) be written once.
 */
describe.each(databaseKinds)('a worker held past its lease on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  const workers: QueueWorker[] = [];
  /** Every worker's writes: the run completes with whichever worker writes its last judgement. */
  let written = queueEvents();
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    written = queueEvents();
    await ctx.database.executeSql('DELETE FROM evaluations');
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop(0);
  });

  /**
   * A worker running both tasks; `held`: its calls wait for `release` before they end. It reports the requests it
   * sent and the claims for expired leases it made.
   */
  function engineWorker(id: string, held: boolean) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: number[] = [];
    const expiredClaims = { count: 0, waiting: [] as (() => void)[] };
    const database: Database = Object.create(ctx.database) as Database;
    database.executeSql = (text, params) => {
      if (text.includes('lease_expires_at < now()')) {
        expiredClaims.count++;
        for (const wake of expiredClaims.waiting.splice(0)) wake();
      }
      return ctx.database.executeSql(text, params);
    };
    const services = new EngineServices(database, ctx.config.providers, ctx.app.sealingKey, id, null);
    const call = new CallTask(services);
    const run = call.run.bind(call);
    call.run = async (task, context) => {
      sent.push(task.id);
      const outcome = await run(task, context);
      // Held until released; a worker stopping after a failed test aborts it.
      if (held)
        await new Promise((resolve) => (void gate.then(resolve), context.signal.addEventListener('abort', resolve)));
      return outcome;
    };
    const settings = { ...ctx.config.providers, concurrency: 10, leaseMs: LEASE_MS };
    const worker = new QueueWorker(database, settings, quiet, { id, events: queueEvents() })
      .register(call)
      .register(new JudgeTask(services));
    worker.events.on('batch:written', (event) => written.emit('batch:written', event));
    workers.push(worker);
    /** Resolves once the worker has looked for expired leases `n` more times. */
    const expiredClaimsMore = (n: number) =>
      new Promise<void>((resolve) => {
        const target = expiredClaims.count + n;
        const check = () => (expiredClaims.count >= target ? resolve() : expiredClaims.waiting.push(check));
        check();
      });
    return { worker, sent, release, expiredClaimsMore };
  }

  /** A queued run of 2 x 3 with a rule check and a judge check; resolves when the worker has sent all six calls. */
  async function judgedRun() {
    const run = await queuedRun(ctx, { configurations: 2, inputs: 3 });
    await ctx.database.executeSql(
      `INSERT INTO checks (project_id, name, type, value, ai_model_id)
       SELECT project_id, 'rule', 'contains', 'x', NULL FROM evaluations WHERE id = $1
       UNION ALL
       SELECT project_id, 'judge', 'llm_judge', 'Right?', (SELECT min(id) FROM ai_models) FROM evaluations WHERE id = $1`,
      [run.evaluationId],
    );
    return run;
  }

  const allSent = (worker: QueueWorker, n: number) =>
    new Promise<void>((resolve) => {
      let started = 0;
      worker.events.on('task:started', ({ task }) => task === 'call' && ++started === n && resolve());
    });

  /** Every request ended SUCCESS with one result, one rule score and one judge score, and the run's counts add up. */
  async function expectWrittenOnce(evaluationId: number) {
    const sql = async (text: string) => (await ctx.database.executeSql(text, [evaluationId])).rows;
    expect(
      await sql(`SELECT status, count(*)::int AS n FROM api_requests WHERE evaluation_id = $1 GROUP BY status`),
    ).toEqual([{ status: 'SUCCESS', n: 6 }]);
    expect(
      await sql(`SELECT count(DISTINCT api_request_id)::int AS requests, count(*)::int AS n FROM results
                       WHERE evaluation_id = $1`),
    ).toEqual([{ requests: 6, n: 6 }]);
    expect(
      await sql(`SELECT c.type, count(*)::int AS n, count(DISTINCT s.api_request_id)::int AS requests
                        FROM scores s JOIN checks c ON c.id = s.check_id
                       WHERE s.evaluation_id = $1 GROUP BY c.type ORDER BY c.type`),
    ).toEqual([
      { type: 'contains', n: 6, requests: 6 },
      { type: 'llm_judge', n: 6, requests: 6 },
    ]);
    expect(
      await sql(`SELECT status, count(*)::int AS n FROM judge_tasks WHERE evaluation_id = $1 GROUP BY status`),
    ).toEqual([{ status: 'DONE', n: 6 }]);
    expect(
      await sql(`SELECT finished_requests, pending_judgements, completed_at IS NOT NULL AS completed
                        FROM evaluations WHERE id = $1`),
    ).toEqual([{ finished_requests: 6, pending_judgements: 0, completed: true }]);
  }

  it('writes nothing of a worker whose tasks another took over, and every result and verdict once', async () => {
    const run = await judgedRun();
    const stalled = engineWorker('stalled', true);
    const failures: unknown[] = [];
    stalled.worker.events.on('batch:failed', ({ error }) => failures.push(error));
    const sending = allSent(stalled.worker, 6);
    await stalled.worker.start();
    await sending;

    await expireAllLeases(ctx.database, CALL_TABLE);
    const other = engineWorker('other', false);
    other.worker.events.on('batch:failed', ({ error }) => failures.push(error));
    const takenOver = new Promise<number[]>((resolve) =>
      other.worker.events.on('task:takenOver', ({ task, ids }) => task === 'call' && resolve(ids)),
    );
    await other.worker.start();
    expect(await takenOver).toHaveLength(6);
    await evaluationCompleted(written, ctx.database, run.evaluationId);

    // The stalled worker comes back with its six outcomes: its write finds the tasks no longer its own.
    const stalledWrite = new Promise<number>((resolve) =>
      stalled.worker.events.on('batch:written', ({ task, count }) => task === 'call' && resolve(count)),
    );
    stalled.release();
    expect(await stalledWrite).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    expect((await run.rows()).map((r) => [r.claimed_by, r.attempts])).toEqual(Array(6).fill(['other', 2]));
    await expectWrittenOnce(run.evaluationId);
  });

  it('runs each task once when the worker holding it comes back after its lease ran out', async () => {
    const run = await judgedRun();
    const stalled = engineWorker('stalled', true);
    const sending = allSent(stalled.worker, 6);
    await stalled.worker.start();
    await sending;

    await expireAllLeases(ctx.database, CALL_TABLE);
    // Twice: the first look may have been on its way before the leases ran out.
    await stalled.expiredClaimsMore(2);
    stalled.release();
    await evaluationCompleted(written, ctx.database, run.evaluationId);
    expect(stalled.sent.sort((a, b) => a - b)).toEqual((await run.rows()).map((r) => r.id));
    await expectWrittenOnce(run.evaluationId);
  });
});
