import { once } from 'node:events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import { evaluationCompleted, queuedRun } from '../../test/queued-run.js';
import { createEvaluationWorker } from '../evaluations/tasks/evaluation-worker.js';
import { CALL_TABLE, type ClaimedRequest } from '../evaluations/tasks/tables.js';
import { WORK_CHANNEL } from './channels.js';
import type { QueueLogger } from './events.js';
import { LISTENER_APPLICATION_NAME } from './listener.js';
import { claimReady } from './sql/claim.js';
import { releaseTasks } from './sql/release.js';

const quiet: QueueLogger = { info() {}, warn() {}, error() {} };

describe.runIf(process.env.TEST_DATABASE_URL)('work announced over LISTEN/NOTIFY (PostgreSQL)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let listening: pg.Client;
  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    listening = new pg.Client({ connectionString: ctx.database.url });
    await listening.connect();
    await listening.query(`LISTEN ${WORK_CHANNEL}`);
  });
  afterAll(async () => {
    await listening?.end();
    await ctx?.close();
  });

  const listenerPids = async () =>
    (
      await ctx.database.executeSql<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
        [LISTENER_APPLICATION_NAME],
      )
    ).rows.map((row) => row.pid);

  it('is announced by the statements that make rows ready: a new run and rows a stopping worker hands back', async () => {
    const announced = once(listening, 'notification');
    const run = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    expect((await announced)[0]).toMatchObject({ channel: WORK_CHANNEL });

    const rows = await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, {
      workerId: 'w',
      lane: 'mock',
      limit: 10,
      leaseMs: 60_000,
    });
    expect(rows.map((row) => row.evaluation_id)).toEqual([run.evaluationId, run.evaluationId]);
    const handedBack = once(listening, 'notification');
    await releaseTasks(ctx.database, CALL_TABLE, 'w', { interrupted: [], unstarted: rows.map((row) => row.id) });
    expect((await handedBack)[0]).toMatchObject({ channel: WORK_CHANNEL });
  });

  it('reaches a worker whose LISTEN connection was terminated mid-run: it listens again and the run finishes', async () => {
    await ctx.database.executeSql('DELETE FROM evaluations');
    const worker = createEvaluationWorker(
      ctx.database,
      { ...ctx.config.providers, concurrency: 2, leaseMs: 30_000 },
      ctx.app.sealingKey,
      quiet,
      { listenUrl: ctx.database.url },
    );
    const listeningAtStart = once(worker.events, 'queue:listening');
    await worker.start();
    await listeningAtStart;
    try {
      const [before] = await listenerPids();
      expect(before).toBeDefined();
      const run = await queuedRun(ctx, { configurations: 1, inputs: 12 });
      await once(worker.events, 'task:completed');

      const listeningAgain = once(worker.events, 'queue:listening');
      await ctx.database.executeSql('SELECT pg_terminate_backend($1)', [before]);
      expect((await listeningAgain)[0]).toEqual({ reconnected: true });
      const after = await listenerPids();
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(before);

      await evaluationCompleted(worker.events, ctx.database, run.evaluationId);
      expect(new Set((await run.rows()).map((row) => row.status))).toEqual(new Set(['SUCCESS']));
    } finally {
      await worker.stop();
    }
  });
});
