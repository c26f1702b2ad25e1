import { countTokens as countGptTokens } from 'gpt-tokenizer';

/** Token count of a text with OpenAI's o200k encoding: exact for OpenAI models, a close estimate for Anthropic's. */
export function countTokens(text: string): number {
  return countGptTokens(text);
}
