import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ROUTES,
  budgetStopMessage,
  callCostUsd,
  formatUsd,
  type ApiRequest,
  type Evaluation,
  type EvaluationResults,
  type RunEstimate,
} from '@promptgrid/contract';
import {
  fakeOutput,
  fakeTokens,
  startFakeProviders,
  type FakeProviders,
} from '@promptgrid/test-support/fake-providers';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../test/harness.js';
import { evaluationCompleted, queuedRun, requestRows } from '../../test/queued-run.js';
import { queueEvents } from '../queue/events.js';
import { failPendingRequests } from './run-state/end-requests.js';
import { itemAt } from '@promptgrid/test-support';

const KEY = 'sk-good-openai-cost';
// gpt-4.1's catalog price: $2 per million input tokens, $8 per million output tokens.
const GPT41 = { input_per_mtok: 2, output_per_mtok: 8 };

describe('cost arithmetic', () => {
  it('prices usage per million tokens, and nothing without a price or usage', () => {
    expect(callCostUsd(GPT41, 1000, 500)).toBeCloseTo(0.006, 12);
    expect(callCostUsd(GPT41, 1_000_000, 1_000_000)).toBe(10);
    expect(callCostUsd(null, 1000, 500)).toBeNull();
    expect(callCostUsd(GPT41, null, null)).toBeNull();
  });
  it('formats dollars with two decimals, more for fractions of a cent', () => {
    expect(formatUsd(0.5)).toBe('$0.50');
    expect(formatUsd(12)).toBe('$12.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.000125)).toBe('$0.000125');
    expect(budgetStopMessage(0.5)).toBe('Stopped: the run reached its budget of $0.50.');
  });
});

describe.each(databaseKinds)('cost, estimate and budget on %s', (kind) => {
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let models: { id: number; model_name: string; price: { input_per_mtok: number } | null }[];
  const events = queueEvents();

  beforeAll(async () => {
    fake = await startFakeProviders({ latencyMs: 30, apiKeys: [KEY] });
    ctx = await createTestApp(
      kind,
      {
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
        // One call at a time, so a budget crossed early leaves requests not yet started.
        EVAL_CONCURRENCY: '1',
        FREE_EVALUATIONS_PER_MONTH: '100',
      },
      { workers: true, workerEvents: events },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  async function setUp(
    modelName: string,
    maxTokens: number | null,
    contents: string[],
    prompt = 'Be brief.',
    variables: Record<string, string> = {},
  ) {
    const client = await signedInClient(ctx.app);
    models ??= (await client.get(ROUTES.models)).json();
    expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: KEY })).statusCode).toBe(201);
    const projectId = (await client.post(ROUTES.projects, { name: 'Cost', description: 'D' })).json().id as number;
    const configurationId = (
      await client.post(ROUTES.configurations(projectId), {
        name: modelName,
        prompt_content: prompt,
        ai_model_id: models.find((m) => m.model_name === modelName)!.id,
        parameters: { temperature: 0, max_tokens: maxTokens },
        provider_specific_params: {},
      })
    ).json().id as number;
    const inputIds: number[] = [];
    for (const content of contents)
      inputIds.push(
        (await client.post(ROUTES.inputs(projectId), { name: content.slice(0, 20), content, variables })).json().id,
      );
    return { client, configurationId, inputIds };
  }

  async function runToEnd(client: TestClient, body: Record<string, unknown>) {
    const response = await client.post(ROUTES.runEvaluation, body);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().evaluation_id as number;
    await evaluationCompleted(events, ctx.database, id);
    return (await client.get(ROUTES.evaluationResults(id))).json<EvaluationResults>();
  }

  it('records each request cost from its usage and the frozen price, and sums it into the evaluation and metrics', async () => {
    const { client, configurationId, inputIds } = await setUp('gpt-4.1', 100, ['What is 2 + 2?', 'Name a colour.']);
    expect(models.find((m) => m.model_name === 'gpt-4.1')!.price).toMatchObject(GPT41);
    const document = await runToEnd(client, { configuration_ids: [configurationId], input_ids: inputIds });
    let total = 0;
    for (const request of document.api_requests) {
      const expectedOutput = fakeOutput('gpt-4.1', 'Be brief.', request.user_prompt);
      const cost = (fakeTokens(`Be brief.\n${request.user_prompt}`) * 2 + fakeTokens(expectedOutput) * 8) / 1e6;
      expect(request.status).toBe('SUCCESS');
      expect(request.cost_usd).toBeCloseTo(cost, 12);
      total += cost;
    }
    expect(document.evaluation).toMatchObject({ cost_complete: true, budget_usd: null });
    expect(document.evaluation.cost_usd).toBeCloseTo(total, 12);
    expect(document.metrics.cost_usd).toBeCloseTo(total, 12);
    expect(itemAt(document.configurations, 0).price).toMatchObject(GPT41);
    const list = (await client.get(ROUTES.evaluations)).json<Evaluation[]>();
    expect(itemAt(list, 0).cost_usd).toBeCloseTo(total, 12);
    const requests = (await client.get(ROUTES.apiRequests(document.evaluation.id))).json<ApiRequest[]>();
    expect(requests.map((r) => r.cost_usd)).toEqual(document.api_requests.map((r) => r.cost_usd));

    // A later catalog edit prices new runs, never one that already ran: its price was frozen at start.
    const reprice = `UPDATE ai_models SET price = jsonb_set(price, '{input_per_mtok}', $1::jsonb) WHERE model_name = 'gpt-4.1'`;
    await ctx.database.executeSql(reprice, ['200']);
    try {
      const again = (await client.get(ROUTES.evaluationResults(document.evaluation.id))).json<EvaluationResults>();
      expect(again.evaluation.cost_usd).toBe(document.evaluation.cost_usd);
      expect(itemAt(again.configurations, 0).price).toMatchObject(GPT41);
      const body = { configuration_ids: [configurationId], input_ids: inputIds };
      const estimate = (await client.post(ROUTES.runEvaluationEstimate, body)).json<RunEstimate>();
      expect(estimate.cost_usd_min).toBeCloseTo((estimate.input_tokens * 200) / 1e6, 12);
    } finally {
      await ctx.database.executeSql(reprice, ['2']);
    }
  });

  it('leaves the cost of a model without a price unknown, and a mock run costs nothing', async () => {
    const { client, configurationId, inputIds } = await setUp('gpt-5.2', null, ['Hello?']);
    expect(models.find((m) => m.model_name === 'gpt-5.2')!.price).toBeNull();
    const real = await runToEnd(client, { configuration_ids: [configurationId], input_ids: inputIds });
    expect(real.api_requests[0]).toMatchObject({ status: 'SUCCESS', cost_usd: null });
    expect(real.evaluation).toMatchObject({ cost_usd: 0, cost_complete: false });
    const estimate = (
      await client.post(ROUTES.runEvaluationEstimate, { configuration_ids: [configurationId], input_ids: inputIds })
    ).json<RunEstimate>();
    expect(estimate).toMatchObject({ cost_usd_min: null, cost_usd_max: null, unpriced_models: ['gpt-5.2'] });

    const mock = await runToEnd(client, { configuration_ids: [configurationId], input_ids: inputIds, use_mock: true });
    expect(mock.api_requests[0]).toMatchObject({ status: 'SUCCESS', cost_usd: 0 });
    expect(mock.evaluation).toMatchObject({ cost_usd: 0, cost_complete: true });
    const mockEstimate = (
      await client.post(ROUTES.runEvaluationEstimate, {
        configuration_ids: [configurationId],
        input_ids: inputIds,
        use_mock: true,
      })
    ).json<RunEstimate>();
    expect(mockEstimate).toMatchObject({ calls: 1, cost_usd_min: 0, cost_usd_max: 0, unpriced_models: [] });
  });

  it("estimates bounds that contain the actual cost of the run, from the filled-in prompts' tokens", async () => {
    const { client, configurationId, inputIds } = await setUp(
      'gpt-4.1',
      200,
      [
        'Characterize internationalization responsibilities comprehensively for {{audience}}.',
        'Summarize telecommunications infrastructure considerations for {{audience}}.',
      ],
      'You are a meticulous internationalization consultant.',
      { audience: 'administrators' },
    );
    const body = { configuration_ids: [configurationId], input_ids: inputIds };
    const response = await client.post(ROUTES.runEvaluationEstimate, body);
    expect(response.statusCode, response.body).toBe(200);
    const estimate = response.json<RunEstimate>();
    expect(estimate).toMatchObject({ calls: 2, max_output_tokens: 400, unpriced_models: [] });
    expect(estimate.input_tokens).toBeGreaterThan(20);
    expect(estimate.cost_usd_min).toBeCloseTo((estimate.input_tokens * 2) / 1e6, 12);
    expect(estimate.cost_usd_max).toBeCloseTo((estimate.input_tokens * 2 + 400 * 8) / 1e6, 12);
    const repeated = (await client.post(ROUTES.runEvaluationEstimate, { ...body, repetitions: 3 })).json();
    expect(repeated).toMatchObject({ calls: 6, input_tokens: estimate.input_tokens * 3, max_output_tokens: 1200 });

    const document = await runToEnd(client, body);
    expect(document.api_requests.every((r) => r.user_prompt!.includes('administrators'))).toBe(true);
    const actual = document.evaluation.cost_usd!;
    expect(actual).toBeGreaterThanOrEqual(estimate.cost_usd_min!);
    expect(actual).toBeLessThanOrEqual(estimate.cost_usd_max!);
  });

  it("prices an empty max tokens at the model's default max tokens, the limit the call then sends", async () => {
    // gpt-5's output limit is 128,000 tokens; its default max tokens in the catalog, 16,384, is what a call may write.
    const { client, configurationId, inputIds } = await setUp('gpt-5', null, ['Say one word.']);
    const body = { configuration_ids: [configurationId], input_ids: inputIds };
    const estimate = (await client.post(ROUTES.runEvaluationEstimate, body)).json<RunEstimate>();
    expect(estimate).toMatchObject({ calls: 1, max_output_tokens: 16384 });
    expect(estimate.assumptions[0]?.max_output_tokens).toBe(16384);

    await runToEnd(client, body);
    expect(fake.requests[0]?.body).toMatchObject({ model: 'gpt-5', max_completion_tokens: 16384 });
  });

  it('refuses a budget that is not a positive number, with a field message', async () => {
    const { client, configurationId } = await setUp('gpt-4.1', 10, []);
    const response = await client.post(ROUTES.runEvaluation, { configuration_ids: [configurationId], budget_usd: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().budget_usd).toEqual(['Budget must be more than $0.']);
  });

  it('stops taking new calls once the recorded cost reaches the budget', async () => {
    const contents = Array.from({ length: 12 }, (_, n) => `Question number ${n}: what comes next in the series?`);
    const { client, configurationId, inputIds } = await setUp('gpt-4.1', 50, contents);
    // Each call costs about $0.0002 here: the first one to be written crosses this budget.
    const budget = 0.0001;
    const document = await runToEnd(client, {
      configuration_ids: [configurationId],
      input_ids: inputIds,
      budget_usd: budget,
    });
    const stopped = document.api_requests.filter((r) => r.error_message === budgetStopMessage(budget));
    const succeeded = document.api_requests.filter((r) => r.status === 'SUCCESS');
    expect(stopped.length).toBeGreaterThan(0);
    expect(succeeded.length).toBeGreaterThan(0);
    expect(stopped.every((r) => r.status === 'FAILED' && r.execution_time === 0 && r.cost_usd === null)).toBe(true);
    expect(succeeded.length + stopped.length).toBe(12);
    expect(fake.requests).toHaveLength(succeeded.length);
    expect(document.evaluation.budget_usd).toBe(budget);
    expect(document.evaluation.cost_usd).toBeGreaterThanOrEqual(budget);
    expect(document.status_counts).toMatchObject({ PENDING: 0, IN_PROGRESS: 0, total: 12 });
  });
});

describe.each(databaseKinds)('failPendingRequests on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  it('ends only PENDING rows, counts them into the evaluation, and completes it with the last', async () => {
    const { evaluationId } = await queuedRun(ctx, { configurations: 2, inputs: 3 });
    const claimed = `UPDATE api_requests SET status = 'IN_PROGRESS' WHERE id = (
      SELECT min(id) FROM api_requests WHERE evaluation_id = $1 AND status = 'PENDING')`;
    await ctx.database.executeSql(claimed, [evaluationId]);
    expect(await failPendingRequests(ctx.database, evaluationId, 'Stopped.')).toBe(5);
    expect(await failPendingRequests(ctx.database, evaluationId, 'Stopped.')).toBe(0);
    const rows = await requestRows(ctx.database, evaluationId);
    expect(rows.map((r) => r.status)).toEqual(['IN_PROGRESS', ...Array(5).fill('FAILED')]);
    expect(rows.slice(1).every((r) => r.error_message === 'Stopped.')).toBe(true);
    const progress = `SELECT finished_requests, completed_at IS NOT NULL AS completed FROM evaluations WHERE id = $1`;
    expect((await ctx.database.executeSql(progress, [evaluationId])).rows[0]).toEqual({
      finished_requests: 5,
      completed: false,
    });

    // The last request: the write that makes the count reach the total completes the evaluation.
    const { evaluationId: other } = await queuedRun(ctx, { configurations: 1, inputs: 2 });
    expect(await failPendingRequests(ctx.database, other, 'Stopped.')).toBe(2);
    expect((await ctx.database.executeSql(progress, [other])).rows[0]).toEqual({
      finished_requests: 2,
      completed: true,
    });
  });
});
