import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type ApiRequestWithOutput, type ConfigurationSummary, type Score } from '@promptgrid/contract';
import { FAKE_VERDICTS, startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../../test/harness.js';
import { evaluationCompleted } from '../../../test/queued-run.js';
import { queueEvents } from '../../queue/events.js';
import { judgeMessage, mockJudgeReply, parseJudgeAnswer } from './judge.js';
import { firstItems, itemAt } from '@promptgrid/test-support';

type Client = TestClient & { user: { id: number } };

describe("the judge's message", () => {
  it('shows the tool calls the model made beside its output, pretty-printed', () => {
    const message = judgeMessage({
      rubric: 'Asks for the weather in the right city.',
      turns: [{ role: 'user', content: 'Weather in Paris?' }],
      expected: null,
      output: '',
      toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
    });
    const calls = '[\n  {\n    "name": "get_weather",\n    "arguments": {\n      "city": "Paris"\n    }\n  }\n]';
    expect(message).toContain(`<output>\n\n</output>\n\n<tool_calls>\n${calls}\n</tool_calls>`);
    const plain = judgeMessage({ rubric: 'r', turns: [], expected: null, output: 'Sunny.', toolCalls: [] });
    expect(plain).not.toContain('tool_calls');
  });
});

describe('reading a judge answer', () => {
  it('takes a JSON verdict, alone or in one code fence, and nothing else', () => {
    const verdict = { pass: true, score: 0.75, reason: 'Fine.\nMostly.' };
    expect(parseJudgeAnswer(JSON.stringify(verdict))).toEqual({ ...verdict, reason: 'Fine. Mostly.' });
    expect(parseJudgeAnswer(`\`\`\`json\n${JSON.stringify(verdict)}\n\`\`\``)).toEqual({
      ...verdict,
      reason: 'Fine. Mostly.',
    });
    expect(parseJudgeAnswer(`Sure! ${JSON.stringify(verdict)}`)).toBeNull();
    expect(parseJudgeAnswer(JSON.stringify({ ...verdict, score: 7 }))).toBeNull();
    expect(parseJudgeAnswer(JSON.stringify({ ...verdict, pass: 'yes' }))).toBeNull();
    expect(parseJudgeAnswer(JSON.stringify({ ...verdict, reason: ' ' }))).toBeNull();
    expect(parseJudgeAnswer(FAKE_VERDICTS.garbage)).toBeNull();
  });
});

describe("a judge's message", () => {
  const judged = { rubric: 'Correct?', expected: null, output: 'Rome.' };

  it('shows a conversation turn by turn, and a single user prompt as it is', () => {
    const conversation = judgeMessage({
      ...judged,
      turns: [
        { role: 'user', content: 'Capital of France?' },
        { role: 'assistant', content: 'Paris.' },
        { role: 'user', content: 'And Italy?' },
      ],
    });
    expect(conversation).toContain(
      '<conversation>\n<user>\nCapital of France?\n</user>\n<assistant>\nParis.\n</assistant>\n' +
        '<user>\nAnd Italy?\n</user>\n</conversation>',
    );
    expect(judgeMessage({ ...judged, turns: [{ role: 'user', content: 'And Italy?' }] })).toContain(
      '<user_prompt>\nAnd Italy?\n</user_prompt>',
    );
  });
});

describe.each(databaseKinds)('llm_judge checks on %s', (kind) => {
  const events = queueEvents();
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    fake = await startFakeProviders({ latencyMs: 5 });
    ctx = await createTestApp(
      kind,
      {
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
        EVAL_MAX_RETRIES: '2',
        EVAL_RETRY_BASE_MS: '5',
      },
      { workers: true, workerEvents: events },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  async function project(client: Client) {
    const id = (await client.post(ROUTES.projects, { name: 'Judged', description: 'D' })).json().id as number;
    const models = (await client.get(ROUTES.models)).json<{ id: number; model_name: string }[]>();
    const model = (name: string) => models.find((m) => m.model_name === name)!.id;
    const input = async (body: object) => (await client.post(ROUTES.inputs(id), body)).json().id as number;
    const check = async (body: object) => {
      const response = await client.post(ROUTES.checks(id), body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const configuration = (
      await client.post(ROUTES.configurations(id), {
        name: 'A',
        prompt_content: 'Answer briefly.',
        ai_model_id: model('gpt-4o-mini'),
      })
    ).json().id as number;
    return { id, model, input, check, configuration };
  }

  const run = async (client: Client, body: object) => {
    const response = await client.post(ROUTES.runEvaluation, body);
    expect(response.statusCode, response.body).toBe(201);
    const evaluationId = response.json().evaluation_id as number;
    await evaluationCompleted(events, ctx.database, evaluationId);
    return evaluationId;
  };
  const document = async (client: Client, evaluationId: number) =>
    (await client.get(ROUTES.evaluationResults(evaluationId))).json<{
      evaluation: { completed_at: string | null };
      api_requests: ApiRequestWithOutput[];
    }>();
  const scoreOf = (request: ApiRequestWithOutput, checkId: number) =>
    request.scores.find((s) => s.check_id === checkId);
  const judgeCalls = (text: string) =>
    fake.requests.filter(
      (r) => JSON.stringify(r.body.messages).includes('<rubric>') && JSON.stringify(r.body).includes(text),
    );

  it('judges through the provider with the user key: good verdicts, garbage retried then an error, 429s retried', async () => {
    const alice = await signedInClient(ctx.app);
    await alice.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-run' });
    await alice.post(ROUTES.apiKeys, { provider: 'anthropic', key: 'sk-ant-judge' });
    const p = await project(alice);
    const capital = await p.input({
      name: 'q1',
      content: 'Capital of France?',
      expected_output: ' Capital of France? ',
    });
    const limited = await p.input({ name: 'q2', content: '[[fake:429x2]] Say hi' });
    const judge = (rubric: string, model: string, extra: object = {}) =>
      p.check({ name: rubric, type: 'llm_judge', value: rubric, ai_model_id: p.model(model), ...extra });
    const good = await judge('[[fake:verdict=pass]] Is it right?', 'claude-haiku-4-5');
    const garbage = await judge('[[fake:verdict=garbage]] Rate it.', 'gpt-4o-mini');
    const flaky = await judge('[[fake:verdict=garbagex1]] Fair?', 'gpt-4o-mini', { input_ids: [capital] });
    const stern = await judge('[[fake:verdict=fail]] Perfect?', 'claude-haiku-4-5', { input_ids: [limited] });
    const contains = await p.check({ name: 'Has it', type: 'contains_expected' });
    const equals = await p.check({ name: 'Is it', type: 'equals_expected' });

    fake.requests.length = 0;
    const evaluationId = await run(alice, {
      configuration_ids: [p.configuration],
      input_ids: [capital, limited],
      use_mock: false,
    });
    const { evaluation, api_requests: requests } = await document(alice, evaluationId);
    expect(evaluation.completed_at).not.toBeNull();
    const [first, second] = firstItems(requests, 2);
    expect(requests.map((r) => [r.status, r.judging])).toEqual([
      ['SUCCESS', false],
      ['SUCCESS', false],
    ]);
    const passed: Omit<Score, 'check_id'> = { pass: true, score: 0.9, reason: 'Meets the rubric.', error: null };
    const unreadable = {
      pass: null,
      score: null,
      reason: '',
      error: "The judge's answer could not be read (3 answers).",
    };
    // The expected output applies where the input has one: surrounding whitespace aside, the echo contains it.
    expect(first.scores).toEqual([
      { check_id: good, ...passed },
      { check_id: garbage, ...unreadable },
      { check_id: flaky, ...passed },
      { check_id: contains, pass: true, score: 1, reason: 'Contains the expected output.', error: null },
      {
        check_id: equals,
        pass: false,
        score: 0,
        reason: expect.stringMatching(/^Expected ".+", got ".+"\.$/),
        error: null,
      },
    ]);
    expect(second.scores).toEqual([
      { check_id: good, ...passed },
      { check_id: garbage, ...unreadable },
      { check_id: stern, pass: false, score: 0.2, reason: 'Misses the rubric.', error: null },
    ]);

    // The judge read the rubric, the user prompt, the expected output and the output, with the stored Anthropic key.
    const seen = itemAt(
      judgeCalls('Is it right?').filter((r) => JSON.stringify(r.body).includes('Capital of France?')),
      0,
    );
    expect(seen.apiKey).toBe('sk-ant-judge');
    const message = JSON.stringify(seen.body.messages);
    for (const part of ['<rubric>', '<user_prompt>', '<expected_output>', '<output>\\nEcho from gpt-4o-mini'])
      expect(message).toContain(part);
    expect(JSON.stringify(itemAt(judgeCalls('Perfect?'), 0).body.messages)).not.toContain('<expected_output>');
    // Garbage is asked again up to the retry budget (on q2 after its two 429s); garbage once then good passes.
    expect(judgeCalls('Rate it.')).toHaveLength(3 + 2 + 3);
    expect(judgeCalls('Fair?')).toHaveLength(2);
    expect(judgeCalls('Is it right?').filter((r) => JSON.stringify(r.body).includes('Say hi'))).toHaveLength(3);

    // Judge tokens are counted apart from the run's.
    const line = itemAt((await alice.get(ROUTES.summary(evaluationId))).json<ConfigurationSummary[]>(), 0);
    const runTokens = requests.reduce((sum, r) => sum + (r.input_token_total_count ?? 0), 0);
    expect(line.input_tokens).toBe(runTokens);
    expect(line.judge_input_tokens).toBeGreaterThan(runTokens);
    expect(line.judge_output_tokens).toBeGreaterThan(0);
    expect(line.checks_total).toBe(6); // the two judge errors count in neither rate
  });

  it('judges a mock run with the mock judge, and a rescore judges again through the queue', async () => {
    const alice = await signedInClient(ctx.app);
    const p = await p_(alice);
    const evaluationId = await run(alice, {
      configuration_ids: [p.configuration],
      input_ids: p.inputs,
      use_mock: true,
    });
    const verdicts = async () => (await document(alice, evaluationId)).api_requests.map((r) => scoreOf(r, p.judge));
    const before = await verdicts();
    const outputs = (await document(alice, evaluationId)).api_requests.map((r) => r.output!);
    expect(before).toEqual(
      outputs.map((output) => ({
        check_id: p.judge,
        ...parseJudgeAnswer(mockJudgeReply({ rubric: 'Helpful?', turns: [], expected: null, output }).output)!,
        error: null,
      })),
    );
    expect(fake.requests.filter((r) => JSON.stringify(r.body).includes('Helpful?'))).toHaveLength(0);

    const rescored = await alice.post(ROUTES.rescore(evaluationId));
    expect(rescored.json()).toEqual({ scored_requests: 2, scores: 0, judgements_queued: 2 });
    await evaluationCompleted(events, ctx.database, evaluationId);
    expect(await verdicts()).toEqual(before);
    const { rows } = await ctx.database.executeSql(
      'SELECT status, count(*)::int AS n FROM judge_tasks WHERE evaluation_id = $1 GROUP BY status',
      [evaluationId],
    );
    expect(rows).toEqual([{ status: 'DONE', n: 2 }]);
  });

  it('compares with the expected output frozen when the run started, also in a rescore and a preview', async () => {
    const alice = await signedInClient(ctx.app);
    const p = await project(alice);
    // A pass rate keeps the mock's own answer (which contains the expected text without equalling it) rather than
    // the expected output it gives most calls otherwise.
    const expecting = await p.input({
      name: 'a',
      content: 'One',
      expected_output: 'simulated response',
      variables: { mock_pass_rate: '1' },
    });
    const free = await p.input({ name: 'b', content: 'Two' });
    const contains = await p.check({ name: 'Has it', type: 'contains_expected' });
    const evaluationId = await run(alice, {
      configuration_ids: [p.configuration],
      input_ids: [expecting, free],
      use_mock: true,
    });
    const passed = { check_id: contains, pass: true, score: 1, reason: 'Contains the expected output.', error: null };
    const scores = async () => (await document(alice, evaluationId)).api_requests.map((r) => r.scores);
    expect(await scores()).toEqual([[passed], []]);
    const edit = { name: 'a', content: 'One', expected_output: 'something else' };
    expect((await alice.put(ROUTES.input(p.id, expecting), edit)).statusCode).toBe(200);
    expect((await alice.post(ROUTES.rescore(evaluationId))).json()).toMatchObject({ scores: 1 });
    expect(await scores()).toEqual([[passed], []]);
    const preview = await alice.post(ROUTES.checkPreview(evaluationId), { name: 'n', type: 'equals_expected' });
    expect(preview.json()).toEqual([
      // The expected output frozen at the start, not the edited one.
      expect.objectContaining({
        pass: false,
        reason: expect.stringMatching(/^Expected "simulated response", got "\[mock /),
      }),
    ]);
  });

  async function p_(client: Client) {
    const p = await project(client);
    const inputs = [await p.input({ name: 'a', content: 'One' }), await p.input({ name: 'b', content: 'Two' })];
    const judge = await p.check({
      name: 'J',
      type: 'llm_judge',
      value: 'Helpful?',
      ai_model_id: p.model('gpt-4o-mini'),
    });
    return { ...p, inputs, judge };
  }
});
