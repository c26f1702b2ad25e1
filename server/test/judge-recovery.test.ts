import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES, type AiModel, type ApiRequest, type EvaluationResults } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { HttpClient, freePort, seedProject, startProcess, type ServerProcess } from './server-process.js';

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

describe('a server killed while judging', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-judge-crash-'));
  let fake: FakeProviders;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'ends every request and every judge score exactly once after a restart',
    { timeout: 120_000 },
    async () => {
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
      const { projectId, inputIds, configurationIds } = await seedProject(client, {
        inputs: 10,
        configurations: 10,
        models: ['gpt-4o-mini'],
      });
      await client.ok('POST', ROUTES.apiKeys, { provider: 'openai', key: 'sk-run' });
      await client.ok('POST', ROUTES.apiKeys, { provider: 'anthropic', key: 'sk-ant-judge' });
      const models = await client.ok<AiModel[]>('GET', ROUTES.models);
      // The judge runs on Anthropic and the run on OpenAI: the fake's calls tell judgements from requests.
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
      const requests = () => client.ok<ApiRequest[]>('GET', ROUTES.apiRequests(evaluationId));

      const atKill = await waitFor(requests, (rs) => judged(rs) >= 15, 30_000);
      await server.kill('SIGKILL');
      expect(judged(atKill)).toBeLessThan(REQUESTS);
      const calls = () => ({
        requests: fake.requests.filter((r) => r.api === 'openai').length,
        judgements: fake.requests.filter((r) => r.api === 'anthropic').length,
      });
      const beforeRestart = calls();

      server = await startProcess('main', env);
      const document = await waitFor(
        () => client.ok<EvaluationResults>('GET', ROUTES.evaluationResults(evaluationId)),
        (d) => d.evaluation.completed_at !== null,
        60_000,
      );
      expect(document.status_counts).toMatchObject({ SUCCESS: REQUESTS, FAILED: 0, total: REQUESTS });
      for (const request of document.api_requests) {
        expect(request.judging).toBe(false);
        expect(request.scores).toEqual([
          { check_id: judge.id, pass: true, score: 0.9, reason: 'Meets the rubric.', error: null },
        ]);
      }
      // Calls cut off by the kill ran again (at most a concurrency's worth per lane, plus unsaved outcomes); nothing
      // else did.
      const after = calls();
      expect(after.requests).toBeGreaterThanOrEqual(REQUESTS);
      expect(after.requests - REQUESTS).toBeLessThanOrEqual(3 * CONCURRENCY);
      expect(after.judgements).toBeGreaterThanOrEqual(REQUESTS);
      expect(after.judgements - REQUESTS).toBeLessThanOrEqual(3 * CONCURRENCY);
      expect(beforeRestart.judgements).toBeLessThan(REQUESTS + CONCURRENCY);
    },
  );
});
