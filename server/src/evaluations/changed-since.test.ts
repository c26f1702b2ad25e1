import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type ApiRequest } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';
import { startMockRun, waitUntilCompleted } from '../../test/mock-run.js';
import { IN_FLIGHT_WRITE_MARGIN_MS } from './queries.js';
import { itemAt } from '@promptgrid/test-support';

type Client = Awaited<ReturnType<typeof signedInClient>>;

describe.each(databaseKinds)('polling api requests changed since a time on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, { workers: true });
  });
  afterAll(() => ctx?.close());

  const startRun = (client: Client, inputCount: number) =>
    startMockRun(
      client,
      [{ name: 'C', prompt: 'Be brief.' }],
      Array.from({ length: inputCount }, (_, i) => `Question ${i}`),
    );

  const newest = (rows: ApiRequest[]) =>
    rows
      .map((r) => r.updated_at)
      .sort()
      .at(-1)!;

  it('answers only the rows changed after the time, and nothing for a finished run polled with its newest time', async () => {
    const alice = await signedInClient(ctx.app);
    const evaluationId = await startRun(alice, 6);
    const first = (await alice.get(ROUTES.apiRequests(evaluationId))).json<ApiRequest[]>();
    expect(first).toHaveLength(6);
    for (const row of first) expect(Date.parse(row.updated_at)).toBeGreaterThanOrEqual(Date.parse(row.created_at));

    await waitUntilCompleted(alice, evaluationId);
    const all = (await alice.get(ROUTES.apiRequests(evaluationId))).json<ApiRequest[]>();
    expect(all.every((r) => r.status === 'SUCCESS')).toBe(true);

    // Polled with the newest time it has seen, a finished run has nothing more to say.
    const cursor = newest(all);
    const after = await alice.get(ROUTES.apiRequestsChangedSince(evaluationId, cursor));
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([]);

    // From just before the newest change: exactly the rows changed since then, in the full shape, in id order.
    const before = new Date(Date.parse(cursor) - 1).toISOString();
    const changed = (await alice.get(ROUTES.apiRequestsChangedSince(evaluationId, before))).json<ApiRequest[]>();
    const expected = all.filter((r) => Date.parse(r.updated_at) > Date.parse(before));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed).toEqual(expected);

    // From the run's start: all of them.
    const start = new Date(Date.parse(itemAt(first, 0).created_at) - 1).toISOString();
    expect((await alice.get(ROUTES.apiRequestsChangedSince(evaluationId, start))).json()).toEqual(all);
  });

  it('validates the time, and answers 404 for another user', async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const evaluationId = await startRun(alice, 1);
    const bad = await alice.get(`/api/api-requests/?evaluation=${evaluationId}&updated_since=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ updated_since: ['updated_since must be an ISO-8601 time.'] });
    const other = await bob.get(ROUTES.apiRequestsChangedSince(evaluationId, new Date(0).toISOString()));
    expect(other.statusCode).toBe(404);
  });
});

describe.each(databaseKinds)('polling a running evaluation on %s', (kind) => {
  // No workers: the run's requests stay PENDING, so the evaluation is still running whenever the test looks.
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, { workers: false });
  });
  afterAll(() => ctx?.close());

  it('looks back over writes that may still be committing', async () => {
    const alice = await signedInClient(ctx.app);
    const evaluationId = await startMockRun(alice, [{ name: 'C', prompt: 'Be brief.' }], ['Question']);
    const row = itemAt((await alice.get(ROUTES.apiRequests(evaluationId))).json<ApiRequest[]>(), 0);
    expect(row.status).toBe('PENDING');
    const withinMargin = new Date(Date.parse(row.updated_at) + IN_FLIGHT_WRITE_MARGIN_MS / 2).toISOString();
    const rows = (await alice.get(ROUTES.apiRequestsChangedSince(evaluationId, withinMargin))).json<ApiRequest[]>();
    expect(rows.map((r) => r.id)).toEqual([row.id]);
    const beyondMargin = new Date(Date.parse(row.updated_at) + IN_FLIGHT_WRITE_MARGIN_MS * 2).toISOString();
    expect((await alice.get(ROUTES.apiRequestsChangedSince(evaluationId, beyondMargin))).json()).toEqual([]);
  });
});
