// Runs write and score tool calls with SQL of their own (the outcome write, the run's declared tooling): on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import {
  ROUTES,
  type AiModel,
  type EvaluationComparison,
  type EvaluationResults,
  type Result,
  type RunEstimate,
} from '@promptgrid/contract';
import { itemAt } from '@promptgrid/test-support';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';
import { waitUntilCompleted } from '../../test/mock-run.js';

const weather = {
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string', minLength: 2 },
      days: { type: 'integer', minimum: 1, maximum: 7 },
      unit: { enum: ['celsius', 'fahrenheit'] },
    },
    required: ['city', 'days'],
  },
};
const forecast = {
  name: 'forecast',
  schema: {
    type: 'object',
    properties: { summary: { type: 'string' }, rain: { type: 'boolean' }, high: { type: 'number', minimum: -50 } },
    required: ['summary', 'rain', 'high'],
    additionalProperties: false,
  },
};

describe.each(databaseKinds)('mock runs of tools and response schemas on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, { workers: true });
  });
  afterAll(() => ctx?.close());

  it('calls the first tool with arguments matching its schema, answers JSON matching the response schema; checks score both', async () => {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'Weather', description: 'Tools' })).json().id as number;
    const model = itemAt((await client.get(ROUTES.models)).json<AiModel[]>(), 0);
    const configure = async (name: string, extra: Record<string, unknown>) =>
      (
        await client.post(ROUTES.configurations(project), {
          name,
          prompt_content: 'Answer about the weather.',
          ai_model_id: model.id,
          ...extra,
        })
      ).json().id as number;
    const withTool = await configure('Tool', { tools: [weather] });
    const structured = await configure('Structured', { response_schema: forecast });
    const input = (await client.post(ROUTES.inputs(project), { name: 'Paris', content: 'Weather in Paris?' })).json();
    const check = async (name: string, type: string, value = '') =>
      (await client.post(ROUTES.checks(project), { name, type, value })).json().id as number;
    const callsWeather = await check('Calls get_weather', 'calls_tool', 'get_weather');
    const argumentsMatch = await check('Arguments match', 'tool_args_schema');
    const matchesSchema = await check('Matches the response schema', 'json_schema');
    const noCall = await check('No tool call', 'no_tool_call');

    // The tool's and the schema's definitions are billed as input: the estimate counts them.
    const plain = await configure('Plain', {});
    const inputTokens = async (configurationId: number) =>
      (
        await client.post(ROUTES.runEvaluationEstimate, {
          configuration_ids: [configurationId],
          input_ids: [input.id],
          use_mock: false,
        })
      ).json<RunEstimate>().input_tokens;
    const plainTokens = await inputTokens(plain);
    expect(await inputTokens(withTool)).toBeGreaterThan(plainTokens + 20);
    expect(await inputTokens(structured)).toBeGreaterThan(plainTokens + 20);

    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [withTool, structured],
      input_ids: [input.id],
      use_mock: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    const evaluationId = started.json().evaluation_id as number;
    await waitUntilCompleted(client, evaluationId);

    const document = (await client.get(ROUTES.evaluationResults(evaluationId))).json<EvaluationResults>();
    expect(document.configurations.map((c) => [c.name, c.tools.length, c.response_schema?.name ?? null])).toEqual([
      ['Tool', 1, null],
      ['Structured', 0, 'forecast'],
    ]);
    const toolRequest = document.api_requests.find((r) => r.configuration === withTool)!;
    const structuredRequest = document.api_requests.find((r) => r.configuration === structured)!;
    const [toolCall] = toolRequest.tool_calls;
    expect(toolCall?.name).toBe('get_weather');
    expect(new Ajv().validate(weather.parameters, toolCall?.arguments)).toBe(true);
    expect(toolRequest.output).toMatch(/^\[mock /);
    expect(structuredRequest.tool_calls).toEqual([]);
    expect(new Ajv().validate(forecast.schema, JSON.parse(structuredRequest.output!))).toBe(true);

    const verdicts = (request: typeof toolRequest) =>
      Object.fromEntries(request.scores.map((score) => [score.check_id, score.pass]));
    expect(verdicts(toolRequest)).toEqual({ [callsWeather]: true, [argumentsMatch]: true, [noCall]: false });
    expect(verdicts(structuredRequest)).toEqual({
      [callsWeather]: false,
      [argumentsMatch]: false,
      [matchesSchema]: true,
      [noCall]: true,
    });

    // A rescore reads the same facts from the stored results.
    expect((await client.post(ROUTES.rescore(evaluationId))).statusCode).toBe(200);
    const rescored = (await client.get(ROUTES.evaluationResults(evaluationId))).json<EvaluationResults>();
    expect(verdicts(rescored.api_requests.find((r) => r.configuration === withTool)!)).toEqual(verdicts(toolRequest));

    const results: Result[] = JSON.parse((await client.get(ROUTES.results(evaluationId))).body);
    expect(results.find((r) => r.configuration === withTool)?.tool_calls).toEqual(toolRequest.tool_calls);

    // A re-run keeps the earlier outcome's calls in the request's history.
    const rerun = await client.post(ROUTES.rerunEvaluation(evaluationId), { request_ids: [toolRequest.id] });
    expect(rerun.statusCode, rerun.body).toBe(200);
    await waitUntilCompleted(client, evaluationId);
    const rerunDocument = (await client.get(ROUTES.evaluationResults(evaluationId))).json<EvaluationResults>();
    const history = rerunDocument.api_requests.find((r) => r.id === toolRequest.id)!.history;
    expect(history.map((outcome) => outcome.tool_calls)).toEqual([toolRequest.tool_calls]);

    // Another run whose tool takes other arguments: the same text, other calls, so the comparison says it changed.
    const sunny = { ...weather, parameters: { ...weather.parameters, properties: { city: { enum: ['Nice'] } } } };
    await client.put(ROUTES.configuration(withTool), {
      name: 'Tool',
      prompt_content: 'Answer about the weather.',
      ai_model_id: model.id,
      tools: [sunny],
    });
    const again = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [withTool],
      input_ids: [input.id],
      use_mock: true,
    });
    await waitUntilCompleted(client, again.json().evaluation_id);
    const comparison = (
      await client.get(ROUTES.compareEvaluations(evaluationId, again.json().evaluation_id as number))
    ).json<EvaluationComparison>();
    const pair = comparison.pairs.find((p) => p.configuration === withTool)!;
    expect(pair.head?.tool_calls).toEqual([{ name: 'get_weather', arguments: { city: 'Nice' } }]);
    expect(pair.head?.output).toBe(pair.base?.output);
    expect(pair.output_changed).toBe(true);
  });
});
