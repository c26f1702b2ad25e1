import { maxTokensOrDefault, type ModelParameters } from '@promptgrid/contract';
import type { aiModels } from '../db/schema.js';

type Model = Pick<typeof aiModels.$inferSelect, 'company' | 'modelName' | 'capabilities'>;
type FieldErrors = Record<string, string[]>;

/** Anthropic refuses a thinking budget below this. */
const ANTHROPIC_MIN_THINKING_BUDGET = 1024;

/**
 * Why the model would refuse the parameters' reasoning setting, as field messages; null when it takes them. A model
 * takes at most one kind of setting (its capabilities say which), and Anthropic's extended thinking adds rules of its
 * own: the budget stays below max tokens (which it counts within), and the temperature is 1.
 */
export function reasoningErrors(model: Model, parameters: ModelParameters): FieldErrors | null {
  const { reasoning } = parameters;
  if (reasoning === null) return null;
  const takes = model.capabilities.reasoning ?? null;
  const field = 'parameters.reasoning';
  if (takes === null) return { [field]: [`${model.modelName} takes no reasoning setting.`] };
  if ('effort' in takes) {
    if (reasoning.effort === undefined)
      return { [field]: [`${model.modelName} takes a reasoning effort, not a thinking budget.`] };
    if (!takes.effort.includes(reasoning.effort))
      return {
        [`${field}.effort`]: [`Reasoning effort for ${model.modelName} must be one of ${takes.effort.join(', ')}.`],
      };
    return null;
  }
  const budget = reasoning.budget_tokens;
  if (budget === undefined) return { [field]: [`${model.modelName} takes a thinking budget, not a reasoning effort.`] };
  const { min, max } = takes.budget;
  if (budget < min || budget > max)
    return {
      [`${field}.budget_tokens`]: [`Thinking budget for ${model.modelName} must be from ${min} to ${max} tokens.`],
    };
  if (model.company !== 'anthropic') return null;
  const errors: FieldErrors = {};
  const maxTokens = maxTokensOrDefault(parameters.max_tokens, model.capabilities.defaultMaxTokens);
  if (budget < ANTHROPIC_MIN_THINKING_BUDGET)
    errors[`${field}.budget_tokens`] = [`Thinking budget must be at least ${ANTHROPIC_MIN_THINKING_BUDGET} tokens.`];
  else if (budget >= maxTokens)
    errors[`${field}.budget_tokens`] = [
      `Thinking budget must be less than max tokens (${maxTokens}${parameters.max_tokens === null ? ', the default' : ''}).`,
    ];
  if (parameters.temperature !== 1)
    errors['parameters.temperature'] = ['Temperature must be 1 with extended thinking (Anthropic refuses any other).'];
  return Object.keys(errors).length > 0 ? errors : null;
}
