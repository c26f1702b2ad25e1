import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { usageOf, writeStream, type FakeToolCall } from './fake-streams.js';

/**
 * One local HTTP server that speaks OpenAI chat completions (`/v1/chat/completions`, and `GET /v1/models` as the
 * OpenAI-compatible servers do), Anthropic messages (`/v1/messages`) and Gemini's generateContent
 * (`/v1beta/models/{model}:generateContent` and `:streamGenerateContent?alt=sse`), for tests, benchmarks and offline
 * development.
 *
 * Server-wide behaviour is set with `fake.behaviour` (in process) or `POST /_control` (JSON, same fields).
 * A single call can ask for a fault by writing a directive anywhere in its system or user prompt:
 *   [[fake:429x2]]       the first 2 calls with this exact content answer 429 with retry-after, then succeed
 *   [[fake:500x1]]       the first call answers 500, then succeed;   [[fake:500]] always 500
 *   [[fake:400]]         answers 400 as a refused request (Azure's content filter, say): never worth a retry
 *   [[fake:hangx1]]      the first call never answers (the client's timeout must fire);   [[fake:hang]] always
 *   [[fake:malformedx1]] the first call answers 200 with a body that is not JSON;   [[fake:malformed]] always
 *   [[fake:dropx1]]      the first call's connection is closed with no answer;   [[fake:drop]] always
 *   [[fake:huge]]        answers 200 and streams a body without end (up to 1 GB) for as long as the client reads it
 *   [[fake:latency=300]] this call takes 300 ms
 *   [[fake:nested=5]]    answers JSON nested 5 deep: {"a":{"a":{"a":{"a":{"a":"bottom"}}}}}
 *   [[fake:verdict=pass]]  answers as a judge would: {"pass": true, "score": 0.9, "reason": ...}; verdict=fail: false, 0.2
 *   [[fake:verdict=garbage]] answers as a judge that ignores the format (not JSON);  verdict=garbagex1: the first call
 *                        with this exact content answers so, the next ones pass
 *   [[fake:stream=100-600]] a streamed reply sends its first piece 100 ms after the request came, its last at 600 ms
 *   [[fake:breakx1]]     the first streamed reply stops half-way (the connection is closed);   [[fake:break]] always
 * Replies are deterministic: the output echoes the prompt, and usage counts ~4 characters per token. A call that asks
 * a model to reason (OpenAI's reasoning_effort, Anthropic's thinking enabled, Gemini's thinkingBudget above 0) spends
 * FAKE_REASONING_TOKENS more output tokens, reported as each provider reports them; Anthropic's thinking rules (a
 * budget of at least 1024 below max_tokens, no temperature but 1) are enforced with its 400s.
 * A request that declares tools (and does not rule calls out) gets a reply calling one: the tool its choice names, else
 * the first, with arguments built from the tool's schema (see fakeToolArguments), in the provider's format.
 * A request with `"stream": true` gets the provider's Server-Sent Events (OpenAI: `data: {chunk}` lines ending with
 * `data: [DONE]`, usage in the last chunk when stream_options.include_usage; Anthropic: `event:`/`data:` pairs from
 * message_start to message_stop). Without a stream directive every piece is sent at once after the latency.
 */
export type FakeProviderBehaviour = {
  /** Delay before each answer, in ms. */
  latencyMs: number;
  /** Keys accepted (as `Authorization: Bearer` or `x-api-key`); null accepts any. Others get 401. */
  apiKeys: string[] | null;
  /**
   * `requests` calls admitted per window of `windowSeconds` across the server; over it, 429 with retry-after until the
   * next window. With `headers`, OpenAI chat replies (429s too) carry OpenAI's x-ratelimit-* request headers.
   */
  rateLimit: { requests: number; windowSeconds: number; headers: boolean } | null;
  /** Keep the parsed body of each call in `requests` (off in benchmarks). */
  record: boolean;
  /**
   * Streamed replies' pieces start with `⟦<epoch ms>⟧`, when the piece left (sub-ms), so a client can tell how long
   * each took to reach it (the stream-latency benchmark).
   */
  stampPieces: boolean;
  /** What `GET /v1/models` lists (OpenAI's list format), as OpenAI-compatible servers answer it. */
  models: string[];
  /**
   * Each plain echo grows by this many filler words, a streamed reply sending one word per piece: a long answer whose
   * many chunks cost the caller CPU to parse and store (the scale-out benchmark saturates processes with it).
   */
  fillerWords: number;
};

