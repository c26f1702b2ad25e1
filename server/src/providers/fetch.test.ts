import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process.js';
import { ProviderCaller, type ProviderSettings } from './call.js';
import { NO_TOOLS, type ProviderCall } from './types.js';

const call = (provider: ProviderCall['provider']): ProviderCall => ({
  provider,
  model: provider === 'openai' ? 'gpt-4o-mini' : 'claude-sonnet-4-6',
  capabilities: { supportsTemperature: true, tokenParameter: 'max_tokens' } as ProviderCall['capabilities'],
  systemPrompt: 'Be brief.',
  messages: [{ role: 'user', content: 'Hello' }],
  temperature: 0.5,
  maxTokens: 100,
  jsonMode: false,
  ...NO_TOOLS,
});

const settings = (baseUrl: string): ProviderSettings => ({
  openaiBaseUrl: `${baseUrl}/v1`,
  anthropicBaseUrl: baseUrl,
  geminiBaseUrl: `${baseUrl}/gemini`,
  allowPrivateEndpoints: false,
  timeoutMs: 2000,
  maxRetries: 1,
  retryBaseMs: 1,
});

/** OpenAI's streamed reply: a role chunk, the text, the finish, the usage, [DONE]. */
const chunk = (delta: object, finish: string | null, usage: object | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'gpt-4o-mini',
    choices: usage ? [] : [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    ...(usage ? { usage } : {}),
  })}\n\n`;
const streamed = [
  chunk({ role: 'assistant', content: '' }, null),
  chunk({ content: 'H' }, null),
  chunk({ content: 'i' }, null),
  chunk({}, 'stop'),
  chunk({}, null, { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 }),
  'data: [DONE]\n\n',
];

const reply = JSON.stringify({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-4o-mini',
  choices: [
    { index: 0, message: { role: 'assistant', content: 'Hi', refusal: null }, finish_reason: 'stop', logprobs: null },
  ],
  usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
});

describe('the SDKs’ transport (providerFetch)', () => {
  let server: http.Server;
  let baseUrl: string;
  let connections = 0;
  let cutOff = false;
  let cutOffStream = false;
  let hugeStream = false;
  const seen: { authorization?: string; body: unknown }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        seen.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
        if (cutOff) {
          // Promises more than it sends, then drops the connection mid-reply.
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': reply.length * 2 });
          res.write(reply.slice(0, 20));
          setTimeout(() => res.socket?.destroy(), 10);
          return;
        }
        if ((JSON.parse(raw) as { stream?: boolean }).stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          // Half the text, then the connection drops mid-stream.
          if (cutOffStream) return res.write(streamed.slice(0, 2).join(''), () => res.socket?.destroy());
          // One piece of text 11 MB long: the reply passes the size guard before it ends.
          if (hugeStream) {
            res.write(`data: {"choices": [{"index": 0, "delta": {"content": "`);
            const mb = 'x'.repeat(1024 * 1024);
            for (let i = 0; i < 11; i++) res.write(mb);
            return res.end('"}}]}\n\n');
          }
          return res.end(streamed.join(''));
        }
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(reply) });
        res.end(reply);
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the SDK’s request and reads its reply, over one kept-alive connection for calls in sequence', async () => {
    const caller = new ProviderCaller(settings(baseUrl));
    const before = connections;
    for (let i = 0; i < 5; i++) {
      const outcome = await caller.call(call('openai'), 'sk-transport', new AbortController().signal);
      expect(outcome).toMatchObject({
        ok: true,
        reply: { output: 'Hi', inputTokens: 3, outputTokens: 1, ttft: expect.any(Number) },
        attempts: 1,
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(connections - before).toBe(1);
    expect(seen.at(-1)).toMatchObject({
      authorization: 'Bearer sk-transport',
      body: { model: 'gpt-4o-mini', messages: [{ role: 'system' }, { role: 'user', content: 'Hello' }] },
    });
  });

  it('retries a reply cut off mid-body, then fails saying the provider could not be reached', async () => {
    cutOff = true;
    try {
      const outcome = await new ProviderCaller(settings(baseUrl)).call(
        call('anthropic'),
        'sk-ant',
        new AbortController().signal,
      );
      expect(outcome).toMatchObject({ ok: false, attempts: 2 });
      expect(outcome.ok === false && outcome.message).toBe('Could not reach Anthropic: ECONNRESET (2 attempts)');
    } finally {
      cutOff = false;
    }
  });

  it('restarts a stream cut off mid-way, telling the sink to drop the text it had', async () => {
    cutOffStream = true;
    const sink = { texts: [] as string[], resets: 0 };
    try {
      const outcome = await new ProviderCaller(settings(baseUrl)).call(
        call('openai'),
        'sk-transport',
        new AbortController().signal,
        { text: (delta) => sink.texts.push(delta), reset: () => sink.resets++ },
      );
      expect(outcome).toMatchObject({ ok: false, attempts: 2 });
      expect(outcome.ok === false && outcome.message).toMatch(/^Could not reach OpenAI: the reply stream broke off/);
      // Each attempt's text is void: the first is retried, the second failed for good.
      expect(sink).toEqual({ texts: ['H', 'H'], resets: 2 });
    } finally {
      cutOffStream = false;
    }
  });

  it('fails a streamed reply with an event past 1 MB without reading on, and does not retry it', async () => {
    hugeStream = true;
    try {
      const outcome = await new ProviderCaller(settings(baseUrl)).call(
        call('openai'),
        'sk-transport',
        new AbortController().signal,
      );
      expect(outcome).toMatchObject({ ok: false, attempts: 1 });
      expect(outcome.ok === false && outcome.message).toBe(
        'OpenAI sent a reply with one event larger than 1 MB; it was not read',
      );
    } finally {
      hugeStream = false;
    }
  });

  it('fails with the connection error when nothing listens', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const outcome = await new ProviderCaller(settings(closed)).call(
      call('openai'),
      'sk-transport',
      new AbortController().signal,
    );
    expect(outcome.ok === false && outcome.message).toBe('Could not reach OpenAI: ECONNREFUSED (2 attempts)');
  });
});
