import { z } from 'zod';
import { LIMITS } from './constants.js';
import { Id, Timestamp, requiredText } from './common.js';

export const Project = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  config_count: z.number().int(),
  input_count: z.number().int(),
});
export type Project = z.infer<typeof Project>;

export const SaveProjectInput = z.object({
  name: requiredText('Project name', LIMITS.nameMaxLength),
  description: requiredText('Description', LIMITS.descriptionMaxLength),
});
export type SaveProjectInput = z.infer<typeof SaveProjectInput>;