/** The parts of an OpenAI chat or Anthropic messages request the fake reads; the other fields are kept as sent. */
export type ProviderRequestBody = {
  model?: string;
  system?: unknown;
  messages: { role: string; content: unknown }[];
  max_tokens?: unknown;
  response_format?: { type?: string };
  [field: string]: unknown;
};

type Api = 'openai' | 'anthropic' | 'gemini';

export type RecordedCall = {
  api: Api;
  apiKey: string | null;
  body: ProviderRequestBody;
  headers: http.IncomingHttpHeaders;
  /** The request's path and query, e.g. /v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse */
  url: string;
};

export type FakeProviders = {
  url: string;
  openaiBaseUrl: string;
  anthropicBaseUrl: string;
  /** Gemini's base URL has no version: the SDK adds /v1beta. */
  geminiBaseUrl: string;
  behaviour: FakeProviderBehaviour;
  requests: RecordedCall[];
  /**
   * answered: replies sent after the latency; overheadMs: their time beyond it, from the request's first byte to the
   * reply's last (this fake's own cost); firstArrivalAt / lastReplyAt: wall-clock ms (Date.now() scale, sub-ms) of the
   * first request's arrival and the last reply's end, null until one happens.
   */
  stats: {
    calls: number;
    byStatus: Record<string, number>;
    answered: number;
    overheadMs: number;
    firstArrivalAt: number | null;
    lastReplyAt: number | null;
  };
  reset(): void;
  close(): Promise<void>;
};

const DEFAULTS: FakeProviderBehaviour = {
  latencyMs: 0,
  apiKeys: null,
  rateLimit: null,
  record: true,
  stampPieces: false,
  models: ['fake-chat-small', 'fake-chat-large'],
  fillerWords: 0,
};

export const fakeTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The tokens a fake model spends reasoning when a call asks it to. */
export const FAKE_REASONING_TOKENS = 48;

/** Whether the call asks the model to reason, in its provider's words. */
function asksToReason(api: Api, body: ProviderRequestBody): boolean {
  if (api === 'openai') return typeof body.reasoning_effort === 'string';
  if (api === 'anthropic') return (body.thinking as { type?: string } | undefined)?.type === 'enabled';
  const thinking = (body.generationConfig as { thinkingConfig?: { thinkingBudget?: number } } | undefined)
    ?.thinkingConfig;
  return (thinking?.thinkingBudget ?? 0) > 0;
}

/** Anthropic's 400 for a thinking request it refuses; null when it takes it. */
function anthropicThinkingError(body: ProviderRequestBody): string | null {
  const thinking = body.thinking as { type?: string; budget_tokens?: number } | undefined;
  if (thinking?.type !== 'enabled') return null;
  const budget = thinking.budget_tokens ?? 0;
  if (budget < 1024) return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
  if (typeof body.max_tokens === 'number' && budget >= body.max_tokens)
    return '`max_tokens` must be greater than `thinking.budget_tokens`.';
  if (body.temperature !== undefined && body.temperature !== 1)
    return '`temperature` may only be set to 1 when thinking is enabled.';
  return null;
}

/** The reply text the fake gives for a call, exported so tests can assert on it. */
export function fakeOutput(model: string, system: string | null, user: string | null, json = false): string {
  const text = `Echo from ${model}: ${user ?? system ?? ''}`.slice(0, 400);
  return json ? JSON.stringify({ echo: text }) : text;
}

type Directive = {
  fault: 'ok' | '400' | '429' | '500' | 'hang' | 'malformed' | 'drop' | 'huge' | 'break';
  times: number;
  latencyMs: number | null;
  /** A judge's answer instead of the echo; garbage for the first garbageTimes calls, then pass. */
  verdict: 'pass' | 'fail' | 'garbage' | null;
  garbageTimes: number;
  /** When a streamed reply's first and last pieces leave, in ms from the request's arrival. */
  stream: { firstMs: number; lastMs: number } | null;
  /** Answer JSON nested this deep instead of the echo. */
  nested: number | null;
};

/** The judge answers of [[fake:verdict=...]]. */
export const FAKE_VERDICTS = {
  pass: JSON.stringify({ pass: true, score: 0.9, reason: 'Meets the rubric.' }),
  fail: JSON.stringify({ pass: false, score: 0.2, reason: 'Misses the rubric.' }),
  garbage: 'Looks good to me! I would give it a solid nine.',
} as const;

