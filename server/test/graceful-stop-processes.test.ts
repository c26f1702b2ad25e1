import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES, type RunEvaluationResponse } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { createTestDatabase } from './harness.js';
import { HttpClient, seedProject, startProcess, type ServerProcess } from './server-process.js';
import { itemAt } from '@promptgrid/test-support';

const SHUTDOWN_TIMEOUT_MS = 8000;

/** Polls `read` (its answer comes from other processes) until `done` holds, or fails after `timeoutMs`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out at ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The status of GET /readyz, or 'refused' once the server no longer accepts connections. */
const readiness = (server: ServerProcess) =>
  fetch(`${server.url}${ROUTES.readyz}`).then(
    (response) => response.status,
    () => 'refused' as const,
  );

describe.runIf(process.env.TEST_DATABASE_URL)('SIGTERM to one of two servers during a run (PostgreSQL)', () => {
  let fake: FakeProviders;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.kill();
    await database?.close();
    await fake?.close();
  });

  it(
    'stops it within SHUTDOWN_TIMEOUT_MS with exit code 0, not ready from the signal on, and the other completes the run: every call once',
    { timeout: 120_000 },
    async () => {
      // Calls shorter than the stop's grace: the stopping server finishes the ones it runs and hands back the rest.
      fake = await startFakeProviders({ latencyMs: 200, record: false });
      database = await createTestDatabase('postgres');
      const env = {
        DATABASE_URL: database.url!,
        DEV_LOGIN: 'true',
        APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
        EVAL_CONCURRENCY: '10',
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      };
      const staying = await startProcess('main', env);
      servers.push(staying);
      const stopping = await startProcess('main', env);
      servers.push(stopping);
      expect(await readiness(stopping)).toBe(200);

      const client = await new HttpClient(staying.url).signIn('graceful@example.com');
      const { inputIds, configurationIds } = await seedProject(client, {
        inputs: 20,
        configurations: 10,
        models: ['gpt-4.1-nano'],
      });
      await client.ok('POST', ROUTES.apiKeys, { provider: 'openai', key: 'sk-graceful' });
      const run = await client.ok<RunEvaluationResponse>('POST', ROUTES.runEvaluation, {
        configuration_ids: configurationIds,
        input_ids: inputIds,
        use_mock: false,
      });
      expect(run.total_requests).toBe(200);

      // claimed_by starts with the host and the pid of the process that holds (or held) the request.
      const stoppingPid = stopping.child.pid!;
      const byStopping = async () => {
        const { rows } = await database.executeSql<{ running: number; done: number; all_done: number }>(
          `SELECT count(*) FILTER (WHERE status = 'IN_PROGRESS' AND split_part(claimed_by, ':', 2) = $2)::int AS running,
                  count(*) FILTER (WHERE status = 'SUCCESS' AND split_part(claimed_by, ':', 2) = $2)::int AS done,
                  count(*) FILTER (WHERE status = 'SUCCESS')::int AS all_done
             FROM api_requests WHERE evaluation_id = $1`,
          [run.evaluation_id, String(stoppingPid)],
        );
        return itemAt(rows, 0);
      };
      const atSignal = await until(byStopping, (c) => c.running > 0 && c.done >= 10, 30_000);
      expect(atSignal.all_done).toBeLessThan(200);

      const signalledAt = Date.now();
      const exited = new Promise<{ code: number | null; afterMs: number }>((resolve) =>
        stopping.child.once('exit', (code) => resolve({ code, afterMs: Date.now() - signalledAt })),
      );
      stopping.child.kill('SIGTERM');
      // Ready no more: a load balancer polling it takes it out of rotation while it finishes its work.
      expect([503, 'refused']).toContain(
        await until(
          () => readiness(stopping),
          (status) => status !== 200,
          SHUTDOWN_TIMEOUT_MS,
        ),
      );
      const exit = await exited;
      expect(exit.code).toBe(0);
      expect(exit.afterMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);

      const counts = () =>
        client.ok<{ PENDING: number; IN_PROGRESS: number; SUCCESS: number; FAILED: number; total: number }>(
          'GET',
          ROUTES.apiRequestStatusCounts(run.evaluation_id),
        );
      const final = await until(counts, (c) => c.PENDING === 0 && c.IN_PROGRESS === 0, 60_000);
      expect(final).toEqual({ PENDING: 0, IN_PROGRESS: 0, SUCCESS: 200, FAILED: 0, total: 200 });

      const { rows: results } = await database.executeSql<{ n: number; requests: number; cells: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT api_request_id)::int AS requests,
                count(DISTINCT (input_id, configuration_id))::int AS cells
           FROM results WHERE evaluation_id = $1`,
        [run.evaluation_id],
      );
      expect(results[0]).toEqual({ n: 200, requests: 200, cells: 200 });
      // The calls running at the signal finished there and were not made again; the rest ran on the staying server.
      expect(fake.stats.calls).toBe(200);
      const { rows: shares } = await database.executeSql<{ stopped: boolean; n: number }>(
        `SELECT split_part(claimed_by, ':', 2) = $2 AS stopped, count(*)::int AS n
           FROM api_requests WHERE evaluation_id = $1 GROUP BY 1 ORDER BY 1`,
        [run.evaluation_id, String(stoppingPid)],
      );
      expect(shares.map((s) => s.stopped)).toEqual([false, true]);
      const { rows: completed } = await database.executeSql<{ completed_at: Date | null }>(
        'SELECT completed_at FROM evaluations WHERE id = $1',
        [run.evaluation_id],
      );
      expect(itemAt(completed, 0).completed_at).not.toBeNull();
    },
  );
});
