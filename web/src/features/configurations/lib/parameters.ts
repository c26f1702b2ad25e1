import {
  LIMITS,
  type AiModel,
  type Configuration,
  type ProviderSpecificParams,
  type ReasoningEffort,
  type ReasoningSetting,
} from '@promptgrid/contract';

/** The JSON mode option appears, and is sent, only when the selected model supports it. */
export const showsJsonMode = (model: Pick<AiModel, 'supports_json_mode'> | null | undefined): boolean =>
  model?.supports_json_mode === true;

export function providerSpecificParams(
  model: Pick<AiModel, 'supports_json_mode'> | null | undefined,
  jsonMode: boolean,
): ProviderSpecificParams {
  return showsJsonMode(model) ? { json_mode: jsonMode } : {};
}

/**
 * The reasoning setting sent for the chosen model: its effort, or its thinking budget, as the model takes one; null
 * when it takes none or the control is left at the model's default. A typed budget that is not a number is sent as
 * NaN, so the contract's message says so.
 */
export function reasoningSetting(
  model: Pick<AiModel, 'reasoning'> | null | undefined,
  typed: { effort: string; budget_tokens: string },
): ReasoningSetting | null {
  const takes = model?.reasoning ?? null;
  if (takes === null) return null;
  if ('effort' in takes) return typed.effort === '' ? null : { effort: typed.effort as ReasoningEffort };
  const budget = typed.budget_tokens.trim();
  return budget === '' ? null : { budget_tokens: Number(budget) };
}

/** The card's reasoning: 'effort low', 'budget 2048 tokens', or null when none is set. */
export const reasoningLabel = (reasoning: ReasoningSetting | null) =>
  reasoning?.effort !== undefined
    ? `Effort ${reasoning.effort}`
    : reasoning?.budget_tokens !== undefined
      ? `${reasoning.budget_tokens} thinking tokens`
      : null;

/** Rounds a slider value to one decimal (0.30000000000000004 -> 0.3). */
export const roundTemperature = (value: number) => Math.round(value * 10) / 10;

/** A typed temperature within the range the product takes (0 to 1), to one decimal as the slider sets it. */
export const clampTemperature = (value: number) =>
  roundTemperature(Math.min(LIMITS.temperature.max, Math.max(LIMITS.temperature.min, value)));

/** The highest max tokens a model takes: its own output limit, within the product's 1 to 32000. */
export const maxTokensLimit = (model: Pick<AiModel, 'max_output_tokens'> | null | undefined) =>
  Math.min(LIMITS.maxTokens.max, model?.max_output_tokens ?? LIMITS.maxTokens.max);

export const maxTokensLabel = (maxTokens: number | null) => (maxTokens === null ? 'Default' : String(maxTokens));

/** The card's temperature: the number sent, or 'Default temperature' for a model that ignores it (none is sent). */
export const temperatureLabel = (c: Pick<Configuration, 'ai_model' | 'parameters'>) =>
  c.ai_model.supports_temperature ? c.parameters.temperature.toFixed(1) : 'Default temperature';
