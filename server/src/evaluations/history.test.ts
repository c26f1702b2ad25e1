import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROUTES,
  type EvaluationComparison,
  type EvaluationHistoryPage,
  type EvaluationRecord,
} from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../test/harness.js';
import { startMockRun } from '../../test/mock-run.js';
import { evaluationCompleted } from '../../test/queued-run.js';
import { queueEvents } from '../queue/events.js';
import { itemAt } from '@promptgrid/test-support';

describe.each(databaseKinds)('run history and compare on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let alice: TestClient;
  let bob: TestClient;
  let projectId: number;
  let configA: number;
  let configB: number;
  let inputs: number[];
  let firstRun: number;
  let secondRun: number;
  const events = queueEvents();

  const saveConfiguration = async (client: TestClient, name: string, prompt: string, id?: number) => {
    const model = itemAt((await client.get(ROUTES.models)).json<{ id: number }[]>(), 0);
    const body = {
      name,
      prompt_content: prompt,
      ai_model_id: model.id,
      parameters: { temperature: 0, max_tokens: null },
      provider_specific_params: {},
    };
    const response =
      id === undefined
        ? await client.post(ROUTES.configurations(projectId), body)
        : await client.put(ROUTES.configuration(id), body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().id as number;
  };
  const run = async (client: TestClient, configurationIds: number[], inputIds: number[], name: string) => {
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      input_ids: inputIds,
      name,
      use_mock: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().evaluation_id as number;
    await evaluationCompleted(events, ctx.database, id);
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, { workers: true, workerEvents: events });
    alice = await signedInClient(ctx.app);
    bob = await signedInClient(ctx.app);
    projectId = (await alice.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id;
    configA = await saveConfiguration(alice, 'Formal', 'Answer formally.');
    configB = await saveConfiguration(alice, 'Brief', 'Answer briefly.');
    inputs = [];
    for (const content of ['What is rain?', 'What is snow?', 'What is hail?'])
      inputs.push((await alice.post(ROUTES.inputs(projectId), { name: content, content })).json().id);
    // A rule check scores every output as it is written: only the reworded prompt's outputs pass it.
    const check = await alice.post(ROUTES.checks(projectId), {
      name: 'Says sentence',
      type: 'contains',
      value: 'sentence',
    });
    expect(check.statusCode, check.body).toBe(201);
    firstRun = await run(alice, [configA, configB], inputs.slice(0, 2), 'First');
    // The second run: Brief's prompt changed (so are its outputs) and a third input was added.
    await saveConfiguration(alice, 'Brief v2', 'Answer in one short sentence, please.', configB);
    secondRun = await run(alice, [configA, configB], inputs, 'Second');
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists the project runs newest first, a page at a time, with size and status counts', async () => {
    const first = await alice.get(ROUTES.projectEvaluations(projectId, 1, 1));
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<EvaluationHistoryPage>();
    expect(page1).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0]).toMatchObject({
      id: secondRun,
      name: 'Second',
      project: projectId,
      use_mock: true,
      total_requests: 6,
      configuration_count: 2,
      input_count: 3,
      status_counts: { SUCCESS: 6, FAILED: 0, PENDING: 0, IN_PROGRESS: 0, total: 6 },
      cost_usd: 0,
    });
    expect(itemAt(page1.items, 0).completed_at).not.toBeNull();
    const page2 = (await alice.get(ROUTES.projectEvaluations(projectId, 2, 1))).json<EvaluationHistoryPage>();
    expect(page2.items.map((i) => i.id)).toEqual([firstRun]);
    expect(itemAt(page2.items, 0).status_counts.total).toBe(4);
    const beyond = (await alice.get(ROUTES.projectEvaluations(projectId, 3, 1))).json<EvaluationHistoryPage>();
    expect(beyond).toMatchObject({ items: [], total: 2, page: 3 });
    const defaults = (await alice.get(`/api/projects/${projectId}/evaluations/`)).json<EvaluationHistoryPage>();
    expect(defaults).toMatchObject({ page: 1, page_size: 20, total: 2 });
    expect(defaults.items.map((i) => i.id)).toEqual([secondRun, firstRun]);
  });

  it('answers 404 for a missing or foreign project and 400 for a bad page', async () => {
    expect((await bob.get(ROUTES.projectEvaluations(projectId))).statusCode).toBe(404);
    expect((await alice.get(ROUTES.projectEvaluations(2_000_000))).statusCode).toBe(404);
    const tooBig = await alice.get(ROUTES.projectEvaluations(projectId, 1, 101));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ page_size: ['page_size must be at most 100.'] });
    const zero = await alice.get(ROUTES.projectEvaluations(projectId, 0));
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ page: ['page must be at least 1.'] });
  });

  it('renames a run, validates the name, and answers 404 for another user', async () => {
    const renamed = await alice.patch(ROUTES.evaluation(firstRun), { name: '  Baseline  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: firstRun, name: 'Baseline', project: projectId });
    const results = (await alice.get(ROUTES.evaluationResults(firstRun))).json();
    expect(results.evaluation.name).toBe('Baseline');

    const blank = await alice.patch(ROUTES.evaluation(firstRun), { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['Name is required.'] });
    const long = await alice.patch(ROUTES.evaluation(firstRun), { name: 'x'.repeat(201) });
    expect(long.json()).toEqual({ name: ['Name must be at most 200 characters.'] });
    expect((await bob.patch(ROUTES.evaluation(firstRun), { name: 'Mine' })).statusCode).toBe(404);
    expect((await alice.get(ROUTES.evaluationResults(firstRun))).json().evaluation.name).toBe('Baseline');
  });

  it('pairs the cells of two runs, changed first, with the change in status, latency, tokens and scores', async () => {
    const response = await alice.get(ROUTES.compareEvaluations(firstRun, secondRun));
    expect(response.statusCode, response.body).toBe(200);
    const comparison = response.json<EvaluationComparison>();
    expect(comparison.base.id).toBe(firstRun);
    expect(comparison.head.id).toBe(secondRun);
    expect(comparison.summary).toEqual({
      pairs: 6,
      changed: 4,
      status_changed: 2,
      output_changed: 4,
      only_base: 0,
      only_head: 2,
      // The check passes on two cells it failed on in the first run; both runs are mock runs and cost nothing, and
      // no judge ran.
      outcome: {
        fixed: 2,
        broken: 0,
        unchanged: 2,
        base_pass_rate: 0,
        head_pass_rate: 0.5,
        base_cost_usd: 0,
        head_cost_usd: 0,
        base_judge_cost_usd: null,
        head_judge_cost_usd: null,
      },
    });
    // The frozen copies: the head's Brief is the edited one.
    expect(comparison.configurations.map((c) => [c.id, c.name, c.base_name])).toEqual([
      [configA, 'Formal', 'Formal'],
      [configB, 'Brief v2', 'Brief'],
    ]);
    expect(comparison.inputs.map((i) => i.id)).toEqual(inputs);

    const cells = comparison.pairs.map((p) => [p.input, p.configuration, p.changed]);
    expect(cells).toEqual([
      [inputs[0], configB, true],
      [inputs[1], configB, true],
      [inputs[2], configA, true],
      [inputs[2], configB, true],
      [inputs[0], configA, false],
      [inputs[1], configA, false],
    ]);

    const edited = itemAt(comparison.pairs, 0);
    expect(edited.status_change).toBeNull();
    expect(edited.output_changed).toBe(true);
    expect(edited.base!.output).toContain('Answer briefly.');
    expect(edited.head!.output).toContain('Answer in one short sentence, please.');
    expect(edited.delta.input_tokens).toBe(
      edited.head!.input_token_total_count! - edited.base!.input_token_total_count!,
    );
    expect(edited.delta.input_tokens).toBeGreaterThan(0);
    expect(edited.delta.output_tokens).toBe(edited.head!.output_token_count! - edited.base!.output_token_count!);
    expect(edited.delta.execution_time).toBeCloseTo(edited.head!.execution_time! - edited.base!.execution_time!, 9);
    expect(edited.base!.scores.map((score) => score.pass)).toEqual([false]);
    expect(edited.head!.scores.map((score) => score.pass)).toEqual([true]);
    expect(edited.delta).toMatchObject({ mean_score: 1, checks_passed: 1 });

    const added = itemAt(comparison.pairs, 2);
    expect(added.base).toBeNull();
    expect(added.status_change).toEqual({ from: null, to: 'SUCCESS' });
    expect(added.delta).toEqual({
      execution_time: null,
      input_tokens: null,
      output_tokens: null,
      cost_usd: null,
      mean_score: null,
      checks_passed: null,
    });

    const same = itemAt(comparison.pairs, 4);
    expect(same.output_changed).toBe(false);
    expect(same.base!.output).toBe(same.head!.output);
    expect(same.delta).toMatchObject({ input_tokens: 0, output_tokens: 0, mean_score: 0, checks_passed: 0 });
  });

  it("answers 404 for another user's run, and 400 for runs of different projects or bad ids", async () => {
    expect((await bob.get(ROUTES.compareEvaluations(firstRun, secondRun))).statusCode).toBe(404);
    const bobRun = await startMockRun(bob, [{ name: 'S', prompt: 'Hi' }], ['x']);
    expect((await bob.get(ROUTES.compareEvaluations(bobRun, secondRun))).statusCode).toBe(404);
    expect((await alice.get(ROUTES.compareEvaluations(firstRun, bobRun))).statusCode).toBe(404);
    expect((await alice.get(ROUTES.compareEvaluations(firstRun, 2_000_000))).statusCode).toBe(404);

    const elsewhere = await startMockRun(alice, [{ name: 'S', prompt: 'Hi' }], ['x']);
    const mixed = await alice.get(ROUTES.compareEvaluations(firstRun, elsewhere));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ head: ['Both evaluations must belong to the same project.'] });

    const bad = await alice.get('/api/evaluations/compare/?base=abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['base', 'head']);
  });

  it('answers a run with the configurations and inputs it froze, after they were edited or deleted', async () => {
    expect((await alice.delete(ROUTES.configuration(configA))).statusCode).toBe(204);
    const response = await alice.get(ROUTES.evaluation(firstRun));
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json<EvaluationRecord>();
    expect(record.evaluation).toMatchObject({ id: firstRun, project: projectId, total_requests: 4 });
    expect(record.configurations.map((c) => [c.id, c.name, c.prompt_content])).toEqual([
      [configA, 'Formal', 'Answer formally.'],
      [configB, 'Brief', 'Answer briefly.'],
    ]);
    expect(itemAt(record.configurations, 0).prompt_token_count).toBeGreaterThan(0);
    expect(record.inputs.map((i) => [i.id, i.content])).toEqual([
      [inputs[0], 'What is rain?'],
      [inputs[1], 'What is snow?'],
    ]);
    expect(itemAt(record.inputs, 0).token_count).toBeGreaterThan(0);
    expect((await bob.get(ROUTES.evaluation(firstRun))).statusCode).toBe(404);
    expect((await alice.get(ROUTES.evaluation(2_000_000))).statusCode).toBe(404);
  });
});
