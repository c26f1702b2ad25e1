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

/** Temperature: 0 to 1 in steps of 0.1. Returns an error text or null. */
export function temperatureError(value: number): string | null {
  const { min, max, step } = LIMITS.temperature;
  if (!Number.isFinite(value)) return 'Temperature must be a number.';
  if (value < min || value > max) return `Temperature must be between ${min} and ${max}.`;
  const steps = value / step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) return `Temperature moves in steps of ${step}.`;
  return null;
}

/** Rounds a slider value to one decimal (0.30000000000000004 -> 0.3). */
export const roundTemperature = (value: number) => Math.round(value * 10) / 10;

export type MaxTokensResult = { value: number | null; error: string | null };

/** The highest max tokens a model takes: its own output limit, within the product's 1 to 32000. */
export const maxTokensLimit = (model: Pick<AiModel, 'max_output_tokens'> | null | undefined) =>
  Math.min(LIMITS.maxTokens.max, model?.max_output_tokens ?? LIMITS.maxTokens.max);

/** Max tokens as typed: empty means the model default (null); otherwise an integer from 1 to the model's limit. */
export function parseMaxTokens(text: string, max: number = LIMITS.maxTokens.max): MaxTokensResult {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  const { min } = LIMITS.maxTokens;
  if (!/^\d+$/.test(trimmed)) return { value: null, error: 'Max tokens must be a whole number.' };
  const value = Number(trimmed);
  if (value < min || value > max) return { value: null, error: `Max tokens must be between ${min} and ${max}.` };
  return { value, error: null };
}

export const maxTokensLabel = (maxTokens: number | null) => (maxTokens === null ? 'Default' : String(maxTokens));

/** The card's temperature: the number sent, or 'Default temperature' for a model that ignores it (none is sent). */
export const temperatureLabel = (c: Pick<Configuration, 'ai_model' | 'parameters'>) =>
  c.ai_model.supports_temperature ? c.parameters.temperature.toFixed(1) : 'Default temperature';
