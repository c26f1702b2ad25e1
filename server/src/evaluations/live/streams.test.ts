import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, ROUTES } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../../test/harness.js';
import { queuedRun } from '../../../test/queued-run.js';
import { createEvaluationWorker } from '../tasks/evaluation-worker.js';
import { SLOW_READER_MAX_CHARS, SseClient } from './sse-client.js';
import { itemAt } from '@promptgrid/test-support';

/** A socket that takes a few bytes and then never drains, as a paused reader's does. */
function stalledResponse() {
  const written: string[] = [];
  let destroyed = false;
  const socket = new Writable({ highWaterMark: 64, write: (chunk: Buffer) => void written.push(String(chunk)) });
  const raw = Object.assign(socket, {
    end: () => socket,
    destroy: () => {
      destroyed = true;
      return socket;
    },
  });
  return { raw: raw as unknown as ServerResponse, written, destroyed: () => destroyed };
}

describe('a live stream whose reader does not keep up', () => {
  it('stops writing when the socket refuses, merges waiting text, and drops the reader past the bound', () => {
    const { raw, written, destroyed } = stalledResponse();
    let ended = 0;
    const client = new SseClient(raw, () => ended++);
    const piece = 'x'.repeat(1000);
    const text = (at: number) => ({ type: 'text' as const, id: 1, input: null, configuration: 1, at, text: piece });
    client.send([text(0)]); // taken by the socket, which is now over its high-water mark
    for (let n = 1; n < 100; n++) client.send([text(n * 1000)]);
    expect(written).toHaveLength(1);
    expect(destroyed()).toBe(false);
    for (let n = 100; n * 1000 < SLOW_READER_MAX_CHARS + 10_000; n++) client.send([text(n * 1000)]);
    expect(written).toHaveLength(1);
    expect(destroyed()).toBe(true);
    expect(ended).toBe(1);
  });

  it('drops a reader that drained nothing between two heartbeats', () => {
    const { raw, destroyed } = stalledResponse();
    const client = new SseClient(raw, () => {});
    client.send([{ type: 'reset', id: 1 }, ...Array.from({ length: 5 }, () => ({ type: 'reset' as const, id: 2 }))]);
    client.heartbeat();
    expect(destroyed()).toBe(false);
    client.heartbeat();
    expect(destroyed()).toBe(true);
  });
});

/** Opens a stream, with a session's cookie or other headers, and resolves, once it ends, with what it carried. */
async function openStream(url: string, credentials: string | Record<string, string>) {
  const headers = typeof credentials === 'string' ? { cookie: credentials } : credentials;
  const response = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } });
  const body = response.ok ? response.text() : Promise.resolve(await response.text());
  return { status: response.status, body };
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The owner of a new running evaluation (PENDING: no worker here), signed in with a session of their own. */
async function owner(ctx: TestApp, base: string) {
  const client = await signedInClient(ctx.app);
  const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
  const model = (await client.get(ROUTES.models)).json()[0].id as number;
  await client.post(ROUTES.configurations(project), { name: 'A', prompt_content: 'Hi', ai_model_id: model });
  const run = await queuedRun(ctx, { configurations: 1, inputs: 1 });
  await ctx.database.executeSql('UPDATE evaluations SET user_id = $1, project_id = $2 WHERE id = $3', [
    client.user.id,
    project,
    run.evaluationId,
  ]);
  return { client, evaluationId: run.evaluationId, url: `${base}${ROUTES.evaluationEvents(run.evaluationId)}` };
}

describe.each(databaseKinds)('live streams of a user on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { LIVE_HEARTBEAT_MS: '200' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx?.close());

  it(`answers 429 to a user's stream past ${LIMITS.liveStreamsPerUser}, and ends them all at sign-out`, async () => {
    const { client, url } = await owner(ctx, base);
    const open = [];
    for (let n = 0; n < LIMITS.liveStreamsPerUser; n++) open.push(await openStream(url, client.cookieHeader()));
    expect(open.map((s) => s.status)).toEqual(Array(LIMITS.liveStreamsPerUser).fill(200));
    const refused = await openStream(url, client.cookieHeader());
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body)).toEqual({
      detail:
        `At most ${LIMITS.liveStreamsPerUser} live streams can be open at once: close a tab that follows a run, ` +
        'or wait for one to finish.',
    });
    expect((await client.post(ROUTES.auth.signOut)).statusCode).toBe(200);
    const bodies = await Promise.all(open.map((s) => s.body));
    expect(bodies.every((body) => body.startsWith(': live'))).toBe(true);
  });

  it('ends a stream whose run is deleted, and finishes one whose run is cancelled elsewhere', async () => {
    const deleted = await owner(ctx, base);
    const stream = await openStream(deleted.url, deleted.client.cookieHeader());
    expect((await deleted.client.delete(ROUTES.evaluation(deleted.evaluationId))).statusCode).toBe(204);
    expect(await stream.body).not.toContain('event: done');

    const cancelled = await owner(ctx, base);
    const cancelledStream = await openStream(cancelled.url, cancelled.client.cookieHeader());
    await ctx.database.executeSql('UPDATE evaluations SET cancelled_at = now() WHERE id = $1', [
      cancelled.evaluationId,
    ]);
    expect(await cancelledStream.body).toContain('event: done');
  });

  it('ends a stream at the next heartbeat once its session is gone, as after a sign-out in another process', async () => {
    const { client, url } = await owner(ctx, base);
    const stream = await openStream(url, client.cookieHeader());
    await ctx.database.executeSql('DELETE FROM sessions WHERE user_id = $1', [
      (client as TestClient & { user: { id: number } }).user.id,
    ]);
    expect(await stream.body).toMatch(/^: live/);
  });

  it('ends a stream at the next heartbeat once its API token is gone, as when a revocation message was lost', async () => {
    const { client, url } = await owner(ctx, base);
    const { token } = (await client.post(ROUTES.accessTokens, { name: 'CI' })).json<{ token: string }>();
    const stream = await openStream(url, { authorization: `Bearer ${token}` });
    expect(stream.status).toBe(200);
    await ctx.database.executeSql('DELETE FROM access_tokens WHERE user_id = $1', [client.user.id]);
    expect(await stream.body).toMatch(/^: live/);
  });
});

