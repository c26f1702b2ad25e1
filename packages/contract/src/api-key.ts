import { z } from 'zod';
import { PROVIDERS } from './constants.js';
import { Id, Timestamp, text } from './common.js';

export const ApiKey = z.object({
  id: Id,
  provider: z.enum(PROVIDERS),
  label: z.string(),
  is_active: z.boolean(),
  last_four_digits: z.string(),
  created_at: Timestamp,
});
export type ApiKey = z.infer<typeof ApiKey>;

const keyText = z
  .string({ error: 'Key is required.' })
  .trim()
  .min(1, { error: 'Key is required.' })
  .max(500, { error: 'Key is too long.' })
  .regex(/^\S+$/, { error: 'Key must not contain spaces.' })
  .regex(/^[^\0]*$/, { error: 'Key must not contain a NUL character.' });

export const CreateApiKeyInput = z.object({
  provider: z.enum(PROVIDERS, { error: 'Provider must be openai, anthropic or gemini.' }),
  key: keyText,
  label: text('Label').trim().max(200).optional(),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInput>;

export const UpdateApiKeyInput = z.object({
  key: keyText.optional(),
  label: text('Label').trim().max(200).optional(),
  is_active: z.boolean().optional(),
});
export type UpdateApiKeyInput = z.infer<typeof UpdateApiKeyInput>;