function parseDirectives(text: string): Directive {
  const directive: Directive = {
    fault: 'ok',
    times: Infinity,
    latencyMs: null,
    verdict: null,
    garbageTimes: 0,
    stream: null,
    nested: null,
  };
  for (const [, spec] of text.matchAll(/\[\[fake:([a-z0-9=-]+)\]\]/g)) {
    if (spec === undefined) continue;
    const stream = /^stream=(\d+)-(\d+)$/.exec(spec);
    if (stream) {
      directive.stream = { firstMs: Number(stream[1]), lastMs: Math.max(Number(stream[1]), Number(stream[2])) };
      continue;
    }
    const nested = /^nested=(\d+)$/.exec(spec);
    if (nested) {
      directive.nested = Number(nested[1]);
      continue;
    }
    const latency = /^latency=(\d+)$/.exec(spec);
    if (latency) {
      directive.latencyMs = Number(latency[1]);
      continue;
    }
    const verdict = /^verdict=(pass|fail|garbage)(?:x(\d+))?$/.exec(spec);
    if (verdict) {
      directive.verdict = verdict[1] as Directive['verdict'];
      directive.garbageTimes = verdict[1] === 'garbage' ? (verdict[2] ? Number(verdict[2]) : Infinity) : 0;
      continue;
    }
    const fault = /^(400|429|500|hang|malformed|drop|huge|break)(?:x(\d+))?$/.exec(spec);
    if (fault) {
      directive.fault = fault[1] as Directive['fault'];
      directive.times = fault[2] ? Number(fault[2]) : Infinity;
    }
  }
  return directive;
}

/** A 200 whose JSON body never ends: 64 KB chunks, as fast as the client reads them, up to 1 GB. */
async function streamHugeBody(res: http.ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  res.write('{"id": "huge", "padding": "');
  for (let sent = 0; sent < 1024 ** 3 && !res.destroyed; sent += chunk.length) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
  }
  res.end('"}');
}

/** A duration as OpenAI's reset headers write it (Go's format): 20ms, 1.5s, 6m0s. */
function goDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = `${Number(((ms % 60_000) / 1000).toFixed(3))}s`;
  return minutes > 0 ? `${minutes}m${seconds}` : seconds;
}

type Schema = { type?: unknown; properties?: Record<string, Schema> };

/**
 * The arguments the fake passes a tool, built from its schema: each property a string (the prompt, cut short), a
 * number 1, true, [] or {} by its type.
 */
export function fakeToolArguments(schema: unknown, prompt: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, property] of Object.entries((schema as Schema | undefined)?.properties ?? {})) {
    const type = property.type;
    values[name] =
      type === 'string'
        ? prompt.slice(0, 40)
        : type === 'number' || type === 'integer'
          ? 1
          : type === 'boolean'
            ? true
            : type === 'array'
              ? []
              : type === 'object'
                ? {}
                : null;
  }
  return values;
}

type Declared = { name: string; schema: unknown };

