import { describe, expect, it } from 'vitest';
import { ROUTES, type AiModel, type ApiRequest, type ChatMessage } from '@promptgrid/contract';
import { type RecordedCall } from '@promptgrid/test-support/fake-providers';
import { embeddedDatabaseOnly, signedInClient, type TestClient } from '../../test/harness.js';
import { waitUntilCompleted } from '../../test/mock-run.js';
import { anthropicParams } from './anthropic.js';
import { NO_TOOLS } from './types.js';
import { useFakeProviderApp } from '../../test/fake-provider-app.js';

const KEYS = { openai: 'sk-conversations-openai', anthropic: 'sk-ant-conversations', gemini: 'AIza-conversations' };
const FEW_SHOT: ChatMessage[] = [
  { role: 'user', content: 'Capital of France?' },
  { role: 'assistant', content: 'Paris.' },
];
const CONVERSATION: ChatMessage[] = [
  { role: 'user', content: 'Hi, I am {{name}}.' },
  { role: 'assistant', content: 'Hello! How can I help?' },
  { role: 'user', content: 'Capital of Italy?' },
];
const SYSTEM = 'You answer in one word.';

describe.each(embeddedDatabaseOnly)('messages and conversations through each SDK on %s', (kind) => {
  const setting = useFakeProviderApp(kind, {
    apiKeys: Object.values(KEYS),
    latencyMs: 2,
    env: {
      EVAL_RETRY_BASE_MS: '5',
      // A user's OpenAI-compatible endpoint on this machine: the fake's OpenAI API.
      ALLOW_PRIVATE_ENDPOINTS: 'true',
    },
  });

  /** One run of a configuration per provider (each with the few-shot prefix) on a text input and a conversation. */
  async function runBoth(client: TestClient) {
    for (const [provider, key] of Object.entries(KEYS))
      expect((await client.post(ROUTES.apiKeys, { provider, key })).statusCode).toBe(201);
    const endpoint = await client.post(ROUTES.endpoints, {
      name: 'Local vLLM',
      base_url: setting.fake.openaiBaseUrl,
      key: KEYS.openai,
      models: [{ model_name: 'llama3.2' }],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const models = (await client.get(ROUTES.models)).json<AiModel[]>();
    const project = (await client.post(ROUTES.projects, { name: 'Chat', description: 'D' })).json().id as number;
    const configurationIds: number[] = [];
    for (const model of ['gpt-4.1', 'llama3.2', 'claude-haiku-4-5', 'gemini-2.5-flash']) {
      const created = await client.post(ROUTES.configurations(project), {
        name: model,
        prompt_content: SYSTEM,
        messages: FEW_SHOT,
        user_template: 'Question: {{input}}',
        ai_model_id: models.find((m) => m.model_name === model)!.id,
      });
      expect(created.statusCode, created.body).toBe(201);
      configurationIds.push(created.json().id);
    }
    const text = await client.post(ROUTES.inputs(project), { name: 'Text', content: 'Capital of Spain?' });
    const conversation = await client.post(ROUTES.inputs(project), {
      name: 'Chat',
      messages: CONVERSATION,
      variables: { name: 'Ada' },
    });
    expect(conversation.statusCode, conversation.body).toBe(201);
    expect(conversation.json()).toMatchObject({ content: 'Capital of Italy?', messages: CONVERSATION });
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      input_ids: [text.json().id, conversation.json().id],
      use_mock: false,
    });
    expect(started.statusCode, started.body).toBe(201);
    await waitUntilCompleted(client, started.json().evaluation_id);
    return (await client.get(ROUTES.apiRequests(started.json().evaluation_id))).json<ApiRequest[]>();
  }

  /** The bodies one API received, the text input's call first (the two calls may arrive in either order). */
  const sentTo = (api: RecordedCall['api']) =>
    setting.fake.requests
      .filter((call) => call.api === api)
      .map((call) => call.body)
      .sort((a, b) => JSON.stringify(a).length - JSON.stringify(b).length);
  const filled = CONVERSATION.map((m) => ({ ...m, content: m.content.replace('{{name}}', 'Ada') }));

  it('sends the system prompt, the few-shot messages, then the templated input or the conversation, in order', async () => {
    setting.fake.reset();
    const client = await signedInClient(setting.ctx.app);
    const requests = await runBoth(client);
    expect(requests.map((r) => r.status)).toEqual(Array(8).fill('SUCCESS'));

    // OpenAI and a user's OpenAI-compatible endpoint: the system prompt is the first message.
    for (const model of ['gpt-4.1', 'llama3.2'])
      expect(
        sentTo('openai')
          .filter((body) => body.model === model)
          .map((body) => body.messages),
      ).toEqual([
        [{ role: 'system', content: SYSTEM }, ...FEW_SHOT, { role: 'user', content: 'Question: Capital of Spain?' }],
        [{ role: 'system', content: SYSTEM }, ...FEW_SHOT, ...filled],
      ]);
    // Anthropic: the system prompt apart, the turns alternating.
    expect(sentTo('anthropic').map((body) => [body.system, body.messages])).toEqual([
      [SYSTEM, [...FEW_SHOT, { role: 'user', content: 'Question: Capital of Spain?' }]],
      [SYSTEM, [...FEW_SHOT, ...filled]],
    ]);
    // Gemini: the system instruction, then contents whose assistant turns are the model's.
    const asGemini = (turns: { role: string; content: string }[]) =>
      turns.map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.content }] }));
    const gemini = sentTo('gemini');
    expect(gemini.map((body) => body.contents)).toEqual([
      asGemini([...FEW_SHOT, { role: 'user', content: 'Question: Capital of Spain?' }]),
      asGemini([...FEW_SHOT, ...filled]),
    ]);
    for (const body of gemini) expect(body.systemInstruction).toMatchObject({ parts: [{ text: SYSTEM }] });

    // The requests keep what was sent: every turn, and the last user turn as the user prompt.
    const conversationRequest = requests.find((r) => r.user_prompt === 'Capital of Italy?')!;
    expect(conversationRequest.messages).toEqual([...FEW_SHOT, ...filled]);
  });

  it("shows a judge the input's conversation, turn by turn, without the configuration's few-shot messages", async () => {
    const client = await signedInClient(setting.ctx.app);
    for (const [provider, key] of Object.entries(KEYS)) await client.post(ROUTES.apiKeys, { provider, key });
    const models = (await client.get(ROUTES.models)).json<AiModel[]>();
    const modelId = (name: string) => models.find((m) => m.model_name === name)!.id;
    const project = (await client.post(ROUTES.projects, { name: 'Judged', description: 'D' })).json().id as number;
    const configuration = await client.post(ROUTES.configurations(project), {
      name: 'C',
      prompt_content: SYSTEM,
      messages: FEW_SHOT,
      ai_model_id: modelId('gpt-4.1'),
    });
    const input = await client.post(ROUTES.inputs(project), { name: 'Chat', messages: CONVERSATION.slice(1) });
    const check = await client.post(ROUTES.checks(project), {
      name: 'Right',
      type: 'llm_judge',
      value: '[[fake:verdict=pass]] Right?',
      ai_model_id: modelId('claude-haiku-4-5'),
    });
    expect(check.statusCode, check.body).toBe(201);
    setting.fake.reset();
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [configuration.json().id],
      input_ids: [input.json().id],
      use_mock: false,
    });
    expect(started.statusCode, started.body).toBe(201);
    await waitUntilCompleted(client, started.json().evaluation_id);

    const [judged] = sentTo('anthropic');
    const asked = judged?.messages[0]?.content;
    expect(asked).toContain(
      '<conversation>\n<assistant>\nHello! How can I help?\n</assistant>\n<user>\nCapital of Italy?\n</user>\n' +
        '</conversation>',
    );
    expect(asked).not.toContain('Capital of France?');
    const [request] = (await client.get(ROUTES.apiRequests(started.json().evaluation_id))).json<ApiRequest[]>();
    expect(request?.scores).toEqual([expect.objectContaining({ pass: true, error: null })]);
  });

  it('estimates the tokens of every message, and names a variable a message uses but an input lacks', async () => {
    const client = await signedInClient(setting.ctx.app);
    const models = (await client.get(ROUTES.models)).json<AiModel[]>();
    const project = (await client.post(ROUTES.projects, { name: 'Est', description: 'D' })).json().id as number;
    const configuration = async (body: object) =>
      (
        await client.post(ROUTES.configurations(project), {
          name: 'C',
          prompt_content: SYSTEM,
          ai_model_id: models.find((m) => m.model_name === 'gpt-4.1')!.id,
          ...body,
        })
      ).json().id as number;
    const plain = await configuration({});
    const fewShot = await configuration({ messages: [...FEW_SHOT, { role: 'user', content: 'Hello {{name}}' }] });
    const input = (await client.post(ROUTES.inputs(project), { name: 'I', content: 'Capital of Spain?' })).json().id;
    const estimate = async (id: number) =>
      (
        await client.post(ROUTES.runEvaluationEstimate, { configuration_ids: [id], input_ids: [input], use_mock: true })
      ).json();
    const refused = await estimate(fewShot);
    expect(refused).toEqual({
      variables: ["{{name}} (used by the messages of system prompt 'C') is missing from user prompt 'I'."],
    });
    const named = await configuration({ messages: FEW_SHOT });
    // Each message adds its text and OpenAI's few tokens of framing.
    expect((await estimate(named)).input_tokens).toBeGreaterThan((await estimate(plain)).input_tokens + 8);
  });

  it('joins consecutive turns of one role for Anthropic, whose turns must alternate', () => {
    const params = anthropicParams({
      ...NO_TOOLS,
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      capabilities: {
        tokenParameter: 'max_tokens',
        supportsTemperature: true,
        defaultMaxTokens: 1024,
        maxOutputTokens: 8192,
      },
      systemPrompt: SYSTEM,
      messages: [...FEW_SHOT, { role: 'user', content: 'Be brief.' }, { role: 'user', content: 'Capital of Spain?' }],
      temperature: 0,
      maxTokens: null,
      jsonMode: false,
    });
    expect(params.messages).toEqual([
      ...FEW_SHOT,
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Be brief.' },
          { type: 'text', text: 'Capital of Spain?' },
        ],
      },
    ]);
  });

  it('refuses a conversation that does not end with a user turn, and an input with neither content nor messages', async () => {
    const client = await signedInClient(setting.ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const endsWithAssistant = await client.post(ROUTES.inputs(project), {
      name: 'Bad',
      messages: FEW_SHOT,
    });
    expect(endsWithAssistant.statusCode).toBe(400);
    expect(endsWithAssistant.json()).toEqual({ messages: ['A conversation must end with a user message.'] });
    const empty = await client.post(ROUTES.inputs(project), { name: 'Empty' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ content: ['Content is required.'] });
  });
});
