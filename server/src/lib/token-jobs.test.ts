import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { closeUntrustedPool } from '../untrusted-work/pool.js';
import { countTokensOffLoop, INLINE_TOKEN_CHARS } from './token-jobs.js';
import { countTextsTokens } from './tokens.js';

afterAll(closeUntrustedPool);

describe('token counts off the event loop', () => {
  it('counts a long text of random letters on the pool while the event loop keeps turning', async () => {
    let seed = 7;
    const letter = () => String.fromCharCode(97 + ((seed = (seed * 48271) % 2147483647) % 26));
    const text = Array.from({ length: 100_000 }, letter).join('');
    const short = 'a short prompt'.padEnd(INLINE_TOKEN_CHARS, '.');
    expect(await countTokensOffLoop([short])).toBe(countTextsTokens([short]));

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const count = await countTokensOffLoop([text, 'and more']);
    delay.disable();
    // Counted inline, this text holds the event loop about 0.8 s.
    expect(delay.max / 1e6).toBeLessThan(300);
    expect(count).toBe(countTextsTokens([text, 'and more']));
  });
});
