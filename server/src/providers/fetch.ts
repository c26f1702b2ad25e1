import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ReadableStream } from 'node:stream/web';
import { MAX_REPLY_BYTES, MAX_STREAM_EVENT_BYTES, ProviderConnectionError, ReplyTooLargeError } from './types.js';

/**
 * The `fetch` the provider SDKs are given (their documented `fetch` option), on node:http with keep-alive.
 * Node 20's global fetch spends more of the main thread per call in web streams, Request/Response objects and
 * AbortSignal plumbing than the rest of a call together. This one sends the SDK's JSON body, reads the whole reply
 * before resolving (so the SDK's timeout covers a body that never ends) and answers with a Response holding it. A body
 * over MAX_REPLY_BYTES is cut off (ReplyTooLargeError). A streamed reply (text/event-stream) resolves at its headers
 * with a web stream over the socket's chunks as the body. Other request bodies (uploads) go to the global fetch.
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

/** Statuses whose Response may hold no body, not even an empty one (the constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The reply as a Response, as the SDKs' `fetch` option is typed: its headers given as the raw name/value pairs, which
 * the Response copies once. A streamed body is a web stream over the socket's chunks, so every SDK reads it with its own
 * getReader() as from the global fetch.
 */
function reply(raw: http.IncomingMessage, body: string | AsyncIterable<Uint8Array>): Response {
  const headers: [string, string][] = [];
  for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2) headers.push([raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!]);
  const status = raw.statusCode!;
  const content = NULL_BODY.has(status)
    ? null
    : typeof body === 'string'
      ? body
      : (ReadableStream.from(body) as globalThis.ReadableStream<Uint8Array>);
  return new Response(content, { status, statusText: raw.statusMessage, headers });
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
          return resolve(
            reply(
              response,
              streamedBody(response, () => request.destroy()),
            ),
          );
        }
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_REPLY_BYTES) return tooLarge();
          chunks.push(chunk);
        });
        response.on('end', () => {
          resolve(reply(response, Buffer.concat(chunks).toString('utf8')));
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
