import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient, TestClient } from '../../test/harness.js';
import { startMockRun, waitUntilCompleted } from '../../test/mock-run.js';
import { apiRequests } from '../db/schema.js';
import { firstItems } from '@promptgrid/test-support';

const PROVIDER_ERROR = 'Error code: 429 - Rate limit reached for organization org-Secret0rg123 on tokens per min';
const BUDGET_STOP = 'Stopped: the run reached its budget of $0.37.';

describe.each(embeddedDatabaseOnly)('what a share link gives away, on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let log = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk;
        done();
      },
    });
    ctx = await createTestApp(kind, {}, { workers: true, logger: { level: 'info', stream } });
  });
  afterAll(() => ctx?.close());

  /** A finished mock run, one of its requests failed at the provider and one stopped by the budget, and its link. */
  async function sharedRun() {
    const alice = await signedInClient(ctx.app);
    const evaluationId = await startMockRun(alice, [{ name: 'Terse', prompt: 'Be terse.' }], ['One', 'Two', 'Three']);
    await waitUntilCompleted(alice, evaluationId);
    const [first, second] = firstItems((await alice.get(ROUTES.apiRequests(evaluationId))).json<{ id: number }[]>(), 2);
    const fail = (id: number, errorMessage: string) =>
      ctx.database.db.update(apiRequests).set({ status: 'FAILED', errorMessage }).where(eq(apiRequests.id, id));
    await fail(first.id, PROVIDER_ERROR);
    await fail(second.id, BUDGET_STOP);
    const { url } = (await alice.post(ROUTES.evaluationShare(evaluationId))).json<{ url: string }>();
    return new URL(url).pathname.split('/').pop()!;
  }

  it('shows the outputs and which cells failed, but no error text and no budget', async () => {
    const token = await sharedRun();
    const shared = await new TestClient(ctx.app).get(ROUTES.sharedEvaluation(token));
    expect(shared.statusCode).toBe(200);
    const grid = shared.json();
    expect(grid.evaluation.use_mock).toBe(true);
    expect(grid.api_requests.map((r: { status: string }) => r.status)).toEqual(['FAILED', 'FAILED', 'SUCCESS']);
    expect(grid.api_requests[2].output).toEqual(expect.any(String));
    for (const request of grid.api_requests) expect(request).not.toHaveProperty('error_message');
    expect(shared.body).not.toContain('org-Secret0rg123');
    expect(shared.body).not.toContain('0.37');
    expect(shared.body).not.toMatch(/budget/i);
  });

  it('sends no referrer from the share page, and logs its path without the token', async () => {
    const token = await sharedRun();
    const visitor = new TestClient(ctx.app);
    const page = await visitor.get(ROUTES.sharePage(token));
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const data = await visitor.get(ROUTES.sharedEvaluation(token));
    expect(data.headers['referrer-policy']).toBe('no-referrer');
    // Another spelling of the same path is refused, and still logged without the token.
    expect((await visitor.get(`/%73hare/${token}`)).statusCode).toBe(400);

    expect(log).toContain('"url":"/share/[redacted]"');
    expect(log).toContain('"url":"/api/shared/[redacted]/"');
    expect(log).not.toContain(token);
  });
});
