import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { LiveEvent, ROUTES, type Result } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { createTestDatabase, signedInClient, startTestApp } from './harness.js';
import { startProcess, type ServerProcess } from './server-process.js';
import { itemAt } from '@promptgrid/test-support';

/** Opens an SSE response; its body resolves once the stream ends. */
async function openStream(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  return { body: response.text() };
}

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

describe.runIf(process.env.TEST_DATABASE_URL)('live streams ended from another server process (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof startTestApp>>['app'] | undefined;
  let other: ServerProcess | undefined;
  afterAll(async () => {
    await other?.kill();
    await app?.close();
    await database?.close();
  });

  it(
    'a cancel and a revoked API token end the streams open in the other process at once',
    { timeout: 120_000 },
    async () => {
      database = await createTestDatabase('postgres');
      // No heartbeat comes during the test, and no worker runs anywhere: only the cancel ends the run.
      const env = {
        DATABASE_URL: database.url!,
        APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
        LIVE_HEARTBEAT_MS: '600000',
      };
      ({ app } = await startTestApp(database, env));
      other = await startProcess('main', env, ['--no-workers']);

      const client = await signedInClient(app);
      const project = (await client.post(ROUTES.projects, { name: 'Live', description: 'D' })).json().id as number;
      const models = (await client.get(ROUTES.models)).json<{ id: number }[]>();
      const configuration = await client.post(ROUTES.configurations(project), {
        name: 'Waits',
        prompt_content: 'Nobody runs this.',
        ai_model_id: itemAt(models, 0).id,
      });
      const started = await client.post(ROUTES.runEvaluation, {
        configuration_ids: [configuration.json().id],
        input_ids: [],
        use_mock: true,
      });
      const evaluationId = started.json().evaluation_id as number;
      const created = await client.post(ROUTES.accessTokens, { name: 'CI' });
      const { id: tokenId, token: secret } = created.json<{ id: number; token: string }>();

      const url = `${other.url}${ROUTES.evaluationEvents(evaluationId)}`;
      const byToken = await openStream(url, { authorization: `Bearer ${secret}` });
      const bySession = await openStream(url, { cookie: client.cookieHeader() });
      // The other process announced its watchers; a cancel here reaches them once this process has heard it.
      await expect.poll(() => app!.live.isWatched(evaluationId)).toBe(true);

      const revokedAt = performance.now();
      expect((await client.delete(ROUTES.accessToken(tokenId))).statusCode).toBe(204);
      expect(await byToken.body).not.toContain('event: done');
      expect(performance.now() - revokedAt).toBeLessThan(2_000);

      const cancelledAt = performance.now();
      expect((await client.post(ROUTES.cancelEvaluation(evaluationId))).statusCode).toBe(200);
      expect(await bySession.body).toMatch(/event: done\n/);
      expect(performance.now() - cancelledAt).toBeLessThan(2_000);
    },
  );
});
