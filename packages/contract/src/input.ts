import { z } from 'zod';
import { LIMITS } from './constants.js';
import { Id, Timestamp, requiredText } from './common.js';

/** A user prompt (test input). */
export const Input = z.object({
  id: Id,
  project: Id,
  name: z.string(),
  content: z.string(),
  active: z.boolean(),
  token_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Input = z.infer<typeof Input>;

// The client may echo `id` and other read-only fields back; they are ignored.
export const CreateInputInput = z.object({
  name: requiredText('Name', LIMITS.nameMaxLength),
  content: requiredText('Content', LIMITS.contentMaxLength),
  active: z.boolean().optional(),
  // Echoed by the client; it must name the project of the path.
  project: Id.optional(),
});
export type CreateInputInput = z.infer<typeof CreateInputInput>;

export const UpdateInputInput = CreateInputInput.extend({ active: z.boolean() }).partial({ active: true });
export type UpdateInputInput = z.infer<typeof UpdateInputInput>;

export const InputParams = z.object({ projectId: Id, inputId: Id });
