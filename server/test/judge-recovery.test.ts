import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES, type AiModel, type ApiRequest, type EvaluationResults } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { createTestDatabase, signedInClient, startTestApp } from './harness.js';
import { HttpClient, freePort, seedProject, startProcess, type ServerProcess } from './server-process.js';
import { itemAt } from '@promptgrid/test-support';

const REQUESTS = 100;
const CONCURRENCY = 10;

/** Polls `read` until `done` says so: the state lives in another process, so there is nothing to wait on but it. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out at ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Api = { ok<T = unknown>(method: string, route: string, body?: unknown): Promise<T> };

/** A run of 10 x 10 on OpenAI with a judge check on Anthropic: the fake's calls tell judgements from requests. */
async function startJudgedRun(client: Api) {
  const { projectId, inputIds, configurationIds } = await seedProject(client, {
    inputs: 10,
    configurations: 10,
    models: ['gpt-4o-mini'],
  });
  await client.ok('POST', ROUTES.apiKeys, { provider: 'openai', key: 'sk-run' });
  await client.ok('POST', ROUTES.apiKeys, { provider: 'anthropic', key: 'sk-ant-judge' });
  const models = await client.ok<AiModel[]>('GET', ROUTES.models);
  const judge = await client.ok<{ id: number }>('POST', ROUTES.checks(projectId), {
    name: 'Fair',
    type: 'llm_judge',
    value: '[[fake:verdict=pass]] Is it a fair answer?',
    ai_model_id: models.find((m) => m.model_name === 'claude-haiku-4-5')!.id,
  });
  const { evaluation_id: evaluationId } = await client.ok<{ evaluation_id: number }>('POST', ROUTES.runEvaluation, {
    configuration_ids: configurationIds,
    input_ids: inputIds,
    use_mock: false,
  });
  const judged = (requests: ApiRequest[]) =>
    requests.filter((r) => r.scores.some((s) => s.check_id === judge.id)).length;
  return {
    /** Resolves once at least `n` outputs have their judge score. */
    judgedAtLeast: (n: number) =>
      waitFor(
        () => client.ok<ApiRequest[]>('GET', ROUTES.apiRequests(evaluationId)),
        (rs) => judged(rs) >= n,
        30_000,
      ).then(judged),
    /** Resolves with the results document once the run is complete, its judgements included. */
    completed: () =>
      waitFor(
        () => client.ok<EvaluationResults>('GET', ROUTES.evaluationResults(evaluationId)),
        (d) => d.evaluation.completed_at !== null,
        60_000,
      ),
    /** Every request SUCCESS, no judgement pending, and exactly one judge score on each. */
    expectJudgedOnce(document: EvaluationResults) {
      expect(document.status_counts).toMatchObject({ SUCCESS: REQUESTS, FAILED: 0, total: REQUESTS });
      for (const request of document.api_requests) {
        expect(request.judging).toBe(false);
        expect(request.scores).toEqual([
          { check_id: judge.id, pass: true, score: 0.9, reason: 'Meets the rubric.', error: null },
        ]);
      }
    },
  };
}

describe('a server killed while judging', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-judge-crash-'));
  let fake: FakeProviders;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends every request and every judge score exactly once after a restart', { timeout: 120_000 }, async () => {
    fake = await startFakeProviders({ latencyMs: 300, record: true });
    const env = {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DEV_LOGIN: 'true',
      APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
      EVAL_CONCURRENCY: String(CONCURRENCY),
    };
    server = await startProcess('main', env);
    const client = await new HttpClient(server.url).signIn('judge-crash@example.com');
    const run = await startJudgedRun(client);
    expect(await run.judgedAtLeast(15)).toBeLessThan(REQUESTS);
    await server.kill('SIGKILL');
    const calls = () => ({
      requests: fake.requests.filter((r) => r.api === 'openai').length,
      judgements: fake.requests.filter((r) => r.api === 'anthropic').length,
    });
    const beforeRestart = calls();

    server = await startProcess('main', env);
    run.expectJudgedOnce(await run.completed());
    // Calls cut off by the kill ran again (at most a concurrency's worth per lane, plus unsaved outcomes); nothing
    // else did.
    const after = calls();
    expect(after.requests).toBeGreaterThanOrEqual(REQUESTS);
    expect(after.requests - REQUESTS).toBeLessThanOrEqual(3 * CONCURRENCY);
    expect(after.judgements).toBeGreaterThanOrEqual(REQUESTS);
    expect(after.judgements - REQUESTS).toBeLessThanOrEqual(3 * CONCURRENCY);
    expect(beforeRestart.judgements).toBeLessThan(REQUESTS + CONCURRENCY);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, a worker process killed while judging', () => {
  let fake: FakeProviders;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof startTestApp>>['app'] | undefined;
  const workers: ServerProcess[] = [];
  afterAll(async () => {
    for (const w of workers) await w.kill();
    await app?.close();
    await database?.close();
    await fake?.close();
  });

  it(
    'leaves its judge tasks to the other once their leases expire, each judged once',
    { timeout: 120_000 },
    async () => {
      fake = await startFakeProviders({ latencyMs: 300, record: false });
      database = await createTestDatabase('postgres');
      const env = {
        DATABASE_URL: database.url!,
        APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
        EVAL_CONCURRENCY: String(CONCURRENCY),
        EVAL_LEASE_MS: '2000',
      };
      ({ app } = await startTestApp(database, env));
      workers.push(await startProcess('worker', { ...env, LOG_LEVEL: 'info' }));
      workers.push(await startProcess('worker', { ...env, LOG_LEVEL: 'info' }));
      await Promise.all(workers.map((worker) => worker.printed('queue worker started')));
      const client = await signedInClient(app);
      const run = await startJudgedRun({
        ok: async (method, route, body) => (await client.request(method, route, body)).json(),
      });
      expect(await run.judgedAtLeast(15)).toBeLessThan(REQUESTS);
      await itemAt(workers, 0).kill('SIGKILL');
      run.expectJudgedOnce(await run.completed());
      const { rows } = await database.executeSql(
        `SELECT status, count(*)::int AS n, count(DISTINCT (api_request_id, check_id))::int AS d FROM judge_tasks GROUP BY status`,
        [],
      );
      expect(rows).toEqual([{ status: 'DONE', n: REQUESTS, d: REQUESTS }]);
    },
  );
});
