import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../test/harness.js';
import { insertEvaluation, type FixtureRequest } from '../../test/evaluation-fixture.js';
import { insertRuleScores } from '../verdicts/scores.js';
import { itemAt } from '@promptgrid/test-support';

type Client = TestClient & { user: { id: number } };

describe.each(databaseKinds)('significance, consistency, judge agreement and similarity on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  /** A project with configurations A and B, a contains check and a judge check, and `count` inputs. */
  async function project(client: Client, count: number, expected: (i: number) => string | null = () => null) {
    const id = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const model = (await client.get(ROUTES.models)).json()[0].id as number;
    const inputs = [];
    for (let i = 0; i < count; i++) {
      const body = { name: `In ${i}`, content: `Question ${i}?`, expected_output: expected(i) ?? '' };
      const input = (await client.post(ROUTES.inputs(id), body)).json<{ id: number; name: string }>();
      inputs.push({ ...input, content: body.content, expected_output: expected(i) });
    }
    const configuration = async (name: string) =>
      (
        await client.post(ROUTES.configurations(id), { name, prompt_content: `You are ${name}.`, ai_model_id: model })
      ).json<{ id: number; name: string }>();
    const [a, b] = [await configuration('A'), await configuration('B')];
    const check = async (body: object) => (await client.post(ROUTES.checks(id), body)).json().id as number;
    const rule = await check({ name: 'Says yes', type: 'contains', value: 'yes' });
    const judge = await check({ name: 'Helpful', type: 'llm_judge', value: 'Is it helpful?', ai_model_id: model });
    return { id, inputs, a, b, rule, judge };
  }

  type Project = Awaited<ReturnType<typeof project>>;

  /**
   * A run of the project's inputs on A and B (`repetitions` each), where `passes(configuration, input, repetition)`
   * says whether the rule check passed; A takes 1 s per call, B 2 s. A mock run unless `useMock` is false.
   */
  async function run(
    client: Client,
    p: Project,
    passes: (configuration: 'a' | 'b', input: number, repetition: number) => boolean,
    repetitions = 1,
    output: (input: number, repetition: number) => string = () => 'yes',
    useMock?: boolean,
  ) {
    const requests: (FixtureRequest & { side: 'a' | 'b'; i: number })[] = [];
    for (const side of ['a', 'b'] as const)
      p.inputs.forEach((input, i) => {
        for (let repetition = 0; repetition < repetitions; repetition++)
          requests.push({
            side,
            i,
            input: input.id,
            configuration: p[side].id,
            status: 'SUCCESS',
            output: output(i, repetition),
            executionTime: side === 'a' ? 1 : 2,
            repetition,
          });
      });
    const { evaluationId, requestIds } = await insertEvaluation(ctx.database.db, {
      userId: client.user.id,
      projectId: p.id,
      configurations: [p.a, p.b],
      inputs: p.inputs,
      requests,
      useMock,
    });
    await insertRuleScores(
      ctx.database.db,
      evaluationId,
      requests.map((r, n) => {
        const pass = passes(r.side, r.i, r.repetition!);
        return { api_request_id: itemAt(requestIds, n), check_id: p.rule, pass, score: Number(pass), reason: '' };
      }),
    );
    return { evaluationId, requestIds, requests };
  }

  it('says B is better when the interval excludes 0, with the exact McNemar p-value; swapped, the sign flips', async () => {
    const alice = await signedInClient(ctx.app);
    const p = await project(alice, 12);
    // A passes the first 6 inputs, B all 12: 6 discordant pairs, all for B.
    const { evaluationId } = await run(alice, p, (side, i) => side === 'b' || i < 6);

    const forward = await alice.get(ROUTES.significance(evaluationId, p.a.id, p.b.id));
    expect(forward.statusCode, forward.body).toBe(200);
    const body = forward.json();
    expect(body.pass_rate).toMatchObject({
      available: true,
      paired_inputs: 12,
      paired_verdicts: 12,
      pass_rate_a: 0.5,
      pass_rate_b: 1,
      difference: 0.5,
      only_a_passed: 0,
      only_b_passed: 6,
      verdict: 'b_better',
      more_cases_needed: null,
    });
    // SciPy 1.17: scipy.stats.binomtest(0, 6, 0.5).pvalue = 0.03125.
    expect(body.pass_rate.p_value).toBeCloseTo(0.03125, 12);
    expect(body.pass_rate.interval.low).toBeGreaterThan(0);
    expect(body.latency).toEqual({ available: true, paired_inputs: 12, difference: 1, interval: { low: 1, high: 1 } });
    expect(body.cost).toEqual({
      available: false,
      reason: 'Too few inputs with a known cost on both sides: 0 (at least 5 are needed).',
    });

    const swapped = (await alice.get(ROUTES.significance(evaluationId, p.b.id, p.a.id))).json();
    expect(swapped.pass_rate.difference).toBe(-0.5);
    expect(swapped.pass_rate.interval).toEqual({
      low: -body.pass_rate.interval.high,
      high: -body.pass_rate.interval.low,
    });
    expect(swapped.pass_rate.verdict).toBe('a_better');
    expect(swapped.latency.difference).toBe(-1);

    const same = (await alice.get(ROUTES.significance(evaluationId, p.a.id, p.a.id))).json();
    expect(same.pass_rate).toMatchObject({ difference: 0, interval: { low: 0, high: 0 }, p_value: 1 });
    expect(same.pass_rate).toMatchObject({ verdict: 'no_clear_difference', more_cases_needed: null });
  });

  it('says "no clear difference" on a small run with how many more inputs would show it, and why when too few', async () => {
    const alice = await signedInClient(ctx.app);
    const p = await project(alice, 10);
    // Discordant 1 for A, 2 for B on 10 inputs: p = 1, the interval spans 0.
    const { evaluationId } = await run(alice, p, (side, i) => (side === 'a' ? i < 5 || i === 9 : i < 7));
    const body = (await alice.get(ROUTES.significance(evaluationId, p.a.id, p.b.id))).json();
    expect(body.pass_rate.verdict).toBe('no_clear_difference');
    expect(body.pass_rate.interval.low).toBeLessThan(0);
    expect(body.pass_rate.interval.high).toBeGreaterThan(0);
    // Connor's formula with discordant shares 0.1 and 0.2 (SciPy's norm.ppf): 233.09 -> 234 verdicts,
    // 224 more.
    expect(body.pass_rate.more_cases_needed).toBe(224);

    const small = await project(alice, 3);
    const tiny = await run(alice, small, () => true);
    const few = (await alice.get(ROUTES.significance(tiny.evaluationId, small.a.id, small.b.id))).json();
    expect(few.pass_rate).toEqual({
      available: false,
      reason: 'Too few inputs with check verdicts on both sides: 3 (at least 5 are needed).',
    });
  });

  it("answers 404 for a configuration outside the run or another user's, 400 with field messages for a bad query", async () => {
    const [alice, bob] = [await signedInClient(ctx.app), await signedInClient(ctx.app)];
    const p = await project(alice, 5);
    const { evaluationId } = await run(alice, p, () => true);
    const bobs = await project(bob, 1);
    expect((await alice.get(ROUTES.significance(evaluationId, p.a.id, bobs.a.id))).statusCode).toBe(404);
    expect((await bob.get(ROUTES.significance(evaluationId, p.a.id, p.b.id))).statusCode).toBe(404);
    const bad = await alice.get(`/api/evaluations/${evaluationId}/significance/?a=x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('"a"');
    expect(bad.body).toContain('"b"');
  });

  it('compares each configuration across two runs with Holm-adjusted p-values', async () => {
    const alice = await signedInClient(ctx.app);
    const p = await project(alice, 12);
    const base = await run(alice, p, () => true);
    // In the head run, B fails everything A still passes.
    const head = await run(alice, p, (side) => side === 'a');
    const response = await alice.get(ROUTES.runSignificance(base.evaluationId, head.evaluationId));
    expect(response.statusCode, response.body).toBe(200);
    const [a, b] = response.json().configurations;
    expect(a).toMatchObject({ configuration_id: p.a.id, adjusted_p_value: 1 });
    expect(a.significance.pass_rate).toMatchObject({ difference: 0, verdict: 'no_clear_difference' });
    expect(b.configuration_id).toBe(p.b.id);
    expect(b.significance.pass_rate).toMatchObject({ difference: -1, only_a_passed: 12, verdict: 'a_better' });
    // Holm over (1, 2 * 0.5^12): the smaller is doubled.
    expect(b.adjusted_p_value).toBeCloseTo(2 * 2 * 0.5 ** 12, 12);

    const other = await project(alice, 5);
    const elsewhere = await run(alice, other, () => true);
    const mixed = await alice.get(ROUTES.runSignificance(base.evaluationId, elsewhere.evaluationId));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().head).toEqual(['Both evaluations must belong to the same project.']);
  });

  it('gives pass@k, pass^k, flaky cases with their counts, and output variability over repetitions', async () => {
    const alice = await signedInClient(ctx.app);
    const p = await project(alice, 2);
    // A: input 0 passes 3/3, input 1 passes 2/3. B: always fails.
    const { evaluationId } = await run(
      alice,
      p,
      (side, i, repetition) => side === 'a' && (i === 0 || repetition < 2),
      3,
      (i, repetition) => (i === 0 ? 'yes' : `yes ${repetition}`),
    );
    const response = await alice.get(ROUTES.consistency(evaluationId));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.repetitions).toBe(3);
    expect(body.configurations[0]).toEqual({
      configuration_id: p.a.id,
      consistency: {
        available: true,
        k: 3,
        cases: 2,
        pass_at_k: 1,
        pass_hat_k: 0.5,
        flaky_cases: [{ input_id: itemAt(p.inputs, 1).id, check_id: p.rule, passed: 2, runs: 3, label: '2/3' }],
      },
    });
    expect(body.configurations[1].consistency).toMatchObject({ pass_at_k: 0, pass_hat_k: 0, flaky_cases: [] });
    const cell = (input: number) =>
      body.cells.find(
        (c: { input_id: number; configuration_id: number }) => c.input_id === input && c.configuration_id === p.a.id,
      );
    expect(cell(itemAt(p.inputs, 0).id)).toMatchObject({
      outputs: 3,
      distinct_outputs: 1,
      mean_pairwise_similarity: 1,
    });
    // "yes 0" / "yes 1" / "yes 2": one character of five differs in each pair.
    expect(cell(itemAt(p.inputs, 1).id)).toMatchObject({ distinct_outputs: 3 });
    expect(cell(itemAt(p.inputs, 1).id).mean_pairwise_similarity).toBeCloseTo(0.8, 12);

    const once = await run(alice, p, () => true);
    const single = (await alice.get(ROUTES.consistency(once.evaluationId))).json();
    expect(single.configurations[0].consistency).toEqual({
      available: false,
      reason: 'The run has 1 repetition: pass@k, pass^k and flaky cases need at least 2.',
    });
    expect(single.cells).toEqual([]);
  });

  it("measures a judge check's agreement with people's ratings, and lists where they disagree", async () => {
    const alice = await signedInClient(ctx.app);
    const p = await project(alice, 5);
    const { evaluationId, requestIds } = await run(alice, p, () => true);
    const before = (await alice.get(ROUTES.judgeAgreement(evaluationId))).json();
    expect(before.checks).toEqual([
      {
        check_id: p.judge,
        name: 'Helpful',
        agreement: { available: false, reason: 'No output this judge scored has been rated by a person yet.' },
      },
    ]);

    // The judge passes the first 6 outputs; people thumb up the first 4 and the 8th: 2 + 1 disagreements.
    const judged = requestIds.slice(0, 8);
    await insertRuleScores(
      ctx.database.db,
      evaluationId,
      judged.map((id, n) => ({
        api_request_id: id,
        check_id: p.judge,
        pass: n < 6,
        score: Number(n < 6),
        reason: `R${n}`,
      })),
    );
    for (const [n, id] of judged.entries())
      expect((await alice.put(ROUTES.rating(id), { rating: n < 4 || n === 7 ? 1 : -1 })).statusCode).toBe(200);

    const response = await alice.get(ROUTES.judgeAgreement(evaluationId));
    expect(response.statusCode, response.body).toBe(200);
    const { agreement } = response.json().checks[0];
    expect(agreement.confusion).toEqual({
      judge_pass_human_up: 4,
      judge_pass_human_down: 2,
      judge_fail_human_up: 1,
      judge_fail_human_down: 1,
    });
    expect(agreement.rated_outputs).toBe(8);
    expect(agreement.percent_agreement).toBeCloseTo(62.5, 12);
    // po = 5/8, pe = (6/8)(5/8) + (2/8)(3/8) = 36/64 -> kappa = (40 - 36) / (64 - 36) = 1/7.
    expect(agreement.kappa).toBeCloseTo(1 / 7, 12);
    expect(agreement.kappa_interval.low).toBeLessThan(0);
    expect(agreement.disagreements.map((d: { api_request: number }) => d.api_request)).toEqual([
      judged[4],
      judged[5],
      judged[7],
    ]);
    expect(agreement.disagreements[0]).toMatchObject({ judge_pass: true, human_rating: -1, judge_reason: 'R4' });
  });

  it('scores each output against its expected output, and says why when no input has one', async () => {
    const alice = await signedInClient(ctx.app);
    const p = await project(alice, 2, (i) => (i === 0 ? 'kitten' : null));
    const { evaluationId, requestIds } = await run(
      alice,
      p,
      () => true,
      1,
      () => 'sitting',
    );
    const body = (await alice.get(ROUTES.similarity(evaluationId))).json();
    expect(body.reason).toBeNull();
    // Levenshtein("sitting", "kitten") = 3 over 7 characters.
    expect(body.cells).toEqual([
      {
        api_request: requestIds[0],
        input_id: itemAt(p.inputs, 0).id,
        configuration_id: p.a.id,
        repetition: 0,
        similarity: 1 - 3 / 7,
      },
      {
        api_request: requestIds[2],
        input_id: itemAt(p.inputs, 0).id,
        configuration_id: p.b.id,
        repetition: 0,
        similarity: 1 - 3 / 7,
      },
    ]);

    const none = await project(alice, 1);
    const plain = await run(alice, none, () => true);
    expect((await alice.get(ROUTES.similarity(plain.evaluationId))).json()).toEqual({
      cells: [],
      reason: "None of the run's inputs has an expected output.",
    });
  });

  it('ranks configurations by their Bradley-Terry score beside the raw win rate, and measures position bias', async () => {
    const alice = await signedInClient(ctx.app);
    const p = await project(alice, 12);
    const { evaluationId, requestIds } = await run(alice, p, () => true);
    // run() inserts A's requests (one per input) before B's.
    const [aOf, bOf] = [(i: number) => itemAt(requestIds, i), (i: number) => itemAt(requestIds, 12 + i)];
    const empty = (await alice.get(ROUTES.preference(evaluationId))).json();
    expect(empty.position_bias).toEqual({
      available: false,
      reason: 'Too few votes that picked a side: 0 (at least 10 are needed).',
    });
    expect(empty.configurations).toMatchObject([
      { configuration_id: p.a.id, votes: 0, win_rate: null, score: null, interval: null },
      { configuration_id: p.b.id, votes: 0, win_rate: null, score: null, interval: null },
    ]);

    // Each input's pair shown in both orders: B wins 9 of 12 with B on the left, 8 of 12 with B on the right; one tie
    // and one "both bad" among A's.
    const votes: { input: number; bLeft: boolean; winner: string }[] = [];
    for (let i = 0; i < 12; i++) {
      votes.push({ input: i, bLeft: true, winner: i < 9 ? 'left' : i === 9 ? 'tie' : 'right' });
      votes.push({ input: i, bLeft: false, winner: i < 8 ? 'right' : i === 8 ? 'both_bad' : 'left' });
    }
    for (const vote of votes) {
      const [b, a] = [bOf(vote.input), aOf(vote.input)];
      const body = {
        input_id: itemAt(p.inputs, vote.input).id,
        left_request_id: vote.bLeft ? b : a,
        right_request_id: vote.bLeft ? a : b,
        winner: vote.winner,
      };
      const cast = await alice.post(ROUTES.votes(evaluationId), body);
      expect(cast.statusCode, cast.body).toBe(201);
    }

    const response = await alice.get(ROUTES.preference(evaluationId));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.votes).toBe(24);
    // Left picked 9 + 3 times of 22 side-picking votes.
    expect(body.position_bias).toMatchObject({ available: true, decisive_votes: 22, left_chosen: 12 });
    expect(body.position_bias.left_share).toBeCloseTo(12 / 22, 12);
    const [first, second] = body.configurations;
    expect(first).toMatchObject({ configuration_id: p.b.id, votes: 24, won: 17, lost: 5, tied: 1, both_bad: 1 });
    expect(first.win_rate).toBeCloseTo(18 / 24, 12);
    expect(second).toMatchObject({ configuration_id: p.a.id, won: 5, lost: 17 });
    // Two configurations: their scores are symmetric around 1000 and B's interval lies above A's score.
    expect(first.score + second.score).toBeCloseTo(2000, 6);
    expect(first.interval.low).toBeGreaterThan(1000);
    expect(first.interval.high).toBeGreaterThan(first.score);

    const mallory = await signedInClient(ctx.app);
    expect((await mallory.get(ROUTES.preference(evaluationId))).statusCode).toBe(404);
  });

  it("draws each configuration's pass rate over the project's runs, oldest first, and nothing for another user", async () => {
    const alice = await signedInClient(ctx.app);
    const p = await project(alice, 4);
    const empty = await alice.get(ROUTES.trends(p.id));
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ runs: 0, series: [] });

    // First run: A passes 1 of 4, B 2 of 4; second run: A 3 of 4, B 4 of 4; a mock run between them.
    const real = (passes: Parameters<typeof run>[2]) => run(alice, p, passes, 1, undefined, false);
    const first = await real((side, i) => (side === 'a' ? i < 1 : i < 2));
    const mock = await run(alice, p, () => true);
    const second = await real((side, i) => (side === 'a' ? i < 3 : true));
    const trends = (await alice.get(ROUTES.trends(p.id))).json();
    expect(trends.runs).toBe(2);
    expect(trends.series.map((s: { name: string }) => s.name)).toEqual(['A', 'B']);
    const [a, b] = trends.series;
    expect(a.points).toMatchObject([
      {
        evaluation_id: first.evaluationId,
        run_size: { prompts: 2, inputs: 4 },
        configuration_id: p.a.id,
        pass_rate: 0.25,
        checks_passed: 1,
        checks_total: 4,
      },
      {
        evaluation_id: second.evaluationId,
        configuration_id: p.a.id,
        pass_rate: 0.75,
        checks_passed: 3,
        checks_total: 4,
      },
    ]);
    expect(b.points.map((point: { pass_rate: number }) => point.pass_rate)).toEqual([0.5, 1]);
    expect(a.points[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(a.points.map((point: { use_mock: boolean }) => point.use_mock)).toEqual([false, false]);

    // Asked for, the mock run comes in its place, marked.
    const withMock = (await alice.get(`${ROUTES.trends(p.id)}?include_mock=true`)).json();
    expect(withMock.runs).toBe(3);
    expect(
      withMock.series[0].points.map((point: { evaluation_id: number; use_mock: boolean }) => [
        point.evaluation_id,
        point.use_mock,
      ]),
    ).toEqual([
      [first.evaluationId, false],
      [mock.evaluationId, true],
      [second.evaluationId, false],
    ]);
    const refused = await alice.get(`${ROUTES.trends(p.id)}?include_mock=maybe`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ include_mock: ['include_mock must be true or false.'] });

    const mallory = await signedInClient(ctx.app);
    expect((await mallory.get(ROUTES.trends(p.id))).statusCode).toBe(404);
  });
});
