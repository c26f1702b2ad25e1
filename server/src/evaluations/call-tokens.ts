import { maxTokensOrDefault, type ChatMessage } from '@promptgrid/contract';
import type { RunSnapshot } from '../db/schema.js';
import { approximateAnthropicTokens, countOpenAiTokens } from '../lib/tokens.js';

// What one call is billed for, as the estimate and the budget's reservations count it (see decision 0020).

export type Configuration = RunSnapshot['configurations'][number];

/**
 * OpenAI's chat format wraps each message in a few tokens (its role and separators, about 4) and primes the reply
 * with 3 more; they are billed as input, so the estimate counts them.
 */
const OPENAI_TOKENS_PER_MESSAGE = 4;
const OPENAI_REPLY_PRIMING_TOKENS = 3;

/** Input tokens of one call: its system prompt and every turn after it, counted for the model's family (lib/tokens.ts). */
export function callInputTokens(
  company: Configuration['ai_model']['company'],
  system: string,
  turns: readonly ChatMessage[],
  count: (text: string) => number,
) {
  const texts = [system, ...turns.map((turn) => turn.content)];
  const content = texts.reduce((sum, text) => sum + count(text), 0);
  if (company === 'anthropic') return content;
  return content + texts.length * OPENAI_TOKENS_PER_MESSAGE + OPENAI_REPLY_PRIMING_TOKENS;
}

/**
 * What a configuration's tools and response schema add to each call's input: providers put their definitions into
 * the prompt the model reads, so they are billed as input; counted as their JSON text.
 */
export function toolingInputTokens(c: Configuration, count: (text: string) => number): number {
  const declared = [...(c.tools ?? []), ...(c.response_schema ? [c.response_schema] : [])];
  return declared.length === 0 ? 0 : count(JSON.stringify(declared));
}

/** The most output tokens one call can be billed for: the max tokens it sends (the model's default when empty). */
export const callMaxOutputTokens = (c: Configuration) =>
  maxTokensOrDefault(c.parameters.max_tokens, c.ai_model.capabilities.defaultMaxTokens);

/**
 * The output tokens a call of a model family is expected to write when its configuration has no earlier outputs:
 * a chat reply of a few short paragraphs (about 1,200 characters). An assumption the estimate states as such
 * ('typical_length'), not a measurement; a configuration's own earlier outputs replace it once it has run.
 */
const TYPICAL_OUTPUT_TOKENS: Record<Configuration['ai_model']['company'], number> = {
  openai: 300,
  anthropic: 300,
  gemini: 300,
  custom: 300,
};
export const typicalOutputTokens = (company: Configuration['ai_model']['company']) => TYPICAL_OUTPUT_TOKENS[company];

/**
 * How a model's texts are counted: Anthropic's by their length (see lib/tokens.ts), the others with OpenAI's tokenizer
 * (an endpoint's model, whose tokenizer is unknown, with its default one).
 */
export const countFor =
  (model: Pick<Configuration['ai_model'], 'company' | 'model_name'>) =>
  (text: string): number =>
    model.company === 'anthropic' ? approximateAnthropicTokens(text) : countOpenAiTokens(model.model_name, text);

/** What a call can cost at most: its prompt tokens and its max output tokens at the price (USD). */
export const worstCaseUsd = (
  price: { input_per_mtok: number; output_per_mtok: number },
  inputTokens: number,
  maxOutputTokens: number,
) => (inputTokens * price.input_per_mtok + maxOutputTokens * price.output_per_mtok) / 1_000_000;

/**
 * Token counts by tokenizer and text: a system prompt is sent with every input, and a user prompt to every
 * configuration, so each distinct text is counted once per tokenizer.
 */
export function tokenCounts() {
  const seen = new Map<string, number>();
  return (c: Configuration) => {
    const family = c.ai_model.company === 'anthropic' ? 'anthropic' : `openai:${c.ai_model.model_name}`;
    return (text: string) => {
      const key = `${family}\0${text}`;
      let n = seen.get(key);
      if (n === undefined) {
        n = countFor(c.ai_model)(text);
        seen.set(key, n);
      }
      return n;
    };
  };
}
