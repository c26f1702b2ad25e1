import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, missingJudgeKeyMessage } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';

describe.each(databaseKinds)('a judge whose key is missing, before a run on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { FREE_EVALUATIONS_PER_MONTH: '100' });
  });
  afterAll(() => ctx?.close());

  /** An OpenAI prompt on two inputs, the user holding only an OpenAI key, and a judge on Claude. */
  async function setUp(judgeInputs: 'all' | 'second') {
    const client = await signedInClient(ctx.app);
    expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-openai-judge-keys' })).statusCode).toBe(
      201,
    );
    const models = (await client.get(ROUTES.models)).json<{ id: number; company: string; model_name: string }[]>();
    const [openai, claude] = [
      models.find((m) => m.company === 'openai')!,
      models.find((m) => m.company === 'anthropic')!,
    ];
    const project = (await client.post(ROUTES.projects, { name: 'Judged', description: 'D' })).json().id as number;
    const configuration = (
      await client.post(ROUTES.configurations(project), { name: 'C', prompt_content: 'Hi', ai_model_id: openai.id })
    ).json().id as number;
    const inputs: number[] = [];
    for (const content of ['First?', 'Second?'])
      inputs.push((await client.post(ROUTES.inputs(project), { name: content, content })).json().id);
    const check = await client.post(ROUTES.checks(project), {
      name: 'Polite?',
      type: 'llm_judge',
      value: 'Is it polite?',
      ai_model_id: claude.id,
      input_ids: judgeInputs === 'all' ? null : [inputs[1]],
    });
    expect(check.statusCode, check.body).toBe(201);
    const message = missingJudgeKeyMessage('anthropic', 'Polite?', claude.model_name);
    return { client, configuration, inputs, message };
  }

  it('refuses the estimate and the run of a real run, naming the judge and its key', async () => {
    const { client, configuration, inputs, message } = await setUp('all');
    const run = { configuration_ids: [configuration], input_ids: inputs };
    for (const route of [ROUTES.runEvaluationEstimate, ROUTES.runEvaluation]) {
      const response = await client.post(route, run);
      expect(response.statusCode, route).toBe(400);
      expect(response.json()).toEqual({ judge: [message] });
    }
    // Nothing was started, nor counted against the month's free runs.
    expect((await client.get(ROUTES.evaluations)).json()).toEqual([]);
    // Mock mode judges with the mock: it runs.
    expect((await client.post(ROUTES.runEvaluation, { ...run, use_mock: true })).statusCode).toBe(201);
  });

  it("runs when the judge covers none of the run's inputs, and once the judge's key is stored", async () => {
    const { client, configuration, inputs } = await setUp('second');
    const firstOnly = { configuration_ids: [configuration], input_ids: [inputs[0]] };
    expect((await client.post(ROUTES.runEvaluationEstimate, firstOnly)).statusCode).toBe(200);
    expect((await client.post(ROUTES.runEvaluation, firstOnly)).statusCode).toBe(201);
    const both = { configuration_ids: [configuration], input_ids: inputs };
    expect((await client.post(ROUTES.runEvaluation, both)).statusCode).toBe(400);
    expect((await client.post(ROUTES.apiKeys, { provider: 'anthropic', key: 'sk-ant-judge-keys' })).statusCode).toBe(
      201,
    );
    expect((await client.post(ROUTES.runEvaluationEstimate, both)).statusCode).toBe(200);
    expect((await client.post(ROUTES.runEvaluation, both)).statusCode).toBe(201);
  });
});
