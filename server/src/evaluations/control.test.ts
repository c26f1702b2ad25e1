import crypto from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCELLED_MESSAGE, JUDGING_CANCELLED, ROUTES, type ApiRequest, type Evaluation } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../test/harness.js';
import { evaluationCompleted, requestRows } from '../../test/queued-run.js';
import { queueEvents } from '../queue/events.js';
import { rerunEvaluation } from './control.js';
import { itemAt } from '@promptgrid/test-support';

const KEY = 'sk-good-openai-control';
type Client = TestClient & { user: { id: number } };

describe.each(databaseKinds)('run control on %s', (kind) => {
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let modelId: number;
  const events = queueEvents();

  beforeAll(async () => {
    fake = await startFakeProviders({ latencyMs: 5, apiKeys: [KEY] });
    ctx = await createTestApp(
      kind,
      {
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
        PROVIDER_TIMEOUT_MS: '30000',
        EVAL_MAX_RETRIES: '2',
        EVAL_RETRY_BASE_MS: '10',
        EVAL_CONCURRENCY: '2',
      },
      { workers: true, workerEvents: events },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  /** A user with an OpenAI key and a project of `prompts` x `inputs`; answers their ids. */
  async function setUp(prompts: string[], inputs: string[]) {
    const client = (await signedInClient(ctx.app)) as Client;
    expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: KEY })).statusCode).toBe(201);
    modelId ??= (await client.get(ROUTES.models))
      .json<{ id: number; model_name: string }[]>()
      .find((m) => m.model_name === 'gpt-4o-mini')!.id;
    const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const configurationIds: number[] = [];
    for (const [n, prompt] of prompts.entries())
      configurationIds.push(
        (
          await client.post(ROUTES.configurations(project), {
            name: `Prompt ${n}`,
            prompt_content: prompt,
            ai_model_id: modelId,
            parameters: { temperature: 0, max_tokens: null },
            provider_specific_params: {},
          })
        ).json().id,
      );
    const inputIds: number[] = [];
    for (const [n, content] of inputs.entries())
      inputIds.push((await client.post(ROUTES.inputs(project), { name: `Input ${n}`, content })).json().id);
    return { client, project, configurationIds, inputIds };
  }

  /** Another configuration in the project of the client's last set-up. */
  async function setUpConfiguration(client: Client, prompt: string) {
    const projects = (await client.get(ROUTES.projects)).json<{ id: number }[]>();
    const project = Math.max(...projects.map((p) => p.id));
    const response = await client.post(ROUTES.configurations(project), {
      name: 'Extra',
      prompt_content: prompt,
      ai_model_id: modelId,
      parameters: { temperature: 0, max_tokens: null },
      provider_specific_params: {},
    });
    return response.json().id as number;
  }

  async function run(client: Client, body: object) {
    const response = await client.post(ROUTES.runEvaluation, { name: 'Control', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ evaluation_id: number; total_requests: number }>();
  }

  const usage = async (userId: number) =>
    itemAt(
      (
        await ctx.database.executeSql<{ count: number }>(
          'SELECT coalesce(sum(count), 0)::int AS count FROM evaluation_usage WHERE user_id = $1',
          [userId],
        )
      ).rows,
      0,
    ).count;
  const evaluationOf = async (client: Client, id: number) =>
    (await client.get(ROUTES.evaluationResults(id))).json<{ evaluation: Evaluation }>().evaluation;
  const requestsOf = async (client: Client, id: number) =>
    (await client.get(ROUTES.apiRequests(id))).json<ApiRequest[]>();
  const counters = async (id: number) =>
    (
      await ctx.database.executeSql<{ finished_requests: number; total_requests: number; completed: boolean }>(
        'SELECT finished_requests, total_requests, completed_at IS NOT NULL AS completed FROM evaluations WHERE id = $1',
        [id],
      )
    ).rows[0];

  it('cancel ends unstarted requests and aborts the calls in flight; nothing stays IN_PROGRESS', async () => {
    // Every call hangs: whatever started is in flight when the cancel comes; with 2 slots most rows are not started.
    const { client, configurationIds, inputIds } = await setUp(
      ['Slow [[fake:hang]]', 'Also slow [[fake:hang]]'],
      ['One', 'Two', 'Three'],
    );
    const started = once(events, 'task:started');
    const { evaluation_id: id } = await run(client, { configuration_ids: configurationIds, input_ids: inputIds });
    await started;
    expect((await requestRows(ctx.database, id)).some((r) => r.status === 'IN_PROGRESS')).toBe(true);

    const idle = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the openai lane did not go idle within 2 s')), 2000);
      const listener = ({ task, lane }: { task: string; lane: string }) => {
        if (task !== 'call' || lane !== 'openai') return;
        clearTimeout(timer);
        events.off('queue:idle', listener);
        resolve();
      };
      events.on('queue:idle', listener);
    });
    const cancelledAt = Date.now();
    const response = await client.post(ROUTES.cancelEvaluation(id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ evaluation_id: id, cancelled_requests: 6 });
    // The worker's calls were aborted: its lane went idle (nothing running, nothing held) well within 2 s.
    await idle;
    expect(Date.now() - cancelledAt).toBeLessThan(2000);

    const rows = await requestRows(ctx.database, id);
    expect(rows.map((r) => [r.status, r.error_message])).toEqual(rows.map(() => ['FAILED', CANCELLED_MESSAGE]));
    // Each request counted once: the evaluation's count is exactly its total, and it is final.
    expect(await counters(id)).toEqual({ finished_requests: 6, total_requests: 6, completed: true });
    const evaluation = await evaluationOf(client, id);
    expect(evaluation.cancelled_at).not.toBeNull();
    expect(evaluation.completed_at).not.toBeNull();

    // Cancelling again: it has finished.
    const again = await client.post(ROUTES.cancelEvaluation(id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This evaluation has already finished.' });
  });

  it('re-runs one cell in the same evaluation, keeps its previous output as history, and counts as one evaluation', async () => {
    const { client, configurationIds, inputIds } = await setUp(['Be brief.', 'Be kind.'], ['Hello', 'Bye']);
    const { evaluation_id: id } = await run(client, { configuration_ids: configurationIds, input_ids: inputIds });
    await evaluationCompleted(events, ctx.database, id);
    expect(await usage(client.user.id)).toBe(1);
    const first = itemAt(await requestsOf(client, id), 0);
    const before = (await client.get(ROUTES.evaluationResults(id))).json().api_requests[0];

    // A verdict on the old output: it goes with the output it judged.
    await ctx.database.executeSql(
      `INSERT INTO scores (evaluation_id, api_request_id, check_id, pass, score, reason) VALUES ($1, $2, 1, true, 1, 'ok')`,
      [id, first.id],
    );
    const response = await client.post(ROUTES.rerunEvaluation(id), { request_ids: [first.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ evaluation_id: id, rerun_requests: 1 });
    await evaluationCompleted(events, ctx.database, id);

    const after = await requestsOf(client, id);
    expect(after).toHaveLength(4);
    expect(after.every((r) => r.status === 'SUCCESS')).toBe(true);
    expect(itemAt(after, 0).history).toEqual([
      expect.objectContaining({ status: 'SUCCESS', output: before.output, error_message: null }),
    ]);
    expect(after.slice(1).every((r) => r.history.length === 0)).toBe(true);
    const { rows: scores } = await ctx.database.executeSql('SELECT 1 FROM scores WHERE api_request_id = $1', [
      first.id,
    ]);
    expect(scores).toEqual([]);
    expect(await counters(id)).toEqual({ finished_requests: 4, total_requests: 4, completed: true });
    // Redoing a successful request is a new evaluation of the prompt: it counts against the month like a run.
    expect(await usage(client.user.id)).toBe(2);
    expect(fake.requests).toHaveLength(5);
  });

  it('a re-run that redoes successful requests is refused with 402 when the free month is used up, and changes nothing', async () => {
    const { client, configurationIds, inputIds } = await setUp(['Be brief.'], ['Hello', 'Bye']);
    const { evaluation_id: id } = await run(client, {
      configuration_ids: configurationIds,
      input_ids: inputIds,
      repetitions: 2,
    });
    await evaluationCompleted(events, ctx.database, id);
    const usedUp = { freeEvaluationsPerMonth: 1, maxActiveRunsPerUser: 5 };
    await expect(
      rerunEvaluation(ctx.database, client.user.id, id, { failed_only: false }, usedUp),
    ).rejects.toMatchObject({ statusCode: 402 });
    const first = itemAt(await requestsOf(client, id), 0);
    await expect(
      rerunEvaluation(ctx.database, client.user.id, id, { request_ids: [first.id], failed_only: false }, usedUp),
    ).rejects.toMatchObject({ statusCode: 402 });
    expect((await requestsOf(client, id)).every((r) => r.status === 'SUCCESS' && r.history.length === 0)).toBe(true);
    expect(await counters(id)).toEqual({ finished_requests: 4, total_requests: 4, completed: true });
    expect(await usage(client.user.id)).toBe(1);

    // With the month's allowance, a whole re-run of a run with repetitions counts once.
    const roomy = { freeEvaluationsPerMonth: 10, maxActiveRunsPerUser: 5 };
    await expect(rerunEvaluation(ctx.database, client.user.id, id, { failed_only: false }, roomy)).resolves.toEqual({
      evaluation_id: id,
      rerun_requests: 4,
    });
    await evaluationCompleted(events, ctx.database, id);
    expect(await usage(client.user.id)).toBe(2);
  });

  it('re-runs the failed cells only, which then succeed; with none failed it answers 400', async () => {
    // The first three calls of this prompt answer 500 (a call and its 2 retries): the run's call fails, the re-run's works.
    const { client, configurationIds, inputIds } = await setUp(['Fine.', 'Flaky [[fake:500x3]]'], ['Only']);
    const { evaluation_id: id } = await run(client, { configuration_ids: configurationIds, input_ids: inputIds });
    await evaluationCompleted(events, ctx.database, id);
    const statuses = (await requestsOf(client, id)).map((r) => r.status);
    expect(statuses).toEqual(['SUCCESS', 'FAILED']);

    const response = await client.post(ROUTES.rerunEvaluation(id), { failed_only: true });
    expect(response.json()).toEqual({ evaluation_id: id, rerun_requests: 1 });
    await evaluationCompleted(events, ctx.database, id);
    const after = await requestsOf(client, id);
    expect(after.map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS']);
    expect(itemAt(after, 1).history).toEqual([expect.objectContaining({ status: 'FAILED', output: null })]);
    expect(itemAt(itemAt(after, 1).history, 0).error_message).toMatch(/500|server/i);
    expect(await usage(client.user.id)).toBe(1);

    const none = await client.post(ROUTES.rerunEvaluation(id), { failed_only: true });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ non_field_errors: ['Nothing to re-run: no request of this evaluation failed.'] });
    const stranger = await client.post(ROUTES.rerunEvaluation(id), { request_ids: [itemAt(after, 0).id + 100_000] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toHaveProperty('request_ids');
  });

  it('re-runs a cancelled evaluation: it runs again and is no longer cancelled', async () => {
    const { client, configurationIds, inputIds } = await setUp(['Hangs once [[fake:hangx1]]'], ['A']);
    const started = once(events, 'task:started');
    const { evaluation_id: id } = await run(client, { configuration_ids: configurationIds, input_ids: inputIds });
    await started;
    expect((await client.post(ROUTES.cancelEvaluation(id))).statusCode).toBe(200);
    expect((await client.post(ROUTES.rerunEvaluation(id), {})).json()).toEqual({
      evaluation_id: id,
      rerun_requests: 1,
    });
    await evaluationCompleted(events, ctx.database, id);
    const request = itemAt(await requestsOf(client, id), 0);
    expect(request.status).toBe('SUCCESS');
    expect(request.history).toEqual([expect.objectContaining({ status: 'FAILED', error_message: CANCELLED_MESSAGE })]);
    expect((await evaluationOf(client, id)).cancelled_at).toBeNull();
    // Only cancelled requests were redone: the user got nothing for them, so the re-run is free.
    expect(await usage(client.user.id)).toBe(1);
  });

  it('cancel while judging stops the judge, its outputs end judging at a newer updated_at; a re-run judges them', async () => {
    const { client, project, configurationIds, inputIds } = await setUp(['Be brief.'], ['One', 'Two']);
    // The judge's first call of each output never answers; asked again after the re-run, it passes.
    const check = await client.post(ROUTES.checks(project), {
      name: 'Judge',
      type: 'llm_judge',
      value: 'Is it brief? [[fake:hangx1]] [[fake:verdict=pass]]',
      ai_model_id: modelId,
    });
    expect(check.statusCode, check.body).toBe(201);
    const { evaluation_id: id } = await run(client, { configuration_ids: configurationIds, input_ids: inputIds });
    const judgeTasks = async () =>
      (
        await ctx.database.executeSql<{ status: string }>(
          'SELECT status FROM judge_tasks WHERE evaluation_id = $1 ORDER BY id',
          [id],
        )
      ).rows.map((t) => t.status);
    await vi.waitFor(async () => expect(await judgeTasks()).toEqual(['IN_PROGRESS', 'IN_PROGRESS']), {
      timeout: 10_000,
    });
    const before = await requestsOf(client, id);
    expect(before.map((r) => [r.status, r.judging])).toEqual([
      ['SUCCESS', true],
      ['SUCCESS', true],
    ]);

    expect((await client.post(ROUTES.cancelEvaluation(id))).statusCode).toBe(200);
    expect(await judgeTasks()).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await counters(id)).toEqual({ finished_requests: 2, total_requests: 2, completed: true });
    // A poll from the newest time the watching tab had seen brings both outputs, no longer judging.
    const newest = before
      .map((r) => r.updated_at)
      .sort()
      .at(-1)!;
    const changed = (await client.get(ROUTES.apiRequestsChangedSince(id, newest))).json<ApiRequest[]>();
    expect(changed.map((r) => [r.id, r.judging])).toEqual(before.map((r) => [r.id, false]));
    // Each output says its judgement was cancelled, not that it passed or failed.
    expect(changed.map((r) => r.scores)).toEqual(
      before.map(() => [{ check_id: check.json().id, pass: null, score: null, reason: '', error: JUDGING_CANCELLED }]),
    );
    expect((await client.get(ROUTES.apiRequestMetrics(id))).json()).toMatchObject({ cancelled: true });

    // Re-running the failed requests (none): the judge work the cancel stopped is queued again, and judged.
    const rerun = await client.post(ROUTES.rerunEvaluation(id), { failed_only: true });
    expect(rerun.json()).toEqual({ evaluation_id: id, rerun_requests: 0 });
    expect((await evaluationOf(client, id)).cancelled_at).toBeNull();
    await vi.waitFor(async () => expect(await judgeTasks()).toEqual(['DONE', 'DONE']), { timeout: 10_000 });
    await evaluationCompleted(events, ctx.database, id);
    const after = await requestsOf(client, id);
    expect(after.map((r) => [r.judging, r.scores.map((score) => score.pass)])).toEqual([
      [false, [true]],
      [false, [true]],
    ]);
    expect((await client.get(ROUTES.apiRequestMetrics(id))).json()).toMatchObject({ cancelled: false });
    expect(await usage(client.user.id)).toBe(1);
  });

  it('reopening a finished evaluation takes a run slot: refused (429) while the user has as many runs going', async () => {
    const { client, configurationIds, inputIds } = await setUp(['Quick.'], ['A']);
    const { evaluation_id: finishedId } = await run(client, {
      configuration_ids: configurationIds,
      input_ids: inputIds,
    });
    await evaluationCompleted(events, ctx.database, finishedId);
    const slow = await setUpConfiguration(client, 'Slow [[fake:hang]]');
    const started = once(events, 'task:started');
    const { evaluation_id: runningId } = await run(client, { configuration_ids: [slow], input_ids: [] });
    await started;
    const oneSlot = { freeEvaluationsPerMonth: 50, maxActiveRunsPerUser: 1 };
    await expect(
      rerunEvaluation(ctx.database, client.user.id, finishedId, { failed_only: false }, oneSlot),
    ).rejects.toMatchObject({
      statusCode: 429,
    });
    expect(await counters(finishedId)).toMatchObject({ finished_requests: 1, completed: true });
    // Cells of the run still going are re-run without a slot of their own: nothing of it has finished yet here.
    await expect(
      rerunEvaluation(ctx.database, client.user.id, runningId, { failed_only: false }, oneSlot),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect((await client.post(ROUTES.cancelEvaluation(runningId))).statusCode).toBe(200);
    await expect(
      rerunEvaluation(ctx.database, client.user.id, finishedId, { failed_only: false }, oneSlot),
    ).resolves.toEqual({
      evaluation_id: finishedId,
      rerun_requests: 1,
    });
    await evaluationCompleted(events, ctx.database, finishedId);
  });

  it('runs each pair `repetitions` times, numbered from 0, all counted in total_requests', async () => {
    const { client, configurationIds, inputIds } = await setUp(['Be brief.'], ['One', 'Two']);
    const { evaluation_id: id, total_requests } = await run(client, {
      configuration_ids: configurationIds,
      input_ids: inputIds,
      repetitions: 3,
    });
    expect(total_requests).toBe(6);
    await evaluationCompleted(events, ctx.database, id);
    const requests = await requestsOf(client, id);
    expect(requests.map((r) => [r.input, r.repetition, r.status])).toEqual([
      [inputIds[0], 0, 'SUCCESS'],
      [inputIds[0], 1, 'SUCCESS'],
      [inputIds[0], 2, 'SUCCESS'],
      [inputIds[1], 0, 'SUCCESS'],
      [inputIds[1], 1, 'SUCCESS'],
      [inputIds[1], 2, 'SUCCESS'],
    ]);
    expect(fake.requests).toHaveLength(6);
    expect(await evaluationOf(client, id)).toMatchObject({ repetitions: 3, total_requests: 6 });
    expect(await usage(client.user.id)).toBe(1);
  });

  it('refuses repetitions outside 1..10 and counts them against the 20,000-call cap', async () => {
    const { client, configurationIds, inputIds } = await setUp(['Be brief.'], ['One']);
    const eleven = await client.post(ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      input_ids: inputIds,
      repetitions: 11,
    });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json()).toHaveProperty('repetitions');
    const ids = Array.from({ length: 2001 }, (_, n) => n + 1);
    const tooMany = await client.post(ROUTES.runEvaluation, { configuration_ids: ids, input_ids: [], repetitions: 10 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      non_field_errors: ['A run may make at most 20,000 API calls; this one would make 20,010.'],
    });
  });
});
