import { z } from 'zod';
import {
  DEFAULT_USER_TEMPLATE,
  LIMITS,
  SaveConfigurationInput,
  type AiModel,
  type ChatMessage,
  type Configuration,
} from '@promptgrid/contract';
import type { SaveConfigurationPayload } from '../api/save-configuration';
import { maxTokensLimit, providerSpecificParams, reasoningSetting } from './parameters';
import { NO_TOOLING, toolingFieldOf, toolingPayload, toolingValuesOf, type ToolingValues } from './tooling-form';

/**
 * The editor's fields, named as the API names them so the contract's messages (and a 400's) land on them; the model
 * and max tokens are the texts of their controls until they are sent.
 */
export type ConfigurationValues = {
  name: string;
  prompt_content: string;
  messages: ChatMessage[];
  user_template: string;
  ai_model_id: string;
  parameters: { temperature: number; max_tokens: string; reasoning: ReasoningValues };
  json_mode: boolean;
  /** The version edited: sent as the save's precondition (null for a new configuration). */
  updated_at: string | null;
} & ToolingValues;

/** The reasoning controls' texts: the effort chosen ('' for the model's default) and the thinking budget typed. */
export type ReasoningValues = { effort: string; budget_tokens: string };

export const reasoningValuesOf = (reasoning: Configuration['parameters']['reasoning']): ReasoningValues => ({
  effort: reasoning?.effort ?? '',
  budget_tokens: reasoning?.budget_tokens === undefined ? '' : String(reasoning.budget_tokens),
});

export const valuesOf = (c: Configuration | null): ConfigurationValues => ({
  ...toolingValuesOf(c ?? NO_TOOLING),
  name: c?.name ?? '',
  prompt_content: c?.prompt.content ?? '',
  messages: c?.messages ?? [],
  user_template: c?.user_template ?? DEFAULT_USER_TEMPLATE,
  ai_model_id: c ? String(c.ai_model.id) : '',
  parameters: {
    temperature: c?.parameters.temperature ?? LIMITS.temperature.default,
    max_tokens: c?.parameters.max_tokens == null ? '' : String(c.parameters.max_tokens),
    reasoning: reasoningValuesOf(c?.parameters.reasoning ?? null),
  },
  json_mode: c?.json_mode ?? false,
  updated_at: c?.updated_at ?? null,
});

/**
 * What the API takes; an empty max tokens means the model's default (null), and only the reasoning setting the chosen
 * model takes is sent (a model without one gets null, whatever was typed for another).
 */
export function toPayload(
  values: ConfigurationValues,
  model: AiModel | null,
  projectId: string,
): SaveConfigurationPayload {
  const tokens = values.parameters.max_tokens.trim();
  return {
    name: values.name.trim(),
    prompt_content: values.prompt_content,
    messages: values.messages,
    user_template: values.user_template,
    ai_model_id: values.ai_model_id === '' ? Number.NaN : Number(values.ai_model_id),
    parameters: {
      temperature: values.parameters.temperature,
      max_tokens: tokens === '' ? null : Number(tokens),
      reasoning: reasoningSetting(model, values.parameters.reasoning),
    },
    provider_specific_params: providerSpecificParams(model, values.json_mode),
    ...toolingPayload(values),
    project: Number(projectId),
    updated_at: values.updated_at ?? undefined,
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
      const budget = parameters.reasoning?.budget_tokens;
      const range = model?.reasoning && 'budget' in model.reasoning ? model.reasoning.budget : null;
      if (model && range && budget !== undefined && (budget < range.min || budget > range.max))
        context.addIssue({
          code: 'custom',
          path: ['parameters', 'reasoning', 'budget_tokens'],
          message: `Thinking budget for ${model.model_name} must be from ${range.min} to ${range.max} tokens.`,
        });
    }),
  );

const FIELDS = [
  'name',
  'prompt_content',
  'messages',
  'user_template',
  'ai_model_id',
  'parameters.temperature',
  'parameters.max_tokens',
  'parameters.reasoning.effort',
  'parameters.reasoning.budget_tokens',
] as const;

/**
 * The field a 400 body's key belongs to: a reasoning message goes to the reasoning control shown (the effort's own
 * to the effort, any other to the budget), other `parameters` messages to max tokens, the one a user types; a
 * message's (`messages.1.content`) to the list of messages.
 */
export const configurationFieldOf = (key: string) =>
  FIELDS.find((field) => field === key) ??
  (key.startsWith('parameters.reasoning')
    ? 'parameters.reasoning.budget_tokens'
    : key.startsWith('parameters')
      ? 'parameters.max_tokens'
      : key.startsWith('messages')
        ? 'messages'
        : null) ??
  toolingFieldOf(key);
