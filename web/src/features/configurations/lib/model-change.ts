import type { AiModel, Configuration, ReasoningSetting } from '@promptgrid/contract';
import type { SaveConfigurationPayload } from '../api/save-configuration';
import { toPayload, valuesOf } from './configuration-form';
import { maxTokensLimit } from './parameters';

/** Whether the new model takes the reasoning setting as it is: the same kind, within its values or range. */
function fitsModel(reasoning: ReasoningSetting | null | undefined, model: AiModel): boolean {
  const takes = model.reasoning;
  if (!reasoning || !takes) return false;
  if (reasoning.effort !== undefined) return 'effort' in takes && takes.effort.includes(reasoning.effort);
  const budget = reasoning.budget_tokens ?? -1;
  return 'budget' in takes && budget >= takes.budget.min && budget <= takes.budget.max;
}

/**
 * The configuration saved again with another model, as the editor would save it: what the new model cannot take
 * falls back to its default (max tokens above its limit, a reasoning setting of another kind or range, JSON mode it
 * lacks). The configuration's `updated_at` goes along, so one changed meanwhile elsewhere is not overwritten.
 */
export function withModel(c: Configuration, model: AiModel): SaveConfigurationPayload {
  const payload = toPayload({ ...valuesOf(c), ai_model_id: String(model.id) }, model, String(c.project));
  const { max_tokens, reasoning } = payload.parameters;
  return {
    ...payload,
    is_active: c.is_active,
    parameters: {
      ...payload.parameters,
      max_tokens: max_tokens !== null && max_tokens > maxTokensLimit(model) ? null : max_tokens,
      reasoning: fitsModel(reasoning, model) ? reasoning : null,
    },
  };
}
