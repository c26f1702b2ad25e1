import { LIMITS, type AiModel, type Configuration, type ProviderSpecificParams } from '@promptgrid/contract';

/** The JSON mode option appears, and is sent, only when the selected model supports it. */
export const showsJsonMode = (model: Pick<AiModel, 'supports_json_mode'> | null | undefined): boolean =>
  model?.supports_json_mode === true;

export function providerSpecificParams(
  model: Pick<AiModel, 'supports_json_mode'> | null | undefined,
  jsonMode: boolean,
): ProviderSpecificParams {
  return showsJsonMode(model) ? { json_mode: jsonMode } : {};
}

/** Rounds a slider value to one decimal (0.30000000000000004 -> 0.3). */
export const roundTemperature = (value: number) => Math.round(value * 10) / 10;

/** The highest max tokens a model takes: its own output limit, within the product's 1 to 32000. */
export const maxTokensLimit = (model: Pick<AiModel, 'max_output_tokens'> | null | undefined) =>
  Math.min(LIMITS.maxTokens.max, model?.max_output_tokens ?? LIMITS.maxTokens.max);

export const maxTokensLabel = (maxTokens: number | null) => (maxTokens === null ? 'Default' : String(maxTokens));

/** The card's temperature: the number sent, or 'Default temperature' for a model that ignores it (none is sent). */
export const temperatureLabel = (c: Pick<Configuration, 'ai_model' | 'parameters'>) =>
  c.ai_model.supports_temperature ? c.parameters.temperature.toFixed(1) : 'Default temperature';
