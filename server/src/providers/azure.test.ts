import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { itemAt } from '@promptgrid/test-support';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { ProviderCaller } from './call.js';
import type { EndpointTarget, ProviderCall } from './types.js';

describe('Azure OpenAI on the wire, through the SDK’s AzureOpenAI client', () => {
  let fake: FakeProviders;
  let caller: ProviderCaller;
  const azure = (): EndpointTarget => ({
    id: 7,
    name: 'Contoso Azure',
    kind: 'azure',
    baseUrl: fake.url,
    apiVersion: '2024-10-21',
    apiKey: 'azure-key',
    headers: {},
    concurrency: null,
  });
  const call = (changes: Partial<ProviderCall> = {}): ProviderCall => ({
    provider: 'custom',
    endpoint: azure(),
    model: 'my-gpt-4o',
    capabilities: {
      tokenParameter: 'max_tokens',
      supportsTemperature: true,
      defaultMaxTokens: 1024,
      maxOutputTokens: 8192,
    },
    systemPrompt: 'Be brief.',
    messages: [{ role: 'user', content: 'Hello Azure' }],
    temperature: 0,
    maxTokens: 50,
    jsonMode: false,
    tools: [],
    toolChoice: 'auto',
    responseSchema: null,
    ...changes,
  });
  const run = (sent: ProviderCall) => caller.call(sent, '', new AbortController().signal);

  beforeAll(async () => {
    fake = await startFakeProviders();
    caller = new ProviderCaller({
      openaiBaseUrl: fake.openaiBaseUrl,
      anthropicBaseUrl: fake.anthropicBaseUrl,
      geminiBaseUrl: fake.geminiBaseUrl,
      allowPrivateEndpoints: true,
      timeoutMs: 5000,
      maxRetries: 2,
      retryBaseMs: 1,
    });
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.reset();
    fake.behaviour.apiKeys = ['azure-key'];
  });

  it('streams from the deployment’s path with the api-version and the api-key header, and reads the usage', async () => {
    const texts: string[] = [];
    const outcome = await caller.call(call(), '', new AbortController().signal, {
      text: (t) => texts.push(t),
      reset: () => {},
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const sent = itemAt(fake.requests, 0);
    expect(sent.url).toBe('/openai/deployments/my-gpt-4o/chat/completions?api-version=2024-10-21');
    expect(sent.headers['api-key']).toBe('azure-key');
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toMatchObject({ stream: true, stream_options: { include_usage: true }, max_tokens: 50 });
    expect(outcome.reply.output).toContain('Hello Azure');
    expect(texts.join('')).toBe(outcome.reply.output);
    expect(outcome.reply.inputTokens).toBeGreaterThan(0);
    expect(outcome.reply.outputTokens).toBeGreaterThan(0);
    expect(outcome.attempts).toBe(1);
  });

  it('declares tools in OpenAI’s format and assembles the streamed tool call', async () => {
    const weather = {
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    };
    const outcome = await run(call({ tools: [weather], toolChoice: 'required' }));
    if (!outcome.ok) throw new Error(outcome.message);
    expect(itemAt(fake.requests, 0).body.tool_choice).toBe('required');
    expect(outcome.reply.toolCalls).toEqual([
      { name: 'get_weather', arguments: expect.objectContaining({ city: 'Hello Azure' }) as unknown },
    ]);
  });

  it('waits out a 429’s retry-after without spending a retry, retries a 500, and gives up on a 400 at once', async () => {
    const limited = await run(call({ systemPrompt: 'Be brief. [[fake:429x3]]' }));
    expect(limited).toMatchObject({ ok: true, attempts: 4, rateLimited: 3 });

    const failing = await run(call({ systemPrompt: 'Be brief. [[fake:500x2]]' }));
    expect(failing).toMatchObject({ ok: true, attempts: 3, rateLimited: 0 });

    const broken = await run(call({ systemPrompt: 'Be brief. [[fake:500]]' }));
    expect(broken).toMatchObject({ ok: false, attempts: 3 });
    expect(broken.ok || broken.message).toMatch(/^Contoso Azure server error \(500\) after 3 attempts/);

    fake.reset();
    const refused = await run(call({ systemPrompt: 'Be brief. [[fake:400]]' }));
    expect(refused).toMatchObject({ ok: false, attempts: 1 });
    expect(refused.ok || refused.message).toBe('Contoso Azure rejected the request (400): The prompt was filtered.');
    expect(fake.requests).toHaveLength(1);
  });

  it('says so when the resource refuses the key', async () => {
    const refused = await run(call({ endpoint: { ...azure(), apiKey: 'wrong' } }));
    expect(refused.ok || refused.message).toBe('Contoso Azure rejected the API key (401)');
  });
});
