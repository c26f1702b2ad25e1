import { describe, expect, it } from 'vitest';
import {
  ROUTES,
  budgetStopMessage,
  callCostUsd,
  type EvaluationResults,
  type Metrics,
  type RunEstimate,
} from '@promptgrid/contract';
import { databaseKinds, signedInClient } from '../../test/harness.js';
import { useFakeProviderApp } from '../../test/fake-provider-app.js';
import { evaluationCompleted } from '../../test/queued-run.js';

const KEY = 'sk-good-openai-judge-cost';
// gpt-4.1's catalog price: $2 per million input tokens, $8 per million output tokens.
const GPT41 = { input_per_mtok: 2, output_per_mtok: 8 };

describe.each(databaseKinds)('the judge costs money on %s', (kind) => {
  const setting = useFakeProviderApp(kind, {
    apiKey: KEY,
    latencyMs: 5,
    // One call at a time, so a budget crossed by a judgement leaves judgements not yet started.
    env: { EVAL_CONCURRENCY: '1', FREE_EVALUATIONS_PER_MONTH: '100' },
  });
  const { events } = setting;

  /** A project of one gpt-4.1 prompt over `inputs` questions, judged by gpt-4.1; answers the run's body. */
  async function setUp(inputs: number) {
    const client = await signedInClient(setting.ctx.app);
    expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: KEY })).statusCode).toBe(201);
    const model = (await client.get(ROUTES.models))
      .json<{ id: number; model_name: string }[]>()
      .find((m) => m.model_name === 'gpt-4.1')!;
    const project = (await client.post(ROUTES.projects, { name: 'Judged', description: 'D' })).json().id as number;
    const configuration = await client.post(ROUTES.configurations(project), {
      name: 'Brief',
      prompt_content: 'Be brief.',
      ai_model_id: model.id,
      parameters: { temperature: 0, max_tokens: 20 },
      provider_specific_params: {},
    });
    const inputIds: number[] = [];
    for (let n = 0; n < inputs; n++)
      inputIds.push(
        (await client.post(ROUTES.inputs(project), { name: `Q${n}`, content: `Question ${n}?` })).json().id,
      );
    const rubric = `Is the answer brief and on topic? ${'Judge it carefully. '.repeat(40)}[[fake:verdict=pass]]`;
    const check = await client.post(ROUTES.checks(project), {
      name: 'Judge',
      type: 'llm_judge',
      value: rubric,
      ai_model_id: model.id,
    });
    expect(check.statusCode, check.body).toBe(201);
    return { client, run: { configuration_ids: [configuration.json().id], input_ids: inputIds } };
  }

  const judgeUsage = async (evaluationId: number) =>
    (
      await setting.ctx.database.executeSql<{ api_request_id: number; input_tokens: number; output_tokens: number }>(
        `SELECT api_request_id, input_tokens, output_tokens FROM judge_tasks WHERE evaluation_id = $1 AND status = 'DONE'
          ORDER BY id`,
        [evaluationId],
      )
    ).rows;

  it('prices each judgement at the judge model, per cell and in the run’s totals, apart from the calls’ cost', async () => {
    const { client, run } = await setUp(3);
    const response = await client.post(ROUTES.runEvaluation, run);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().evaluation_id as number;
    await evaluationCompleted(events, setting.ctx.database, id);
    const document = (await client.get(ROUTES.evaluationResults(id))).json<EvaluationResults>();

    const usage = await judgeUsage(id);
    expect(usage).toHaveLength(3);
    let judgeTotal = 0;
    for (const request of document.api_requests) {
      const judged = usage.find((u) => u.api_request_id === request.id)!;
      const cost = callCostUsd(GPT41, judged.input_tokens, judged.output_tokens)!;
      expect(cost).toBeGreaterThan(0);
      expect(request.judge_cost_usd).toBeCloseTo(cost, 12);
      judgeTotal += cost;
    }
    const callsTotal = document.api_requests.reduce((sum, r) => sum + r.cost_usd!, 0);
    expect(document.evaluation.cost_usd).toBeCloseTo(callsTotal, 12);
    expect(document.evaluation.judge_cost_usd).toBeCloseTo(judgeTotal, 12);
    const metrics = (await client.get(ROUTES.apiRequestMetrics(id))).json<Metrics>();
    expect(metrics.judge_cost_usd).toBeCloseTo(judgeTotal, 12);
    // One total, calls and judging, in the run's record, its metrics and the history's list.
    expect(document.evaluation.total_cost_usd).toBeCloseTo(callsTotal + judgeTotal, 12);
    expect(metrics.total_cost_usd).toBeCloseTo(callsTotal + judgeTotal, 12);
    const history = (await client.get(ROUTES.projectEvaluations(document.evaluation.project))).json<{
      items: { id: number; total_cost_usd: number | null }[];
    }>();
    expect(history.items.find((run) => run.id === id)?.total_cost_usd).toBeCloseTo(callsTotal + judgeTotal, 12);
  });

  it('estimates the judge on its own, and the likely cost from the earlier outputs once there are some', async () => {
    const { client, run } = await setUp(3);
    const estimate = async () => (await client.post(ROUTES.runEvaluationEstimate, run)).json<RunEstimate>();
    const before = await estimate();
    // Nothing ran yet: a typical reply, cut to the configuration's 20 max tokens.
    expect(before.assumptions).toEqual([
      expect.objectContaining({
        expected_output_tokens: 20,
        p90_output_tokens: null,
        source: 'typical_length',
        earlier_outputs: 0,
        max_output_tokens: 20,
      }),
    ]);
    expect(before.judge.calls).toBe(3);
    expect(before.judge.expected_cost!).toBeGreaterThan(0);
    expect(before.judge.expected_cost!).toBeLessThan(before.judge.max_cost!);
    expect(before.max_cost).toBeCloseTo(before.cost_usd_max! + before.judge.max_cost!, 12);
    expect(before.expected_cost!).toBeLessThanOrEqual(before.max_cost!);

    const response = await client.post(ROUTES.runEvaluation, run);
    const id = response.json().evaluation_id as number;
    await evaluationCompleted(events, setting.ctx.database, id);
    const document = (await client.get(ROUTES.evaluationResults(id))).json<EvaluationResults>();
    const spentOnJudge = document.evaluation.judge_cost_usd!;
    expect(spentOnJudge).toBeGreaterThan(before.judge.expected_cost! / 2);
    expect(spentOnJudge).toBeLessThanOrEqual(before.judge.max_cost!);

    const outputs = document.api_requests.map((r) => r.output_token_count!).sort((a, b) => a - b);
    const after = await estimate();
    expect(after.assumptions).toEqual([
      expect.objectContaining({ expected_output_tokens: outputs[1], source: 'earlier_outputs', earlier_outputs: 3 }),
    ]);
  });

  it('counts the judge in the budget: crossing it stops the judgements not yet started', async () => {
    const { client, run } = await setUp(8);
    // Each judgement costs about $0.002 (its long rubric) and each call about $0.0001: two judgements cross this.
    const budget = 0.003;
    const response = await client.post(ROUTES.runEvaluation, { ...run, budget_usd: budget });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().evaluation_id as number;
    await evaluationCompleted(events, setting.ctx.database, id);
    const document = (await client.get(ROUTES.evaluationResults(id))).json<EvaluationResults>();

    const judged = (await judgeUsage(id)).filter((u) => u.input_tokens > 0);
    const scores = document.api_requests.flatMap((r) => r.scores);
    const stopped = scores.filter((s) => s.error === budgetStopMessage(budget));
    expect(judged.length).toBeGreaterThan(0);
    expect(stopped.length).toBeGreaterThan(0);
    expect(document.api_requests.every((r) => !r.judging)).toBe(true);
    const judgeCalls = setting.fake.requests.filter((r) =>
      JSON.stringify(r.body.messages).includes('Judge it carefully'),
    );
    expect(judgeCalls).toHaveLength(judged.length);
    const spent = document.evaluation.cost_usd! + document.evaluation.judge_cost_usd!;
    expect(spent).toBeGreaterThanOrEqual(budget);
    expect(document.evaluation.completed_at).not.toBeNull();
  });
});
