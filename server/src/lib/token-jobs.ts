// Token counts of users' texts off the event loop: the tokenizer's time grows with a text's length and, for long
// runs without a break, faster (see tokens.ts), so a large text is counted on the untrusted-work pool.
import { runUntrusted } from '../untrusted-work/pool.js';
import { countTextsTokens } from './tokens.js';

/**
 * Texts up to this many characters in all are counted inline: under 5 ms for the tokenizer's worst text of this
 * length (random letters; prose takes 0.2 ms), less than a round trip to the pool.
 */
export const INLINE_TOKEN_CHARS = 1_000;
/** A 200,000-character text of random letters, the slowest kind, takes about 1.6 s. */
export const TOKEN_COUNT_DEADLINE_MS = 10_000;

/** The texts' token count (o200k, see tokens.ts); a 422 naming the limit when counting runs past its deadline. */
export async function countTokensOffLoop(texts: readonly string[]): Promise<number> {
  const length = texts.reduce((sum, text) => sum + text.length, 0);
  if (length <= INLINE_TOKEN_CHARS) return countTextsTokens(texts);
  return runUntrusted('countTokens', [...texts], { deadlineMs: TOKEN_COUNT_DEADLINE_MS, what: 'Counting the tokens' });
}
