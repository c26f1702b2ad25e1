import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type ChatMessage } from '@promptgrid/contract';
import { itemAt } from '@promptgrid/test-support';
import { createTestApp, embeddedDatabaseOnly, signedInClient } from '../../test/harness.js';
import { waitUntilCompleted } from '../../test/mock-run.js';
import { MOCK_EXPECTED_OUTPUT_RATE, mockPassRate, mockReply, type MockVariation } from './mock.js';
import { NO_TOOLS, type ProviderCall } from './types.js';

const call = (temperature: number, userPrompt = 'Is it raining?'): ProviderCall => ({
  ...NO_TOOLS,
  provider: 'openai',
  model: 'gpt-4o-mini',
  capabilities: {
    tokenParameter: 'max_tokens',
    supportsTemperature: true,
    defaultMaxTokens: 1024,
    maxOutputTokens: 4096,
  },
  systemPrompt: 'You are terse.',
  messages: [{ role: 'user', content: userPrompt }],
  temperature,
  maxTokens: null,
  jsonMode: false,
});

const conversationCall = (messages: ChatMessage[]): ProviderCall => ({
  ...NO_TOOLS,
  provider: 'openai',
  model: 'gpt-4.1-mini',
  capabilities: {
    tokenParameter: 'max_tokens',
    supportsTemperature: true,
    defaultMaxTokens: 1024,
    maxOutputTokens: 8192,
  },
  systemPrompt: 'Be brief.',
  messages,
  temperature: 0,
  maxTokens: null,
  jsonMode: false,
});

describe('the mock model with conversations', () => {
  const conversation: ChatMessage[] = [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello!' },
    { role: 'user', content: 'Capital of Italy?' },
  ];

  it('answers a conversation with its length and a digest of its last user turn, the same every time, as mock', () => {
    const reply = mockReply(conversationCall(conversation));
    expect(reply.output).toMatch(/^\[mock openai\/gpt-4\.1-mini\] This is a simulated response\./);
    expect(reply.output).toContain(
      'Conversation of 3 messages; last user turn: "Capital of Italy?" (digest 65695a5f).',
    );
    expect(mockReply(conversationCall(conversation))).toEqual(reply);
    // Another last turn is another digest; the tokens count every turn.
    const other = mockReply(
      conversationCall([...conversation.slice(0, 2), { role: 'user', content: 'Capital of Spain?' }]),
    );
    expect(other.output).not.toContain('digest 65695a5f');
    expect(reply.inputTokens).toBeGreaterThan(
      mockReply(conversationCall([{ role: 'user', content: 'Capital of Italy?' }])).inputTokens,
    );
  });

  it('keeps its one-prompt answer for a single user turn and for none', () => {
    expect(mockReply(conversationCall([{ role: 'user', content: 'Hello' }])).output).toContain('User prompt: "Hello"');
    expect(mockReply(conversationCall([])).output).toContain('No user prompt was given.');
  });
});

const outputsOver = (temperature: number, repetitions: number, passRate: number | null = null) =>
  Array.from({ length: repetitions }, (_, repetition) => mockReply(call(temperature), { repetition, passRate }).output);

