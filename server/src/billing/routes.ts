import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { CheckSubscriptionResponse, ROUTES, SubscriptionStatus, UrlResponse } from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { HttpError } from '../http/errors.js';
import { publicBaseUrl } from '../http/public-url.js';
import {
  cancelAtPeriodEnd,
  createCheckoutUrl,
  createPortalUrl,
  getSubscriptionStatus,
  type BillingContext,
} from './service.js';
import { billingOff, createStripeClient } from './stripe.js';
import { handleStripeEvent, verifyStripeEvent } from './webhook.js';

const tags = ['subscription'];
const config = { sessionOnly: true };

export default async function billingRoutes(app: App, _options: { workers?: boolean } = {}) {
  const ctx: BillingContext = { db: app.db, config: app.config, stripe: await createStripeClient(app.config) };

  /** Where Stripe sends the browser back to. */
  const baseUrl = (request: FastifyRequest) => publicBaseUrl(app.config, request);

  app.get(ROUTES.subscriptionStatus, { config, schema: { tags, response: { 200: SubscriptionStatus } } }, (request) =>
    getSubscriptionStatus(ctx, currentUser(request).id),
  );

  app.get(
    ROUTES.checkSubscription,
    { config, schema: { tags, response: { 200: CheckSubscriptionResponse } } },
    async (request) => ({
      active: (await getSubscriptionStatus(ctx, currentUser(request).id)).has_access,
    }),
  );

  app.post(
    ROUTES.createCheckoutSession,
    { config, schema: { tags, response: { 200: UrlResponse } } },
    async (request) => ({
      url: await createCheckoutUrl(ctx, currentUser(request), baseUrl(request)),
    }),
  );

  app.get(ROUTES.portalUrl, { config, schema: { tags, response: { 200: UrlResponse } } }, async (request) => ({
    url: await createPortalUrl(ctx, currentUser(request), baseUrl(request)),
  }));

  app.post(ROUTES.cancelSubscription, { config, schema: { tags, response: { 200: SubscriptionStatus } } }, (request) =>
    cancelAtPeriodEnd(ctx, currentUser(request)),
  );

  // The webhook reads its body as raw bytes (the signature covers them exactly); the parser is scoped to this
  // child plugin, so every other route keeps JSON parsing. Stripe's signature is its authentication: no session, no CSRF.
  await app.register(async (webhook: App) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      ROUTES.stripeWebhook,
      {
        config: { public: true, csrf: false },
        schema: {
          tags,
          summary: 'Stripe webhook (signed by Stripe)',
          security: [],
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }) },
        },
      },
      async (request) => {
        const stripe = ctx.stripe;
        if (!stripe) throw billingOff();
        const secret = app.config.stripe.webhookSecret;
        if (!secret)
          throw new HttpError(
            503,
            'Stripe webhooks are not configured on this server: STRIPE_WEBHOOK_SECRET is not set.',
          );
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        const event = verifyStripeEvent(stripe, raw, typeof header === 'string' ? header : undefined, secret);
        const outcome = await handleStripeEvent({ ...ctx, stripe }, event, request.log);
        return { received: true as const, outcome };
      },
    );
  });
}
