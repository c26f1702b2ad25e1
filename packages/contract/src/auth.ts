import { z } from 'zod';
import { Id, text } from './common.js';

export const User = z.object({ id: Id, email: z.email() });
export type User = z.infer<typeof User>;

export const SignInResponse = z.object({ status: z.literal('success'), user: User, message: z.string() });
export type SignInResponse = z.infer<typeof SignInResponse>;

export const SignInError = z.object({ status: z.literal('error'), message: z.string() });

export const GoogleCredentialInput = z.object({
  credential: text('credential').min(1, { error: 'credential is required.' }),
});

export const DevSignInInput = z.object({
  email: z.email({ error: 'Enter a valid e-mail address.' }).trim().toLowerCase(),
});
export type DevSignInInput = z.infer<typeof DevSignInInput>;

export const CsrfTokenResponse = z.object({ csrfToken: z.string() });

/** What the page needs to know about this server before sign-in. */
export const PublicConfig = z.object({
  google_client_id: z.string().nullable(),
  dev_login: z.boolean(),
  billing_enabled: z.boolean(),
  analytics_key: z.string().nullable(),
  /** Where the product-analytics client sends its events (an origin); null when analytics are off. */
  analytics_host: z.string().nullable(),
  /** The beta-feedback address on the landing page; null when the operator set none. */
  feedback_email: z.string().nullable(),
  /** null: the server sets no monthly limit. */
  free_evaluations_per_month: z.number().int().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
