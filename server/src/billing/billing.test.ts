import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ROUTES } from '@promptgrid/contract';
import { startFakeStripe, type FakeStripe } from '@promptgrid/test-support/fake-stripe';
import { createTestApp, databaseKinds, signedInClient, TestClient } from '../../test/harness.js';
import { stripeEvents, subscriptions } from '../db/schema.js';
import { consumeEvaluationQuota } from './quota.js';
import { STRIPE_FAILED_MESSAGE } from './stripe.js';
import { firstItems, itemAt } from '@promptgrid/test-support';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

describe.each(databaseKinds)('billing through the stripe SDK and a fake Stripe on %s', (kind) => {
  let fake: FakeStripe;
  let ctx: Ctx;
  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: 'sk_test_promptgrid_billing' });
    ctx = await createTestApp(kind, { ...fake.env('price_standard_test'), FREE_EVALUATIONS_PER_MONTH: '1' });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const row = async (userId: number) =>
    itemAt(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)), 0);
  const eventCount = async () =>
    itemAt(await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents), 0).n;
  const useFreeRun = (userId: number) =>
    ctx.database.db.transaction((tx) => consumeEvaluationQuota(tx, userId, ctx.config.freeEvaluationsPerMonth));
  const status = async (client: TestClient) => (await client.get(ROUTES.subscriptionStatus)).json();
  const active = async (client: TestClient) => (await client.get(ROUTES.checkSubscription)).json().active;

  /** Signs in, starts Checkout, and has the fake complete it and deliver its webhooks. */
  async function subscribedUser() {
    const client = await signedInClient(ctx.app);
    const checkout = await client.post(ROUTES.createCheckoutSession);
    expect(checkout.statusCode).toBe(200);
    const session = [...fake.checkoutSessions.values()].find((s) => s.url === checkout.json().url)!;
    const deliveries = await fake.sendWebhooks(ctx.app, fake.completeCheckout(session.id));
    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200]);
    return { client, session, subscriptionId: fake.checkoutSessions.get(session.id)!.subscription! };
  }

  it('reports a new user as free with their free runs, billing enabled', async () => {
    const alice = await signedInClient(ctx.app);
    expect(await status(alice)).toEqual({
      status: 'free',
      has_access: true,
      num_requests_sent: 0,
      free_requests_remaining: 1,
      num_free_requests: 1,
      cancel_at_period_end: false,
      current_period_end: null,
      billing_enabled: true,
    });
    expect(await active(alice)).toBe(true);
    await useFreeRun(alice.user.id);
    expect(await status(alice)).toMatchObject({
      status: 'free',
      has_access: false,
      num_requests_sent: 1,
      free_requests_remaining: 0,
    });
    expect(await active(alice)).toBe(false);
  });

  it('answers 401 without a session', async () => {
    const anonymous = new TestClient(ctx.app);
    await anonymous.fetchCsrf();
    expect((await anonymous.get(ROUTES.subscriptionStatus)).statusCode).toBe(401);
    expect((await anonymous.get(ROUTES.checkSubscription)).statusCode).toBe(401);
    expect((await anonymous.post(ROUTES.createCheckoutSession)).statusCode).toBe(401);
    expect((await anonymous.get(ROUTES.portalUrl)).statusCode).toBe(401);
  });

  it('creates a subscription-mode Checkout for the price, with one Stripe customer per user, back to /account', async () => {
    const alice = await signedInClient(ctx.app);
    const first = await alice.post(ROUTES.createCheckoutSession);
    expect(first.statusCode).toBe(200);
    const url: string = first.json().url;
    expect(url.startsWith(`${fake.url}/checkout/cs_test_`)).toBe(true);
    const session = [...fake.checkoutSessions.values()].find((s) => s.url === url)!;
    const customerId = (await row(alice.user.id)).stripeCustomerId!;
    expect(customerId).toMatch(/^cus_/);
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: String(alice.user.id),
      line_items: [{ price: 'price_standard_test', quantity: 1 }],
      success_url: 'http://localhost:80/account?checkout=success',
      cancel_url: 'http://localhost:80/account?checkout=canceled',
      subscription_data: { metadata: { user_id: String(alice.user.id) } },
    });
    expect(fake.customers.get(customerId)).toMatchObject({
      email: alice.user.email,
      metadata: { user_id: String(alice.user.id) },
    });

    const again = await alice.post(ROUTES.createCheckoutSession);
    expect(again.json().url).not.toBe(url);
    expect(fake.lastCheckoutSession()!.customer).toBe(customerId);
    expect([...fake.customers.values()].filter((c) => c.email === alice.user.email)).toHaveLength(1);
  });

  it('creates only one customer when checkouts race, and uses PUBLIC_URL for the return URLs when set', async () => {
    const bob = await signedInClient(ctx.app);
    const saved = ctx.config.publicUrl;
    ctx.config.publicUrl = 'https://promptgrid.example.com/';
    try {
      const responses = await Promise.all(Array.from({ length: 5 }, () => bob.post(ROUTES.createCheckoutSession)));
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      ctx.config.publicUrl = saved;
    }
    const customers = [...fake.customers.values()].filter((c) => c.email === bob.user.email);
    expect(customers).toHaveLength(1);
    expect((await row(bob.user.id)).stripeCustomerId).toBe(itemAt(customers, 0).id);
    expect(fake.lastCheckoutSession(itemAt(customers, 0).id)!.success_url).toBe(
      'https://promptgrid.example.com/account?checkout=success',
    );
  });

  it('gives a Customer Portal URL returning to /account, and a clear 400 before the user has a customer', async () => {
    const carol = await signedInClient(ctx.app);
    const before = await carol.get(ROUTES.portalUrl);
    expect(before.statusCode).toBe(400);
    expect(before.json().detail).toMatch(/no billing account yet/);
    await carol.post(ROUTES.createCheckoutSession);
    const portal = await carol.get(ROUTES.portalUrl);
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url.startsWith(`${fake.url}/portal/bps_`)).toBe(true);
    const session = [...fake.portalSessions.values()].at(-1)!;
    expect(session).toMatchObject({
      customer: (await row(carol.user.id)).stripeCustomerId,
      return_url: 'http://localhost:80/account',
    });
  });

  it('moves a user to active on signed checkout webhooks, and back when the subscription is deleted', async () => {
    const dave = await signedInClient(ctx.app);
    await useFreeRun(dave.user.id);
    expect(await active(dave)).toBe(false);

    await dave.post(ROUTES.createCheckoutSession);
    const session = fake.lastCheckoutSession((await row(dave.user.id)).stripeCustomerId!)!;
    const [created, completed] = firstItems(fake.completeCheckout(session.id), 2);
    // checkout.session.completed alone is enough: the server reads the subscription from Stripe.
    const delivery = await fake.sendWebhook(ctx.app, completed);
    expect(delivery.statusCode).toBe(200);
    expect(JSON.parse(delivery.body)).toEqual({ received: true, outcome: 'applied' });
    const paid = await status(dave);
    expect(paid).toMatchObject({ status: 'active', has_access: true, cancel_at_period_end: false });
    expect(Date.parse(paid.current_period_end)).toBeGreaterThan(Date.now() + 25 * 24 * 3600 * 1000);
    expect(await active(dave)).toBe(true);
    expect((await fake.sendWebhook(ctx.app, created)).statusCode).toBe(200);
    expect((await status(dave)).status).toBe('active');

    const deleted = fake.deleteSubscription(fake.checkoutSessions.get(session.id)!.subscription!);
    expect((await fake.sendWebhook(ctx.app, deleted)).statusCode).toBe(200);
    expect(await status(dave)).toMatchObject({ status: 'canceled', has_access: false, free_requests_remaining: 0 });
    expect(await active(dave)).toBe(false);
    expect((await dave.post(ROUTES.createCheckoutSession)).statusCode).toBe(200);
  });

  it('grants Standard only for a subscription to STRIPE_PRICE_ID', async () => {
    const erin = await signedInClient(ctx.app);
    await erin.post(ROUTES.createCheckoutSession);
    const customer = (await row(erin.user.id)).stripeCustomerId!;
    const other = fake.createSubscription(customer, { price: 'price_some_other_product', status: 'incomplete' });
    const delivery = await fake.sendWebhook(ctx.app, fake.updateSubscription(other.id, { status: 'active' }));
    expect(JSON.parse(delivery.body)).toEqual({ received: true, outcome: 'ignored' });
    expect(await status(erin)).toMatchObject({ status: 'free' });
  });

  it("answers Stripe's refusals with a sentence of ours, not Stripe's text", async () => {
    const frank = await signedInClient(ctx.app);
    await frank.post(ROUTES.createCheckoutSession);
    await ctx.database.db
      .update(subscriptions)
      .set({ stripeCustomerId: 'cus_deleted_in_stripe' })
      .where(eq(subscriptions.userId, frank.user.id));
    const portal = await frank.get(ROUTES.portalUrl);
    expect(portal.statusCode).toBe(502);
    expect(portal.json()).toEqual({ detail: STRIPE_FAILED_MESSAGE });
  });

  it('applies a replayed event once', async () => {
    const { client, subscriptionId } = await subscribedUser();
    const at = Math.floor(Date.now() / 1000) + 60;
    const cancelLater = fake.updateSubscription(subscriptionId, { cancel_at_period_end: true }, { created: at });
    const keep = fake.updateSubscription(subscriptionId, { cancel_at_period_end: false }, { created: at });
    expect(JSON.parse((await fake.sendWebhook(ctx.app, cancelLater)).body).outcome).toBe('applied');
    expect((await status(client)).cancel_at_period_end).toBe(true);
    expect(JSON.parse((await fake.sendWebhook(ctx.app, keep)).body).outcome).toBe('applied');
    const events = await eventCount();

    // The same event again (same id, same created second): nothing changes, nothing new is recorded.
    const replay = await fake.sendWebhook(ctx.app, cancelLater);
    expect(replay.statusCode).toBe(200);
    expect(JSON.parse(replay.body).outcome).toBe('duplicate');
    const twice = await Promise.all([fake.sendWebhook(ctx.app, cancelLater), fake.sendWebhook(ctx.app, cancelLater)]);
    expect(twice.map((d) => JSON.parse(d.body).outcome)).toEqual(['duplicate', 'duplicate']);
    expect((await status(client)).cancel_at_period_end).toBe(false);
    expect(await eventCount()).toBe(events);
  });

  it('applies a new event delivered twice at once exactly once', async () => {
    const { client, subscriptionId } = await subscribedUser();
    const events = await eventCount();
    const update = fake.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    const outcomes = (await Promise.all(Array.from({ length: 4 }, () => fake.sendWebhook(ctx.app, update)))).map(
      (d) => JSON.parse(d.body).outcome,
    );
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(3);
    expect(await eventCount()).toBe(events + 1);
    expect((await status(client)).cancel_at_period_end).toBe(true);
  });

  it('ignores an older event that arrives after a newer one', async () => {
    const { client, subscriptionId } = await subscribedUser();
    const t = Math.floor(Date.now() / 1000) + 120;
    const deleted = fake.deleteSubscription(subscriptionId, { created: t + 10 });
    const staleActive = fake.event(
      'customer.subscription.updated',
      { ...fake.subscriptions.get(subscriptionId)!, status: 'active' },
      { created: t },
    );
    expect((await fake.sendWebhook(ctx.app, deleted)).statusCode).toBe(200);
    expect((await fake.sendWebhook(ctx.app, staleActive)).statusCode).toBe(200);
    expect((await status(client)).status).toBe('canceled');
  });

  it('follows a failed renewal to past_due, where the free quota applies again', async () => {
    const { client, subscriptionId } = await subscribedUser();
    await useFreeRun(client.user.id);
    await useFreeRun(client.user.id); // paying: counted, never refused
    const failed = await fake.sendWebhook(ctx.app, fake.failPayment(subscriptionId));
    expect(failed.statusCode).toBe(200);
    expect(await status(client)).toMatchObject({ status: 'past_due', has_access: false, num_requests_sent: 2 });
    expect(await active(client)).toBe(false);
    const recovered = fake.updateSubscription(subscriptionId, { status: 'active' });
    await fake.sendWebhook(ctx.app, recovered);
    expect(await status(client)).toMatchObject({ status: 'active', has_access: true });
  });

  it('refuses bad or missing signatures and changes nothing', async () => {
    const { client, subscriptionId } = await subscribedUser();
    const events = await eventCount();
    const deleted = fake.deleteSubscription(subscriptionId);
    const body = JSON.stringify(deleted);
    const attempts = [
      await fake.sendWebhook(ctx.app, deleted, { secret: 'whsec_wrong' }),
      await fake.sendWebhook(ctx.app, deleted, { signature: null }),
      await fake.sendWebhook(ctx.app, deleted, { signature: 'garbage' }),
      await fake.sendWebhook(ctx.app, deleted, {
        signature: fake.webhookHeaders(body)['stripe-signature'],
        payload: body.replace('"canceled"', '"active"'),
      }),
      await fake.sendWebhook(ctx.app, deleted, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    ];
    expect(attempts.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(itemAt(attempts, 0).body).toContain('Invalid Stripe signature');
    expect(itemAt(attempts, 1).body).toContain('Missing Stripe-Signature header');
    expect(await eventCount()).toBe(events);
    expect((await status(client)).status).toBe('active');
    expect((await fake.sendWebhook(ctx.app, deleted)).statusCode).toBe(200);
    expect((await status(client)).status).toBe('canceled');
  });

  it('acknowledges event types it does not handle, and events for unknown customers, without changing anyone', async () => {
    const other = fake.event('customer.created', { id: 'cus_nobody', object: 'customer' });
    const response = await fake.sendWebhook(ctx.app, other);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).outcome).toBe('ignored');
    const stranger = fake.createSubscription('cus_unknown');
    const unknown = await fake.sendWebhook(ctx.app, fake.event('customer.subscription.updated', stranger));
    expect(JSON.parse(unknown.body).outcome).toBe('ignored');
  });

  it('cancels at period end through Stripe, and refuses checkout while active', async () => {
    const { client, subscriptionId } = await subscribedUser();
    const again = await client.post(ROUTES.createCheckoutSession);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already active/);
    const cancel = await client.post(ROUTES.cancelSubscription);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'active', has_access: true, cancel_at_period_end: true });
    expect(fake.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    const request = fake.requests
      .filter((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method === 'POST')
      .at(-1)!;
    expect(request.body).toEqual({ cancel_at_period_end: 'true' });

    const nobody = await signedInClient(ctx.app);
    const refused = await nobody.post(ROUTES.cancelSubscription);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('You have no active subscription to cancel.');
  });

  it('needs the CSRF token for checkout and cancel, but not for the webhook', async () => {
    const erin = await signedInClient(ctx.app);
    expect((await erin.post(ROUTES.createCheckoutSession, {}, { csrf: false })).statusCode).toBe(403);
    expect((await erin.post(ROUTES.cancelSubscription, {}, { csrf: false })).statusCode).toBe(403);
    const response = await fake.sendWebhook(
      ctx.app,
      fake.event('customer.created', { id: 'cus_x', object: 'customer' }),
    );
    expect(response.statusCode).toBe(200);
  });

  it("completes the fake's browser Checkout over real HTTP: Pay delivers the webhooks and returns to /account", async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    fake.webhookTarget = address;
    const frank = await signedInClient(ctx.app);
    const url: string = (await frank.post(ROUTES.createCheckoutSession)).json().url;
    const page = await fetch(url);
    expect(await page.text()).toContain('Fake Stripe Checkout');
    const paid = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost:80/account?checkout=success');
    expect(await status(frank)).toMatchObject({ status: 'active', has_access: true });
  });
});