describe('the mock model', () => {
  it('answers every repetition alike at temperature 0, and each differently (and the same each time) above it', () => {
    expect(new Set(outputsOver(0, 5)).size).toBe(1);
    expect(new Set(outputsOver(0.7, 5)).size).toBe(5);
    expect(outputsOver(0.7, 5)).toEqual(outputsOver(0.7, 5));
    // Without a variation (one call, no repetitions) the answer is the first repetition's.
    expect(mockReply(call(0.7)).output).toBe(itemAt(outputsOver(0.7, 1), 0));
  });

  it('names the images sent with the user turn, and answers other images with another reply', () => {
    const png = { media_type: 'image/png' as const, width: 640, height: 480, data: 'iVBORw0KGgo=' };
    const gif = { media_type: 'image/gif' as const, width: null, height: null, data: 'R0lGODlh' };
    const one = mockReply({ ...call(0), images: [png] }).output;
    expect(one).toContain('\nWith 1 image (png, 640x480).\n');
    expect(mockReply({ ...call(0), images: [png, gif] }).output).toContain('With 2 images (png, 640x480; gif).');
    const replyNumber = (output: string) => output.match(/Reply #(\d+)/)?.[1];
    expect(replyNumber(mockReply({ ...call(0), images: [{ ...png, data: 'iVBORw0KGgp=' }] }).output)).not.toBe(
      replyNumber(one),
    );
    expect(mockReply(call(0)).output).not.toContain('image');
  });

  it('says PASS in about the pass rate’s share of calls, FAIL in the others, and neither without a rate', () => {
    const verdicts = (passRate: number, temperature = 0.7) =>
      Array.from({ length: 2000 }, (_, n) =>
        mockReply(call(temperature, `Question ${n}?`), { repetition: 0, passRate }),
      )
        .map((r) => r.output.split('\n')[0] ?? '')
        .map((line) => (line.includes('Verdict: PASS.') ? 'PASS' : line.includes('Verdict: FAIL.') ? 'FAIL' : null));
    const share = (passRate: number) => verdicts(passRate).filter((v) => v === 'PASS').length / 2000;
    expect(share(0.2)).toBeCloseTo(0.2, 1);
    expect(share(0.5)).toBeCloseTo(0.5, 1);
    expect(share(0.9)).toBeCloseTo(0.9, 1);
    expect(verdicts(0).every((v) => v === 'FAIL')).toBe(true);
    expect(verdicts(1).every((v) => v === 'PASS')).toBe(true);
    expect(outputsOver(0.7, 3).some((o) => /PASS|FAIL/.test(o))).toBe(false);
    // At temperature 0 all repetitions share one verdict: a case is never flaky.
    expect(new Set(outputsOver(0, 8, 0.5).map((o) => o.includes('PASS'))).size).toBe(1);
    expect(new Set(outputsOver(0.7, 8, 0.5).map((o) => o.includes('PASS'))).size).toBe(2);
  });

  it('puts the verdict into a JSON answer too', () => {
    const reply = mockReply({ ...call(0), jsonMode: true }, { repetition: 0, passRate: 1 });
    expect(JSON.parse(reply.output)).toMatchObject({ mock: true, verdict: 'PASS' });
  });

  it('answers the expected output word for word in about MOCK_EXPECTED_OUTPUT_RATE of the calls', () => {
    const answers = (variation: Partial<MockVariation>, over: Partial<ProviderCall> = {}) =>
      Array.from({ length: 2000 }, (_, n) => {
        const expectedOutput = `Answer ${n}`;
        const reply = mockReply(
          { ...call(0.7, `Question ${n}?`), ...over },
          { repetition: 0, passRate: null, expectedOutput, ...variation },
        );
        return reply.output === expectedOutput;
      });
    const share = (hits: boolean[]) => hits.filter(Boolean).length / hits.length;
    expect(share(answers({}))).toBeCloseTo(MOCK_EXPECTED_OUTPUT_RATE, 1);
    expect(share(answers({}, { jsonMode: true }))).toBeCloseTo(MOCK_EXPECTED_OUTPUT_RATE, 1);
    // A pass rate asks for verdict words, which the expected text would hide; no expected output, nothing to answer.
    expect(share(answers({ passRate: 0.5 }))).toBe(0);
    expect(share(answers({ expectedOutput: null }))).toBe(0);
  });

  it('reads the pass rate from the configuration’s own variable first, then mock_pass_rate', () => {
    const variables = { mock_pass_rate: '0.5', mock_pass_rate_terse_v2: '0.9', mock_pass_rate_bad: 'often' };
    expect(mockPassRate(variables, 'Terse v2')).toBe(0.9);
    expect(mockPassRate(variables, 'Chatty')).toBe(0.5);
    expect(mockPassRate(variables, 'Bad')).toBeNull();
    expect(mockPassRate({ mock_pass_rate: '1.5' }, 'A')).toBeNull();
    expect(mockPassRate({ mock_pass_rate: ' ' }, 'A')).toBeNull();
    expect(mockPassRate({ mock_pass_rate: '0' }, 'A')).toBe(0);
    expect(mockPassRate({}, 'A')).toBeNull();
  });
});

// A mock run end to end: repetitions reach the mock, and the input's variables steer a contains check's pass rate.
describe.each(embeddedDatabaseOnly)('a mock run with repetitions and pass rates on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, { workers: true });
  });
  afterAll(() => ctx?.close());

  it('gives flaky cases at temperature > 0 and none at 0, and a configuration’s own rate over the shared one', async () => {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const model = itemAt((await client.get(ROUTES.models)).json<{ id: number }[]>(), 0).id;
    const configuration = async (name: string, temperature: number) =>
      (
        await client.post(ROUTES.configurations(project), {
          name,
          prompt_content: `You are ${name}.`,
          ai_model_id: model,
          parameters: { temperature, max_tokens: null },
        })
      ).json().id as number;
    const [sampled, steady, always] = [
      await configuration('Sampled', 0.8),
      await configuration('Steady', 0),
      await configuration('Always', 0.8),
    ];
    const inputIds: number[] = [];
    for (let i = 0; i < 8; i++) {
      const variables = { mock_pass_rate: '0.5', mock_pass_rate_always: '1' };
      const body = { name: `In ${i}`, content: `Question ${i}?`, variables };
      inputIds.push((await client.post(ROUTES.inputs(project), body)).json().id);
    }
    const check = await client.post(ROUTES.checks(project), { name: 'Passes', type: 'contains', value: 'PASS' });
    expect(check.statusCode, check.body).toBe(201);
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [sampled, steady, always],
      input_ids: inputIds,
      name: 'Repeated',
      use_mock: true,
      repetitions: 3,
    });
    expect(started.statusCode, started.body).toBe(201);
    const evaluationId = started.json().evaluation_id as number;
    await waitUntilCompleted(client, evaluationId);

    const consistency = (await client.get(ROUTES.consistency(evaluationId))).json();
    const of = (id: number) =>
      consistency.configurations.find((c: { configuration_id: number }) => c.configuration_id === id).consistency;
    expect(of(sampled).flaky_cases.length).toBeGreaterThan(0);
    expect(of(sampled).flaky_cases[0].label).toMatch(/^[12]\/3$/);
    // Listed in the run's order of inputs, as the grid's rows are.
    const flakyInputs = of(sampled).flaky_cases.map((c: { input_id: number }) => c.input_id);
    expect(flakyInputs).toEqual(inputIds.filter((id) => flakyInputs.includes(id)));
    expect(of(steady)).toMatchObject({ available: true, flaky_cases: [] });
    expect(of(always)).toMatchObject({ pass_hat_k: 1, flaky_cases: [] });
  });

  it('passes a first run’s check against the expected output at about the documented rate, not never', async () => {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'E', description: 'D' })).json().id as number;
    const model = itemAt((await client.get(ROUTES.models)).json<{ id: number }[]>(), 0).id;
    const configuration = (
      await client.post(ROUTES.configurations(project), {
        name: 'Plain',
        prompt_content: 'Answer.',
        ai_model_id: model,
        parameters: { temperature: 0, max_tokens: null },
      })
    ).json().id as number;
    const inputIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const body = { name: `In ${i}`, content: `Question ${i}?`, expected_output: `Answer ${i}` };
      const created = await client.post(ROUTES.inputs(project), body);
      expect(created.statusCode, created.body).toBe(201);
      inputIds.push(created.json().id);
    }
    const check = await client.post(ROUTES.checks(project), { name: 'Expected', type: 'equals_expected', value: '' });
    expect(check.statusCode, check.body).toBe(201);
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [configuration],
      input_ids: inputIds,
      name: 'First',
      use_mock: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    const evaluationId = started.json().evaluation_id as number;
    await waitUntilCompleted(client, evaluationId);
    const [line] = (await client.get(ROUTES.summary(evaluationId))).json<{ pass_rate: number }[]>();
    // 20 Bernoulli draws at 0.7: 8 to 19 passes covers all but about 1 in 2,000 seeds; the draws are fixed, so
    // this run always gives the same count.
    expect(line?.pass_rate).toBeGreaterThanOrEqual(0.4);
    expect(line?.pass_rate).toBeLessThan(1);
  });
});
