import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES, type ApiRequest, type EvaluationResults } from '@promptgrid/contract';
import {
  fakeOutput,
  fakeTokens,
  startFakeProviders,
  type FakeProviders,
} from '@promptgrid/test-support/fake-providers';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../test/harness.js';
import { evaluationCompleted } from '../../test/queued-run.js';
import { queueEvents } from '../queue/events.js';
import { itemAt } from '@promptgrid/test-support';

const GOOD_OPENAI = 'sk-good-openai-1234';
const GOOD_ANTHROPIC = 'sk-ant-good-5678';

type Client = TestClient & { user: { id: number } };

describe.each(databaseKinds)('evaluations on %s', (kind) => {
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let models: { id: number; model_name: string }[];
  const events = queueEvents();

  beforeAll(async () => {
    fake = await startFakeProviders({ latencyMs: 5, apiKeys: [GOOD_OPENAI, GOOD_ANTHROPIC] });
    ctx = await createTestApp(
      kind,
      {
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
        APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
        PROVIDER_TIMEOUT_MS: '1000',
        EVAL_MAX_RETRIES: '2',
        EVAL_RETRY_BASE_MS: '10',
        FREE_EVALUATIONS_PER_MONTH: '3',
      },
      { workers: true, workerEvents: events },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  async function user(
    keys: { openai?: string; anthropic?: string } = { openai: GOOD_OPENAI, anthropic: GOOD_ANTHROPIC },
  ): Promise<Client> {
    const client = await signedInClient(ctx.app);
    models ??= (await client.get(ROUTES.models)).json();
    for (const [provider, key] of Object.entries(keys)) {
      expect((await client.post(ROUTES.apiKeys, { provider, key })).statusCode).toBe(201);
    }
    return client;
  }

  async function project(client: Client) {
    return (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
  }
  async function input(client: Client, projectId: number, content: string) {
    return (await client.post(ROUTES.inputs(projectId), { name: content.slice(0, 20), content })).json().id as number;
  }
  async function configuration(
    client: Client,
    projectId: number,
    modelName: string,
    prompt: string,
    parameters: { temperature: number; max_tokens: number | null } = { temperature: 0, max_tokens: null },
    jsonMode = false,
  ) {
    const model = models.find((m) => m.model_name === modelName)!;
    const response = await client.post(ROUTES.configurations(projectId), {
      name: `${modelName} config`,
      prompt_content: prompt,
      ai_model_id: model.id,
      parameters,
      provider_specific_params: jsonMode ? { json_mode: true } : {},
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  }

  async function run(client: Client, configuration_ids: number[], input_ids: number[], use_mock = false) {
    const response = await client.post(ROUTES.runEvaluation, {
      configuration_ids,
      input_ids,
      name: 'Evaluation test',
      use_mock,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ evaluation_id: number; total_requests: number; results: unknown[]; errors: unknown[] }>();
  }

  /** Waits for the server's worker to complete the evaluation, then answers its status counts. */
  async function finished(client: Client, evaluationId: number) {
    await evaluationCompleted(events, ctx.database, evaluationId);
    return (await client.get(ROUTES.apiRequestStatusCounts(evaluationId))).json();
  }

  const requestsOf = async (client: Client, evaluationId: number) =>
    (await client.get(ROUTES.apiRequests(evaluationId))).json<ApiRequest[]>();

  it('runs every system prompt on every user prompt via the SDKs, maps parameters per model, records what was sent', async () => {
    const alice = await user();
    const p = await project(alice);
    const i1 = await input(alice, p, 'What is the capital of France?');
    const i2 = await input(alice, p, 'Name three primes.');
    const gpt41 = await configuration(
      alice,
      p,
      'gpt-4.1',
      'You are terse. Reply in JSON.',
      { temperature: 0.7, max_tokens: 100 },
      true,
    );
    const gpt5 = await configuration(alice, p, 'gpt-5', 'You are a reasoning model.', {
      temperature: 0.5,
      max_tokens: 50,
    });
    const claude = await configuration(alice, p, 'claude-sonnet-4-6', 'You are Claude.', {
      temperature: 0.3,
      max_tokens: null,
    });

    const started = await run(alice, [gpt41, gpt5, claude], [i1, i2]);
    expect(started).toMatchObject({ total_requests: 6, results: [], errors: [] });
    expect(await finished(alice, started.evaluation_id)).toEqual({
      PENDING: 0,
      IN_PROGRESS: 0,
      SUCCESS: 6,
      FAILED: 0,
      total: 6,
    });

    const sent = fake.requests;
    expect(sent).toHaveLength(6);
    const openai41 = sent.filter((r) => r.body.model === 'gpt-4.1');
    expect(openai41).toHaveLength(2);
    for (const r of openai41) {
      expect(r.apiKey).toBe(GOOD_OPENAI);
      expect(r.body).toMatchObject({ temperature: 0.7, max_tokens: 100, response_format: { type: 'json_object' } });
      expect(r.body.messages[0]).toEqual({ role: 'system', content: 'You are terse. Reply in JSON.' });
      expect(itemAt(r.body.messages, 1).role).toBe('user');
    }
    for (const r of sent.filter((r) => r.body.model === 'gpt-5')) {
      expect(r.body.max_completion_tokens).toBe(50);
      expect(r.body).not.toHaveProperty('max_tokens');
      expect(r.body).not.toHaveProperty('temperature');
      expect(r.body).not.toHaveProperty('response_format');
    }
    for (const r of sent.filter((r) => r.api === 'anthropic')) {
      expect(r.apiKey).toBe(GOOD_ANTHROPIC);
      expect(r.body).toMatchObject({
        model: 'claude-sonnet-4-6',
        max_tokens: 4096,
        temperature: 0.3,
        system: 'You are Claude.',
      });
      expect(r.body.messages).toHaveLength(1);
      expect(itemAt(r.body.messages, 0).role).toBe('user');
    }

    const document: EvaluationResults = (await alice.get(ROUTES.evaluationResults(started.evaluation_id))).json();
    expect(document.evaluation).toMatchObject({
      id: started.evaluation_id,
      project: p,
      use_mock: false,
      total_requests: 6,
    });
    expect(document.evaluation.completed_at).not.toBeNull();
    expect(document.configurations.map((c) => c.id)).toEqual([gpt41, gpt5, claude]);
    expect(document.configurations[0]).toMatchObject({
      ai_model: { model_name: 'gpt-4.1', company: 'openai' },
      parameters: { temperature: 0.7, max_tokens: 100 },
      provider_specific_params: { json_mode: true },
    });
    expect(document.inputs.map((i) => i.id)).toEqual([i1, i2]);
    expect(document.api_requests).toHaveLength(6);
    const contents = new Map(document.inputs.map((i) => [i.id, i.content]));
    const configs = new Map(document.configurations.map((c) => [c.id, c]));
    let inputTokens = 0;
    let outputTokens = 0;
    for (const request of document.api_requests) {
      const c = configs.get(request.configuration)!;
      const userText = contents.get(request.input!)!;
      const expected = fakeOutput(
        c.ai_model.model_name,
        c.prompt_content,
        userText,
        c.provider_specific_params.json_mode,
      );
      expect(request).toMatchObject({
        status: 'SUCCESS',
        output: expected,
        error_message: null,
        output_token_count: fakeTokens(expected),
        input_token_total_count: fakeTokens(`${c.prompt_content}\n${userText}`),
      });
      expect(request.execution_time).toBeGreaterThan(0);
      inputTokens += request.input_token_total_count!;
      outputTokens += request.output_token_count!;
    }
    expect(document.metrics).toMatchObject({ input_tokens: inputTokens, output_tokens: outputTokens });
    expect(document.metrics.average_execution_time).toBeGreaterThan(0);
    expect(document.metrics.average_execution_time).toBeLessThan(5);
    expect((await alice.get(ROUTES.apiRequestMetrics(started.evaluation_id))).json()).toEqual(document.metrics);
    expect(document.status_counts.SUCCESS).toBe(6);

    const results = (await alice.get(ROUTES.results(started.evaluation_id))).json();
    expect(results).toHaveLength(6);
    expect(results[0]).toMatchObject({
      evaluation: started.evaluation_id,
      output: expect.any(String),
      token_count: expect.any(Number),
      input_token_total_count: expect.any(Number),
    });
    const list = (await alice.get(ROUTES.evaluations)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: started.evaluation_id,
      configuration_ids: [gpt41, gpt5, claude],
      input_ids: [i1, i2],
    });
  });

  it('runs each system prompt alone when no user prompt is chosen', async () => {
    const alice = await user();
    const p = await project(alice);
    const gpt = await configuration(alice, p, 'gpt-4o', 'Write a haiku about the sea.');
    const claude = await configuration(alice, p, 'claude-haiku-4-5', 'Write a limerick.');
    const started = await run(alice, [gpt, claude], []);
    expect(started.total_requests).toBe(2);
    expect((await finished(alice, started.evaluation_id)).SUCCESS).toBe(2);
    const openai = fake.requests.find((r) => r.api === 'openai')!;
    expect(openai.body.messages).toEqual([{ role: 'system', content: 'Write a haiku about the sea.' }]);
    const anthropic = fake.requests.find((r) => r.api === 'anthropic')!;
    expect(anthropic.body).not.toHaveProperty('system');
    expect(anthropic.body.messages).toEqual([{ role: 'user', content: 'Write a limerick.' }]);
    const requests = await requestsOf(alice, started.evaluation_id);
    expect(requests.map((r) => r.input)).toEqual([null, null]);
  });

  it('retries 429, 500, a hang and a malformed body; fails clearly when the fault persists or the key is wrong', async () => {
    const alice = await user();
    const p = await project(alice);
    const prompts = {
      '[[fake:429x2]] rate limited twice': 'SUCCESS',
      '[[fake:500x1]] one server error': 'SUCCESS',
      '[[fake:hangx1]] hangs once': 'SUCCESS',
      '[[fake:malformedx1]] one broken body': 'SUCCESS',
      '[[fake:500]] always failing': 'OpenAI server error (500) after 3 attempts: The server had an error.',
      '[[fake:hang]] always hanging': 'OpenAI did not answer within 1 s (3 attempts)',
      '[[fake:malformed]] always broken': 'OpenAI sent a reply that could not be read (3 attempts)',
    } as const;
    const ids: Record<number, string> = {};
    for (const [prompt, outcome] of Object.entries(prompts))
      ids[await configuration(alice, p, 'gpt-4.1-mini', prompt)] = outcome;
    const claude = await configuration(alice, p, 'claude-opus-4-5', '[[fake:500x2]] Anthropic overloaded twice');
    ids[claude] = 'SUCCESS';
    const started = await run(alice, Object.keys(ids).map(Number), []);
    await finished(alice, started.evaluation_id);
    for (const request of await requestsOf(alice, started.evaluation_id)) {
      const expected = ids[request.configuration];
      if (expected === 'SUCCESS') {
        expect(request, JSON.stringify(request)).toMatchObject({ status: 'SUCCESS', error_message: null });
      } else {
        expect(request).toMatchObject({ status: 'FAILED', error_message: expected, output_token_count: null });
      }
    }
    const calls = (text: string) => fake.requests.filter((r) => JSON.stringify(r.body).includes(text)).length;
    expect(calls('rate limited twice')).toBe(3);
    expect(calls('one server error')).toBe(2);
    expect(calls('always failing')).toBe(3);
    expect(calls('Anthropic overloaded twice')).toBe(3);

    const bob = await user({ openai: 'sk-wrong-0000', anthropic: 'sk-ant-wrong-0000' });
    const q = await project(bob);
    const gpt = await configuration(bob, q, 'gpt-4o-mini', 'Hello');
    const opus = await configuration(bob, q, 'claude-opus-4-5', 'Hello');
    const rejected = await run(bob, [gpt, opus], []);
    await finished(bob, rejected.evaluation_id);
    const messages = (await requestsOf(bob, rejected.evaluation_id)).map((r) => [r.status, r.error_message]);
    expect(messages).toEqual([
      ['FAILED', 'OpenAI rejected the API key (401)'],
      ['FAILED', 'Anthropic rejected the API key (401)'],
    ]);
  });

  it('runs mock evaluations with no key and no network, deterministically, and without using the quota', async () => {
    const carol = await user({});
    const p = await project(carol);
    const i = await input(carol, p, 'Summarise the plot of Hamlet.');
    const c1 = await configuration(carol, p, 'gpt-4o', 'You are a critic.');
    const c2 = await configuration(carol, p, 'claude-sonnet-4-6', 'You are a poet.');
    const outputs: string[][] = [];
    for (let n = 0; n < 5; n++) {
      const started = await run(carol, [c1, c2], [i], true);
      expect((await finished(carol, started.evaluation_id)).SUCCESS).toBe(2);
      const document: EvaluationResults = (await carol.get(ROUTES.evaluationResults(started.evaluation_id))).json();
      expect(document.evaluation.use_mock).toBe(true);
      for (const r of document.api_requests) {
        expect(r.input_token_total_count).toBeGreaterThan(5);
        expect(r.output_token_count).toBeGreaterThan(5);
        expect(r.execution_time).toBeGreaterThan(0.03);
      }
      outputs.push(document.api_requests.map((r) => r.output!));
    }
    expect(fake.stats.calls).toBe(0);
    expect(itemAt(outputs, 0)[0]).toContain('Hamlet');
    expect(itemAt(outputs, 0)[1]).toContain('poet');
    expect(new Set(outputs.map((o) => JSON.stringify(o))).size).toBe(1);
  });

  it("deletes a project's evaluations with their api requests and results, and nobody else's", async () => {
    const dave = await user({});
    const [kept, removed] = [await project(dave), await project(dave)];
    const runs: number[] = [];
    for (const p of [kept, removed]) {
      const started = await run(
        dave,
        [await configuration(dave, p, 'gpt-4o', 'You are brief.')],
        [await input(dave, p, 'Hello')],
        true,
      );
      expect((await finished(dave, started.evaluation_id)).SUCCESS).toBe(1);
      runs.push(started.evaluation_id);
    }
    const rows = async (evaluationId: number) => {
      const { rows } = await ctx.database.executeSql(
        `SELECT (SELECT count(*)::int FROM api_requests WHERE evaluation_id = $1) AS requests,
                (SELECT count(*)::int FROM results WHERE evaluation_id = $1) AS results`,
        [evaluationId],
      );
      return rows[0];
    };
    expect(await rows(itemAt(runs, 1))).toEqual({ requests: 1, results: 1 });
    expect((await dave.delete(ROUTES.project(removed))).statusCode).toBe(204);
    expect(await rows(itemAt(runs, 1))).toEqual({ requests: 0, results: 0 });
    expect(await rows(itemAt(runs, 0))).toEqual({ requests: 1, results: 1 });
  });

  it('refuses a real run lacking a needed provider key (400 naming it); counts real runs against the quota', async () => {
    const dave = await user({ openai: GOOD_OPENAI });
    const p = await project(dave);
    const gpt = await configuration(dave, p, 'gpt-4o', 'Hi');
    const claude = await configuration(dave, p, 'claude-sonnet-4-6', 'Hi');
    const refused = await dave.post(ROUTES.runEvaluation, {
      configuration_ids: [gpt, claude],
      input_ids: [],
      name: 'x',
      use_mock: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().api_key).toEqual([
      'Add an Anthropic API key in API Settings to run claude-sonnet-4-6, or turn on mock mode.',
    ]);
    expect(refused.json().providers).toEqual(['Anthropic']);
    expect((await dave.get(ROUTES.evaluations)).json()).toEqual([]);

    for (let n = 0; n < 3; n++) await run(dave, [gpt], []);
    const over = await dave.post(ROUTES.runEvaluation, {
      configuration_ids: [gpt],
      input_ids: [],
      name: 'x',
      use_mock: false,
    });
    expect(over.statusCode).toBe(402);
    expect((await dave.get(ROUTES.evaluations)).json()).toHaveLength(3);
    await run(dave, [gpt, claude], [], true);
  });

  it("answers 404 for another user's configurations, inputs and evaluations, and 400 for a run across projects", async () => {
    const alice = await user();
    const bob = await user();
    const p = await project(alice);
    const p2 = await project(alice);
    const c = await configuration(alice, p, 'gpt-4o', 'Mine');
    const cOther = await configuration(alice, p2, 'gpt-4o', 'Other project');
    const i = await input(alice, p, 'Mine too');
    const iOther = await input(alice, p2, 'Elsewhere');
    const started = await run(alice, [c], [i], true);
    await finished(alice, started.evaluation_id);

    const bobProject = await project(bob);
    const bobConfig = await configuration(bob, bobProject, 'gpt-4o', 'Bob');
    expect(
      (await bob.post(ROUTES.runEvaluation, { configuration_ids: [c], input_ids: [], use_mock: true })).statusCode,
    ).toBe(404);
    expect(
      (await bob.post(ROUTES.runEvaluation, { configuration_ids: [bobConfig], input_ids: [i], use_mock: true }))
        .statusCode,
    ).toBe(404);
    for (const route of [
      ROUTES.evaluationResults(started.evaluation_id),
      ROUTES.results(started.evaluation_id),
      ROUTES.apiRequests(started.evaluation_id),
      ROUTES.apiRequestMetrics(started.evaluation_id),
      ROUTES.apiRequestStatusCounts(started.evaluation_id),
    ]) {
      expect((await bob.get(route)).statusCode, route).toBe(404);
    }
    expect((await bob.get(ROUTES.evaluations)).json()).toEqual([]);
    const across = await alice.post(ROUTES.runEvaluation, {
      configuration_ids: [c, cOther],
      input_ids: [],
      use_mock: true,
    });
    expect(across.statusCode).toBe(400);
    expect(
      (await alice.post(ROUTES.runEvaluation, { configuration_ids: [c], input_ids: [iOther], use_mock: true }))
        .statusCode,
    ).toBe(400);
    expect(
      (await alice.post(ROUTES.runEvaluation, { configuration_ids: [], input_ids: [], use_mock: true })).statusCode,
    ).toBe(400);
  });

  it('records on each api request the version of the configuration it ran', async () => {
    const alice = await user();
    const p = await project(alice);
    const i = await input(alice, p, 'Where is my parcel?');
    const c = await configuration(alice, p, 'gpt-4.1-mini', 'Be brief.');
    const model = models.find((m) => m.model_name === 'gpt-4.1-mini')!;
    const first = await run(alice, [c], [i], true);
    await finished(alice, first.evaluation_id);
    const edited = await alice.put(ROUTES.configuration(c), {
      name: 'gpt-4.1-mini config',
      prompt_content: 'Be brief and kind.',
      ai_model_id: model.id,
    });
    expect(edited.json().version).toBe(2);
    const second = await run(alice, [c], [i], true);
    await finished(alice, second.evaluation_id);

    expect((await requestsOf(alice, first.evaluation_id)).map((r) => r.configuration_version)).toEqual([1]);
    expect((await requestsOf(alice, second.evaluation_id)).map((r) => r.configuration_version)).toEqual([2]);
    const document = (await alice.get(ROUTES.evaluationResults(second.evaluation_id))).json();
    expect(document.configurations[0]).toMatchObject({ id: c, version: 2, prompt_content: 'Be brief and kind.' });
    expect(document.api_requests[0].configuration_version).toBe(2);
  });
});
