import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES, type AiModel, type EvaluationResults } from '@promptgrid/contract';
import { fakeOutput, startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { itemAt } from '@promptgrid/test-support';
import { createTestApp, embeddedDatabaseOnly, signedInClient, type TestClient } from '../../test/harness.js';
import { waitUntilCompleted } from '../../test/mock-run.js';

const GEMINI_KEY = 'AIza-e2e-gemini-key-7788';

describe.each(embeddedDatabaseOnly)('Google Gemini through its SDK on %s', (kind) => {
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    fake = await startFakeProviders({ apiKeys: [GEMINI_KEY] });
    ctx = await createTestApp(
      kind,
      {
        GEMINI_BASE_URL: fake.geminiBaseUrl,
        APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
        EVAL_RETRY_BASE_MS: '5',
      },
      { workers: true },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  async function run(
    client: TestClient,
    configuration: { model: string; json_mode?: boolean; max_tokens?: number | null; temperature?: number },
    content: string,
  ) {
    const models = (await client.get(ROUTES.models)).json<AiModel[]>();
    const model = models.find((m) => m.model_name === configuration.model)!;
    const projectId = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const created = await client.post(ROUTES.configurations(projectId), {
      name: 'Gemini prompt',
      prompt_content: 'You are terse.',
      ai_model_id: model.id,
      parameters: { temperature: configuration.temperature ?? 0, max_tokens: configuration.max_tokens ?? null },
      provider_specific_params: { json_mode: configuration.json_mode ?? false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const input = (await client.post(ROUTES.inputs(projectId), { name: 'I', content })).json();
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [created.json().id],
      input_ids: [input.id],
      use_mock: false,
    });
    expect(started.statusCode, started.body).toBe(201);
    await waitUntilCompleted(client, started.json().evaluation_id);
    return (await client.get(ROUTES.evaluationResults(started.json().evaluation_id))).json<EvaluationResults>();
  }

  it('lists Gemini models with their prices, and asks for a Gemini key to run them', async () => {
    const alice = await signedInClient(ctx.app);
    const models = (await alice.get(ROUTES.models)).json<AiModel[]>();
    const flash = models.find((m) => m.model_name === 'gemini-2.5-flash');
    expect(flash).toMatchObject({ company: 'gemini', supports_json_mode: true, max_output_tokens: 65536 });
    expect(flash!.price).toMatchObject({ input_per_mtok: 0.3, output_per_mtok: 2.5 });

    const projectId = (await alice.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const configuration = (
      await alice.post(ROUTES.configurations(projectId), { name: 'C', prompt_content: 'p', ai_model_id: flash!.id })
    ).json();
    const refused = await alice.post(ROUTES.runEvaluation, { configuration_ids: [configuration.id], use_mock: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().api_key).toEqual([
      'Add a Google Gemini API key in API Settings to run gemini-2.5-flash, or turn on mock mode.',
    ]);
  });

  it('streams through streamGenerateContent with the system instruction, parameters and JSON mode, priced', async () => {
    const alice = await signedInClient(ctx.app);
    expect((await alice.post(ROUTES.apiKeys, { provider: 'gemini', key: GEMINI_KEY })).statusCode).toBe(201);
    const results = await run(
      alice,
      { model: 'gemini-2.5-flash', json_mode: true, max_tokens: 300, temperature: 0.7 },
      'Hello Gemini',
    );
    const request = itemAt(results.api_requests, 0);
    expect(request).toMatchObject({
      status: 'SUCCESS',
      output: fakeOutput('gemini-2.5-flash', 'You are terse.', 'Hello Gemini', true),
    });
    expect(request.ttft).not.toBeNull();
    expect(request.cost_usd).toBeCloseTo(
      (request.input_token_total_count! * 0.3 + request.output_token_count! * 2.5) / 1_000_000,
      12,
    );
    const call = itemAt(fake.requests, 0);
    expect(call.api).toBe('gemini');
    expect(call.apiKey).toBe(GEMINI_KEY);
    expect(call.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(call.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'Hello Gemini' }] }],
      systemInstruction: { parts: [{ text: 'You are terse.' }] },
      generationConfig: { temperature: 0.7, maxOutputTokens: 300, responseMimeType: 'application/json' },
    });
  });

  it('retries 429s like the other providers, and says why a refused key failed', async () => {
    const alice = await signedInClient(ctx.app);
    await alice.post(ROUTES.apiKeys, { provider: 'gemini', key: GEMINI_KEY });
    const retried = await run(alice, { model: 'gemini-2.5-flash-lite' }, 'Busy [[fake:429x2]]');
    expect(retried.api_requests[0]).toMatchObject({ status: 'SUCCESS' });
    expect(fake.stats.byStatus).toMatchObject({ 429: 2, 200: 1 });

    const bob = await signedInClient(ctx.app);
    await bob.post(ROUTES.apiKeys, { provider: 'gemini', key: 'AIza-wrong' });
    const refused = await run(bob, { model: 'gemini-2.5-flash-lite' }, 'Hello');
    expect(itemAt(refused.api_requests, 0).status).toBe('FAILED');
    expect(itemAt(refused.api_requests, 0).error_message).toMatch(
      /^Google Gemini rejected the request \(400\): .*API key not valid/,
    );
  });
});
