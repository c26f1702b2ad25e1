import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../db/client.js';
import { subscriptions, users } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { billingOff, rethrowStripeError } from '../billing/stripe.js';

/**
 * Deletes a user and everything they own: projects with their prompts and inputs, evaluations with their requests and
 * results, sealed provider keys, sessions, subscription and usage rows (the foreign keys cascade from users). A Stripe
 * subscription that is still billing is cancelled first, at once; if Stripe cannot be reached nothing is deleted, so
 * the user can try again rather than keep paying for an account that is gone. Runs in progress stop: their requests
 * are gone, and replies still coming are dropped.
 * Its sessions and API tokens go with the user row, so they stop working at once on every process.
 */
export async function deleteAccount(
  db: Db,
  stripe: Stripe | null,
  user: { id: number; email: string },
  confirmation: string,
): Promise<void> {
  if (confirmation.trim().toLowerCase() !== user.email.toLowerCase())
    throw badRequest({ email: ['Type the e-mail address of this account to confirm.'] });
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  if (subscription?.stripeSubscriptionId && !['free', 'canceled'].includes(subscription.status)) {
    if (!stripe) throw billingOff();
    await stripe.subscriptions.cancel(subscription.stripeSubscriptionId).catch((error: unknown) => {
      // Already ended on Stripe's side: nothing left to cancel.
      if ((error as { code?: string }).code !== 'resource_missing') rethrowStripeError(error);
    });
  }
  await db.delete(users).where(eq(users.id, user.id));
}
