import { createRequire } from 'node:module';

type Tokenizer = typeof import('gpt-tokenizer');
type Mapping = typeof import('gpt-tokenizer/mapping');
const requireHere = createRequire(import.meta.url);
let tokenizer: Tokenizer | undefined;
const encodings = new Map<string, Tokenizer>();

/**
 * gpt-tokenizer merges byte pairs in time that grows with the square of a word's length: `'a'.repeat(20_000)` takes
 * 3.7 s, `'a'.repeat(200_000)` 90 s, and runs of spaces or emoji as much. A run of this many characters without a
 * break (or of whitespace) is counted in pieces this long: exact for any text without such a run, and off by at most a
 * token per piece in one that has (a prose word is far shorter; a 200,000-character run then takes well under 1 s).
 */
const LONG_RUN_PIECE = 128;
const LONG_RUN = new RegExp(`(\\S{${LONG_RUN_PIECE}}|\\s{${LONG_RUN_PIECE}})`, 'u');

function countInPieces(encoding: Tokenizer, text: string): number {
  if (!LONG_RUN.test(text)) return encoding.countTokens(text);
  let count = 0;
  for (const piece of text.split(LONG_RUN)) if (piece !== '') count += encoding.countTokens(piece);
  return count;
}

/**
 * Token count of a text with OpenAI's o200k encoding: exact for OpenAI models, a close estimate for Anthropic's.
 * The encoding tables take ~70 MB once loaded, so they load at the first count rather than at start.
 */
export function countTokens(text: string): number {
  tokenizer ??= requireHere('gpt-tokenizer') as Tokenizer;
  return countInPieces(tokenizer, text);
}

/** The token count of several texts together (a conversation's turns). */
export const countTextsTokens = (texts: readonly string[]) => texts.reduce((sum, text) => sum + countTokens(text), 0);

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
  return countInPieces(encoding, text);
}

/**
 * Anthropic publishes no tokenizer for its current models, so their texts are counted as one token per 3.5
 * characters, rounded up: Anthropic's own rule of thumb for English text. Stated as an approximation wherever shown.
 */
export const ANTHROPIC_CHARS_PER_TOKEN = 3.5;
export const approximateAnthropicTokens = (text: string) => Math.ceil(text.length / ANTHROPIC_CHARS_PER_TOKEN);
