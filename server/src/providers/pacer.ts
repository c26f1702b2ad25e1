import { setTimeout as sleep } from 'node:timers/promises';

/** What a provider's reply said about the key's rate limits: what is left, and when each is whole again (epoch ms). */
export type RateLimitState = {
  remainingRequests: number | null;
  resetRequestsAt: number | null;
  remainingTokens: number | null;
  resetTokensAt: number | null;
};

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 1e-6 };

/** OpenAI's reset durations, as Go prints them: `6m0s`, `1s`, `20ms`, `1h2m3.5s`; null when it is not one. */
export function parseResetDuration(value: string): number | null {
  const text = value.trim();
  if (!/^(\d+(\.\d+)?(h|ms|us|µs|ns|m|s))+$/.test(text)) return null;
  let ms = 0;
  for (const [, amount, , unit] of text.matchAll(/(\d+(\.\d+)?)(h|ms|us|µs|ns|m|s)/g))
    ms += Number(amount) * (UNIT_MS[unit ?? ''] ?? 0);
  return ms;
}

type HeaderSource = { get(name: string): string | null };

function count(headers: HeaderSource, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * The rate-limit headers of OpenAI (x-ratelimit-remaining-requests/-tokens, x-ratelimit-reset-requests/-tokens as
 * durations) and of Anthropic (anthropic-ratelimit-requests-/tokens-remaining and -reset as RFC 3339 times); null
 * when a reply carries neither (Gemini, most OpenAI-compatible servers).
 */
export function parseRateLimitHeaders(headers: unknown, now: number): RateLimitState | null {
  if (!headers || typeof (headers as HeaderSource).get !== 'function') return null;
  const h = headers as HeaderSource;
  const after = (name: string) => {
    const value = h.get(name);
    const ms = value === null ? null : parseResetDuration(value);
    return ms === null ? null : now + ms;
  };
  const at = (name: string) => {
    const value = h.get(name);
    const time = value === null ? NaN : Date.parse(value);
    return Number.isFinite(time) ? time : null;
  };
  const openAi: RateLimitState = {
    remainingRequests: count(h, 'x-ratelimit-remaining-requests'),
    resetRequestsAt: after('x-ratelimit-reset-requests'),
    remainingTokens: count(h, 'x-ratelimit-remaining-tokens'),
    resetTokensAt: after('x-ratelimit-reset-tokens'),
  };
  if (openAi.remainingRequests !== null || openAi.remainingTokens !== null) return openAi;
  const anthropic: RateLimitState = {
    remainingRequests: count(h, 'anthropic-ratelimit-requests-remaining'),
    resetRequestsAt: at('anthropic-ratelimit-requests-reset'),
    remainingTokens: count(h, 'anthropic-ratelimit-tokens-remaining'),
    resetTokensAt: at('anthropic-ratelimit-tokens-reset'),
  };
  if (anthropic.remainingRequests !== null || anthropic.remainingTokens !== null) return anthropic;
  return null;
}

export type PacerClock = {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
};

const realClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
};

/** Called when the call's attempt ended, with its reply's (or error's) headers when it had any. */
export type PacedRelease = (headers: unknown) => void;

/**
 * Keeps one key's calls under its provider's limits before they are hit: each reply says how many requests and tokens
 * are left until when, and a call starts only while what is left, less what calls already under way may take, covers
 * it; otherwise it waits for the reset. Calls under way count because the provider may have counted them after the
 * reply that is read was written. A key whose replies say nothing is not paced. A 429 still happens where the limit is
 * shared with other programs; the caller's retry-after handling covers that.
 */
export class Pacer {
  private state: RateLimitState | null = null;
  private inFlight = 0;
  private inFlightTokens = 0;
  /** Requests and tokens started since the state was read: the provider counts them, the state does not yet. */
  private startedRequests = 0;
  private startedTokens = 0;

  constructor(private readonly clock: PacerClock = realClock) {}

  /** How long a call of about `tokens` tokens must wait now; 0: it may start. */
  delayMs(tokens: number): number {
    const state = this.state;
    if (!state) return 0;
    const now = this.clock.now();
    let wait = 0;
    if (
      state.remainingRequests !== null &&
      state.resetRequestsAt !== null &&
      now < state.resetRequestsAt &&
      state.remainingRequests - this.startedRequests < 1
    )
      wait = state.resetRequestsAt - now;
    if (
      state.remainingTokens !== null &&
      state.resetTokensAt !== null &&
      now < state.resetTokensAt &&
      state.remainingTokens - this.startedTokens < tokens
    )
      wait = Math.max(wait, state.resetTokensAt - now);
    return wait;
  }

  /** Waits for the call's turn, then counts it as under way; the answer is called when its attempt ends. */
  async acquire(tokens: number, signal: AbortSignal): Promise<PacedRelease> {
    // Past its reset a limit is whole again until a reply says otherwise, so a wait ends at the latest then.
    for (let wait = this.delayMs(tokens); wait > 0; wait = this.delayMs(tokens)) await this.clock.sleep(wait, signal);
    this.inFlight++;
    this.inFlightTokens += tokens;
    this.startedRequests++;
    this.startedTokens += tokens;
    let released = false;
    return (headers) => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.inFlightTokens -= tokens;
      this.observe(headers);
    };
  }

  /** A reply's headers: what they say is left, less the calls still under way, which it may not have counted. */
  private observe(headers: unknown) {
    const read = parseRateLimitHeaders(headers, this.clock.now());
    if (!read) return;
    this.state = read;
    this.startedRequests = this.inFlight;
    this.startedTokens = this.inFlightTokens;
  }
}
