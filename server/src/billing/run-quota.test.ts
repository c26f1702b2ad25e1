import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
import { evaluations, subscriptions } from '../db/schema.js';

/** A user with an OpenAI key, a project, one system prompt on an OpenAI model and one input. */
async function readyUser(ctx: TestApp) {
  const client = await signedInClient(ctx.app);
  expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-test-quota-0000' })).statusCode).toBe(201);
  const project = (await client.post(ROUTES.projects, { name: 'Quota', description: 'Runs at the limit' })).json();
  const model = (await client.get(ROUTES.models)).json().find((m: { company: string }) => m.company === 'openai');
  const configuration = await client.post(ROUTES.configurations(project.id), {
    name: 'Terse',
    prompt_content: 'Be terse.',
    ai_model_id: model.id,
    project: project.id,
  });
  expect(configuration.statusCode).toBe(201);
  const input = await client.post(ROUTES.inputs(project.id), { name: 'Q', content: 'Hello?' });
  expect(input.statusCode).toBe(201);
  const run = (useMock: boolean) => ({
    configuration_ids: [configuration.json().id],
    input_ids: [input.json().id],
    name: `Evaluation ${new Date().toISOString()}`,
    use_mock: useMock,
  });
  return { client, run };
}

/** The quota as POST /api/run-evaluation/ applies it, over HTTP (workers off: the runs are only created). */
describe.each(databaseKinds)('run quota over HTTP on %s', (kind) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {
      FREE_EVALUATIONS_PER_MONTH: '1',
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    });
  });
  afterAll(() => ctx?.close());

  it('with 1 free run left, 20 parallel real runs: exactly 1 accepted, 19 refused with 402; mock runs stay free', async () => {
    const { client, run } = await readyUser(ctx);
    expect((await client.get(ROUTES.checkSubscription)).json()).toEqual({ active: true });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => client.post(ROUTES.runEvaluation, run(false))),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 402)).toHaveLength(19);
    expect(responses.find((r) => r.statusCode === 402)!.json().detail).toMatch(/free evaluations this month/);
    const created = await ctx.database.db.select().from(evaluations).where(eq(evaluations.userId, client.user.id));
    expect(created).toHaveLength(1);

    expect((await client.get(ROUTES.subscriptionStatus)).json()).toMatchObject({
      status: 'free',
      has_access: false,
      num_requests_sent: 1,
      free_requests_remaining: 0,
    });
    expect((await client.get(ROUTES.checkSubscription)).json()).toEqual({ active: false });
    expect((await client.post(ROUTES.runEvaluation, run(true))).statusCode).toBe(201);
    expect((await client.get(ROUTES.subscriptionStatus)).json().num_requests_sent).toBe(1);
  });

  it('lets a paying subscriber run past the free allowance', async () => {
    const { client, run } = await readyUser(ctx);
    await ctx.database.db.insert(subscriptions).values({ userId: client.user.id, status: 'active' });
    const responses = await Promise.all(Array.from({ length: 5 }, () => client.post(ROUTES.runEvaluation, run(false))));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect((await client.get(ROUTES.subscriptionStatus)).json()).toMatchObject({
      status: 'active',
      has_access: true,
      num_requests_sent: 5,
    });
  });
});

describe('no run quota on a server without billing', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', {
      FREE_EVALUATIONS_PER_MONTH: 'unlimited',
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    });
  });
  afterAll(() => ctx?.close());

  it('accepts every real run, still counts them, and says there is no limit', async () => {
    const { client, run } = await readyUser(ctx);
    const responses = await Promise.all(Array.from({ length: 3 }, () => client.post(ROUTES.runEvaluation, run(false))));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect((await client.get(ROUTES.subscriptionStatus)).json()).toMatchObject({
      status: 'free',
      has_access: true,
      num_requests_sent: 3,
      free_requests_remaining: null,
      num_free_requests: null,
      billing_enabled: false,
    });
    expect((await client.get(ROUTES.config)).json()).toMatchObject({
      billing_enabled: false,
      free_evaluations_per_month: null,
    });
  });
});
