import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../db/client.js';
import { stripeEvents, subscriptions, users } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { applySubscriptionState, isStandardPlan, stripeId, type BillingContext } from './service.js';

export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
]);

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** Checks the Stripe-Signature header against the raw body; 400 when missing or wrong. */
export function verifyStripeEvent(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header.');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new HttpError(400, 'Invalid Stripe signature.');
  }
}

const parseUserId = (value: string | null | undefined): number | null => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** An invoice's `subscription` in older API versions, which Stripe's current types no longer name. */
const LegacyInvoice = z.object({ subscription: z.union([z.string(), z.object({ id: z.string() })]).nullish() });

/** The subscription an invoice belongs to, in current (parent.subscription_details) and older (subscription) API shapes. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  return stripeId(parent ?? LegacyInvoice.safeParse(invoice).data?.subscription);
}

/**
 * Applies one verified event. Idempotent by event id: the id is recorded in stripe_events in the same transaction as
 * the change, so a replay (or two deliveries at once) changes nothing the second time. Subscription state comes from
 * the event's own object for customer.subscription.*, and from Stripe (retrieved) for checkout and invoice events,
 * whose objects do not carry it.
 */
export async function handleStripeEvent(
  ctx: BillingContext & { stripe: Stripe },
  event: Stripe.Event,
  log?: FastifyBaseLogger,
): Promise<WebhookOutcome> {
  if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
  const [seen] = await ctx.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return 'duplicate';

  let customerId: string | null = null;
  let userHint: number | null = null;
  let subscription: Stripe.Subscription | null = null;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') break;
      customerId = stripeId(session.customer);
      userHint = parseUserId(session.client_reference_id ?? session.metadata?.user_id);
      const subscriptionId = stripeId(session.subscription);
      if (subscriptionId) subscription = await ctx.stripe.subscriptions.retrieve(subscriptionId);
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      subscription = event.data.object;
      customerId = stripeId(subscription.customer);
      userHint = parseUserId(subscription.metadata?.user_id);
      break;
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      customerId = stripeId(invoice.customer);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (subscriptionId) subscription = await ctx.stripe.subscriptions.retrieve(subscriptionId);
      userHint = parseUserId(subscription?.metadata?.user_id);
      break;
    }
  }

  return ctx.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return 'duplicate';
    const userId = await findUser(tx, customerId, userHint);
    if (userId === null) {
      log?.warn(
        { eventId: event.id, type: event.type, customerId },
        'Stripe event for no known user; recorded and ignored',
      );
      return 'ignored';
    }
    const priceId = ctx.config.stripe.priceId;
    if (subscription && !isStandardPlan(subscription, priceId)) {
      log?.warn({ eventId: event.id, subscription: subscription.id }, 'Stripe subscription for another price; ignored');
      return 'ignored';
    }
    if (customerId) await linkCustomer(tx, userId, customerId);
    if (subscription) await applySubscriptionState(tx, userId, subscription, new Date(event.created * 1000), priceId);
    return 'applied';
  });
}

/** The user a Stripe customer belongs to; else the user id we put in the metadata, when that user exists. */
async function findUser(tx: Tx, customerId: string | null, userHint: number | null): Promise<number | null> {
  if (customerId) {
    const [row] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.stripeCustomerId, customerId));
    if (row) return row.userId;
  }
  if (userHint !== null) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userHint));
    if (user) return user.id;
  }
  return null;
}

async function linkCustomer(tx: Tx, userId: number, customerId: string) {
  await tx.insert(subscriptions).values({ userId, stripeCustomerId: customerId }).onConflictDoNothing();
  const [row] = await tx
    .select({ customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (row && !row.customerId)
    await tx
      .update(subscriptions)
      .set({ stripeCustomerId: customerId, updatedAt: new Date() })
      .where(eq(subscriptions.userId, userId));
}
