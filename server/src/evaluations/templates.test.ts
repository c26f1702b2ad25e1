import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type ApiRequest, type EvaluationRecord, type EvaluationResults } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { createTestApp, embeddedDatabaseOnly, signedInClient, type TestClient } from '../../test/harness.js';

const OPENAI_KEY = 'sk-good-openai-templates';

describe.each(embeddedDatabaseOnly)('templated runs on %s', (kind) => {
  let fake: FakeProviders;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    fake = await startFakeProviders({ latencyMs: 5, apiKeys: [OPENAI_KEY] });
    ctx = await createTestApp(
      kind,
      {
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
        PROVIDER_TIMEOUT_MS: '2000',
      },
      { workers: true },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  async function setUp(client: TestClient, prompts: string[]) {
    const project = (await client.post(ROUTES.projects, { name: 'Templates', description: 'D' })).json().id as number;
    const models = (await client.get(ROUTES.models)).json<{ id: number; model_name: string }[]>();
    const configurationIds: number[] = [];
    for (const [n, prompt] of prompts.entries()) {
      const response = await client.post(ROUTES.configurations(project), {
        name: `Prompt ${n + 1}`,
        prompt_content: prompt,
        ai_model_id: models.find((m) => m.model_name === 'gpt-4.1')!.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      configurationIds.push(response.json().id);
    }
    return { project, configurationIds };
  }

  async function addInput(client: TestClient, project: number, body: object) {
    const response = await client.post(ROUTES.inputs(project), body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  async function finished(client: TestClient, evaluationId: number) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const counts = (await client.get(ROUTES.apiRequestStatusCounts(evaluationId))).json();
      if (counts.PENDING === 0 && counts.IN_PROGRESS === 0) return counts;
      if (Date.now() > deadline) throw new Error(`not finished: ${JSON.stringify(counts)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('fills system and user prompts from each input, sends the filled texts and stores them per request', async () => {
    const client = await signedInClient(ctx.app);
    expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: OPENAI_KEY })).statusCode).toBe(201);
    const { project, configurationIds } = await setUp(client, [
      'You answer customers in {{ city }}. Tone: {{{tone}}}. Keep {{ 1 + 1 }} as is.',
      'Plain prompt without variables.',
    ]);
    const paris = await addInput(client, project, {
      name: 'Paris',
      content: 'Where is my order {{order}}?',
      variables: { city: 'Paris', tone: 'warm', order: '#12' },
      expected_output: 'It ships today.',
    });
    const plain = await addInput(client, project, {
      name: 'Plain',
      content: 'Hello',
      variables: { city: 'Oslo', tone: 'dry' },
    });

    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      input_ids: [paris, plain],
      use_mock: false,
    });
    expect(started.statusCode, started.body).toBe(201);
    const evaluationId = started.json().evaluation_id;
    expect((await finished(client, evaluationId)).SUCCESS).toBe(4);

    const sent = fake.requests.map((r) => r.body.messages.map((m) => m.content));
    expect(sent).toEqual(
      expect.arrayContaining([
        ['You answer customers in Paris. Tone: warm. Keep {{ 1 + 1 }} as is.', 'Where is my order #12?'],
        ['Plain prompt without variables.', 'Where is my order #12?'],
        ['You answer customers in Oslo. Tone: dry. Keep {{ 1 + 1 }} as is.', 'Hello'],
        ['Plain prompt without variables.', 'Hello'],
      ]),
    );

    const requests = (await client.get(ROUTES.apiRequests(evaluationId))).json<ApiRequest[]>();
    const texts = requests.map((r) => [r.input, r.configuration, r.system_prompt, r.user_prompt]);
    expect(texts).toEqual([
      [
        paris,
        configurationIds[0],
        'You answer customers in Paris. Tone: warm. Keep {{ 1 + 1 }} as is.',
        'Where is my order #12?',
      ],
      [paris, configurationIds[1], 'Plain prompt without variables.', 'Where is my order #12?'],
      [plain, configurationIds[0], 'You answer customers in Oslo. Tone: dry. Keep {{ 1 + 1 }} as is.', 'Hello'],
      [plain, configurationIds[1], 'Plain prompt without variables.', 'Hello'],
    ]);
    const document = (await client.get(ROUTES.evaluationResults(evaluationId))).json();
    expect((document as EvaluationResults).api_requests.map((r) => [r.system_prompt, r.user_prompt])).toEqual(
      texts.map((t) => [t[2], t[3]]),
    );
  });

  it("keeps each input's variables in the run's record: a later edit does not change what the run ran with", async () => {
    const client = await signedInClient(ctx.app);
    const { project, configurationIds } = await setUp(client, ['Answer in {{ city }}.']);
    const input = { name: 'Paris', content: 'Hello', variables: { city: 'Paris', tone: 'warm' } };
    const paris = await addInput(client, project, input);
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      input_ids: [paris],
      use_mock: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    const evaluationId = started.json().evaluation_id as number;
    const edited = await client.put(ROUTES.input(project, paris), { ...input, variables: { city: 'Lyon' } });
    expect(edited.statusCode, edited.body).toBe(200);

    const record = (await client.get(ROUTES.evaluation(evaluationId))).json<EvaluationRecord>();
    expect(record.inputs).toEqual([expect.objectContaining({ id: paris, variables: { city: 'Paris', tone: 'warm' } })]);
  });

  it('refuses a run whose templates name a variable an input lacks, listing each, and creates nothing', async () => {
    const client = await signedInClient(ctx.app);
    const { project, configurationIds } = await setUp(client, ['Answer for {{city}} in {{lang}}.']);
    const complete = await addInput(client, project, {
      name: 'Full',
      content: 'Hi',
      variables: { city: 'Rome', lang: 'it' },
    });
    const partial = await addInput(client, project, {
      name: 'No lang',
      content: 'Hi {{who}}',
      variables: { city: 'Bern' },
    });
    const before = (await client.get(ROUTES.evaluations)).json().length;

    const refused = await client.post(ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      input_ids: [complete, partial],
      use_mock: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      variables: [
        "{{who}} (used by its own content) is missing from user prompt 'No lang'.",
        "{{lang}} (used by system prompt 'Prompt 1') is missing from user prompt 'No lang'.",
      ],
    });

    const withoutInputs = await client.post(ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      use_mock: true,
    });
    expect(withoutInputs.statusCode).toBe(400);
    expect(withoutInputs.json()).toEqual({
      variables: [
        "{{city}} in system prompt 'Prompt 1' needs a user prompt with that variable; none was chosen.",
        "{{lang}} in system prompt 'Prompt 1' needs a user prompt with that variable; none was chosen.",
      ],
    });
    expect((await client.get(ROUTES.evaluations)).json()).toHaveLength(before);

    const mock = await client.post(ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      input_ids: [complete],
      use_mock: true,
    });
    expect(mock.statusCode).toBe(201);
    await finished(client, mock.json().evaluation_id);
    const [request] = (await client.get(ROUTES.apiRequests(mock.json().evaluation_id))).json();
    expect(request).toMatchObject({ status: 'SUCCESS', system_prompt: 'Answer for Rome in it.', user_prompt: 'Hi' });
    const results = (await client.get(ROUTES.results(mock.json().evaluation_id))).json();
    expect(results[0].output).toContain('System prompt: "Answer for Rome in it."');
  });

  it('refuses, in well under a second, an estimate and a run whose filled-in prompt would be oversize', async () => {
    const client = await signedInClient(ctx.app);
    const { project, configurationIds } = await setUp(client, ['{{a}}'.repeat(40_000)]);
    const amplified = await addInput(client, project, {
      name: 'Long',
      content: 'Hi',
      variables: { a: 'x'.repeat(12_000) },
    });
    const before = (await client.get(ROUTES.evaluations)).json().length;
    const body = { configuration_ids: configurationIds, input_ids: [amplified], use_mock: true };
    const expected = {
      prompts: [
        "System prompt 'Prompt 1' with user prompt 'Long' would be 480,000,000 characters long once filled in; " +
          'the most a filled-in prompt may be is 400,000 characters.',
      ],
    };
    for (const route of [ROUTES.runEvaluationEstimate, ROUTES.runEvaluation]) {
      const started = performance.now();
      const refused = await client.post(route, body);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(expected);
    }
    expect((await client.get(ROUTES.evaluations)).json()).toHaveLength(before);
  });

  it('refuses a run whose filled-in prompts add up to more than a run may send, though each fits', async () => {
    const client = await signedInClient(ctx.app);
    const { project, configurationIds } = await setUp(client, ['{{a}}'.repeat(33), '{{a}}'.repeat(33)]);
    const inputIds: number[] = [];
    for (let n = 0; n < 26; n++)
      inputIds.push(
        await addInput(client, project, { name: `In ${n}`, content: 'Hi', variables: { a: 'x'.repeat(12_000) } }),
      );
    const refused = await client.post(ROUTES.runEvaluationEstimate, {
      configuration_ids: configurationIds,
      input_ids: inputIds,
      use_mock: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().prompts).toEqual([
      "The run's filled-in prompts would add up to 20,592,000 characters; the most a run may send is 20,000,000. " +
        'Choose fewer user prompts or shorter variables.',
    ]);
  });
});
