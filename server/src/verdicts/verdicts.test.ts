import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_OUTPUTS_NOTE, ROUTES, type ApiRequest, type ConfigurationSummary } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../test/harness.js';
import { insertEvaluation, type FixtureRequest } from '../../test/evaluation-fixture.js';
import { firstItems, itemAt } from '@promptgrid/test-support';

type Client = TestClient & { user: { id: number } };

describe.each(databaseKinds)('scores, ratings, votes and the summary on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  /**
   * Two configurations A and B on two inputs: A answers both, B answers the first and fails the second.
   * Checks: contains "Paris" (every input), is_json (second input only), not_contains "Sorry".
   */
  async function fixture(client: Client, extra: FixtureRequest[] = [], { useMock = true } = {}) {
    const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const model = (await client.get(ROUTES.models)).json()[0].id as number;
    const input = async (content: string) =>
      (await client.post(ROUTES.inputs(project), { name: content, content })).json<{
        id: number;
        name: string;
        content: string;
      }>();
    const configuration = async (name: string) =>
      (
        await client.post(ROUTES.configurations(project), {
          name,
          prompt_content: `You are ${name}.`,
          ai_model_id: model,
        })
      ).json<{ id: number; name: string }>();
    const [i1, i2] = [await input('Capital of France?'), await input('2+2 as JSON?')];
    const [a, b] = [await configuration('A'), await configuration('B')];
    const requests: FixtureRequest[] = [
      {
        input: i1.id,
        configuration: a.id,
        status: 'SUCCESS',
        output: 'Paris is the capital.',
        executionTime: 1,
        inputTokens: 10,
        outputTokens: 5,
      },
      {
        input: i2.id,
        configuration: a.id,
        status: 'SUCCESS',
        output: '{"answer": 4}',
        executionTime: 2,
        inputTokens: 8,
        outputTokens: 4,
      },
      {
        input: i1.id,
        configuration: b.id,
        status: 'SUCCESS',
        output: 'It is Paris, I think. Sorry!',
        executionTime: 3,
        inputTokens: 12,
        outputTokens: 7,
      },
      { input: i2.id, configuration: b.id, status: 'FAILED', executionTime: 0.5 },
      ...extra.map((r) => ({
        ...r,
        input: r.input === -1 ? i1.id : r.input,
        configuration: r.configuration === -1 ? a.id : r.configuration,
      })),
    ];
    const { evaluationId, requestIds } = await insertEvaluation(ctx.database.db, {
      userId: client.user.id,
      projectId: project,
      configurations: [a, b],
      inputs: [i1, i2],
      requests,
      useMock,
    });
    const check = async (body: object) => (await client.post(ROUTES.checks(project), body)).json().id as number;
    const checks = {
      paris: await check({ name: 'Says Paris', type: 'contains', value: 'Paris' }),
      json: await check({ name: 'JSON', type: 'is_json', input_ids: [i2.id] }),
      polite: await check({ name: 'No apology', type: 'not_contains', value: 'Sorry' }),
    };
    const [a1, a2, b1, b2] = firstItems(requestIds, 4);
    return { project, i1, i2, a, b, evaluationId, requests: { a1, a2, b1, b2 }, extra: requestIds.slice(4), checks };
  }

  const scoresOf = async (client: Client, evaluationId: number) =>
    Object.fromEntries(
      (await client.get(ROUTES.apiRequests(evaluationId)))
        .json<{ id: number; scores: object[] }[]>()
        .map((r) => [r.id, r.scores]),
    );

  it('rescores stored outputs with the active rule checks, and lists the scores on each api request', async () => {
    const alice = await signedInClient(ctx.app);
    const f = await fixture(alice);
    expect(await scoresOf(alice, f.evaluationId)).toEqual({
      [f.requests.a1]: [],
      [f.requests.a2]: [],
      [f.requests.b1]: [],
      [f.requests.b2]: [],
    });

    const rescored = await alice.post(ROUTES.rescore(f.evaluationId));
    expect(rescored.statusCode, rescored.body).toBe(200);
    expect(rescored.json()).toEqual({ scored_requests: 3, scores: 7, judgements_queued: 0 });
    const pass = (check_id: number, reason: string) => ({ check_id, pass: true, score: 1, reason, error: null });
    const fail = (check_id: number, reason: string) => ({ check_id, pass: false, score: 0, reason, error: null });
    const expected = {
      [f.requests.a1]: [pass(f.checks.paris, 'Contains "Paris".'), pass(f.checks.polite, 'Does not contain "Sorry".')],
      [f.requests.a2]: [
        fail(f.checks.paris, 'Does not contain "Paris".'),
        pass(f.checks.json, 'Valid JSON.'),
        pass(f.checks.polite, 'Does not contain "Sorry".'),
      ],
      [f.requests.b1]: [pass(f.checks.paris, 'Contains "Paris".'), fail(f.checks.polite, 'Contains "Sorry".')],
      [f.requests.b2]: [],
    };
    expect(await scoresOf(alice, f.evaluationId)).toEqual(expected);
    const document = (await alice.get(ROUTES.evaluationResults(f.evaluationId))).json();
    expect(Object.fromEntries((document.api_requests as ApiRequest[]).map((r) => [r.id, r.scores]))).toEqual(expected);

    // A check switched off and one deleted no longer count after the next rescore.
    const json = { name: 'JSON', type: 'is_json', input_ids: [f.i2.id], is_active: false };
    expect((await alice.put(ROUTES.check(f.checks.json), json)).statusCode).toBe(200);
    expect((await alice.delete(ROUTES.check(f.checks.polite))).statusCode).toBe(204);
    expect((await scoresOf(alice, f.evaluationId))[f.requests.a2]).toHaveLength(2);
    expect((await alice.post(ROUTES.rescore(f.evaluationId))).json()).toEqual({
      scored_requests: 3,
      scores: 3,
      judgements_queued: 0,
    });
    expect((await scoresOf(alice, f.evaluationId))[f.requests.a2]).toEqual([
      fail(f.checks.paris, 'Does not contain "Paris".'),
    ]);
  });

  it('previews an unsaved rule check on the stored outputs without storing anything', async () => {
    const alice = await signedInClient(ctx.app);
    const f = await fixture(alice);
    const preview = await alice.post(ROUTES.checkPreview(f.evaluationId), {
      name: 'n',
      type: 'max_chars',
      value: '20',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual([
      { api_request_id: f.requests.a1, pass: false, score: 0, reason: '21 characters, over 20.' },
      { api_request_id: f.requests.a2, pass: true, score: 1, reason: '13 characters, within 20.' },
      { api_request_id: f.requests.b1, pass: false, score: 0, reason: '28 characters, over 20.' },
    ]);
    expect((await scoresOf(alice, f.evaluationId))[f.requests.a1]).toEqual([]);
    const badRegex = await alice.post(ROUTES.checkPreview(f.evaluationId), { name: 'n', type: 'regex', value: '[' });
    expect(badRegex.statusCode).toBe(400);
    expect(Object.keys(badRegex.json())).toEqual(['value']);
    const badSchema = { name: 'n', type: 'json_schema', value: '{"type": 5}' };
    expect((await alice.post(ROUTES.checkPreview(f.evaluationId), badSchema)).statusCode).toBe(400);
    const judge = { name: 'n', type: 'llm_judge', value: 'Correct?', ai_model_id: 1 };
    expect((await alice.post(ROUTES.checkPreview(f.evaluationId), judge)).json()).toEqual({
      type: ['A judge check cannot be previewed: save it, then rescore the evaluation.'],
    });
  });

  it('applies a check limited to some configurations only to their outputs, when previewed and rescored', async () => {
    const alice = await signedInClient(ctx.app);
    const f = await fixture(alice);
    const onlyA = { name: 'Calls lookup', type: 'calls_tool', value: 'lookup', configuration_ids: [f.a.id] };
    const preview = await alice.post(ROUTES.checkPreview(f.evaluationId), onlyA);
    expect(preview.json().map((v: { api_request_id: number }) => v.api_request_id)).toEqual([
      f.requests.a1,
      f.requests.a2,
    ]);
    const created = await alice.post(ROUTES.checks(f.project), onlyA);
    expect(created.json()).toMatchObject({ configuration_ids: [f.a.id] });
    await alice.post(ROUTES.rescore(f.evaluationId));
    const scores = await scoresOf(alice, f.evaluationId);
    const ofCheck = (request: number) =>
      (scores[request] as { check_id: number }[]).filter((score) => score.check_id === created.json().id);
    expect(ofCheck(f.requests.a1)).toHaveLength(1);
    expect(ofCheck(f.requests.a2)).toHaveLength(1);
    // B's output gets the other checks' verdicts, none of this one.
    expect(ofCheck(f.requests.b1)).toEqual([]);
    expect(scores[f.requests.b1]).toHaveLength(2);
  });

  it('sets, replaces and clears a rating, shown on the api request', async () => {
    const alice = await signedInClient(ctx.app);
    const f = await fixture(alice);
    const rate = (id: number, body: object) => alice.put(ROUTES.rating(id), body);
    const ratingOf = async (id: number) =>
      (await alice.get(ROUTES.apiRequests(f.evaluationId))).json<ApiRequest[]>().find((r) => r.id === id)!.rating;

    const up = await rate(f.requests.a1, { rating: 1, note: ' Crisp. ' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ api_request_id: f.requests.a1, rating: { rating: 1, note: 'Crisp.' } });
    expect(await ratingOf(f.requests.a1)).toEqual({ rating: 1, note: 'Crisp.' });
    expect((await rate(f.requests.a1, { rating: -1 })).json().rating).toEqual({ rating: -1, note: '' });
    expect(await ratingOf(f.requests.a1)).toEqual({ rating: -1, note: '' });
    expect((await rate(f.requests.a1, { rating: 0 })).json()).toEqual({ api_request_id: f.requests.a1, rating: null });
    expect(await ratingOf(f.requests.a1)).toBeNull();

    expect((await rate(f.requests.a1, { rating: 2 })).json()).toEqual({ rating: ['Rating must be 1, -1 or 0.'] });
    expect((await rate(f.requests.a1, { rating: 1, note: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await rate(999_999_999, { rating: 1 })).statusCode).toBe(404);
  });

  it('accepts a vote only between two outputs of this evaluation for one input from two configurations', async () => {
    const alice = await signedInClient(ctx.app);
    // A second answer of A to the first input: same input, same configuration as a1.
    const f = await fixture(alice, [{ input: -1, configuration: -1, status: 'SUCCESS', output: 'Paris.' }]);
    const other = await fixture(alice);
    const vote = (body: Partial<Record<string, unknown>>) =>
      alice.post(ROUTES.votes(f.evaluationId), {
        input_id: f.i1.id,
        left_request_id: f.requests.a1,
        right_request_id: f.requests.b1,
        winner: 'left',
        ...body,
      });

    const cast = await vote({});
    expect(cast.statusCode, cast.body).toBe(201);
    expect(cast.json()).toMatchObject({
      evaluation: f.evaluationId,
      input_id: f.i1.id,
      left_request_id: f.requests.a1,
      right_request_id: f.requests.b1,
      winner: 'left',
    });
    expect((await alice.get(ROUTES.votes(f.evaluationId))).json()).toEqual([cast.json()]);

    const refused = async (body: object) => {
      const response = await vote(body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json();
    };
    expect(await refused({ right_request_id: f.requests.a1 })).toEqual({
      right_request_id: ['Left and right must be two different requests.'],
    });
    expect(await refused({ right_request_id: f.extra[0] })).toEqual({
      right_request_id: ['Left and right must come from two different configurations.'],
    });
    expect(await refused({ left_request_id: other.requests.a1 })).toEqual({
      left_request_id: ['This request is not part of this evaluation.'],
    });
    expect(await refused({ right_request_id: f.requests.a2 })).toEqual({
      right_request_id: ['This request did not answer this input.'],
    });
    expect(
      await refused({ input_id: f.i2.id, left_request_id: f.requests.a2, right_request_id: f.requests.b2 }),
    ).toEqual({
      right_request_id: ['This request has no output to compare.'],
    });
    expect(Object.keys(await refused({ winner: 'both' }))).toEqual(['winner']);
    expect((await alice.get(ROUTES.votes(f.evaluationId))).json()).toHaveLength(1);
  });

  it('sums each configuration into a leaderboard line, best first', async () => {
    const alice = await signedInClient(ctx.app);
    const f = await fixture(alice);
    await alice.post(ROUTES.rescore(f.evaluationId));
    await alice.put(ROUTES.rating(f.requests.a1), { rating: 1 });
    await alice.put(ROUTES.rating(f.requests.a2), { rating: -1 });
    await alice.put(ROUTES.rating(f.requests.b1), { rating: 1 });
    await alice.put(ROUTES.rating(f.requests.b2), { rating: -1 });
    await alice.put(ROUTES.rating(f.requests.b2), { rating: 0 });
    const pair = { input_id: f.i1.id, left_request_id: f.requests.a1, right_request_id: f.requests.b1 };
    const swapped = { input_id: f.i1.id, left_request_id: f.requests.b1, right_request_id: f.requests.a1 };
    for (const body of [
      { ...pair, winner: 'left' },
      { ...swapped, winner: 'right' },
      { ...swapped, winner: 'left' },
      { ...pair, winner: 'tie' },
    ])
      expect((await alice.post(ROUTES.votes(f.evaluationId), body)).statusCode).toBe(201);

    const summary = await alice.get(ROUTES.summary(f.evaluationId));
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toEqual([
      {
        configuration_id: f.a.id,
        requests: 2,
        succeeded: 2,
        failed: 0,
        checks_passed: 4,
        checks_total: 5,
        pass_rate: 0.8,
        checks: [
          { check_id: f.checks.paris, passed: 1, total: 2, pass_rate: 0.5 },
          { check_id: f.checks.json, passed: 1, total: 1, pass_rate: 1 },
          { check_id: f.checks.polite, passed: 2, total: 2, pass_rate: 1 },
        ],
        mean_score: 0.8,
        average_execution_time: 1.5,
        cost_usd: null,
        input_tokens: 18,
        output_tokens: 9,
        judge_input_tokens: 0,
        judge_output_tokens: 0,
        rating_up: 1,
        rating_down: 1,
        votes_won: 2,
        votes_lost: 1,
        votes_tied: 1,
        win_rate: 0.625,
        // The fixture's run is a mock run.
        notice: MOCK_OUTPUTS_NOTE,
      },
      {
        configuration_id: f.b.id,
        requests: 2,
        succeeded: 1,
        failed: 1,
        checks_passed: 1,
        checks_total: 2,
        pass_rate: 0.5,
        checks: [
          { check_id: f.checks.paris, passed: 1, total: 1, pass_rate: 1 },
          { check_id: f.checks.polite, passed: 0, total: 1, pass_rate: 0 },
        ],
        mean_score: 0.5,
        average_execution_time: 3,
        cost_usd: null,
        input_tokens: 12,
        output_tokens: 7,
        judge_input_tokens: 0,
        judge_output_tokens: 0,
        rating_up: 1,
        rating_down: 0,
        votes_won: 1,
        votes_lost: 2,
        votes_tied: 1,
        win_rate: 0.375,
        notice: MOCK_OUTPUTS_NOTE,
      },
    ]);
  });

  it("gives a real run's lines no notice", async () => {
    const alice = await signedInClient(ctx.app);
    const f = await fixture(alice, [], { useMock: false });
    const lines = (await alice.get(ROUTES.summary(f.evaluationId))).json<ConfigurationSummary[]>();
    expect(lines.map((line) => line.notice)).toEqual([null, null]);
  });

  it('answers a line with nulls for rates it cannot divide yet', async () => {
    const alice = await signedInClient(ctx.app);
    const f = await fixture(alice);
    const [first] = (await alice.get(ROUTES.summary(f.evaluationId))).json();
    expect(first).toMatchObject({ checks_total: 0, pass_rate: null, mean_score: null, win_rate: null });
  });

  it("answers 404 on every verdict route for another user's evaluation or request", async () => {
    const alice = await signedInClient(ctx.app);
    const mallory = await signedInClient(ctx.app);
    const f = await fixture(alice);
    const vote = { input_id: f.i1.id, left_request_id: f.requests.a1, right_request_id: f.requests.b1, winner: 'tie' };
    expect((await mallory.post(ROUTES.rescore(f.evaluationId))).statusCode).toBe(404);
    expect((await mallory.post(ROUTES.checkPreview(f.evaluationId), { name: 'n', type: 'is_json' })).statusCode).toBe(
      404,
    );
    expect((await mallory.put(ROUTES.rating(f.requests.a1), { rating: 1 })).statusCode).toBe(404);
    expect((await mallory.get(ROUTES.votes(f.evaluationId))).statusCode).toBe(404);
    expect((await mallory.post(ROUTES.votes(f.evaluationId), vote)).statusCode).toBe(404);
    expect((await mallory.get(ROUTES.summary(f.evaluationId))).statusCode).toBe(404);
    expect(
      (await alice.get(ROUTES.apiRequests(f.evaluationId))).json().every((r: ApiRequest) => r.rating === null),
    ).toBe(true);
    expect((await alice.get(ROUTES.votes(f.evaluationId))).json()).toEqual([]);
  });

  it('deletes scores, ratings and votes with their evaluation', async () => {
    const alice = await signedInClient(ctx.app);
    const f = await fixture(alice);
    await alice.post(ROUTES.rescore(f.evaluationId));
    await alice.put(ROUTES.rating(f.requests.a1), { rating: 1 });
    await alice.post(ROUTES.votes(f.evaluationId), {
      input_id: f.i1.id,
      left_request_id: f.requests.a1,
      right_request_id: f.requests.b1,
      winner: 'tie',
    });
    const count = async (table: string) =>
      Number(
        itemAt(
          (
            await ctx.database.executeSql(`SELECT count(*)::int AS n FROM ${table} WHERE evaluation_id = $1`, [
              f.evaluationId,
            ])
          ).rows,
          0,
        ).n,
      );
    expect([await count('scores'), await count('ratings'), await count('votes')]).toEqual([7, 1, 1]);
    expect((await alice.delete(ROUTES.project(f.project))).statusCode).toBe(204);
    expect([await count('scores'), await count('ratings'), await count('votes')]).toEqual([0, 0, 0]);
  });
});
