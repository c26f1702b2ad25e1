import type { Failure } from './adapter.js';
import {
  EndpointRefusedError,
  MalformedReplyError,
  ProviderConnectionError,
  ProviderTimeoutError,
  ReplyTooLargeError,
} from './types.js';

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

const detail = (message: string | undefined) => {
  const text = (message ?? '').replace(/^\d{3}\s+/, '').trim();
  return text ? `: ${text.length > 300 ? `${text.slice(0, 300)}…` : text}` : '';
};

const final = (describe: Failure['describe']): Failure => ({ kind: 'final', retryAfterMs: null, describe });
const retryable = (describe: Failure['describe'], retryAfterMs: number | null = null): Failure => ({
  kind: 'retryable',
  retryAfterMs,
  describe,
});

/** An HTTP error: its status decides, and a 429 that names its retry-after is a rate limit to wait out. */
function httpFailure(status: number, headers: unknown, message: string | undefined): Failure {
  const after = retryAfterMs(headers);
  if (status === 401) return final(({ label }) => `${label} rejected the API key (401)`);
  if (status === 403) return final(({ label }) => `${label} refused access (403)${detail(message)}`);
  if (status === 404)
    return final(({ label, model }) => `${label} does not offer the model ${model} to this key (404)`);
  if (status === 429)
    return {
      kind: after === null ? 'retryable' : 'rate-limited',
      retryAfterMs: after,
      describe: ({ label }, n) => `${label} rate limit exceeded (429) after ${times(n)}${detail(message)}`,
    };
  if (status === 408 || status === 409 || status >= 500)
    return retryable(({ label }, n) => `${label} server error (${status}) after ${times(n)}${detail(message)}`, after);
  return final(({ label }) => `${label} rejected the request (${status})${detail(message)}`);
}

/**
 * A failure in the classes every adapter turns its SDK's errors into (types.ts), or an HTTP error with a status: the
 * retry policy's kind for it and the message a user reads.
 */
export function classifyFailure(error: unknown): Failure {
  const e = error as { status?: number; headers?: unknown; message?: string };
  if (error instanceof ProviderTimeoutError)
    return retryable(
      ({ label, timeoutMs }, n) => `${label} did not answer within ${Math.round(timeoutMs / 100) / 10} s (${times(n)})`,
    );
  if (error instanceof ProviderConnectionError)
    return retryable(({ label }, n) => `Could not reach ${label}: ${error.message} (${times(n)})`);
  if (error instanceof EndpointRefusedError) return final(() => error.message);
  if (error instanceof ReplyTooLargeError) return final(({ label }) => `${label} sent ${error.what}; it was not read`);
  if (typeof e?.status === 'number') return httpFailure(e.status, e.headers, e.message);
  if (error instanceof MalformedReplyError || error instanceof SyntaxError)
    return retryable(({ label }, n) => `${label} sent a reply that could not be read (${times(n)})`);
  return final(({ label }) => `Calling ${label} failed: ${e?.message ?? String(error)}`);
}
