import type { RunEstimate, RunEvaluationInput } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import type { RunSnapshot } from '../db/schema.js';
import { approximateAnthropicTokens, countOpenAiTokens } from '../lib/tokens.js';
import { planRun } from './run-plan.js';

type Configuration = RunSnapshot['configurations'][number];

/**
 * OpenAI's chat format wraps each message in a few tokens (its role and separators, about 4) and primes the reply
 * with 3 more; they are billed as input, so the estimate counts them.
 */
const OPENAI_TOKENS_PER_MESSAGE = 4;
const OPENAI_REPLY_PRIMING_TOKENS = 3;

/** Input tokens of one call: its texts counted for the model's family (see lib/tokens.ts). */
function callInputTokens(c: Configuration, system: string, user: string | null, count: (text: string) => number) {
  const texts = user === null ? [system] : [system, user];
  const content = texts.reduce((sum, text) => sum + count(text), 0);
  if (c.ai_model.company === 'anthropic') return content;
  return content + texts.length * OPENAI_TOKENS_PER_MESSAGE + OPENAI_REPLY_PRIMING_TOKENS;
}

/**
 * The most output tokens one call can be billed for: the configuration's max tokens; when empty, what the call sends
 * instead (Anthropic: the model's default max tokens) or, where nothing is sent (OpenAI), the model's output limit.
 */
const callMaxOutputTokens = (c: Configuration) =>
  c.parameters.max_tokens ??
  (c.ai_model.company === 'anthropic'
    ? c.ai_model.capabilities.defaultMaxTokens
    : c.ai_model.capabilities.maxOutputTokens);

/**
 * Token counts by tokenizer and text: a system prompt is sent with every input, and a user prompt to every
 * configuration, so each distinct text is counted once per tokenizer.
 */
function tokenCounts() {
  const seen = new Map<string, number>();
  return (c: Configuration) => {
    const openai = c.ai_model.company === 'openai';
    const family = openai ? `openai:${c.ai_model.model_name}` : 'anthropic';
    return (text: string) => {
      const key = `${family}\0${text}`;
      let n = seen.get(key);
      if (n === undefined) {
        n = openai ? countOpenAiTokens(c.ai_model.model_name, text) : approximateAnthropicTokens(text);
        seen.set(key, n);
      }
      return n;
    };
  };
}

/**
 * What a run would cost, from the texts it would send (templates filled in as the run fills them) and each
 * configuration's max tokens. A mock run costs $0. The bounds are null when a model of the run has no known price.
 */
export async function estimateRun(db: Db, userId: number, input: RunEvaluationInput): Promise<RunEstimate> {
  const { snapshot, prompts } = await planRun(db, userId, input);
  const repetitions = input.repetitions ?? 1;
  const inputCount = Math.max(1, snapshot.inputs.length);
  const unpriced = new Set<string>();
  let inputTokens = 0;
  let maxOutputTokens = 0;
  let costMin = 0;
  let costMax = 0;
  const counterFor = tokenCounts();
  snapshot.configurations.forEach((c, m) => {
    const count = counterFor(c);
    let tokensIn = 0;
    for (let n = 0; n < inputCount; n++) {
      const system = prompts?.[n]?.system[m] ?? c.prompt_content;
      const user = snapshot.inputs.length === 0 ? null : (prompts?.[n]?.user ?? snapshot.inputs[n].content);
      tokensIn += callInputTokens(c, system, user, count);
    }
    tokensIn *= repetitions;
    const tokensOut = callMaxOutputTokens(c) * inputCount * repetitions;
    inputTokens += tokensIn;
    maxOutputTokens += tokensOut;
    const price = input.use_mock ? { input_per_mtok: 0, output_per_mtok: 0 } : c.ai_model.price;
    if (!price) {
      unpriced.add(c.ai_model.model_name);
      return;
    }
    const inputCost = (tokensIn * price.input_per_mtok) / 1_000_000;
    costMin += inputCost;
    costMax += inputCost + (tokensOut * price.output_per_mtok) / 1_000_000;
  });
  const known = unpriced.size === 0;
  return {
    calls: snapshot.configurations.length * inputCount * repetitions,
    input_tokens: inputTokens,
    max_output_tokens: maxOutputTokens,
    cost_usd_min: known ? costMin : null,
    cost_usd_max: known ? costMax : null,
    unpriced_models: [...unpriced],
  };
}
