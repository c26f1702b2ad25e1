import { createRequire } from 'node:module';

type Tokenizer = typeof import('gpt-tokenizer');
const requireHere = createRequire(import.meta.url);
let tokenizer: Tokenizer | undefined;

/**
 * Token count of a text with OpenAI's o200k encoding: exact for OpenAI models, a close estimate for Anthropic's.
 * The encoding tables take ~70 MB once loaded, so they load at the first count rather than at start.
 */
export function countTokens(text: string): number {
  tokenizer ??= requireHere('gpt-tokenizer') as Tokenizer;
  return tokenizer.countTokens(text);
}
