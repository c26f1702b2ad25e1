import type { ProviderCall, StreamedReply } from './types.js';

/**
 * What `fetch` the SDK clients are given: the provider transport (providerFetch), or for a user's endpoint the address
 * guard's, which checks each host before it connects.
 */
export type ProviderFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** What every client of a provider shares: the operator's base URL for it (null: the SDK's), the timeout, the fetch. */
export type ClientOptions = {
  baseUrl: string | null;
  timeoutMs: number;
  fetch: ProviderFetch;
  guardedFetch: ProviderFetch;
};

/** Whom a client calls: a provider, or the user's endpoint a call names. */
export type ClientTarget = Pick<ProviderCall, 'provider' | 'endpoint'>;

/** How the retry policy treats a failed attempt: try again, wait out the provider's rate limit, or give up. */
export type FailureKind = 'retryable' | 'rate-limited' | 'final';

export type Failure = {
  kind: FailureKind;
  /** How long the provider asked to be left alone (retry-after), if it said. */
  retryAfterMs: number | null;
  /** The message a user reads, given who was called, the model, the timeout and how many attempts were made. */
  describe: (who: { label: string; model: string; timeoutMs: number }, attempts: number) => string;
};

/** What the adapter's API can take, whatever the model: the request builder leaves out what it cannot send. */
export type ApiFeatures = {
  images: boolean;
  tools: boolean;
  responseSchema: boolean;
};

/**
 * One provider API, over its official SDK: the only place that knows the API's shapes. The caller (ProviderCaller)
 * knows none of them; it keeps clients, paces, limits, times out and retries the same way for each.
 */
export interface ProviderAdapter<Client = unknown, Request = unknown> {
  readonly features: ApiFeatures;
  /** Calls with the same key share one client (and its connections): the key of the call's client. */
  clientKey(target: ClientTarget, apiKey: string): string;
  createClient(target: ClientTarget, apiKey: string, options: ClientOptions): Client;
  /** The model ids the API lists (a user's endpoint's GET /models); absent: it lists none, they are typed in. */
  listModels?(client: Client, signal: AbortSignal): Promise<string[]>;
  /** The request the API takes for the call, sending only parameters the model accepts (its capabilities). */
  buildRequest(call: ProviderCall): Request;
  /**
   * Sends the request (buildRequest's, for `call`) streamed: each piece of text goes to `onText`; the totals, tool calls
   * and headers at the end.
   */
  stream(
    client: Client,
    request: Request,
    call: ProviderCall,
    signal: AbortSignal,
    onText: (delta: string) => void,
  ): Promise<StreamedReply>;
  /** Whatever the SDK threw, as the retry policy reads it. */
  classifyError(error: unknown): Failure;
}

/** What the call needs that the API cannot take, as a user reads it; null when it can take the whole call. */
export function missingFeature(call: ProviderCall, features: ApiFeatures): string | null {
  if ((call.images?.length ?? 0) > 0 && !features.images) return 'images';
  if (call.tools.length > 0 && !features.tools) return 'tools';
  if (call.responseSchema && !features.responseSchema) return 'a response schema';
  return null;
}
