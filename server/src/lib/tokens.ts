import { createRequire } from 'node:module';

type Tokenizer = typeof import('gpt-tokenizer');
type Mapping = typeof import('gpt-tokenizer/mapping');
const requireHere = createRequire(import.meta.url);
let tokenizer: Tokenizer | undefined;
const encodings = new Map<string, Tokenizer>();

/**
 * Token count of a text with OpenAI's o200k encoding: exact for OpenAI models, a close estimate for Anthropic's.
 * The encoding tables take ~70 MB once loaded, so they load at the first count rather than at start.
 */
export function countTokens(text: string): number {
  tokenizer ??= requireHere('gpt-tokenizer') as Tokenizer;
  return tokenizer.countTokens(text);
}

/**
 * Token count of a text with the encoding an OpenAI model uses (gpt-tokenizer's model map; models it does not know
 * use o200k, the encoding of every model since gpt-4o). Each encoding loads once, at its first use.
 */
export function countOpenAiTokens(model: string, text: string): number {
  const { modelToEncodingMap } = requireHere('gpt-tokenizer/mapping') as Mapping;
  const name: string = (modelToEncodingMap as Record<string, string>)[model] ?? 'o200k_base';
  if (name === 'o200k_base') return countTokens(text);
  let encoding = encodings.get(name);
  if (!encoding) {
    encoding = requireHere(`gpt-tokenizer/encoding/${name}`) as Tokenizer;
    encodings.set(name, encoding);
  }
  return encoding.countTokens(text);
}

/**
 * Anthropic publishes no tokenizer for its current models, so their texts are counted as one token per 3.5
 * characters, rounded up: Anthropic's own rule of thumb for English text. Stated as an approximation wherever shown.
 */
export const ANTHROPIC_CHARS_PER_TOKEN = 3.5;
export const approximateAnthropicTokens = (text: string) => Math.ceil(text.length / ANTHROPIC_CHARS_PER_TOKEN);