describe.each(databaseKinds)('live streams that end at once, long before a heartbeat, on %s', (kind) => {
  let ctx: TestApp;
  let base: string;
  beforeAll(async () => {
    // No heartbeat comes during a test: whatever ends a stream here is not its periodic look at the database.
    ctx = await createTestApp(kind, { LIVE_HEARTBEAT_MS: '600000' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx?.close());

  /** A new API token of the client's: its id and the Authorization header that sends it. */
  async function apiToken(client: TestClient, expiresAt?: string) {
    const created = await client.post(ROUTES.accessTokens, { name: 'CI', expires_at: expiresAt });
    expect(created.statusCode, created.body).toBe(201);
    const { id, token } = created.json<{ id: number; token: string }>();
    return { id, headers: { authorization: `Bearer ${token}` } };
  }

  it('ends a stream opened with an API token as soon as the token is revoked', async () => {
    const { client, url } = await owner(ctx, base);
    const token = await apiToken(client);
    const stream = await openStream(url, token.headers);
    expect(stream.status).toBe(200);
    const revokedAt = performance.now();
    expect((await client.delete(ROUTES.accessToken(token.id))).statusCode).toBe(204);
    expect(await stream.body).toMatch(/^: live/);
    expect(performance.now() - revokedAt).toBeLessThan(2_000);
    expect((await openStream(url, token.headers)).status).toBe(401);
  });

  it('ends a stream opened with an API token when the token expires', async () => {
    const { client, url } = await owner(ctx, base);
    const expiresAt = Date.now() + 1_500;
    const token = await apiToken(client, new Date(expiresAt).toISOString());
    const stream = await openStream(url, token.headers);
    expect(stream.status).toBe(200);
    expect(await stream.body).toMatch(/^: live/);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    expect(Date.now() - expiresAt).toBeLessThan(2_000);
  });

  it('finishes the streams of a run with a judge check once its last judgement is written', async () => {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const model = (await client.get(ROUTES.models)).json()[0].id as number;
    const body = { name: 'A', prompt_content: 'Hi', ai_model_id: model };
    const configuration = (await client.post(ROUTES.configurations(project), body)).json().id as number;
    const input = (await client.post(ROUTES.inputs(project), { name: 'q', content: 'Question' })).json().id as number;
    const check = { name: 'Judge', type: 'llm_judge', value: 'Correct?', ai_model_id: model };
    expect((await client.post(ROUTES.checks(project), check)).statusCode).toBe(201);
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [configuration],
      input_ids: [input],
      use_mock: true,
    });
    const evaluationId = started.json().evaluation_id as number;
    // The stream is open before any work is done: the app runs no worker, this one starts once the stream is there.
    const stream = await openStream(`${base}${ROUTES.evaluationEvents(evaluationId)}`, client.cookieHeader());
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const worker = createEvaluationWorker(ctx.database, ctx.config.providers, ctx.app.sealingKey, quiet, {
      live: ctx.app.live,
    });
    await worker.start();
    try {
      expect(await stream.body).toMatch(/event: done\n/);
      const document = (await client.get(ROUTES.evaluationResults(evaluationId))).json();
      expect(document.evaluation.completed_at).not.toBeNull();
      expect(itemAt(document.api_requests as { scores: unknown[] }[], 0).scores).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it("finishes a cancelled run's streams with done at once", async () => {
    const { client, evaluationId, url } = await owner(ctx, base);
    const streams = [
      await openStream(url, client.cookieHeader()),
      await openStream(url, (await apiToken(client)).headers),
    ];
    const cancelledAt = performance.now();
    expect((await client.post(ROUTES.cancelEvaluation(evaluationId))).statusCode).toBe(200);
    for (const stream of streams) expect(await stream.body).toMatch(/event: done\ndata: \{"type":"done"\}\n\n$/);
    expect(performance.now() - cancelledAt).toBeLessThan(2_000);
  });
});
