import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { ProviderCaller } from './call.js';
import { NO_TOOLS, type EndpointTarget, type ProviderCall } from './types.js';

describe('the retry policy and the endpoint limit, through the fake providers', () => {
  let fake: FakeProviders;
  let caller: ProviderCaller;
  const endpoint = (concurrency: number | null): EndpointTarget => ({
    id: 3,
    name: 'Local',
    kind: 'openai-compatible',
    baseUrl: fake.openaiBaseUrl,
    apiVersion: null,
    apiKey: null,
    headers: {},
    concurrency,
  });
  const call = (systemPrompt: string, changes: Partial<ProviderCall> = {}): ProviderCall => ({
    provider: 'openai',
    model: 'gpt-4.1-mini',
    capabilities: {
      tokenParameter: 'max_tokens',
      supportsTemperature: true,
      defaultMaxTokens: 256,
      maxOutputTokens: 1024,
    },
    systemPrompt,
    messages: [{ role: 'user', content: 'Hi' }],
    temperature: 0,
    maxTokens: null,
    jsonMode: false,
    ...NO_TOOLS,
    ...changes,
  });

  beforeAll(async () => {
    fake = await startFakeProviders();
    caller = new ProviderCaller({
      openaiBaseUrl: fake.openaiBaseUrl,
      anthropicBaseUrl: fake.anthropicBaseUrl,
      geminiBaseUrl: fake.geminiBaseUrl,
      allowPrivateEndpoints: true,
      timeoutMs: 10_000,
      maxRetries: 0,
      retryBaseMs: 1,
    });
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it('waits out 429s with a retry-after even with no retries to spend, and gives up on a 500 at once', async () => {
    const signal = new AbortController().signal;
    expect(await caller.call(call('[[fake:429x2]]'), 'k', signal)).toMatchObject({
      ok: true,
      attempts: 3,
      rateLimited: 2,
    });
    const failed = await caller.call(call('[[fake:500x1]]'), 'k', signal);
    expect(failed).toMatchObject({
      ok: false,
      attempts: 1,
      message: expect.stringMatching(/^OpenAI server error \(500\) after 1 attempt/) as unknown,
    });
  });

  it("aborts a call waiting for its endpoint's turn at once, and the next waiter still gets the turn", async () => {
    const limited = (prompt: string) => call(prompt, { provider: 'custom', endpoint: endpoint(1) });
    const holding = caller.call(limited('[[fake:latency=400]] first'), '', new AbortController().signal);
    let held = true;
    void holding.then(() => (held = false));
    await expect.poll(() => fake.requests.length).toBe(1);
    const waiting = new AbortController();
    const aborted = caller.call(limited('second'), '', waiting.signal);
    const third = caller.call(limited('third'), '', new AbortController().signal);
    // The second call reaches the endpoint's queue within this turn of the event loop (its steps before it are promises).
    await new Promise((resolve) => setImmediate(resolve));
    waiting.abort(new Error('shutting down'));
    await expect(aborted).rejects.toThrow('shutting down');
    expect(held).toBe(true); // rejected while the first still holds the only turn
    expect(fake.requests).toHaveLength(1);
    expect(await holding).toMatchObject({ ok: true });
    expect(await third).toMatchObject({ ok: true });
    expect(fake.requests.map((r) => r.body.messages[0]?.content)).toEqual(['[[fake:latency=400]] first', 'third']);
  });
});
