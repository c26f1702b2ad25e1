import { Agent, request } from 'undici';

/**
 * The `fetch` the provider SDKs are given (their documented `fetch` option), on undici's request API.
 * Node 20's global fetch spent ~1.1 ms of the main thread per call in web streams, Request/Response objects and
 * AbortSignal plumbing (bench/eval-throughput profile), more than the rest of a call together. This one sends the
 * SDK's JSON body, reads the whole reply before resolving (so the SDK's timeout covers a body that never ends) and
 * answers with the part of Response the SDKs read. Other bodies (uploads, streams) go to the global fetch.
 */
const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 });

class ProviderResponse {
  readonly ok: boolean;
  readonly body = null;
  readonly bodyUsed = false;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly headers: Headers,
    private readonly content: string,
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

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
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
  return headers as Record<string, string>;
}

export async function providerFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const body = init.body;
  if (input instanceof Request || (body != null && typeof body !== 'string')) return fetch(input, init);
  const url = String(input);
  const reply = await request(url, {
    dispatcher: agent,
    method: (init.method ?? 'GET') as 'GET',
    headers: requestHeaders(init.headers),
    body: body ?? undefined,
    signal: init.signal ?? undefined,
  });
  const content = await reply.body.text();
  return new ProviderResponse(url, reply.statusCode, toHeaders(reply.headers), content) as unknown as Response;
}
