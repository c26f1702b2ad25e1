import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '@promptgrid/contract';
import { itemAt } from '@promptgrid/test-support';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { ProviderCaller } from './call.js';
import type { ProviderCall } from './types.js';

const weather: ToolDefinition = {
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer' } },
    required: ['city'],
    additionalProperties: false,
  },
};
const time: ToolDefinition = {
  name: 'get_time',
  description: 'The time in a zone.',
  parameters: { type: 'object', properties: { zone: { type: 'string' } } },
};
const forecast = {
  name: 'forecast',
  schema: {
    type: 'object',
    properties: { summary: { type: 'string' } },
    required: ['summary'],
    additionalProperties: false,
  },
};

const call = (provider: ProviderCall['provider'], changes: Partial<ProviderCall> = {}): ProviderCall => ({
  provider,
  model: { openai: 'gpt-4.1-mini', custom: 'llama3.2', anthropic: 'claude-haiku-4-5', gemini: 'gemini-2.5-flash' }[
    provider
  ],
  capabilities: {
    tokenParameter: 'max_tokens',
    supportsTemperature: true,
    defaultMaxTokens: 1024,
    maxOutputTokens: 8192,
  },
  systemPrompt: 'Use the tools.',
  messages: [{ role: 'user', content: 'Paris' }],
  temperature: 0,
  maxTokens: null,
  jsonMode: false,
  tools: [weather, time],
  toolChoice: 'auto',
  responseSchema: null,
  ...changes,
});

describe('tools and structured outputs through the official SDKs', () => {
  let fake: FakeProviders;
  let caller: ProviderCaller;
  const endpoint = () => ({
    id: 1,
    name: 'Local',
    kind: 'openai-compatible' as const,
    baseUrl: fake.openaiBaseUrl,
    apiVersion: null,
    apiKey: null,
    headers: {},
    concurrency: null,
  });
  beforeAll(async () => {
    fake = await startFakeProviders();
    caller = new ProviderCaller({
      openaiBaseUrl: fake.openaiBaseUrl,
      anthropicBaseUrl: fake.anthropicBaseUrl,
      geminiBaseUrl: fake.geminiBaseUrl,
      allowPrivateEndpoints: true,
      timeoutMs: 5000,
      maxRetries: 0,
      retryBaseMs: 1,
    });
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  async function reply(sent: ProviderCall) {
    const outcome = await caller.call(sent, 'key', new AbortController().signal);
    if (!outcome.ok) throw new Error(outcome.message);
    return { reply: outcome.reply, body: itemAt(fake.requests, 0).body };
  }

  it('OpenAI: tools as functions, a named tool choice, the call assembled from streamed deltas', async () => {
    const { reply: answer, body } = await reply(call('openai', { toolChoice: { name: 'get_weather' } }));
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'get_weather', description: weather.description, parameters: weather.parameters },
      },
      { type: 'function', function: { name: 'get_time', description: time.description, parameters: time.parameters } },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(body.stream).toBe(true);
    expect(answer.toolCalls).toEqual([{ name: 'get_weather', arguments: { city: 'Paris', days: 1 } }]);
    expect(answer.output).toBe('');

    for (const choice of ['auto', 'required', 'none'] as const) {
      fake.reset();
      const { body: sent } = await reply(call('openai', { toolChoice: choice }));
      expect(sent.tool_choice).toBe(choice);
    }
  });

  it('OpenAI and custom endpoints: a response schema as a strict json_schema response format', async () => {
    for (const provider of ['openai', 'custom'] as const) {
      fake.reset();
      const sent = call(provider, { tools: [], responseSchema: forecast, jsonMode: true });
      if (provider === 'custom') sent.endpoint = endpoint();
      const { body } = await reply(sent);
      expect(body.response_format).toEqual({
        type: 'json_schema',
        json_schema: { name: 'forecast', schema: forecast.schema, strict: true },
      });
      expect(body).not.toHaveProperty('tools');
      expect(body).not.toHaveProperty('tool_choice');
    }
  });

  it('custom endpoints get tools in the OpenAI format', async () => {
    const { reply: answer, body } = await reply({
      ...call('custom', { toolChoice: 'required' }),
      endpoint: endpoint(),
    });
    expect(body.tools).toHaveLength(2);
    expect(body.tool_choice).toBe('required');
    expect(answer.toolCalls).toEqual([{ name: 'get_weather', arguments: { city: 'Paris', days: 1 } }]);
  });

  it('Anthropic: tools with input_schema, each tool choice, the call assembled from input_json_delta pieces', async () => {
    const { reply: answer, body } = await reply(call('anthropic', { toolChoice: { name: 'get_time' } }));
    expect(body.tools).toEqual([
      { name: 'get_weather', description: weather.description, input_schema: weather.parameters },
      { name: 'get_time', description: time.description, input_schema: time.parameters },
    ]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'get_time' });
    expect(answer.toolCalls).toEqual([{ name: 'get_time', arguments: { zone: 'Paris' } }]);

    const choices = [
      ['auto', { type: 'auto' }],
      ['required', { type: 'any' }],
      ['none', { type: 'none' }],
    ] as const;
    for (const [choice, sent] of choices) {
      fake.reset();
      expect((await reply(call('anthropic', { toolChoice: choice }))).body.tool_choice).toEqual(sent);
    }
  });

  it('Anthropic: a response schema is a forced tool whose input is the answer, not a tool call', async () => {
    const { reply: answer, body } = await reply(call('anthropic', { tools: [], responseSchema: forecast }));
    expect(body.tools).toEqual([
      {
        name: 'forecast',
        description: 'Give your answer by calling this tool with it as the input.',
        input_schema: forecast.schema,
      },
    ]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'forecast' });
    expect(JSON.parse(answer.output)).toEqual({ summary: 'Paris' });
    expect(answer.toolCalls).toEqual([]);
    expect(answer.ttft).not.toBeNull();

    // Beside tools of its own, the model must call one of them or answer through the schema.
    fake.reset();
    const both = await reply(call('anthropic', { responseSchema: forecast }));
    expect(both.body.tool_choice).toEqual({ type: 'any' });
    expect((both.body.tools as unknown[]).length).toBe(3);
  });

  it('Gemini: function declarations with JSON Schema parameters, function calling modes, the functionCall read', async () => {
    const { reply: answer, body } = await reply(call('gemini', { toolChoice: { name: 'get_time' } }));
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'get_weather', description: weather.description, parametersJsonSchema: weather.parameters },
          { name: 'get_time', description: time.description, parametersJsonSchema: time.parameters },
        ],
      },
    ]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_time'] } });
    expect(answer.toolCalls).toEqual([{ name: 'get_time', arguments: { zone: 'Paris' } }]);

    const modes = [
      ['auto', 'AUTO'],
      ['required', 'ANY'],
      ['none', 'NONE'],
    ] as const;
    for (const [choice, mode] of modes) {
      fake.reset();
      expect((await reply(call('gemini', { toolChoice: choice }))).body.toolConfig).toEqual({
        functionCallingConfig: { mode },
      });
    }
  });

  it('Gemini: a response schema as responseJsonSchema with the JSON MIME type', async () => {
    const { body } = await reply(call('gemini', { tools: [], responseSchema: forecast }));
    expect(body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: forecast.schema,
    });
    expect(body).not.toHaveProperty('tools');
  });
});
