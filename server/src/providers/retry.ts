import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';
import type { Failure } from './adapter.js';

/** 429s that name a retry-after are waited out up to this many times: the provider said when to come back. */
const RATE_LIMIT_RETRIES = 30;
const MAX_BACKOFF_MS = 30_000;

export type RetryPolicy = { maxRetries: number; retryBaseMs: number };

/** How the attempts went: how many there were, how many the provider rate-limited, and when the last one started. */
type Tally = { attempts: number; rateLimited: number; lastStarted: number };
export type Retried<T> = Tally & ({ ok: true; value: T } | { ok: false; failure: Failure });

/**
 * Runs `attempt` until it succeeds or its failure may not be retried; throws only when `signal` aborts.
 * p-retry runs the attempts: ordinary failures spend the policy's retries with its exponential backoff (randomised
 * into [base*2^n/2, base*2^n], capped at 30 s), while a 429 that names its retry-after spends none of them: that wait
 * is the provider's, taken before the next attempt (up to RATE_LIMIT_RETRIES times), as is a server error's
 * retry-after on top of the backoff. `onFailure` hears of each failed attempt, the last one included.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  classify: (error: unknown) => Failure,
  policy: RetryPolicy,
  signal: AbortSignal,
  onFailure: (error: unknown) => void = () => {},
): Promise<Retried<T>> {
  const tally: Tally = { attempts: 0, rateLimited: 0, lastStarted: performance.now() };
  let waitMs = 0;
  try {
    const value = await pRetry(
      async () => {
        if (waitMs > 0) await sleep(waitMs, undefined, { signal });
        tally.attempts++;
        tally.lastStarted = performance.now();
        return attempt();
      },
      {
        signal,
        retries: Infinity,
        minTimeout: policy.retryBaseMs / 2,
        factor: 2,
        randomize: true,
        maxTimeout: MAX_BACKOFF_MS,
        onFailedAttempt: ({ error }) => onFailure(error),
        shouldConsumeRetry: ({ error }) => classify(error).kind !== 'rate-limited',
        shouldRetry: ({ error, retriesConsumed }) => {
          if (signal.aborted) return false;
          const failure = classify(error);
          if (failure.kind === 'rate-limited') tally.rateLimited++;
          const again =
            failure.kind === 'rate-limited'
              ? tally.rateLimited <= RATE_LIMIT_RETRIES
              : failure.kind === 'retryable' && retriesConsumed < policy.maxRetries;
          const after = failure.retryAfterMs;
          waitMs = again && after !== null ? after + Math.random() * Math.min(1000, after * 0.1 + 20) : 0;
          return again;
        },
      },
    );
    return { ok: true, value, ...tally };
  } catch (error) {
    if (signal.aborted) throw signal.reason ?? error;
    return { ok: false, failure: classify(error), ...tally };
  }
}
