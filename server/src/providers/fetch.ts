import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { MAX_REPLY_BYTES, MAX_STREAM_EVENT_BYTES, ProviderConnectionError, ReplyTooLargeError } from './types.js';

/**
 * The `fetch` the provider SDKs are given (their documented `fetch` option), on node:http with keep-alive.
 * Node 20's global fetch spends more of the main thread per call in web streams, Request/Response objects and
 * AbortSignal plumbing than the rest of a call together. This one sends the SDK's JSON body, reads the whole reply
 * before resolving (so the SDK's timeout covers a body that never ends) and answers with the part of Response the
 * SDKs read. A body over MAX_REPLY_BYTES is cut off (ReplyTooLargeError). A streamed reply (text/event-stream) resolves
 * at its headers with the socket's chunks as the body: the SDKs iterate any async iterable there. Other request bodies
 * (uploads) go to the global fetch.
 * node:http rather than undici's request: its parser is native and its JavaScript comes with Node's code cache, where
 * undici's parser is WebAssembly and its code is compiled on first use. A reply cut off mid-body reads ECONNRESET.
 * The figures: docs/performance.md.
 */
// The SDKs build every request's headers with the global Headers, which Node loads (with its own copy of undici) on
// first use, inside a run's first call. Load it with the SDK instead, ahead of the run (see preloadSdks).
new Headers();

const agentOptions = { keepAlive: true, keepAliveMsecs: 30_000, scheduling: 'lifo' as const };
type Agents = { 'http:': http.Agent; 'https:': https.Agent };

/** Keep-alive agents; `lookup`, when given, resolves every host they connect to (the address guard's check). */
export const providerAgents = (lookup?: LookupFunction): Agents => ({
  'http:': new http.Agent({ ...agentOptions, lookup }),
  'https:': new https.Agent({ ...agentOptions, lookup }),
});

/** The members of Response the SDKs read: ProviderResponse must have each, and is handed to them as a Response. */
type SdkReadResponse = Pick<Response, 'ok' | 'status' | 'url' | 'headers' | 'bodyUsed' | 'text' | 'json'> & {
  body: AsyncIterable<Uint8Array> | null;
};
const asResponse = (response: SdkReadResponse) => response as Response;

class ProviderResponse implements SdkReadResponse {
  readonly ok: boolean;
  readonly bodyUsed = false;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly headers: Headers,
    private readonly content: string,
    readonly body: AsyncIterable<Uint8Array> | null = null,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  async text() {
    return this.content;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.content);
  }

  clone() {
    return new ProviderResponse(this.url, this.status, this.headers, this.content);
  }
}

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const name in raw) {
    const value = raw[name];
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

function requestHeaders(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(headers);
  return headers;
}

/**
 * A streamed reply's chunks, cut off past MAX_REPLY_BYTES. A connection lost mid-stream reads as a connection error,
 * so the call is retried from the start like one that never answered.
 */
async function* streamedBody(response: http.IncomingMessage, destroy: () => void): AsyncGenerator<Uint8Array> {
  let size = 0;
  let sinceEventEnd = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_REPLY_BYTES) throw new ReplyTooLargeError();
      // Bytes since the last blank line (an event's end); one straddling two chunks is missed, which only delays it.
      const end = Math.max(chunk.lastIndexOf('\n\n'), chunk.lastIndexOf('\r\n\r\n'));
      sinceEventEnd = end === -1 ? sinceEventEnd + chunk.length : chunk.length - end;
      if (sinceEventEnd > MAX_STREAM_EVENT_BYTES)
        throw new ReplyTooLargeError(`a reply with one event larger than ${MAX_STREAM_EVENT_BYTES / 1024 / 1024} MB`);
      yield chunk;
    }
    if (!response.complete) throw new ProviderConnectionError('the reply stream broke off');
  } catch (error) {
    if (error instanceof ReplyTooLargeError || error instanceof ProviderConnectionError) throw error;
    const code = (error as { code?: string }).code;
    throw new ProviderConnectionError(code ? `the reply stream broke off (${code})` : 'the reply stream broke off');
  } finally {
    if (!response.complete) destroy();
  }
}

/** A request the fetch below sends itself: a URL and a text body (or none); an SDK's uploads are not among them. */
export const isTextRequest = (input: string | URL | Request, init: RequestInit): input is string | URL =>
  !(input instanceof Request) && (init.body == null || typeof init.body === 'string');

export const providerFetch = fetchThrough(providerAgents());

export function fetchThrough(agents: Agents) {
  return (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (!isTextRequest(input, init)) return fetch(input, init);
    return send(agents, new URL(String(input)), init);
  };
}

function send(agents: Agents, url: URL, init: RequestInit): Promise<Response> {
  const body = init.body as string | null | undefined;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: requestHeaders(init.headers),
        agent: agents[url.protocol as keyof typeof agents],
        signal: init.signal ?? undefined,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const tooLarge = () => {
          const error = new ReplyTooLargeError();
          reject(error);
          request.destroy(error);
        };
        if (Number(response.headers['content-length']) > MAX_REPLY_BYTES) return tooLarge();
        const status = response.statusCode!;
        if (status < 300 && String(response.headers['content-type']).startsWith('text/event-stream')) {
          const body = streamedBody(response, () => request.destroy());
          return resolve(asResponse(new ProviderResponse(url.href, status, toHeaders(response.headers), '', body)));
        }
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_REPLY_BYTES) return tooLarge();
          chunks.push(chunk);
        });
        response.on('end', () => {
          const content = Buffer.concat(chunks).toString('utf8');
          resolve(
            asResponse(new ProviderResponse(url.href, response.statusCode!, toHeaders(response.headers), content)),
          );
        });
        response.on('close', () => {
          if (!response.complete)
            reject(Object.assign(new Error('The connection closed before the reply ended.'), { code: 'ECONNRESET' }));
        });
      },
    );
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}
