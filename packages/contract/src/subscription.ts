import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './constants.js';

export const SubscriptionStatus = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  has_access: z.boolean(),
  num_requests_sent: z.number().int(),
  /** null: the server sets no monthly limit (FREE_EVALUATIONS_PER_MONTH=unlimited). */
  free_requests_remaining: z.number().int().nullable(),
  num_free_requests: z.number().int().nullable(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.iso.datetime({ offset: true }).nullable(),
  billing_enabled: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const CheckSubscriptionResponse = z.object({ active: z.boolean() });
export const UrlResponse = z.object({ url: z.url() });
export type UrlResponse = z.infer<typeof UrlResponse>;
