import type Stripe from 'stripe';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';

export const BILLING_OFF_MESSAGE = 'Billing is not configured on this server.';

/**
 * The Stripe client, or null when STRIPE_SECRET_KEY is unset (billing off).
 * STRIPE_API_BASE (a URL) sends the SDK to another host, port and protocol: the fake in tests.
 */
export async function createStripeClient(config: Config): Promise<Stripe | null> {
  const { secretKey, apiBase } = config.stripe;
  if (!secretKey) return null;
  // Loaded only with billing on: the SDK takes ~10 MB of memory that a server without billing never uses.
  const { default: Stripe } = await import('stripe');
  const base = apiBase ? new URL(apiBase) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Promptgrid' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

export const billingOff = () => new HttpError(503, BILLING_OFF_MESSAGE);

export const STRIPE_FAILED_MESSAGE =
  'The payment provider could not complete the request. Try again later, or contact support if it keeps happening.';

/**
 * Rethrows a Stripe API failure as 502 with a sentence of ours: Stripe's own text is written for the account's
 * developers (it may name prices, customers or settings), so it goes to the log (the error's cause), not to the user.
 * Other errors unchanged.
 */
export function rethrowStripeError(error: unknown): never {
  // Stripe's errors name their class in `type` (StripeConnectionError, StripeInvalidRequestError, ...).
  const { type } = (error ?? {}) as { type?: unknown };
  if (type === 'StripeConnectionError')
    throw new HttpError(502, 'Could not reach the payment provider. Try again in a moment.', undefined, error);
  if (typeof type === 'string' && type.startsWith('Stripe'))
    throw new HttpError(502, STRIPE_FAILED_MESSAGE, undefined, error);
  throw error;
}
