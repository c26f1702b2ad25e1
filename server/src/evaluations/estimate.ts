import type { RunEstimate, RunEvaluationInput } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { callInputTokens, callMaxOutputTokens, tokenCounts } from './call-tokens.js';
import { planRun } from './run-plan.js';

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
