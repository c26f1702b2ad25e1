import { z } from 'zod';
import { Id, Timestamp, requiredText } from './common.js';

/** A personal API token as listed: never the token itself, only its last four characters. */
export const AccessToken = z.object({
  id: Id,
  name: z.string(),
  last_four: z.string(),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
});
export type AccessToken = z.infer<typeof AccessToken>;

/** The answer to creating a token: the only time the token is shown. */
export const CreatedAccessToken = AccessToken.extend({ token: z.string() });
export type CreatedAccessToken = z.infer<typeof CreatedAccessToken>;

export const CreateAccessTokenInput = z.object({
  name: requiredText('Name', 100),
  expires_at: Timestamp.nullish().refine((value) => !value || Date.parse(value) > Date.now(), {
    error: 'Expiry must be in the future.',
  }),
});
export type CreateAccessTokenInput = z.infer<typeof CreateAccessTokenInput>;

/** Every token starts with this, so secret scanners and people can tell one apart. */
export const ACCESS_TOKEN_PREFIX = 'pg_';
