import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEvent, ROUTES, type Result } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support';
import {
  createTestDatabase,
  databaseKinds,
  signedInClient,
  startTestApp,
  type TestClient,
} from '../../../test/harness.js';
import type { QueueWorker } from '../../queue/worker.js';
import { createEvaluationWorker } from '../tasks/evaluation-worker.js';
import { openLiveHub } from './events-route.js';
import { startMockRun } from '../../../test/mock-run.js';
import type { LiveHub } from './hub.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
type Received = { event: LiveEvent; at: number };

/** Reads an SSE response to its end, each event with when it arrived. */
async function readEvents(url: string, cookie: string): Promise<{ status: number; type: string; events: Received[] }> {
  const response = await fetch(url, { headers: { cookie, accept: 'text/event-stream' } });
  const events: Received[] = [];
  if (!response.ok || !response.body) return { status: response.status, type: '', events };
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split('\n').find((line) => line.startsWith('data: '));
      if (data) events.push({ event: LiveEvent.parse(JSON.parse(data.slice(6))), at: performance.now() });
    }
  }
  return { status: response.status, type: response.headers.get('content-type') ?? '', events };
}

describe.each(databaseKinds)('live events of a run (%s)', (kind) => {
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof startTestApp>> & { database: Awaited<ReturnType<typeof createTestDatabase>> };
  let base: string;
  let owner: TestClient;
  // On PostgreSQL the calls run in a worker of its own with its own hub, as another process would: events reach the
  // server's SSE clients through LISTEN/NOTIFY.
  let otherWorker: { worker: QueueWorker; hub: LiveHub } | null = null;

  beforeAll(async () => {
    fake = await startFakeProviders({ record: false });
    // Two calls at a time: a mock run goes in waves, so the later ones start with the watcher there.
    const env = {
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
      EVAL_CONCURRENCY: '2',
    };
    const database = await createTestDatabase(kind);
    const url = database.url ?? '';
    ctx = {
      ...(await startTestApp(database, { ...env, DATABASE_URL: url }, { workers: kind === 'pglite' })),
      database,
    };
    if (kind === 'postgres') {
      const hub = await openLiveHub(url, quiet);
      const worker = createEvaluationWorker(ctx.database, ctx.config.providers, ctx.app.sealingKey, quiet, {
        listenUrl: url,
        live: hub,
      });
      await worker.start();
      otherWorker = { worker, hub };
    }
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    owner = await signedInClient(ctx.app);
    expect((await owner.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-test' })).statusCode).toBe(201);
    expect((await owner.post(ROUTES.apiKeys, { provider: 'anthropic', key: 'sk-ant-test' })).statusCode).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await otherWorker?.worker.stop();
    await otherWorker?.hub.close();
    await ctx?.app.close();
    await ctx?.database.close();
    await fake?.close();
  });

  /** A run of the prompts, each on an OpenAI model or, with a company, on that company's. */
  async function startRun(prompts: string[], companies: string[] = []): Promise<number> {
    const project = (await owner.post(ROUTES.projects, { name: 'Live', description: 'D' })).json().id as number;
    const models = (await owner.get(ROUTES.models)).json<{ id: number; company: string }[]>();
    const ids: number[] = [];
    for (const [index, prompt] of prompts.entries()) {
      const model = models.find((m) => m.company === (companies[index] ?? 'openai'))!.id;
      const body = { name: prompt.slice(0, 20), prompt_content: prompt, ai_model_id: model };
      ids.push((await owner.post(ROUTES.configurations(project), body)).json().id);
    }
    const started = await owner.post(ROUTES.runEvaluation, { configuration_ids: ids, input_ids: [], use_mock: false });
    expect(started.statusCode, started.body).toBe(201);
    return started.json().evaluation_id;
  }

  it('sends the owner partial text as it streams, then each final status and done', { timeout: 30_000 }, async () => {
    const evaluationId = await startRun(
      [
        '[[fake:stream=1000-3000]] Tell a long story about streams.',
        '[[fake:stream=2000-4000]] [[fake:breakx1]] Break once, then tell it whole.',
        '[[fake:stream=1000-3000]] Claude tells it too.',
      ],
      ['openai', 'openai', 'anthropic'],
    );
    const { status, type, events } = await readEvents(
      `${base}${ROUTES.evaluationEvents(evaluationId)}`,
      owner.cookieHeader(),
    );
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/event-stream/);
    expect(events.at(-1)!.event).toEqual({ type: 'done' });

    const results = (await owner.get(ROUTES.results(evaluationId))).json<Result[]>();
    expect(results).toHaveLength(3);
    for (const result of results) {
      // Rebuilt as a client does: `at` 0 or a reset restarts the text.
      let text = '';
      let firstTextAt: number | null = null;
      let firstLength: number | null = null;
      let finishedAt: number | null = null;
      for (const { event, at } of events) {
        if (event.type === 'reset' && event.id === result.api_request) text = '';
        if (event.type === 'text' && event.id === result.api_request) {
          expect(event.at).toBeLessThanOrEqual(text.length);
          text = text.slice(0, event.at) + event.text;
          firstTextAt ??= at;
          firstLength ??= text.length;
        }
        if (event.type === 'finished' && event.id === result.api_request) {
          finishedAt = at;
          expect(event).toMatchObject({ status: 'SUCCESS', ttft: result.ttft, output_token_count: result.token_count });
          expect(result.token_count).toBeGreaterThan(1);
          expect(result.input_token_total_count).toBeGreaterThan(1);
        }
      }
      expect(text).toBe(result.output);
      // Text came while the call was still going: part of it, before its outcome was saved.
      expect(firstTextAt!).toBeLessThan(finishedAt!);
      expect(firstLength!).toBeLessThan(result.output.length);
      expect(result.ttft).toBeGreaterThan(0.9);
      expect(result.ttft).toBeLessThan(result.execution_time);
    }
    // It broke off half-way through, 3 s in: the watcher was there to be told to start over.
    const broken = results.find((r) => r.output.includes('Break once'))!;
    expect(events.some(({ event }) => event.type === 'reset' && event.id === broken.api_request)).toBe(true);
  });

  it('streams a watched mock run in pieces', { timeout: 30_000 }, async () => {
    const evaluationId = await startMockRun(owner, [{ name: 'Mock', prompt: 'Be brief.' }], [...'abcdefghijkl']);
    const { events } = await readEvents(`${base}${ROUTES.evaluationEvents(evaluationId)}`, owner.cookieHeader());
    const results = (await owner.get(ROUTES.results(evaluationId))).json<Result[]>();
    const streamed = results.filter((r) =>
      events.some(({ event }) => event.type === 'text' && event.id === r.api_request),
    );
    expect(streamed.length).toBeGreaterThan(0);
    for (const result of streamed) {
      const pieces = events.flatMap(({ event }) =>
        event.type === 'text' && event.id === result.api_request ? [event] : [],
      );
      expect(pieces.map((p) => p.text).join('')).toBe(result.output);
      expect(result.ttft).toBeGreaterThan(0);
    }
  });

  it('answers a finished run with done at once', async () => {
    const evaluationId = await startRun(['Quick.']);
    await expect
      .poll(async () => (await owner.get(ROUTES.evaluationResults(evaluationId))).json().evaluation.completed_at, {
        timeout: 20_000,
      })
      .not.toBeNull();
    const { events } = await readEvents(`${base}${ROUTES.evaluationEvents(evaluationId)}`, owner.cookieHeader());
    expect(events.map(({ event }) => event)).toEqual([{ type: 'done' }]);
  });

  it('answers 404 to another user and 401 without a session', async () => {
    const evaluationId = await startRun(['[[fake:stream=100-300]] Mine.']);
    const stranger = await signedInClient(ctx.app);
    const foreign = await stranger.get(ROUTES.evaluationEvents(evaluationId));
    expect(foreign.statusCode).toBe(404);
    expect((await fetch(`${base}${ROUTES.evaluationEvents(evaluationId)}`)).status).toBe(401);
  });
});
