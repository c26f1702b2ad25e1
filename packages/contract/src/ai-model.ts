import { z } from 'zod';
import { PROVIDERS } from './constants.js';
import { Id } from './common.js';
import { ModelPrice } from './cost.js';

export const Provider = z.enum(PROVIDERS);
export type Provider = z.infer<typeof Provider>;

export const AiModel = z.object({
  id: Id,
  company: Provider,
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

export const aiModelLabel = (model: Pick<AiModel, 'company' | 'model_name'>) =>
  `${model.company} - ${model.model_name}`;
