import crypto from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED_MESSAGE, ROUTES } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';
import { requestRows } from '../../test/queued-run.js';
import type { QueueLogger } from '../queue/events.js';
import type { QueueWorker } from '../queue/worker.js';
import { createEvaluationWorker } from './tasks/evaluation-worker.js';

const KEY = 'sk-good-openai-across';
const quiet: QueueLogger = { info() {}, warn() {}, error() {} };

// On PostgreSQL the worker running a call may be another process (`npm run worker`): the web process that takes the
// cancel cannot abort its calls directly. Here the app runs no worker of its own, so the cancel reaches the worker only
// through the database's notification.
describe.skipIf(!databaseKinds.includes('postgres'))('cancel across processes on postgres', () => {
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let worker: QueueWorker;

  beforeAll(async () => {
    fake = await startFakeProviders({ latencyMs: 5, apiKeys: [KEY] });
    ctx = await createTestApp('postgres', {
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
      PROVIDER_TIMEOUT_MS: '30000',
    });
    const url = (ctx.database as { url?: string }).url;
    worker = createEvaluationWorker(
      ctx.database,
      { ...ctx.config.providers, concurrency: 2, leaseMs: 30_000 },
      ctx.app.sealingKey,
      quiet,
      { listenUrl: url },
    );
    await worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
    await fake?.close();
  });

  it("the other process's worker hears the cancel and aborts its calls; every row ends once, FAILED 'Cancelled.'", async () => {
    const client = await signedInClient(ctx.app);
    expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: KEY })).statusCode).toBe(201);
    const models = (await client.get(ROUTES.models)).json<{ id: number; model_name: string }[]>();
    const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const configuration = (
      await client.post(ROUTES.configurations(project), {
        name: 'Hangs',
        prompt_content: 'Never answers [[fake:hang]]',
        ai_model_id: models.find((m) => m.model_name === 'gpt-4o-mini')!.id,
        parameters: { temperature: 0, max_tokens: null },
        provider_specific_params: {},
      })
    ).json().id as number;
    const input = (await client.post(ROUTES.inputs(project), { name: 'I', content: 'Hello' })).json().id as number;

    const started = once(worker.events, 'task:started');
    const run = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [configuration],
      input_ids: [input],
      repetitions: 4,
    });
    expect(run.statusCode, run.body).toBe(201);
    const id = run.json().evaluation_id as number;
    await started;

    const heard = once(worker.events, 'group:cancelled', { signal: AbortSignal.timeout(2000) });
    const idle = new Promise<void>((resolve) =>
      worker.events.on('queue:idle', ({ task, lane }) => {
        if (task === 'call' && lane === 'openai') resolve();
      }),
    );
    const cancelled = await client.post(ROUTES.cancelEvaluation(id));
    expect(cancelled.json()).toEqual({ evaluation_id: id, cancelled_requests: 4 });
    expect(await heard).toEqual([{ group: id }]);
    await Promise.race([
      idle,
      new Promise((_, reject) => setTimeout(() => reject(new Error('calls still running after 2 s')), 2000)),
    ]);

    const rows = await requestRows(ctx.database, id);
    expect(rows.map((r) => [r.status, r.error_message])).toEqual(rows.map(() => ['FAILED', CANCELLED_MESSAGE]));
    const { rows: counted } = await ctx.database.executeSql(
      'SELECT finished_requests, total_requests, completed_at IS NOT NULL AS completed FROM evaluations WHERE id = $1',
      [id],
    );
    expect(counted[0]).toEqual({ finished_requests: 4, total_requests: 4, completed: true });
  });
});
