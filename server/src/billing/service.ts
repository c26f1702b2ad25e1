import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus, type SubscriptionStatusName } from '@promptgrid/contract';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { subscriptions } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import { HttpError } from '../http/errors.js';
import { evaluationsUsedThisMonth, PAYING_STATUSES } from './quota.js';
import { billingOff, rethrowStripeError } from './stripe.js';

export type BillingContext = { db: Db; config: Config; stripe: Stripe | null };
type BillingUser = { id: number; email: string };

/** Stripe statuses outside the product's list are mapped to the nearest one with the same access. */
export function normalizeStatus(status: string): SubscriptionStatusName {
  if ((SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) return status as SubscriptionStatusName;
  if (status === 'incomplete_expired') return 'canceled';
  return 'unpaid'; // 'paused' and anything new: not paid up
}

async function subscriptionRow(db: Db | Tx, userId: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

export async function getSubscriptionStatus(
  ctx: BillingContext,
  userId: number,
  now = new Date(),
): Promise<SubscriptionStatus> {
  const [row, used] = await Promise.all([
    subscriptionRow(ctx.db, userId),
    evaluationsUsedThisMonth(ctx.db, userId, now),
  ]);
  const status = normalizeStatus(row?.status ?? 'free');
  const free = ctx.config.freeEvaluationsPerMonth;
  const remaining = free === null ? null : Math.max(0, free - used);
  return {
    status,
    has_access: PAYING_STATUSES.has(status) || remaining === null || remaining > 0,
    num_requests_sent: used,
    free_requests_remaining: remaining,
    num_free_requests: free,
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    current_period_end: row?.currentPeriodEnd?.toISOString() ?? null,
    billing_enabled: ctx.stripe !== null,
  };
}

function requireStripe(ctx: BillingContext): Stripe {
  if (!ctx.stripe) throw billingOff();
  return ctx.stripe;
}

/** The user's Stripe customer: created once (idempotently, so two racing requests get the same one) and stored. */
export async function ensureCustomer(ctx: BillingContext, user: BillingUser): Promise<string> {
  const stripe = requireStripe(ctx);
  await ctx.db.insert(subscriptions).values({ userId: user.id }).onConflictDoNothing();
  const existing = await subscriptionRow(ctx.db, user.id);
  if (existing?.stripeCustomerId) return existing.stripeCustomerId;
  const emailHash = crypto.createHash('sha256').update(user.email).digest('hex').slice(0, 16);
  const customer = await stripe.customers
    .create(
      { email: user.email, metadata: { user_id: String(user.id) } },
      { idempotencyKey: `promptgrid-customer-${user.id}-${emailHash}` },
    )
    .catch(rethrowStripeError);
  const [stored] = await ctx.db
    .update(subscriptions)
    .set({ stripeCustomerId: customer.id, updatedAt: new Date() })
    .where(and(eq(subscriptions.userId, user.id), isNull(subscriptions.stripeCustomerId)))
    .returning({ customerId: subscriptions.stripeCustomerId });
  if (stored?.customerId) return stored.customerId;
  // Another request stored its customer first, so the row holds that one.
  const winner = await subscriptionRow(ctx.db, user.id);
  if (!winner?.stripeCustomerId) throw new Error('The subscription row has no Stripe customer after storing one.');
  return winner.stripeCustomerId;
}

export async function createCheckoutUrl(ctx: BillingContext, user: BillingUser, baseUrl: string): Promise<string> {
  const stripe = requireStripe(ctx);
  const price = ctx.config.stripe.priceId;
  if (!price) throw new HttpError(503, 'Billing is not configured on this server: STRIPE_PRICE_ID is not set.');
  const row = await subscriptionRow(ctx.db, user.id);
  if (row && PAYING_STATUSES.has(row.status)) {
    throw new HttpError(409, 'Your Standard subscription is already active. Use Manage Subscription to change it.');
  }
  const customer = await ensureCustomer(ctx, user);
  const userRef = String(user.id);
  const session = await stripe.checkout.sessions
    .create({
      mode: 'subscription',
      customer,
      line_items: [{ price, quantity: 1 }],
      client_reference_id: userRef,
      metadata: { user_id: userRef },
      subscription_data: { metadata: { user_id: userRef } },
      success_url: `${baseUrl}/account?checkout=success`,
      cancel_url: `${baseUrl}/account?checkout=canceled`,
    })
    .catch(rethrowStripeError);
  if (!session.url) throw new HttpError(502, 'Stripe did not return a checkout page.');
  return session.url;
}

export async function createPortalUrl(ctx: BillingContext, user: BillingUser, baseUrl: string): Promise<string> {
  const stripe = requireStripe(ctx);
  const row = await subscriptionRow(ctx.db, user.id);
  if (!row?.stripeCustomerId) {
    throw new HttpError(400, 'You have no billing account yet: upgrade to the Standard plan first.');
  }
  const session = await stripe.billingPortal.sessions
    .create({ customer: row.stripeCustomerId, return_url: `${baseUrl}/account` })
    .catch(rethrowStripeError);
  return session.url;
}

/** Asks Stripe to end the subscription at the end of the paid period, and stores what Stripe answers. */
export async function cancelAtPeriodEnd(ctx: BillingContext, user: BillingUser): Promise<SubscriptionStatus> {
  const stripe = requireStripe(ctx);
  const row = await subscriptionRow(ctx.db, user.id);
  if (!row?.stripeSubscriptionId || ['free', 'canceled'].includes(row.status)) {
    throw new HttpError(400, 'You have no active subscription to cancel.');
  }
  const updated = await stripe.subscriptions
    .update(row.stripeSubscriptionId, { cancel_at_period_end: true })
    .catch(rethrowStripeError);
  await ctx.db.transaction((tx) => applySubscriptionState(tx, user.id, updated, null, ctx.config.stripe.priceId));
  return getSubscriptionStatus(ctx, user.id);
}

export const stripeId = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** End of the paid period: on the items in current API versions, on the subscription in older ones. */
export function periodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((n): n is number => typeof n === 'number');
  const legacy = 'current_period_end' in subscription ? subscription.current_period_end : null;
  const end = ends.length > 0 ? Math.max(...ends) : typeof legacy === 'number' ? legacy : null;
  return end === null ? null : new Date(end * 1000);
}

/** Whether the subscription is for STRIPE_PRICE_ID (on any of its items). */
export const isStandardPlan = (subscription: Stripe.Subscription, priceId: string | null) =>
  priceId !== null && (subscription.items?.data ?? []).some((item) => item.price?.id === priceId);

/**
 * Stores a subscription's state on the user's row, when it is for the Standard plan's price. `eventAt` is the
 * event's `created`: an event older than the newest one applied changes nothing (Stripe does not promise order). A
 * subscription that is not paid up does not replace another one of the same user that is.
 */
export async function applySubscriptionState(
  tx: Tx,
  userId: number,
  subscription: Stripe.Subscription,
  eventAt: Date | null,
  priceId: string | null,
): Promise<boolean> {
  // Only the Standard plan's price grants Standard: another subscription of the same Stripe account is not ours.
  if (!isStandardPlan(subscription, priceId)) return false;
  await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const row = returnedRow(await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update'));
  if (eventAt && row.lastStripeEventAt && eventAt < row.lastStripeEventAt) return false;
  const status = normalizeStatus(subscription.status);
  if (
    row.stripeSubscriptionId &&
    row.stripeSubscriptionId !== subscription.id &&
    PAYING_STATUSES.has(row.status) &&
    !PAYING_STATUSES.has(status)
  ) {
    return false;
  }
  await tx
    .update(subscriptions)
    .set({
      status,
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: row.stripeCustomerId ?? stripeId(subscription.customer),
      currentPeriodEnd: periodEnd(subscription),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      lastStripeEventAt: eventAt ?? row.lastStripeEventAt,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.userId, userId));
  return true;
}
