import { setTimeout as sleep } from 'node:timers/promises';
import { PROVIDER_LABELS } from '@promptgrid/contract';
import { AddressGuard } from './address-guard.js';
import { Gate } from './gate.js';
import { Pacer } from './pacer.js';
import { streamMock, type MockVariation } from './mock.js';
import {
  EndpointRefusedError,
  MalformedReplyError,
  ProviderConnectionError,
  ProviderTimeoutError,
  ReplyTooLargeError,
  type EndpointTarget,
  type ProviderCall,
  type ProviderName,
  type ProviderReply,
  type StreamSink,
} from './types.js';

export type ProviderSettings = {
  openaiBaseUrl: string | null;
  /** ALLOW_PRIVATE_ENDPOINTS: users' endpoints may be on loopback and private networks. */
  allowPrivateEndpoints: boolean;
  anthropicBaseUrl: string | null;
  geminiBaseUrl: string | null;
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
};

/** How a call ended; `rateLimited` counts its attempts the provider answered 429 (rate limited). */
export type CallOutcome =
  | {
      ok: true;
      reply: ProviderReply;
      executionTime: number;
      attempts: number;
      rateLimited: number;
    }
  | { ok: false; message: string; executionTime: number; attempts: number; rateLimited: number };

/** 429s that name a retry-after are waited out up to this many times: the provider said when to come back. */
const RATE_LIMIT_RETRIES = 30;
const MAX_BACKOFF_MS = 30_000;

type Failure = {
  retry: boolean;
  rateLimited: boolean;
  retryAfterMs: number | null;
  describe: (attempts: number) => string;
};

