import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequest, EvaluationResults, LIMITS, ROUTES } from '@promptgrid/contract';
import { sql } from 'drizzle-orm';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';

type Client = Awaited<ReturnType<typeof signedInClient>>;

describe.each(databaseKinds)('run limits, large documents and deleting a run on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let modelId: number;
  beforeAll(async () => {
    // No workers: runs stay in progress until a test finishes them.
    ctx = await createTestApp(kind, { MAX_ACTIVE_RUNS_PER_USER: '3' });
  });
  afterAll(() => ctx.close());

  async function project(client: Client, inputs: number, configurations: number) {
    modelId ??= (await client.get(ROUTES.models)).json()[0].id;
    const projectId = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const inputIds: number[] = [];
    for (let i = 0; i < inputs; i++)
      inputIds.push((await client.post(ROUTES.inputs(projectId), { name: `I${i}`, content: `input ${i}` })).json().id);
    const configurationIds: number[] = [];
    for (let c = 0; c < configurations; c++) {
      const body = { name: `C${c}`, prompt_content: `prompt ${c}`, ai_model_id: modelId };
      configurationIds.push((await client.post(ROUTES.configurations(projectId), body)).json().id);
    }
    return { projectId, inputIds, configurationIds };
  }
  const run = (client: Client, p: { inputIds: number[]; configurationIds: number[] }) =>
    client.post(ROUTES.runEvaluation, { configuration_ids: p.configurationIds, input_ids: p.inputIds, use_mock: true });
  const finish = (evaluationId: number) =>
    ctx.database.db.execute(sql`UPDATE evaluations SET completed_at = now() WHERE id = ${evaluationId}`);

  it("caps a run's total calls (configurations x inputs), not each list", async () => {
    const alice = await signedInClient(ctx.app);
    const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);
    const tooMany = await alice.post(ROUTES.runEvaluation, {
      configuration_ids: ids(150),
      input_ids: ids(150),
      use_mock: true,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      non_field_errors: ['A run may make at most 20,000 API calls; this one would make 22,500.'],
    });
    // At the cap, and with repeated ids counted once, the run is checked further (these ids are not hers: 404).
    const atCap = await alice.post(ROUTES.runEvaluation, {
      configuration_ids: ids(100),
      input_ids: ids(LIMITS.runMaxRequests / 100),
      use_mock: true,
    });
    expect(atCap.statusCode).toBe(404);
    const repeated = await alice.post(ROUTES.runEvaluation, {
      configuration_ids: [1, 1, 1],
      input_ids: Array(LIMITS.runMaxRequests).fill(2),
      use_mock: true,
    });
    expect(repeated.statusCode).toBe(404);
    expect((await alice.get(ROUTES.evaluations)).json()).toEqual([]);
  });

  it('refuses a 4th run in progress with 429, mock runs included, and frees the slot when one ends', async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const mine = await project(alice, 1, 1);
    const started = await Promise.all(Array.from({ length: 5 }, () => run(alice, mine)));
    expect(started.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
    const refused = started.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({
      detail: 'You already have 3 evaluations running. Wait for one to finish before starting another.',
    });
    expect((await alice.get(ROUTES.evaluations)).json()).toHaveLength(3);
    expect((await run(bob, await project(bob, 1, 1))).statusCode).toBe(201);

    await finish(started.find((r) => r.statusCode === 201)!.json().evaluation_id);
    expect((await run(alice, mine)).statusCode).toBe(201);
    expect((await run(alice, mine)).statusCode).toBe(429);
  });

  it('streams the large documents page by page, with the same JSON shapes', async () => {
    const alice = await signedInClient(ctx.app);
    const p = await project(alice, 260, 3); // 780 requests: more than one page
    const { evaluation_id: id, total_requests } = (await run(alice, p)).json();
    expect(total_requests).toBe(780);

    const document = await alice.get(ROUTES.evaluationResults(id));
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/json; charset=utf-8');
    const parsed = EvaluationResults.parse(document.json());
    expect(parsed.api_requests).toHaveLength(780);
    expect(parsed.inputs).toHaveLength(260);
    expect(parsed.status_counts).toEqual({ PENDING: 780, IN_PROGRESS: 0, SUCCESS: 0, FAILED: 0, total: 780 });
    const requestIds = parsed.api_requests.map((r) => r.id);
    expect(requestIds).toEqual([...requestIds].sort((a, b) => a - b));
    expect(new Set(requestIds).size).toBe(780);

    const list = (await alice.get(ROUTES.apiRequests(id))).json();
    expect(
      ApiRequest.array()
        .parse(list)
        .map((r) => r.id),
    ).toEqual(requestIds);
    expect((await alice.get(ROUTES.results(id))).json()).toEqual([]);

    const bob = await signedInClient(ctx.app);
    for (const url of [ROUTES.evaluationResults(id), ROUTES.apiRequests(id), ROUTES.results(id)])
      expect((await bob.get(url)).statusCode).toBe(404);
  });

  it('deletes an evaluation with its requests and results, running or not; 404 for another user', async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const p = await project(alice, 2, 2);
    const { evaluation_id: id } = (await run(alice, p)).json();
    await ctx.database.db.execute(sql`
      INSERT INTO results (evaluation_id, api_request_id, input_id, configuration_id, output, execution_time,
                           token_count, input_token_total_count)
      SELECT evaluation_id, id, input_id, configuration_id, 'out', 0.1, 1, 1 FROM api_requests WHERE evaluation_id = ${id}`);

    expect((await bob.delete(ROUTES.evaluation(id))).statusCode).toBe(404);
    expect((await alice.get(ROUTES.apiRequests(id))).json()).toHaveLength(4);
    expect((await alice.delete(ROUTES.evaluation(id))).statusCode).toBe(204);
    expect((await alice.delete(ROUTES.evaluation(id))).statusCode).toBe(404);
    expect((await alice.get(ROUTES.evaluationResults(id))).statusCode).toBe(404);
    const { rows } = await ctx.database.executeSql(
      `SELECT (SELECT count(*)::int FROM api_requests WHERE evaluation_id = $1) AS requests,
              (SELECT count(*)::int FROM results WHERE evaluation_id = $1) AS results`,
      [id],
    );
    expect(rows[0]).toEqual({ requests: 0, results: 0 });
    // The run was still going: deleting it also gave its slot back.
    for (let n = 0; n < 3; n++) expect((await run(alice, p)).statusCode).toBe(201);
  });
});
