import pLimit, { type LimitFunction } from 'p-limit';
import { PROVIDER_LABELS } from '@promptgrid/contract';
import { missingFeature, type ClientOptions, type ClientTarget } from './adapter.js';
import { AddressGuard } from './address-guard.js';
import { providerFetch } from './fetch.js';
import { Pacer } from './pacer.js';
import { streamMock, type MockVariation } from './mock.js';
import { adapterKeyOf, loadAdapter, type AdapterKey } from './registry.js';
import { withRetries } from './retry.js';
import {
  ProviderTimeoutError,
  type EndpointTarget,
  type ProviderCall,
  type ProviderName,
  type ProviderReply,
  type StreamSink,
} from './types.js';

export { preloadSdks } from './registry.js';

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
  | { ok: true; reply: ProviderReply; executionTime: number; attempts: number; rateLimited: number }
  | { ok: false; message: string; executionTime: number; attempts: number; rateLimited: number };

/**
 * What a call may take of a tokens-per-minute limit, as providers reckon it ahead of the reply: its prompt at about
 * four characters a token, plus the most it may write.
 */
const estimatedTokens = (call: ProviderCall) =>
  Math.ceil(call.messages.reduce((length, m) => length + m.content.length, call.systemPrompt.length) / 4) +
  (call.maxTokens ?? 0);

/** Who a user reads about in a call's messages: the provider, or the endpoint by the name they gave it. */
const labelOf = (call: ClientTarget) =>
  call.provider === 'custom' ? (call.endpoint?.name ?? 'The endpoint') : PROVIDER_LABELS[call.provider];

/**
 * Calls providers through their adapters (the official SDKs, their own retries off) with one retry policy, timeout,
 * pacing and limit on calls at once for all of them. Nothing here knows one provider from another.
 */
export class ProviderCaller {
  private clients = new Map<string, unknown>();
  /** Each endpoint's limit on calls at once, by endpoint id and limit. */
  private limits = new Map<string, LimitFunction>();
  /** One pacer per provider and key (an endpoint's: per endpoint), shared by all of this process's calls with it. */
  private pacers = new Map<string, Pacer>();
  private readonly baseUrls: Partial<Record<AdapterKey, string | null>>;
  private readonly guardedFetch: ClientOptions['guardedFetch'];

  constructor(
    private readonly settings: ProviderSettings,
    /** Checks users' endpoints before anything is sent to them (the tests give one with their own DNS answers). */
    readonly guard = new AddressGuard(settings.allowPrivateEndpoints),
  ) {
    this.guardedFetch = guard.fetch();
    this.baseUrls = {
      openai: settings.openaiBaseUrl,
      anthropic: settings.anthropicBaseUrl,
      gemini: settings.geminiBaseUrl,
    };
  }

  /** One client per adapter and key (for an endpoint: per address, key and headers), so calls share its connections. */
  private async client(target: ClientTarget, apiKey: string) {
    const key = adapterKeyOf(target);
    const adapter = await loadAdapter(key);
    const id = `${key}\n${adapter.clientKey(target, apiKey)}`;
    let client = this.clients.get(id);
    if (!client) {
      if (this.clients.size > 500) this.clients.clear();
      const options = {
        baseUrl: this.baseUrls[key] ?? null,
        timeoutMs: this.settings.timeoutMs,
        fetch: providerFetch,
        guardedFetch: this.guardedFetch,
      };
      client = adapter.createClient(target, apiKey, options);
      this.clients.set(id, client);
    }
    return { adapter, client };
  }

  /** Loads the SDK and creates the key's client, if not done yet: a run does this while its rows are being written. */
  prepare(provider: ProviderName, apiKey: string) {
    this.client({ provider }, apiKey).catch(() => {});
  }

  /** The model ids the endpoint lists; its address is checked first (EndpointRefusedError). */
  async endpointModels(endpoint: EndpointTarget, signal: AbortSignal): Promise<string[]> {
    await this.guard.check(endpoint.baseUrl);
    const { adapter, client } = await this.client({ provider: 'custom', endpoint }, '');
    if (!adapter.listModels) throw Object.assign(new Error(`${endpoint.name} lists no models`), { status: 404 });
    return adapter.listModels(client, signal);
  }

  /** Runs the attempt under its endpoint's limit on calls at once; built-in providers have none here. */
  private limited<T>(call: ProviderCall, signal: AbortSignal, attempt: () => Promise<T>): Promise<T> {
    const concurrency = call.endpoint?.concurrency;
    if (!concurrency) return attempt();
    const id = `${call.endpoint!.id}:${concurrency}`;
    let limit = this.limits.get(id);
    if (!limit) this.limits.set(id, (limit = pLimit(concurrency)));
    // p-limit cannot take a waiting task back: one aborted while it waits rejects at once, and gives its turn up unused
    // when it comes. The listener goes when the turn ends, as a run's signal outlives many calls.
    return new Promise<T>((resolve, reject) => {
      const stop = () => reject(signal.reason as Error);
      signal.addEventListener('abort', stop, { once: true });
      limit(() => (signal.aborted ? Promise.reject(signal.reason as Error) : attempt()))
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', stop));
    });
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

  /** One attempt, paced and limited; its reply's (or error's) headers tell the pacer what is left. */
  private async once(call: ProviderCall, apiKey: string, signal: AbortSignal, sink: StreamSink | null) {
    const release = await this.pacer(call, apiKey).acquire(estimatedTokens(call), signal);
    let headers: unknown = null;
    try {
      const result = await this.limited(call, signal, () => this.attempt(call, apiKey, signal, sink));
      headers = result.headers;
      return result.reply;
    } catch (error) {
      headers = (error as { headers?: unknown }).headers;
      throw error;
    } finally {
      release(headers);
    }
  }

  /**
   * One attempt, streamed: its text goes to `sink` as it comes, and the time to its first piece is the reply's ttft.
   * A stream has no SDK timeout once its headers came, so the attempt as a whole is cut off after the timeout here.
   */
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
      const { adapter, client } = await this.client(call, apiKey);
      const { headers, ...totals } = await adapter.stream(
        client,
        adapter.buildRequest(call),
        call,
        attempt.signal,
        onText,
      );
      return { reply: { output, ttft, ...totals } satisfies ProviderReply, headers };
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
    const adapter = await loadAdapter(adapterKeyOf(call));
    const who = { label: labelOf(call), model: call.model, timeoutMs: this.settings.timeoutMs };
    const missing = missingFeature(call, adapter.features);
    if (missing)
      return {
        ok: false,
        message: `${who.label} does not take ${missing}`,
        executionTime: 0,
        attempts: 0,
        rateLimited: 0,
      };
    const { attempts, rateLimited, lastStarted, ...result } = await withRetries(
      () => this.once(call, apiKey, signal, sink),
      (error) => adapter.classifyError(error),
      this.settings,
      signal,
      // What a stream that broke sent so far is void: the call starts again from the start, or fails.
      (error) => {
        if ((error as { sentText?: boolean }).sentText) sink?.reset();
      },
    );
    const ended = performance.now();
    return result.ok
      ? { ok: true, reply: result.value, executionTime: (ended - lastStarted) / 1000, attempts, rateLimited }
      : {
          ok: false,
          message: result.failure.describe(who, attempts),
          executionTime: (ended - started) / 1000,
          attempts,
          rateLimited,
        };
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