function header(headers: unknown, name: string): string | null {
  if (headers && typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  return null;
}

/** retry-after-ms (OpenAI), else retry-after in seconds or as an HTTP date. */
export function retryAfterMs(headers: unknown, now = Date.now()): number | null {
  const ms = Number(header(headers, 'retry-after-ms'));
  if (header(headers, 'retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const value = header(headers, 'retry-after');
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

const times = (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`);

/** Turns whatever an SDK threw into a retry decision and the message a user reads. */
export function classifyFailure(error: unknown, label: string, model: string, timeoutMs: number): Failure {
  const e = error as { status?: number; headers?: unknown; message?: string };
  const detail = (message: string | undefined) => {
    const text = (message ?? '').replace(/^\d{3}\s+/, '').trim();
    return text ? `: ${text.length > 300 ? `${text.slice(0, 300)}…` : text}` : '';
  };
  if (error instanceof ProviderTimeoutError) {
    return {
      retry: true,
      rateLimited: false,
      retryAfterMs: null,
      describe: (n) => `${label} did not answer within ${Math.round(timeoutMs / 100) / 10} s (${times(n)})`,
    };
  }
  if (error instanceof ProviderConnectionError) {
    return {
      retry: true,
      rateLimited: false,
      retryAfterMs: null,
      describe: (n) => `Could not reach ${label}: ${error.message} (${times(n)})`,
    };
  }
  if (error instanceof EndpointRefusedError) {
    return { retry: false, rateLimited: false, retryAfterMs: null, describe: () => error.message };
  }
  if (error instanceof ReplyTooLargeError) {
    return {
      retry: false,
      rateLimited: false,
      retryAfterMs: null,
      describe: () => `${label} sent ${error.what}; it was not read`,
    };
  }
  if (typeof e?.status === 'number') {
    const status = e.status;
    const after = retryAfterMs(e.headers);
    if (status === 401)
      return {
        retry: false,
        rateLimited: false,
        retryAfterMs: null,
        describe: () => `${label} rejected the API key (401)`,
      };
    if (status === 403)
      return {
        retry: false,
        rateLimited: false,
        retryAfterMs: null,
        describe: () => `${label} refused access (403)${detail(e.message)}`,
      };
    if (status === 404)
      return {
        retry: false,
        rateLimited: false,
        retryAfterMs: null,
        describe: () => `${label} does not offer the model ${model} to this key (404)`,
      };
    if (status === 429) {
      return {
        retry: true,
        rateLimited: after !== null,
        retryAfterMs: after,
        describe: (n) => `${label} rate limit exceeded (429) after ${times(n)}${detail(e.message)}`,
      };
    }
    if (status === 408 || status === 409 || status >= 500) {
      return {
        retry: true,
        rateLimited: false,
        retryAfterMs: after,
        describe: (n) => `${label} server error (${status}) after ${times(n)}${detail(e.message)}`,
      };
    }
    return {
      retry: false,
      rateLimited: false,
      retryAfterMs: null,
      describe: () => `${label} rejected the request (${status})${detail(e.message)}`,
    };
  }
  if (error instanceof MalformedReplyError || error instanceof SyntaxError) {
    return {
      retry: true,
      rateLimited: false,
      retryAfterMs: null,
      describe: (n) => `${label} sent a reply that could not be read (${times(n)})`,
    };
  }
  return {
    retry: false,
    rateLimited: false,
    retryAfterMs: null,
    describe: () => `Calling ${label} failed: ${e?.message ?? String(error)}`,
  };
}

/** Exponential backoff with full jitter in [base*2^n/2, base*2^n], capped; a retry-after wins, plus up to 10% jitter. */
export function backoffMs(retry: number, baseMs: number, retryAfter: number | null): number {
  if (retryAfter !== null) return retryAfter + Math.random() * Math.min(1000, retryAfter * 0.1 + 20);
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** retry);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

/**
 * Each SDK loads when it is first needed: a server where nobody has stored a key does not hold them.
 * Loading takes 70-300 ms of the main thread, so it starts ahead of the first call (preloadSdks): when a worker starts
 * where keys are stored, when a key is stored, and at the latest while a new run's rows are written.
 */
let openAiSdk: Promise<typeof import('./openai.js')> | undefined;
let anthropicSdk: Promise<typeof import('./anthropic.js')> | undefined;
const loadOpenAi = () => (openAiSdk ??= import('./openai.js'));
let geminiSdk: Promise<typeof import('./gemini.js')> | undefined;
const loadAnthropic = () => (anthropicSdk ??= import('./anthropic.js'));
const loadGemini = () => (geminiSdk ??= import('./gemini.js'));
const loaders = { openai: loadOpenAi, anthropic: loadAnthropic, gemini: loadGemini, custom: loadOpenAi };

export function preloadSdks(providers: (ProviderName | 'custom')[]) {
  for (const provider of providers) loaders[provider]().catch(() => {});
}

/**
 * What a call may take of a tokens-per-minute limit, as providers reckon it ahead of the reply: its prompt at about
 * four characters a token, plus the most it may write.
 */
const estimatedTokens = (call: ProviderCall) =>
  Math.ceil(call.messages.reduce((length, m) => length + m.content.length, call.systemPrompt.length) / 4) +
  (call.maxTokens ?? 0);

/** Who a user reads about in a call's messages: the provider, or the endpoint by the name they gave it. */
const labelOf = (call: ProviderCall) =>
  call.provider === 'custom' ? (call.endpoint?.name ?? 'The endpoint') : PROVIDER_LABELS[call.provider];

/** Calls providers through the official SDKs (their own retries off) with our retry policy, timeouts and messages. */
export class ProviderCaller {
  private clients = new Map<string, unknown>();
  /** Each endpoint's limit on calls at once, by endpoint id and limit. */
  private gates = new Map<string, Gate>();
  /** One pacer per provider and key (an endpoint's: per endpoint), shared by all of this process's calls with it. */
  private pacers = new Map<string, Pacer>();
  private readonly guardedFetch: typeof fetch;

  constructor(
    private readonly settings: ProviderSettings,
    /** Checks users' endpoints before anything is sent to them (the tests give one with their own DNS answers). */
    readonly guard = new AddressGuard(settings.allowPrivateEndpoints),
  ) {
    this.guardedFetch = guard.fetch();
  }

  /** One client per provider and key (for an endpoint: per address, key and headers), so calls share its connections. */
  private client<C>(provider: string, apiKey: string, create: () => C): C {
    const id = `${provider}\n${apiKey}`;
    let client = this.clients.get(id) as C | undefined;
    if (!client) {
      if (this.clients.size > 500) this.clients.clear();
      client = create();
      this.clients.set(id, client);
    }
    return client;
  }

  /** Loads the SDK and creates the key's client, if not done yet: a run does this while its rows are being written. */
  prepare(provider: ProviderName, apiKey: string) {
    const client =
      provider === 'openai'
        ? this.openAi(apiKey)
        : provider === 'anthropic'
          ? this.anthropic(apiKey)
          : this.gemini(apiKey);
    client.catch(() => {});
  }

  private async openAi(apiKey: string) {
    const sdk = await loadOpenAi();
    return {
      sdk,
      client: this.client('openai', apiKey, () =>
        sdk.createOpenAiClient(apiKey, this.settings.openaiBaseUrl, this.settings.timeoutMs),
      ),
    };
  }

  private async anthropic(apiKey: string) {
    const sdk = await loadAnthropic();
    return {
      sdk,
      client: this.client('anthropic', apiKey, () =>
        sdk.createAnthropicClient(apiKey, this.settings.anthropicBaseUrl, this.settings.timeoutMs),
      ),
    };
  }

  private async gemini(apiKey: string) {
    const sdk = await loadGemini();
    return {
      sdk,
      client: this.client('gemini', apiKey, () => sdk.createGeminiClient(apiKey, this.settings.geminiBaseUrl)),
    };
  }

  private async endpoint(endpoint: EndpointTarget) {
    const sdk = await loadOpenAi();
    const id = JSON.stringify([endpoint.baseUrl, endpoint.headers]);
    return {
      sdk,
      client: this.client(`custom\n${id}`, endpoint.apiKey ?? '', () =>
        sdk.createEndpointClient(endpoint, this.settings.timeoutMs, this.guardedFetch),
      ),
    };
  }

  /** The model ids the endpoint's GET /models lists; its address is checked first (EndpointRefusedError). */
  async endpointModels(endpoint: EndpointTarget, signal: AbortSignal): Promise<string[]> {
    await this.guard.check(endpoint.baseUrl);
    const { sdk, client } = await this.endpoint(endpoint);
    return sdk.listEndpointModels(client, signal);
  }

  /** The attempt's turn under its endpoint's limit on calls at once; built-in providers have none here. */
  private turn(call: ProviderCall, signal: AbortSignal): Promise<() => void> | null {
    const limit = call.endpoint?.concurrency;
    if (!limit) return null;
    const id = `${call.endpoint!.id}:${limit}`;
    let gate = this.gates.get(id);
    if (!gate) this.gates.set(id, (gate = new Gate(limit)));
    return gate.enter(signal);
  }

  private stream(call: ProviderCall, apiKey: string, signal: AbortSignal, onText: (delta: string) => void) {
    if (call.provider === 'custom')
      return this.endpoint(call.endpoint!).then(({ sdk, client }) => sdk.streamOpenAi(client, call, signal, onText));
    if (call.provider === 'openai')
      return this.openAi(apiKey).then(({ sdk, client }) => sdk.streamOpenAi(client, call, signal, onText));
    if (call.provider === 'gemini')
      return this.gemini(apiKey).then(({ sdk, client }) => sdk.streamGemini(client, call, signal, onText));
    return this.anthropic(apiKey).then(({ sdk, client }) => sdk.streamAnthropic(client, call, signal, onText));
  }

  /**
   * One attempt, streamed: its text goes to `sink` as it comes, and the time to its first piece is the reply's ttft.
   * A stream has no SDK timeout once its headers came, so the attempt as a whole is cut off after the timeout here.
   */
  private async once(call: ProviderCall, apiKey: string, signal: AbortSignal, sink: StreamSink | null) {
    const release = await this.pacer(call, apiKey).acquire(estimatedTokens(call), signal);
    let headers: unknown = null;
    let leave: (() => void) | null = null;
    try {
      leave = await this.turn(call, signal);
      const result = await this.attempt(call, apiKey, signal, sink);
      headers = result.headers;
      return result;
    } catch (error) {
      headers = (error as { headers?: unknown }).headers;
      throw error;
    } finally {
      leave?.();
      release(headers);
    }
  }

  private pacer(call: ProviderCall, apiKey: string): Pacer {
    const id = call.provider === 'custom' ? `custom\n${call.endpoint!.id}` : `${call.provider}\n${apiKey}`;
    let pacer = this.pacers.get(id);
    if (!pacer) {
      if (this.pacers.size > 500) this.pacers.clear();
      this.pacers.set(id, (pacer = new Pacer()));
    }
    return pacer;
  }

  private async attempt(call: ProviderCall, apiKey: string, signal: AbortSignal, sink: StreamSink | null) {
    const started = performance.now();
    const attempt = new AbortController();
    const timeout = new ProviderTimeoutError('the reply did not end within the timeout');
    const timer = setTimeout(() => attempt.abort(timeout), this.settings.timeoutMs);
    const stop = () => attempt.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    let output = '';
    let ttft: number | null = null;
    const onText = (delta: string) => {
      ttft ??= (performance.now() - started) / 1000;
      output += delta;
      sink?.text(delta);
    };
    try {
      const { headers, ...totals } = await this.stream(call, apiKey, attempt.signal, onText);
      return { reply: { output, ttft, ...totals } satisfies ProviderReply, sent: output.length > 0, headers };
    } catch (error) {
      throw Object.assign(attempt.signal.reason === timeout && !signal.aborted ? timeout : (error as Error), {
        sentText: output.length > 0,
      });
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    }
  }

  /** Runs a call to its end: a reply, or a message saying why not. Throws only when `signal` aborts (shutdown). */
  async call(
    call: ProviderCall,
    apiKey: string,
    signal: AbortSignal,
    sink: StreamSink | null = null,
  ): Promise<CallOutcome> {
    const started = performance.now();
    let retries = 0;
    let rateLimitWaits = 0;
    for (let attempt = 1; ; attempt++) {
      const attemptStarted = performance.now();
      try {
        const { reply } = await this.once(call, apiKey, signal, sink);
        return {
          ok: true,
          reply,
          executionTime: (performance.now() - attemptStarted) / 1000,
          attempts: attempt,
          rateLimited: rateLimitWaits,
        };
      } catch (error) {
        if (signal.aborted) throw signal.reason ?? error;
        // What a stream that broke sent so far is void: the call starts again from the start, or fails.
        if ((error as { sentText?: boolean }).sentText) sink?.reset();
        const failure = classifyFailure(error, labelOf(call), call.model, this.settings.timeoutMs);
        const canRetry = failure.rateLimited
          ? rateLimitWaits < RATE_LIMIT_RETRIES
          : failure.retry && retries < this.settings.maxRetries;
        if (!canRetry)
          return {
            ok: false,
            message: failure.describe(attempt),
            executionTime: (performance.now() - started) / 1000,
            attempts: attempt,
            rateLimited: rateLimitWaits + (failure.rateLimited ? 1 : 0),
          };
        await sleep(
          backoffMs(failure.rateLimited ? 0 : retries, this.settings.retryBaseMs, failure.retryAfterMs),
          undefined,
          { signal },
        );
        if (failure.rateLimited) rateLimitWaits++;
        else retries++;
      }
    }
  }

  /** The mock provider: same outcome shape, no network. */
  async mock(
    call: ProviderCall,
    signal: AbortSignal,
    sink: StreamSink | null = null,
    variation?: MockVariation,
  ): Promise<CallOutcome> {
    const started = performance.now();
    const reply = await streamMock(call, signal, sink, variation);
    return { ok: true, reply, executionTime: (performance.now() - started) / 1000, attempts: 1, rateLimited: 0 };
  }
}