/** The tool a request's choice makes the fake call, or null: no tools declared, or calls ruled out. */
function chosenTool(api: Api, body: ProviderRequestBody): Declared | null {
  if (api === 'openai') {
    const tools = (body.tools ?? []) as { function: { name: string; parameters?: unknown } }[];
    const choice = body.tool_choice as string | { function?: { name?: string } } | undefined;
    const named = typeof choice === 'object' ? choice.function?.name : undefined;
    const tool = tools.find((t) => t.function.name === named) ?? tools[0];
    return !tool || choice === 'none' ? null : { name: tool.function.name, schema: tool.function.parameters };
  }
  if (api === 'anthropic') {
    const tools = (body.tools ?? []) as { name: string; input_schema?: unknown }[];
    const choice = body.tool_choice as { type?: string; name?: string } | undefined;
    const tool = tools.find((t) => choice?.type === 'tool' && t.name === choice.name) ?? tools[0];
    return !tool || choice?.type === 'none' ? null : { name: tool.name, schema: tool.input_schema };
  }
  const declarations = (
    (body.tools ?? []) as { functionDeclarations?: { name: string; parametersJsonSchema?: unknown }[] }[]
  ).flatMap((t) => t.functionDeclarations ?? []);
  const config = (body.toolConfig as { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } })
    ?.functionCallingConfig;
  const allowed = config?.allowedFunctionNames?.[0];
  const tool = declarations.find((d) => d.name === allowed) ?? declarations[0];
  return !tool || config?.mode === 'NONE' ? null : { name: tool.name, schema: tool.parametersJsonSchema };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeProviders(options: Partial<FakeProviderBehaviour> = {}): Promise<FakeProviders> {
  const behaviour: FakeProviderBehaviour = { ...DEFAULTS, ...options };
  const requests: RecordedCall[] = [];
  const stats: FakeProviders['stats'] = {
    calls: 0,
    byStatus: {},
    answered: 0,
    overheadMs: 0,
    firstArrivalAt: null,
    lastReplyAt: null,
  };
  const seen = new Map<string, number>();
  let window = { start: 0, count: 0 };

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  function apiError(api: Api, status: number, type: string, message: string) {
    if (api === 'gemini') return { error: { code: status, message, status: type.toUpperCase() } };
    return api === 'openai'
      ? { error: { message, type, code: type, param: null } }
      : { type: 'error', error: { type, message } };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string, arrived: number) {
    const [path = ''] = (req.url ?? '').split('?');
    if (path === '/_control' && req.method === 'POST') {
      Object.assign(behaviour, JSON.parse(raw || '{}'));
      return send(res, 200, behaviour);
    }
    if (path === '/_stats') return send(res, 200, stats);
    if (path === '/v1/models' && req.method === 'GET') {
      stats.calls++;
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
      if (behaviour.apiKeys && (!bearer || !behaviour.apiKeys.includes(bearer)))
        return send(res, 401, apiError('openai', 401, 'invalid_api_key', 'Incorrect API key provided.'));
      const created = Math.floor(Date.now() / 1000);
      const data = behaviour.models.map((id) => ({ id, object: 'model', created, owned_by: 'fake' }));
      return send(res, 200, { object: 'list', data });
    }
    const gemini = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
    // Azure OpenAI: OpenAI's chat completions at a deployment, under an api-version, with the key in api-key.
    const azure = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/.exec(path);
    if (azure && !new URL(req.url ?? '/', 'http://fake').searchParams.get('api-version'))
      return send(res, 404, { error: { code: '404', message: 'Resource not found' } });
    const api: Api | null =
      path === '/v1/chat/completions' || azure
        ? 'openai'
        : path === '/v1/messages'
          ? 'anthropic'
          : gemini
            ? 'gemini'
            : null;
    if (!api || req.method !== 'POST') return send(res, 404, { error: { message: `No route ${req.method} ${path}` } });
    stats.calls++;

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const apiKey =
      ((req.headers['x-api-key'] ?? req.headers['x-goog-api-key'] ?? req.headers['api-key']) as string | undefined) ??
      new URL(req.url ?? '/', 'http://fake').searchParams.get('key') ??
      bearer;
    let body: ProviderRequestBody;
    try {
      body = JSON.parse(raw) as ProviderRequestBody;
    } catch {
      return send(res, 400, apiError(api, 400, 'invalid_request_error', 'Body is not JSON.'));
    }
    // Gemini names the model in the path; it is kept in the body as the others send it.
    if (gemini?.[1]) body.model = decodeURIComponent(gemini[1]);
    // Azure serves the deployment the path names, whatever model the body says.
    if (azure?.[1]) body.model = decodeURIComponent(azure[1]);
    if (behaviour.record) requests.push({ api, apiKey, body, headers: req.headers, url: req.url ?? '' });

    let system: string | null = null;
    let user: string | null = null;
    if (api === 'openai') {
      for (const m of body.messages ?? []) {
        if (m.role === 'system' || m.role === 'developer') system = String(m.content);
        if (m.role === 'user') user = String(m.content);
      }
    } else if (api === 'gemini') {
      const texts = (content: unknown) =>
        ((content as { parts?: { text?: string }[] } | undefined)?.parts ?? []).map((p) => p.text ?? '').join('');
      system = body.systemInstruction ? texts(body.systemInstruction) : null;
      // The reply answers the last user turn, as in a conversation.
      const contents = body.contents as { role?: string }[] | undefined;
      const last = contents?.findLast((content) => content.role !== 'model');
      user = last ? texts(last) : null;
    } else {
      system = typeof body.system === 'string' ? body.system : null;
      const last = body.messages?.findLast((m) => m.role === 'user');
      user = last ? (typeof last.content === 'string' ? last.content : JSON.stringify(last.content)) : null;
      if (typeof body.max_tokens !== 'number')
        return send(res, 400, apiError(api, 400, 'invalid_request_error', 'max_tokens: Field required'));
      const refused = anthropicThinkingError(body);
      if (refused) return send(res, 400, apiError(api, 400, 'invalid_request_error', refused));
    }
    if (!body.model) return send(res, 400, apiError(api, 400, 'invalid_request_error', 'model is required'));

    if (behaviour.apiKeys && (!apiKey || !behaviour.apiKeys.includes(apiKey))) {
      if (api === 'gemini')
        return send(
          res,
          400,
          apiError(api, 400, 'invalid_argument', 'API key not valid. Please pass a valid API key.'),
        );
      const message = api === 'openai' ? 'Incorrect API key provided.' : 'invalid x-api-key';
      return send(res, 401, apiError(api, 401, api === 'openai' ? 'invalid_api_key' : 'authentication_error', message));
    }

    const limit = behaviour.rateLimit;
    if (limit !== null) {
      const now = Date.now();
      const windowMs = limit.windowSeconds * 1000;
      if (now - window.start >= windowMs) window = { start: now, count: 0 };
      const admitted = window.count < limit.requests;
      if (admitted) window.count++;
      const waitMs = Math.max(1, window.start + windowMs - now);
      if (limit.headers && api === 'openai') {
        res.setHeader('x-ratelimit-limit-requests', String(limit.requests));
        res.setHeader('x-ratelimit-remaining-requests', String(limit.requests - window.count));
        res.setHeader('x-ratelimit-reset-requests', goDuration(waitMs));
      }
      if (!admitted)
        return send(res, 429, apiError(api, 429, 'rate_limit_exceeded', 'Rate limit reached.'), {
          'retry-after': String(Math.ceil(waitMs / 1000)),
          'retry-after-ms': String(waitMs),
        });
    }

    const text = `${system ?? ''}\n${user ?? ''}`;
    const directive = parseDirectives(text);
    const streamed = body.stream === true || gemini?.[2] === 'streamGenerateContent';
    let breakOff = false;
    if (directive.fault !== 'ok') {
      const key = `${api}\n${body.model}\n${text}`;
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      if (count <= directive.times) {
        if (directive.fault === '429') {
          return send(res, 429, apiError(api, 429, 'rate_limit_exceeded', 'Rate limit reached.'), {
            'retry-after': '0',
            'retry-after-ms': '30',
          });
        }
        if (directive.fault === '400')
          return send(res, 400, apiError(api, 400, 'content_filter', 'The prompt was filtered.'));
        if (directive.fault === '500')
          return send(res, 500, apiError(api, 500, 'server_error', 'The server had an error.'));
        if (directive.fault === 'hang') return; // never answers; close() drops the socket
        if (directive.fault === 'drop') return req.socket.destroy();
        if (directive.fault === 'huge') return streamHugeBody(res);
        if (directive.fault === 'malformed') {
          await sleep(behaviour.latencyMs);
          if (!streamed) return send(res, 200, '{"id": "chatcmpl-broken", "choices": [');
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          return res.end('data: {"id": "chatcmpl-broken", "choices": [\n\n');
        }
        breakOff = directive.fault === 'break';
      }
    }

    // The latency runs from the request's arrival, as a provider's would, not from when this fake got round to it.
    const latencyMs = directive.stream?.lastMs ?? directive.latencyMs ?? behaviour.latencyMs;
    const generationConfig = body.generationConfig as { responseMimeType?: string } | undefined;
    const json =
      (api === 'openai' && ['json_object', 'json_schema'].includes(body.response_format?.type ?? '')) ||
      (api === 'gemini' && generationConfig?.responseMimeType === 'application/json');
    let output = fakeOutput(body.model, system, user, json);
    const filled = behaviour.fillerWords > 0 && !json;
    if (filled) output += ' lorem'.repeat(behaviour.fillerWords);
    if (directive.nested !== null)
      output = `${'{"a":'.repeat(directive.nested)}"bottom"${'}'.repeat(directive.nested)}`;
    if (directive.verdict !== null) {
      const key = `verdict\n${api}\n${body.model}\n${text}`;
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      output =
        directive.verdict === 'garbage' && count > directive.garbageTimes
          ? FAKE_VERDICTS.pass
          : FAKE_VERDICTS[directive.verdict];
    }
    const tool = directive.verdict === null ? chosenTool(api, body) : null;
    const toolCall: FakeToolCall | null = tool && {
      id: `call_fake_${stats.calls}`,
      name: tool.name,
      arguments: JSON.stringify(fakeToolArguments(tool.schema, user ?? system ?? '')),
    };
    if (toolCall) output = '';
    const inputTokens = fakeTokens(text);
    const reasoningTokens = asksToReason(api, body) ? FAKE_REASONING_TOKENS : 0;
    // As billed: the output counts the reasoning too.
    const outputTokens = fakeTokens(toolCall?.arguments ?? output) + reasoningTokens;
    if (streamed) {
      res.once('finish', () => {
        stats.answered++;
        stats.overheadMs += performance.now() - arrived - latencyMs;
        stats.lastReplyAt = performance.timeOrigin + performance.now();
      });
      stats.byStatus[200] = (stats.byStatus[200] ?? 0) + 1;
      const options = body.stream_options as { include_usage?: boolean } | undefined;
      return writeStream(
        res,
        {
          api,
          id: api === 'anthropic' ? `msg_fake_${stats.calls}` : `chatcmpl-fake-${stats.calls}`,
          model: body.model,
          output,
          inputTokens,
          outputTokens,
          reasoningTokens,
          includeUsage: options?.include_usage === true,
          firstMs: directive.stream?.firstMs ?? latencyMs,
          lastMs: latencyMs,
          breakOff,
          stamp: behaviour.stampPieces,
          pieces: filled ? output.split(' ').length : undefined,
          toolCall,
        },
        arrived,
      );
    }
    // Rounded up: timers count whole milliseconds from the event loop's clock, which may lag the request's arrival.
    await sleep(Math.ceil(latencyMs - (performance.now() - arrived)));
    res.once('finish', () => {
      stats.answered++;
      stats.overheadMs += performance.now() - arrived - latencyMs;
      stats.lastReplyAt = performance.timeOrigin + performance.now();
    });
    if (api === 'openai') {
      return send(res, 200, {
        id: `chatcmpl-fake-${stats.calls}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: toolCall ? null : output,
              refusal: null,
              ...(toolCall && {
                tool_calls: [
                  {
                    id: toolCall.id,
                    type: 'function',
                    function: { name: toolCall.name, arguments: toolCall.arguments },
                  },
                ],
              }),
            },
            finish_reason: toolCall ? 'tool_calls' : 'stop',
            logprobs: null,
          },
        ],
        usage: usageOf({ api, inputTokens, outputTokens, reasoningTokens }),
      });
    }
    if (api === 'gemini') {
      return send(res, 200, {
        candidates: [
          {
            content: {
              parts: [
                toolCall
                  ? { functionCall: { name: toolCall.name, args: JSON.parse(toolCall.arguments) as unknown } }
                  : { text: output },
              ],
              role: 'model',
            },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: usageOf({ api, inputTokens, outputTokens, reasoningTokens }),
        modelVersion: body.model,
      });
    }
    return send(res, 200, {
      id: `msg_fake_${stats.calls}`,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [
        toolCall
          ? { type: 'tool_use', id: toolCall.id, name: toolCall.name, input: JSON.parse(toolCall.arguments) as unknown }
          : { type: 'text', text: output },
      ],
      stop_reason: toolCall ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: usageOf({ api, inputTokens, outputTokens, reasoningTokens }),
    });
  }

  const server = http.createServer((req, res) => {
    const arrived = performance.now();
    stats.firstArrivalAt ??= performance.timeOrigin + arrived;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8'), arrived).catch((error) => {
        if (!res.headersSent) send(res, 500, { error: { message: String(error) } });
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    geminiBaseUrl: url,
    behaviour,
    requests,
    stats,
    reset() {
      Object.assign(behaviour, DEFAULTS, options);
      requests.length = 0;
      seen.clear();
      window = { start: 0, count: 0 };
      stats.calls = 0;
      stats.byStatus = {};
      stats.answered = 0;
      stats.overheadMs = 0;
      stats.firstArrivalAt = null;
      stats.lastReplyAt = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