describe.each(databaseKinds)('billing off (no STRIPE_SECRET_KEY) on %s', (kind) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { FREE_EVALUATIONS_PER_MONTH: '50' });
  });
  afterAll(() => ctx?.close());

  it('answers 503 for checkout, portal, cancel and the webhook; status still works', async () => {
    const alice = await signedInClient(ctx.app);
    for (const response of [
      await alice.post(ROUTES.createCheckoutSession),
      await alice.get(ROUTES.portalUrl),
      await alice.post(ROUTES.cancelSubscription),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: 'Billing is not configured on this server.' });
    }
    const webhook = await ctx.app.inject({
      method: 'POST',
      url: ROUTES.stripeWebhook,
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    });
    expect(webhook.statusCode).toBe(503);
    expect((await alice.get(ROUTES.subscriptionStatus)).json()).toEqual({
      status: 'free',
      has_access: true,
      num_requests_sent: 0,
      free_requests_remaining: 50,
      num_free_requests: 50,
      cancel_at_period_end: false,
      current_period_end: null,
      billing_enabled: false,
    });
    expect((await alice.get(ROUTES.checkSubscription)).json()).toEqual({ active: true });
  });

  it('lists the billing routes in the API reference', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      ROUTES.subscriptionStatus,
      ROUTES.checkSubscription,
      ROUTES.createCheckoutSession,
      ROUTES.portalUrl,
      ROUTES.cancelSubscription,
      ROUTES.stripeWebhook,
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    expect(spec.paths[ROUTES.stripeWebhook].post.security).toEqual([]);
  });

  it('keeps JSON parsing on the other routes (the webhook raw-body parser is scoped)', async () => {
    const alice = await signedInClient(ctx.app);
    const created = await alice.post(ROUTES.projects, { name: 'Still JSON', description: 'parsed' });
    expect(created.statusCode).toBe(201);
    expect(created.json().name).toBe('Still JSON');
  });
});
