import { z } from 'zod';
import { MODEL_COMPANIES, PROVIDERS } from './constants.js';
import { Id } from './common.js';
import { ModelPrice } from './cost.js';

export const Provider = z.enum(PROVIDERS);
export type Provider = z.infer<typeof Provider>;

export const ModelCompany = z.enum(MODEL_COMPANIES);
export type ModelCompany = z.infer<typeof ModelCompany>;

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
  /** Its published price per million tokens; null when not known (its cost shows as unknown). */
  price: ModelPrice.nullable(),
});
export type AiModel = z.infer<typeof AiModel>;

/** 'openai - gpt-4o', or for an endpoint's model the endpoint's name: 'Local Ollama - llama3.2'. */
export const aiModelLabel = (model: Pick<AiModel, 'company' | 'model_name'> & { endpoint?: AiModel['endpoint'] }) =>
  `${model.endpoint?.name ?? model.company} - ${model.model_name}`;
