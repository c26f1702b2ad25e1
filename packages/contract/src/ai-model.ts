import { z } from 'zod';
import { MODEL_COMPANIES, PROVIDERS } from './constants.js';
import { Id } from './common.js';
import { ModelPrice } from './cost.js';

export const Provider = z.enum(PROVIDERS);
export type Provider = z.infer<typeof Provider>;

export const ModelCompany = z.enum(MODEL_COMPANIES);
export type ModelCompany = z.infer<typeof ModelCompany>;

/** OpenAI's reasoning_effort values a configuration may set (the ones every effort-taking model of the catalog shares). */
export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
export const ReasoningEffort = z.enum(REASONING_EFFORTS, {
  error: `Reasoning effort must be one of ${REASONING_EFFORTS.join(', ')}.`,
});
export type ReasoningEffort = z.infer<typeof ReasoningEffort>;

/**
 * Which reasoning setting a model takes: an effort among these values (OpenAI's reasoning_effort), or a budget of
 * thinking tokens within these bounds (Anthropic's extended thinking, Gemini's thinkingBudget); null: none.
 */
export const ReasoningCapability = z
  .union([
    z.object({ effort: z.array(ReasoningEffort) }),
    z.object({ budget: z.object({ min: z.number().int(), max: z.number().int() }) }),
  ])
  .nullable();
export type ReasoningCapability = z.infer<typeof ReasoningCapability>;

export const AiModel = z.object({
  id: Id,
  company: ModelCompany,
  /** The user's endpoint that serves it (company `custom`); null for the built-in providers' models. */
  endpoint: z.object({ id: Id, name: z.string() }).nullable(),
  model_name: z.string(),
  supports_json_mode: z.boolean(),
  /** false: the model runs at its own default temperature, so none is sent. */
  supports_temperature: z.boolean(),
  /** The most output tokens the model can produce; max tokens above it are refused. */
  max_output_tokens: z.number().int().positive(),
  /** The max tokens a call sends when its configuration leaves max tokens empty (see `maxTokensOrDefault`). */
  default_max_tokens: z.number().int().positive(),
  /** The reasoning setting the model takes, if any: the configuration editor offers only that one. */
  reasoning: ReasoningCapability,
  /** Whether it reads images: a run that sends an input's images to a model without it is refused. */
  vision: z.boolean(),
  /** Its published price per million tokens; null when not known (its cost shows as unknown). */
  price: ModelPrice.nullable(),
});
export type AiModel = z.infer<typeof AiModel>;

/** 'openai - gpt-4o', or for an endpoint's model the endpoint's name: 'Local Ollama - llama3.2'. */
export const aiModelLabel = (model: Pick<AiModel, 'company' | 'model_name'> & { endpoint?: AiModel['endpoint'] }) =>
  `${model.endpoint?.name ?? model.company} - ${model.model_name}`;

/**
 * The max tokens a call sends, and so the most output it can be billed for: the configuration's own, or when it leaves
 * them empty the model's default max tokens (its catalog entry's, within the editor's limit). The run, the cost
 * estimate and the configuration editor read it here, so the estimate's "at most" is the limit the call carries.
 */
export const maxTokensOrDefault = (maxTokens: number | null, defaultMaxTokens: number) => maxTokens ?? defaultMaxTokens;
