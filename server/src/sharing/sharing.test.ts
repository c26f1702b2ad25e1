import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient, TestClient } from '../../test/harness.js';
import { startMockRun, waitUntilCompleted } from '../../test/mock-run.js';

type Client = Awaited<ReturnType<typeof signedInClient>>;

describe.each(embeddedDatabaseOnly)('share links on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, { workers: true });
  });
  afterAll(() => ctx?.close());

  /** A finished mock run of two system prompts on two user prompts, in a project of the client's. */
  async function finishedRun(client: Client) {
    const evaluationId = await startMockRun(
      client,
      [
        { name: 'Terse', prompt: 'SECRET PROMPT Terse' },
        { name: 'Verbose', prompt: 'SECRET PROMPT Verbose' },
      ],
      ['What is 2 + 2?', 'Name a colour.'],
    );
    await waitUntilCompleted(client, evaluationId);
    return evaluationId;
  }

  const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

  it('makes a link that shows the grid signed out, with nothing else of the account, until it is revoked', async () => {
    const alice = await signedInClient(ctx.app);
    const evaluationId = await finishedRun(alice);
    expect((await alice.get(ROUTES.evaluationShare(evaluationId))).json()).toEqual({ shared: false, created_at: null });

    const created = await alice.post(ROUTES.evaluationShare(evaluationId));
    expect(created.statusCode).toBe(201);
    const { url } = created.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/share\/[A-Za-z0-9_-]{43}$/);
    expect((await alice.get(ROUTES.evaluationShare(evaluationId))).json().shared).toBe(true);

    const anonymous = new TestClient(ctx.app);
    const shared = await anonymous.get(ROUTES.sharedEvaluation(tokenOf(url)));
    expect(shared.statusCode).toBe(200);
    const grid = shared.json();
    expect(grid.evaluation).toEqual({
      name: 'Evaluation shared',
      use_mock: true,
      total_requests: 4,
      created_at: expect.any(String),
      completed_at: expect.any(String),
    });
    expect(grid.configurations.map((c: { name: string }) => c.name)).toEqual(['Terse', 'Verbose']);
    expect(grid.inputs.map((i: { content: string }) => i.content)).toEqual(['What is 2 + 2?', 'Name a colour.']);
    expect(grid.api_requests).toHaveLength(4);
    expect(grid.api_requests.every((r: { status: string; output: string }) => r.status === 'SUCCESS' && r.output)).toBe(
      true,
    );
    // Nothing of the account: no e-mail, user, project or evaluation ids, prompt texts, parameters or keys.
    expect(shared.body).not.toContain(alice.user.email);
    expect(Object.keys(grid)).toEqual([
      'evaluation',
      'configurations',
      'inputs',
      'api_requests',
      'metrics',
      'status_counts',
    ]);
    expect(Object.keys(grid.configurations[0]).sort()).toEqual(['ai_model', 'id', 'name']);
    expect(Object.keys(grid.api_requests[0]).sort()).toEqual(
      [
        'configuration',
        'created_at',
        'execution_time',
        'id',
        'input',
        'input_token_total_count',
        'output',
        'tool_calls',
        'output_token_count',
        'reasoning_tokens',
        'repetition',
        'status',
        'ttft',
        'updated_at',
      ].sort(),
    );

    // The owner's own pages still need a session.
    expect((await anonymous.get(ROUTES.evaluationResults(evaluationId))).statusCode).toBe(401);

    expect((await alice.delete(ROUTES.evaluationShare(evaluationId))).statusCode).toBe(204);
    const revoked = await anonymous.get(ROUTES.sharedEvaluation(tokenOf(url)));
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ detail: 'This link does not exist or was revoked.' });
    expect((await alice.get(ROUTES.evaluationShare(evaluationId))).json().shared).toBe(false);
  });

  it('replaces the link when shared again, and answers 404 for unknown or malformed tokens', async () => {
    const alice = await signedInClient(ctx.app);
    const evaluationId = await finishedRun(alice);
    const first = tokenOf((await alice.post(ROUTES.evaluationShare(evaluationId))).json().url);
    const second = tokenOf((await alice.post(ROUTES.evaluationShare(evaluationId))).json().url);
    expect(second).not.toBe(first);
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(ROUTES.sharedEvaluation(first))).statusCode).toBe(404);
    expect((await anonymous.get(ROUTES.sharedEvaluation(second))).statusCode).toBe(200);
    expect((await anonymous.get(ROUTES.sharedEvaluation('x'.repeat(43)))).statusCode).toBe(404);
    expect((await anonymous.get(ROUTES.sharedEvaluation('short'))).statusCode).toBe(404);
  });

  it("answers 404 for another user's evaluation and 401 without a session", async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const evaluationId = await finishedRun(alice);
    expect((await bob.post(ROUTES.evaluationShare(evaluationId))).statusCode).toBe(404);
    expect((await bob.get(ROUTES.evaluationShare(evaluationId))).statusCode).toBe(404);
    await alice.post(ROUTES.evaluationShare(evaluationId));
    expect((await bob.delete(ROUTES.evaluationShare(evaluationId))).statusCode).toBe(404);
    expect((await alice.get(ROUTES.evaluationShare(evaluationId))).json().shared).toBe(true);
    expect((await alice.post(ROUTES.evaluationShare(999_999))).statusCode).toBe(404);
    const anonymous = new TestClient(ctx.app);
    await anonymous.fetchCsrf();
    expect((await anonymous.post(ROUTES.evaluationShare(evaluationId))).statusCode).toBe(401);
  });
});
