import { z } from 'zod';
import { LIMITS, SaveConfigurationInput, type AiModel, type Configuration } from '@promptgrid/contract';
import type { SaveConfigurationPayload } from '../api/save-configuration';
import { maxTokensLimit, providerSpecificParams } from './parameters';
import { NO_TOOLING, toolingFieldOf, toolingPayload, toolingValuesOf, type ToolingValues } from './tooling-form';

/**
 * The editor's fields, named as the API names them so the contract's messages (and a 400's) land on them; the model
 * and max tokens are the texts of their controls until they are sent.
 */
export type ConfigurationValues = {
  name: string;
  prompt_content: string;
  ai_model_id: string;
  parameters: { temperature: number; max_tokens: string };
  json_mode: boolean;
} & ToolingValues;

export const valuesOf = (c: Configuration | null): ConfigurationValues => ({
  ...toolingValuesOf(c ?? NO_TOOLING),
  name: c?.name ?? '',
  prompt_content: c?.prompt.content ?? '',
  ai_model_id: c ? String(c.ai_model.id) : '',
  parameters: {
    temperature: c?.parameters.temperature ?? LIMITS.temperature.default,
    max_tokens: c?.parameters.max_tokens == null ? '' : String(c.parameters.max_tokens),
  },
  json_mode: c?.json_mode ?? false,
});

/** What the API takes; an empty max tokens means the model's default (null). */
export function toPayload(
  values: ConfigurationValues,
  model: AiModel | null,
  projectId: string,
): SaveConfigurationPayload {
  const tokens = values.parameters.max_tokens.trim();
  return {
    name: values.name.trim(),
    prompt_content: values.prompt_content,
    ai_model_id: values.ai_model_id === '' ? Number.NaN : Number(values.ai_model_id),
    parameters: { temperature: values.parameters.temperature, max_tokens: tokens === '' ? null : Number(tokens) },
    provider_specific_params: providerSpecificParams(model, values.json_mode),
    ...toolingPayload(values),
    project: Number(projectId),
  };
}

/**
 * The contract's rules on what would be sent, plus the chosen model's own output limit (the contract only knows the
 * product's 1 to 32000).
 */
export const configurationSchema = (model: AiModel | null, projectId: string) =>
  z.preprocess(
    (values) => toPayload(values as ConfigurationValues, model, projectId),
    SaveConfigurationInput.superRefine(({ parameters }, context) => {
      const limit = maxTokensLimit(model);
      if (model && parameters.max_tokens !== null && parameters.max_tokens > limit)
        context.addIssue({
          code: 'custom',
          path: ['parameters', 'max_tokens'],
          message: `Max tokens must be at most ${limit} for ${model.model_name}.`,
        });
    }),
  );

const FIELDS = ['name', 'prompt_content', 'ai_model_id', 'parameters.temperature', 'parameters.max_tokens'] as const;

/** The field a 400 body's key belongs to: `parameters` messages go to max tokens, the one a user types. */
export const configurationFieldOf = (key: string) =>
  FIELDS.find((field) => field === key) ??
  (key.startsWith('parameters') ? 'parameters.max_tokens' : null) ??
  toolingFieldOf(key);
