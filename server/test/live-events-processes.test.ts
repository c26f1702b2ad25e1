import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { LiveEvent, ROUTES, type Result } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { createTestDatabase, signedInClient, startTestApp } from './harness.js';
import { startProcess, type ServerProcess } from './server-process.js';
import { itemAt } from '@promptgrid/test-support';

/** The events of an SSE response, read to its end. */
async function readEvents(url: string, cookie: string): Promise<LiveEvent[]> {
  const response = await fetch(url, { headers: { cookie } });
  expect(response.status).toBe(200);
  const body = await response.text();
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => LiveEvent.parse(JSON.parse(line.slice(6))));
}

describe.runIf(process.env.TEST_DATABASE_URL)('live events from a worker process (PostgreSQL)', () => {
  let fake: FakeProviders;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof startTestApp>>['app'] | undefined;
  let worker: ServerProcess | undefined;
  afterAll(async () => {
    await worker?.kill();
    await app?.close();
    await database?.close();
    await fake?.close();
  });

  it('reach the server’s SSE client through LISTEN/NOTIFY', { timeout: 120_000 }, async () => {
    fake = await startFakeProviders({ record: false });
    database = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: database.url!,
      APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
    };
    // The server runs no worker of its own: every call is made in the other process.
    ({ app } = await startTestApp(database, env));
    worker = await startProcess('worker', { ...env, LOG_LEVEL: 'info' });
    await worker.printed('queue worker started');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const client = await signedInClient(app);
    expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-live' })).statusCode).toBe(201);
    const project = (await client.post(ROUTES.projects, { name: 'Live', description: 'D' })).json().id as number;
    const models = (await client.get(ROUTES.models)).json<{ id: number; company: string }[]>();
    const configuration = await client.post(ROUTES.configurations(project), {
      name: 'Slow',
      prompt_content: '[[fake:stream=1000-3000]] Tell it slowly, piece by piece.',
      ai_model_id: models.find((m) => m.company === 'openai')!.id,
    });
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [configuration.json().id],
      input_ids: [],
      use_mock: false,
    });
    const evaluationId = started.json().evaluation_id as number;

    const events = await readEvents(`${base}${ROUTES.evaluationEvents(evaluationId)}`, client.cookieHeader());
    const result = itemAt((await client.get(ROUTES.results(evaluationId))).json<Result[]>(), 0);
    const pieces = events.filter((e) => e.type === 'text');
    expect(pieces.length).toBeGreaterThan(1);
    let text = '';
    for (const piece of pieces) text = text.slice(0, piece.at) + piece.text;
    expect(text).toBe(result.output);
    expect(events.find((e) => e.type === 'finished')).toMatchObject({ status: 'SUCCESS', ttft: result.ttft });
    expect(events.at(-1)).toEqual({ type: 'done' });
  });
});
