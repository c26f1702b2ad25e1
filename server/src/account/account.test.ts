import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { startFakeStripe, type FakeStripe } from '@promptgrid/test-support/fake-stripe';
import { createTestApp, databaseKinds, signedInClient, startTestApp, TestClient } from '../../test/harness.js';
import { STRIPE_FAILED_MESSAGE } from '../billing/stripe.js';
import { itemAt } from '@promptgrid/test-support';

type Client = Awaited<ReturnType<typeof signedInClient>>;

describe.each(databaseKinds)('deleting an account on %s', (kind) => {
  let fake: FakeStripe;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: 'sk_test_promptgrid_account' });
    ctx = await createTestApp(kind, fake.env('price_standard_test'));
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  /** A user with a project, a prompt, an input, a stored key and a run. */
  async function userWithData(email: string) {
    const client = await signedInClient(ctx.app, email);
    const models = (await client.get(ROUTES.models)).json();
    const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json();
    const input = (await client.post(ROUTES.inputs(project.id), { name: 'I', content: 'hello' })).json();
    const body = { name: 'C', prompt_content: 'be brief', ai_model_id: models[0].id };
    const configuration = (await client.post(ROUTES.configurations(project.id), body)).json();
    expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-secret-1234' })).statusCode).toBe(201);
    const run = { configuration_ids: [configuration.id], input_ids: [input.id], use_mock: true };
    expect((await client.post(ROUTES.runEvaluation, run)).statusCode).toBe(201);
    return client;
  }

  async function rowsOf(userId: number) {
    const { rows } = await ctx.database.executeSql(
      `SELECT (SELECT count(*)::int FROM users WHERE id = $1) AS users,
              (SELECT count(*)::int FROM sessions WHERE user_id = $1) AS sessions,
              (SELECT count(*)::int FROM projects WHERE user_id = $1) AS projects,
              (SELECT count(*)::int FROM api_keys WHERE user_id = $1) AS api_keys,
              (SELECT count(*)::int FROM evaluations WHERE user_id = $1) AS evaluations,
              (SELECT count(*)::int FROM subscriptions WHERE user_id = $1) AS subscriptions,
              (SELECT count(*)::int FROM evaluation_usage WHERE user_id = $1) AS usage`,
      [userId],
    );
    return itemAt(rows, 0);
  }
  const requestCount = async () =>
    itemAt((await ctx.database.executeSql('SELECT count(*)::int AS n FROM api_requests', [])).rows, 0).n as number;

  async function subscribe(client: Client) {
    const checkout = (await client.post(ROUTES.createCheckoutSession)).json();
    const session = [...fake.checkoutSessions.values()].find((s) => s.url === checkout.url)!;
    await fake.sendWebhooks(ctx.app, fake.completeCheckout(session.id));
    expect((await client.get(ROUTES.subscriptionStatus)).json().status).toBe('active');
    return fake.checkoutSessions.get(session.id)!.subscription!;
  }

  it('needs the account e-mail typed to confirm, then deletes every row, the sealed keys and sessions, and cancels Stripe', async () => {
    const alice = await userWithData('alice-delete@example.com');
    const bob = await userWithData('bob-keeps@example.com');
    const subscriptionId = await subscribe(alice);
    const before = await requestCount();

    const unconfirmed = await alice.request('DELETE', ROUTES.account, { email: 'bob-keeps@example.com' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({ email: ['Type the e-mail address of this account to confirm.'] });
    expect((await alice.request('DELETE', ROUTES.account, {})).statusCode).toBe(400);
    expect((await rowsOf(alice.user.id)).users).toBe(1);

    const deleted = await alice.request('DELETE', ROUTES.account, { email: 'Alice-Delete@example.com' });
    expect(deleted.statusCode).toBe(204);
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${subscriptionId}` });
    expect(await rowsOf(alice.user.id)).toEqual({
      users: 0,
      sessions: 0,
      projects: 0,
      api_keys: 0,
      evaluations: 0,
      subscriptions: 0,
      usage: 0,
    });
    expect(await requestCount()).toBe(before - 1);
    expect((await alice.get(ROUTES.projects)).statusCode).toBe(401);

    expect((await bob.get(ROUTES.projects)).json()).toHaveLength(1);
    expect((await bob.get(ROUTES.apiKeys)).json()).toHaveLength(1);
    expect(await rowsOf(bob.user.id)).toMatchObject({ users: 1, projects: 1, api_keys: 1, evaluations: 1 });
  });

  it('deletes nothing when Stripe refuses to cancel, with a sentence of ours; goes on when Stripe has no such subscription', async () => {
    const carol = await userWithData('carol-stripe-refuses@example.com');
    const subscriptionId = await subscribe(carol);
    // The same database behind a server whose Stripe key Stripe refuses (401 from Stripe).
    const wrongKey = await startTestApp(ctx.database, {
      ...fake.env('price_standard_test'),
      STRIPE_SECRET_KEY: 'sk_test_wrong',
    });
    try {
      const there = Object.assign(new TestClient(wrongKey.app), { cookies: { ...carol.cookies } });
      const refused = await there.request('DELETE', ROUTES.account, { email: 'carol-stripe-refuses@example.com' });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({ detail: STRIPE_FAILED_MESSAGE });
    } finally {
      await wrongKey.app.close();
    }
    expect(await rowsOf(carol.user.id)).toMatchObject({ users: 1, projects: 1, api_keys: 1 });
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('active');

    fake.subscriptions.delete(subscriptionId); // gone at Stripe: nothing can bill any more
    const deleted = await carol.request('DELETE', ROUTES.account, { email: 'carol-stripe-refuses@example.com' });
    expect(deleted.statusCode).toBe(204);
    expect((await rowsOf(carol.user.id)).users).toBe(0);
  });
});
