import { describe, expect, it } from 'vitest';
import { Pacer, parseRateLimitHeaders, parseResetDuration, type PacerClock } from './pacer.js';

describe('rate-limit headers', () => {
  it('reads OpenAI reset durations as Go writes them', () => {
    expect(parseResetDuration('6m0s')).toBe(360_000);
    expect(parseResetDuration('1s')).toBe(1000);
    expect(parseResetDuration('20ms')).toBe(20);
    expect(parseResetDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseResetDuration('0.5s')).toBe(500);
    expect(parseResetDuration('soon')).toBeNull();
    expect(parseResetDuration('')).toBeNull();
    expect(parseResetDuration('10')).toBeNull();
  });

  it('reads OpenAI’s remaining requests and tokens with their resets from now', () => {
    const headers = new Headers({
      'x-ratelimit-remaining-requests': '59',
      'x-ratelimit-reset-requests': '1s',
      'x-ratelimit-remaining-tokens': '149984',
      'x-ratelimit-reset-tokens': '6m0s',
    });
    expect(parseRateLimitHeaders(headers, 1_000)).toEqual({
      remainingRequests: 59,
      resetRequestsAt: 2_000,
      remainingTokens: 149_984,
      resetTokensAt: 361_000,
    });
  });

  it('reads Anthropic’s remaining requests and tokens with their RFC 3339 resets', () => {
    const headers = new Headers({
      'anthropic-ratelimit-requests-remaining': '49',
      'anthropic-ratelimit-requests-reset': '2026-11-26T17:00:05Z',
      'anthropic-ratelimit-tokens-remaining': '39000',
      'anthropic-ratelimit-tokens-reset': '2026-11-26T17:00:01.500Z',
    });
    expect(parseRateLimitHeaders(headers, 0)).toEqual({
      remainingRequests: 49,
      resetRequestsAt: Date.parse('2026-11-26T17:00:05Z'),
      remainingTokens: 39_000,
      resetTokensAt: Date.parse('2026-11-26T17:00:01.500Z'),
    });
  });

  it('finds nothing where a reply has no rate-limit headers, or no headers', () => {
    expect(parseRateLimitHeaders(new Headers({ 'content-type': 'application/json' }), 0)).toBeNull();
    expect(parseRateLimitHeaders(new Headers({ 'x-ratelimit-remaining-requests': 'many' }), 0)).toBeNull();
    expect(parseRateLimitHeaders(undefined, 0)).toBeNull();
    expect(parseRateLimitHeaders({ 'x-ratelimit-remaining-requests': '1' }, 0)).toBeNull();
  });
});

/** A clock that moves only when told; a sleep ends when the clock passes its end. */
function fakeClock() {
  let now = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  const clock: PacerClock & { advance(ms: number): Promise<void>; sleeping(): number } = {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        const sleeper = { until: now + ms, wake: resolve };
        sleepers.push(sleeper);
        signal.addEventListener('abort', () => {
          sleepers.splice(sleepers.indexOf(sleeper), 1);
          reject(signal.reason as Error);
        });
      }),
    async advance(ms) {
      now += ms;
      for (const sleeper of sleepers.filter((s) => s.until <= now)) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.wake();
      }
      // Let the woken calls run up to their next wait.
      for (let i = 0; i < 10; i++) await Promise.resolve();
    },
    sleeping: () => sleepers.length,
  };
  return clock;
}

const openAiHeaders = (remaining: number, reset: string, tokens?: { remaining: number; reset: string }) =>
  new Headers({
    'x-ratelimit-remaining-requests': String(remaining),
    'x-ratelimit-reset-requests': reset,
    ...(tokens
      ? { 'x-ratelimit-remaining-tokens': String(tokens.remaining), 'x-ratelimit-reset-tokens': tokens.reset }
      : {}),
  });

describe('the pacer', () => {
  const signal = new AbortController().signal;

  it('lets calls through at once while a key’s replies say nothing of limits', async () => {
    const pacer = new Pacer(fakeClock());
    for (let i = 0; i < 100; i++) (await pacer.acquire(10, signal))(new Headers());
    expect(pacer.delayMs(10)).toBe(0);
  });

  it('counts the calls under way against what is left, and waits for the reset when none is', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(clock);
    const first = await pacer.acquire(1, signal);
    const second = await pacer.acquire(1, signal);
    const third = await pacer.acquire(1, signal);
    // The first reply says 3 requests are left for 10 s; the other two under way may not be counted in it yet.
    first(openAiHeaders(3, '10s'));
    expect(pacer.delayMs(1)).toBe(0);
    await pacer.acquire(1, signal);
    expect(pacer.delayMs(1)).toBe(10_000);

    let started = false;
    const waiting = pacer.acquire(1, signal).then((release) => {
      started = true;
      return release;
    });
    await clock.advance(9_999);
    expect(started).toBe(false);
    await clock.advance(1);
    expect(started).toBe(true);
    (await waiting)(openAiHeaders(59, '10s'));
    second(null);
    third(null);
    expect(pacer.delayMs(1)).toBe(0);
  });

  it('holds a call whose tokens the limit no longer covers until the tokens’ reset', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(clock);
    (await pacer.acquire(500, signal))(openAiHeaders(100, '1s', { remaining: 800, reset: '30s' }));
    expect(pacer.delayMs(500)).toBe(0);
    await pacer.acquire(500, signal);
    expect(pacer.delayMs(500)).toBe(30_000);
    expect(pacer.delayMs(300)).toBe(0);
  });

  it('takes the latest reply’s word, so a 429 stops the calls and a reply after the reset starts them again', async () => {
    const pacer = new Pacer(fakeClock());
    const before = await pacer.acquire(1, signal);
    (await pacer.acquire(1, signal))(openAiHeaders(0, '5s'));
    expect(pacer.delayMs(1)).toBe(5_000);
    before(openAiHeaders(50, '10s'));
    expect(pacer.delayMs(1)).toBe(0);
  });

  it('gives up a wait when the call is stopped', async () => {
    const clock = fakeClock();
    const pacer = new Pacer(clock);
    (await pacer.acquire(1, signal))(openAiHeaders(0, '5s'));
    const stop = new AbortController();
    const waiting = pacer.acquire(1, stop.signal);
    await clock.advance(0);
    expect(clock.sleeping()).toBe(1);
    stop.abort(new Error('shutting down'));
    await expect(waiting).rejects.toThrow('shutting down');
  });
});
