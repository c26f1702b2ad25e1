import { z } from 'zod';
import { LIMITS } from './constants.js';
import { ID_MAX, Id, SavedSince, Timestamp, requiredText } from './common.js';
import { AiModel, ReasoningEffort } from './ai-model.js';
import { ChatMessage, ConfigurationMessages } from './message.js';
import { ConfigurationTooling, configurationToolingFields, refineTooling } from './tools.js';

/**
 * A reasoning model's setting: how hard it reasons (`effort`, OpenAI) or how many tokens it may think (`budget_tokens`,
 * Anthropic's extended thinking and Gemini's thinking budget); one of the two, as the model takes it.
 */
export const ReasoningSetting = z
  .object({
    effort: ReasoningEffort.optional(),
    budget_tokens: z
      .number({ error: 'Thinking budget must be a whole number of tokens.' })
      .int({ error: 'Thinking budget must be a whole number of tokens.' })
      .min(0, { error: 'Thinking budget must not be negative.' })
      .max(LIMITS.maxTokens.max, { error: `Thinking budget must be at most ${LIMITS.maxTokens.max}.` })
      .optional(),
  })
  .refine((setting) => (setting.effort === undefined) !== (setting.budget_tokens === undefined), {
    error: 'Set either a reasoning effort or a thinking budget.',
  });
export type ReasoningSetting = z.infer<typeof ReasoningSetting>;

export const ModelParameters = z.object({
  temperature: z
    .number({ error: 'Temperature must be a number.' })
    .min(LIMITS.temperature.min, { error: `Temperature must be at least ${LIMITS.temperature.min}.` })
    .max(LIMITS.temperature.max, { error: `Temperature must be at most ${LIMITS.temperature.max}.` })
    .default(LIMITS.temperature.default),
  max_tokens: z
    .number({ error: 'Max tokens must be a whole number.' })
    .int({ error: 'Max tokens must be a whole number.' })
    .min(LIMITS.maxTokens.min, { error: `Max tokens must be at least ${LIMITS.maxTokens.min}.` })
    .max(LIMITS.maxTokens.max, { error: `Max tokens must be at most ${LIMITS.maxTokens.max}.` })
    .nullable()
    .default(null),
  /** null: the model reasons as it does by default (or does not reason). */
  reasoning: ReasoningSetting.nullable().default(null),
});
export type ModelParameters = z.infer<typeof ModelParameters>;

export const ProviderSpecificParams = z.object({ json_mode: z.boolean().optional() });
export type ProviderSpecificParams = z.infer<typeof ProviderSpecificParams>;

const ConfigurationModel = AiModel.pick({
  id: true,
  company: true,
  endpoint: true,
  model_name: true,
  supports_json_mode: true,
  supports_temperature: true,
  reasoning: true,
});
const ConfigurationPrompt = z.object({ content: z.string(), token_count: z.number().int() });
const SavedParameters = z.object({
  temperature: z.number(),
  max_tokens: z.number().int().nullable(),
  reasoning: ReasoningSetting.nullable(),
});

/** A system prompt paired with a model; the API calls it a configuration. */
export const Configuration = z.object({
  id: Id,
  name: z.string(),
  project: Id,
  ai_model: ConfigurationModel,
  prompt: ConfigurationPrompt,
  /** Sent after the system prompt, before the input: few-shot examples or a fixed start of a conversation. */
  messages: z.array(ChatMessage),
  /** The user turn a text input is sent as; `{{input}}` is the input's content. */
  user_template: z.string(),
  parameters: SavedParameters,
  provider_specific_params: ProviderSpecificParams,
  json_mode: z.boolean(),
  ...ConfigurationTooling.shape,
  /** 1 when created; each save that changes the texts (prompt, messages, user template), tools, model or parameters adds one. */
  version: z.number().int().positive(),
  is_active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Configuration = z.infer<typeof Configuration>;

export const SaveConfigurationInput = z
  .object({
    name: requiredText('Name', LIMITS.nameMaxLength),
    prompt_content: requiredText('Prompt', LIMITS.contentMaxLength),
    // Left out: none and `{{input}}` on create; as they are on update (a client that knows nothing of them keeps them).
    messages: ConfigurationMessages.optional(),
    user_template: requiredText('User message template', LIMITS.contentMaxLength).optional(),
    ai_model_id: z
      .number({ error: 'AI model is required.' })
      .int()
      .positive({ error: 'AI model is required.' })
      .max(ID_MAX, { error: 'Not a valid id.' }),
    parameters: ModelParameters.default({ temperature: LIMITS.temperature.default, max_tokens: null, reasoning: null }),
    provider_specific_params: ProviderSpecificParams.default({}),
    is_active: z.boolean().optional(),
    // Sent by the client; the project comes from the path (create) or the stored row (update).
    project: Id.optional(),
    updated_at: SavedSince,
    ...configurationToolingFields,
  })
  .superRefine(refineTooling);
export type SaveConfigurationInput = z.infer<typeof SaveConfigurationInput>;

/** Several system prompts created at once ("Add several"): all of them, or none. */
export const CreateConfigurationsInput = z.object({
  configurations: z
    .array(SaveConfigurationInput, { error: 'configurations must be a list.' })
    .min(1, { error: 'Add at least one system prompt.' })
    .max(LIMITS.bulkConfigurationsMax, { error: `At most ${LIMITS.bulkConfigurationsMax} system prompts at once.` }),
});
export type CreateConfigurationsInput = z.infer<typeof CreateConfigurationsInput>;

export const PatchConfigurationInput = z.object({
  is_active: z.boolean({ error: 'is_active must be true or false.' }),
});
export type PatchConfigurationInput = z.infer<typeof PatchConfigurationInput>;

/** A saved state of a configuration's text, model and parameters; the newest one is the configuration as it is now. */
export const ConfigurationVersion = z.object({
  version: z.number().int().positive(),
  is_current: z.boolean(),
  name: z.string(),
  ai_model: ConfigurationModel,
  prompt: ConfigurationPrompt,
  messages: z.array(ChatMessage),
  user_template: z.string(),
  parameters: SavedParameters,
  provider_specific_params: ProviderSpecificParams,
  ...ConfigurationTooling.shape,
  /** When this version was saved. */
  saved_at: Timestamp,
});
export type ConfigurationVersion = z.infer<typeof ConfigurationVersion>;
