import { describe, expect, it } from 'vitest';
import {
  callCostUsd,
  ROUTES,
  type AiModel,
  type Endpoint,
  type EvaluationResults,
  type ModelParameters,
} from '@promptgrid/contract';
import { FAKE_REASONING_TOKENS, type RecordedCall } from '@promptgrid/test-support/fake-providers';
import { itemAt } from '@promptgrid/test-support';
import { embeddedDatabaseOnly, signedInClient, type TestClient } from '../../test/harness.js';
import { waitUntilCompleted } from '../../test/mock-run.js';
import { useFakeProviderApp } from '../../test/fake-provider-app.js';

type Parameters = Partial<ModelParameters>;

// Each provider's official SDK against the fake provider server: the reasoning setting reaches the request body as
// the provider names it, only for a model that takes it, and the reasoning tokens its usage reports are stored apart
// and priced as output.
describe.each(embeddedDatabaseOnly)('reasoning settings through the providers’ SDKs on %s', (kind) => {
  const setting = useFakeProviderApp(kind, {
    env: {
      ALLOW_PRIVATE_ENDPOINTS: 'true',
    },
  });

  async function userWithKeys() {
    const client = await signedInClient(setting.ctx.app);
    for (const provider of ['openai', 'anthropic', 'gemini'])
      expect((await client.post(ROUTES.apiKeys, { provider, key: `key-${provider}-1234` })).statusCode).toBe(201);
    const projectId = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    return { client, projectId };
  }

  const modelNamed = async (client: TestClient, name: string) =>
    (await client.get(ROUTES.models)).json<AiModel[]>().find((m) => m.model_name === name)!;

  const saveConfiguration = (client: TestClient, projectId: number, aiModelId: number, parameters: Parameters) =>
    client.post(ROUTES.configurations(projectId), {
      name: `model ${aiModelId}`,
      prompt_content: 'You are terse.',
      ai_model_id: aiModelId,
      parameters: { temperature: 0, max_tokens: null, ...parameters },
    });

  /** Runs one configuration on one input; answers the results and the request body the fake received. */
  async function run(client: TestClient, projectId: number, configurationId: number) {
    const input = (await client.post(ROUTES.inputs(projectId), { name: 'I', content: 'Why is the sky blue?' })).json();
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [configurationId],
      input_ids: [input.id],
      use_mock: false,
    });
    expect(started.statusCode, started.body).toBe(201);
    await waitUntilCompleted(client, started.json().evaluation_id);
    const results = (
      await client.get(ROUTES.evaluationResults(started.json().evaluation_id))
    ).json<EvaluationResults>();
    const request = itemAt(results.api_requests, 0);
    expect(request.status, request.error_message ?? '').toBe('SUCCESS');
    return { results, request, call: setting.fake.requests.at(-1) as RecordedCall };
  }

  async function runModel(name: string, parameters: Parameters) {
    const { client, projectId } = await userWithKeys();
    const model = await modelNamed(client, name);
    const created = await saveConfiguration(client, projectId, model.id, parameters);
    expect(created.statusCode, created.body).toBe(201);
    return { model, ...(await run(client, projectId, created.json().id)) };
  }

  /** The reasoning tokens are stored apart, counted among the output tokens and priced with them. */
  function expectReasoningPriced(model: AiModel, request: EvaluationResults['api_requests'][number]) {
    expect(request.reasoning_tokens).toBe(FAKE_REASONING_TOKENS);
    expect(request.output_token_count).toBeGreaterThan(FAKE_REASONING_TOKENS);
    expect(request.cost_usd).toBeCloseTo(
      callCostUsd(model.price, request.input_token_total_count, request.output_token_count)!,
      12,
    );
    expect(request.cost_usd).toBeGreaterThan(
      callCostUsd(model.price, request.input_token_total_count, request.output_token_count! - FAKE_REASONING_TOKENS)!,
    );
  }

  it('lists the setting each model takes', async () => {
    const { client } = await userWithKeys();
    expect((await modelNamed(client, 'gpt-5-mini')).reasoning).toEqual({
      effort: ['minimal', 'low', 'medium', 'high'],
    });
    expect((await modelNamed(client, 'claude-sonnet-4-6')).reasoning).toEqual({ budget: { min: 1024, max: 31999 } });
    expect((await modelNamed(client, 'gemini-2.5-flash')).reasoning).toEqual({ budget: { min: 0, max: 24576 } });
    expect((await modelNamed(client, 'gpt-4.1')).reasoning).toBeNull();
  });

  it("sends OpenAI's reasoning_effort and reads completion_tokens_details.reasoning_tokens", async () => {
    const { model, request, call } = await runModel('gpt-5-mini', { reasoning: { effort: 'low' } });
    expect(call.body).toMatchObject({ model: 'gpt-5-mini', reasoning_effort: 'low', stream: true });
    expect(model.price).not.toBeNull();
    expectReasoningPriced(model, request);
  });

  it("sends Anthropic's extended thinking and reads output_tokens_details.thinking_tokens", async () => {
    const { model, request, call } = await runModel('claude-sonnet-4-6', {
      temperature: 1,
      max_tokens: 4000,
      reasoning: { budget_tokens: 2048 },
    });
    expect(call.body).toMatchObject({
      model: 'claude-sonnet-4-6',
      max_tokens: 4000,
      temperature: 1,
      thinking: { type: 'enabled', budget_tokens: 2048 },
    });
    expect(model.price).not.toBeNull();
    expectReasoningPriced(model, request);
  });

  it("sends Gemini's thinkingConfig.thinkingBudget and reads usageMetadata.thoughtsTokenCount", async () => {
    const { model, request, call } = await runModel('gemini-2.5-flash', { reasoning: { budget_tokens: 1024 } });
    expect(call.body.generationConfig).toMatchObject({ thinkingConfig: { thinkingBudget: 1024 } });
    expect(model.price).not.toBeNull();
    expectReasoningPriced(model, request);
  });

  it('sends nothing of the kind for a model without a setting, and stores no reasoning tokens', async () => {
    const { request, call } = await runModel('gpt-4.1', {});
    expect(call.body).not.toHaveProperty('reasoning_effort');
    expect(request.reasoning_tokens).toBeNull();
    const claude = await runModel('claude-sonnet-4-6', {});
    expect(claude.call.body).not.toHaveProperty('thinking');
    const gemini = await runModel('gemini-2.5-flash', {});
    expect(gemini.call.body.generationConfig).not.toHaveProperty('thinkingConfig');
  });

  it('refuses a setting the model does not take, with field messages', async () => {
    const { client, projectId } = await userWithKeys();
    const refused = async (name: string, parameters: Parameters) => {
      const response = await saveConfiguration(client, projectId, (await modelNamed(client, name)).id, parameters);
      expect(response.statusCode).toBe(400);
      return response.json<Record<string, string[]>>();
    };
    expect(await refused('gpt-4.1', { reasoning: { effort: 'low' } })).toEqual({
      'parameters.reasoning': ['gpt-4.1 takes no reasoning setting.'],
    });
    expect(await refused('gpt-5.1', { reasoning: { effort: 'minimal' } })).toEqual({
      'parameters.reasoning.effort': ['Reasoning effort for gpt-5.1 must be one of low, medium, high.'],
    });
    expect(await refused('gpt-5-mini', { reasoning: { budget_tokens: 2000 } })).toEqual({
      'parameters.reasoning': ['gpt-5-mini takes a reasoning effort, not a thinking budget.'],
    });
    expect(await refused('gemini-2.5-pro', { reasoning: { budget_tokens: 0 } })).toEqual({
      'parameters.reasoning.budget_tokens': ['Thinking budget for gemini-2.5-pro must be from 128 to 32768 tokens.'],
    });
    expect(await refused('claude-sonnet-4-6', { temperature: 0.5, reasoning: { budget_tokens: 4096 } })).toEqual({
      'parameters.reasoning.budget_tokens': ['Thinking budget must be less than max tokens (4096, the default).'],
      'parameters.temperature': ['Temperature must be 1 with extended thinking (Anthropic refuses any other).'],
    });
    expect(await refused('claude-sonnet-4-6', { temperature: 1, reasoning: { budget_tokens: 512 } })).toEqual({
      'parameters.reasoning.budget_tokens': [
        'Thinking budget for claude-sonnet-4-6 must be from 1024 to 31999 tokens.',
      ],
    });
    expect(await refused('gpt-5-mini', { reasoning: { effort: 'low', budget_tokens: 2000 } })).toEqual({
      'parameters.reasoning': ['Set either a reasoning effort or a thinking budget.'],
    });
  });

  it("sends an endpoint model's reasoning_effort only while the endpoint says the model takes it", async () => {
    const { client, projectId } = await userWithKeys();
    const body = (supports: boolean) => ({
      name: 'Gateway',
      base_url: setting.fake.openaiBaseUrl,
      models: [{ model_name: 'gpt-oss-20b', supports_reasoning_effort: supports }],
    });
    const endpoint = (await client.post(ROUTES.endpoints, body(true))).json<Endpoint>();
    expect(itemAt(endpoint.models, 0).supports_reasoning_effort).toBe(true);
    const created = await saveConfiguration(client, projectId, itemAt(endpoint.models, 0).id, {
      reasoning: { effort: 'high' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const first = await run(client, projectId, created.json().id);
    expect(first.call.body).toMatchObject({ model: 'gpt-oss-20b', reasoning_effort: 'high' });
    expect(first.request.reasoning_tokens).toBe(FAKE_REASONING_TOKENS);

    // Turned off, the stored setting is kept but never sent.
    await client.put(ROUTES.endpoint(endpoint.id), { models: body(false).models });
    const second = await run(client, projectId, created.json().id);
    expect(second.call.body).not.toHaveProperty('reasoning_effort');
  });
});
