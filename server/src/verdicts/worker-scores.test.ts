import type { Leased } from '../queue/task.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type ApiRequest } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';
import { evaluationCompleted, queuedRun } from '../../test/queued-run.js';
import { queueEvents } from '../queue/events.js';
import { claimReady } from '../queue/sql/claim.js';
import { writeOutcomes, type Outcome } from '../evaluations/run-state/outcomes.js';
import { CALL_TABLE, type ClaimedRequest } from '../evaluations/tasks/tables.js';
import { compileRule } from '../checks/rules.js';
import { mockJudgeReply, parseJudgeAnswer } from '../evaluations/judging/judge.js';
import { firstItems, itemAt } from '@promptgrid/test-support';

describe.each(databaseKinds)('rule checks in the worker on %s', (kind) => {
  const events = queueEvents();
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, { workers: true, workerEvents: events });
  });
  afterAll(() => ctx?.close());

  it('scores each output with the active rule checks that cover its input, as the request ends SUCCESS', async () => {
    const alice = await signedInClient(ctx.app);
    const project = (await alice.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const model = (await alice.get(ROUTES.models)).json()[0].id as number;
    const configuration = (
      await alice.post(ROUTES.configurations(project), { name: 'A', prompt_content: 'Be brief.', ai_model_id: model })
    ).json().id as number;
    const first = (await alice.post(ROUTES.inputs(project), { name: 'q1', content: 'First question' })).json().id;
    const second = (await alice.post(ROUTES.inputs(project), { name: 'q2', content: 'Second question' })).json().id;
    const check = async (body: object) => (await alice.post(ROUTES.checks(project), body)).json().id as number;
    const mock = await check({ name: 'Simulated', type: 'contains', value: 'simulated response' });
    const quotesSecond = await check({ name: 'Quotes', type: 'regex', value: 'Second \\w+', input_ids: [second] });
    const short = await check({ name: 'Short', type: 'max_chars', value: '10' });
    await check({ name: 'Off', type: 'is_json', is_active: false });
    const judge = await check({ name: 'Judge', type: 'llm_judge', value: 'Correct?', ai_model_id: model });

    const started = await alice.post(ROUTES.runEvaluation, {
      configuration_ids: [configuration],
      input_ids: [first, second],
      use_mock: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    const evaluationId = started.json().evaluation_id as number;
    await evaluationCompleted(events, ctx.database, evaluationId);

    const document = (await alice.get(ROUTES.evaluationResults(evaluationId))).json();
    const requests = document.api_requests as (ApiRequest & { output: string })[];
    expect(requests.map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS']);
    const verdict = async (
      checkId: number,
      type: 'contains' | 'regex' | 'max_chars',
      value: string,
      output: string,
    ) => ({
      check_id: checkId,
      ...(await compileRule(type, value)(output, null))!,
      error: null,
    });
    // The mock run's judge check is judged too, by the mock judge, before the run completes.
    const judged = (output: string) => ({
      check_id: judge,
      ...parseJudgeAnswer(mockJudgeReply({ rubric: 'Correct?', turns: [], expected: null, output }).output)!,
      error: null,
    });
    const [a, b] = firstItems(requests, 2);
    expect(a.scores).toEqual([
      await verdict(mock, 'contains', 'simulated response', a.output),
      await verdict(short, 'max_chars', '10', a.output),
      judged(a.output),
    ]);
    expect(b.scores).toEqual([
      await verdict(mock, 'contains', 'simulated response', b.output),
      await verdict(quotesSecond, 'regex', 'Second \\w+', b.output),
      await verdict(short, 'max_chars', '10', b.output),
      judged(b.output),
    ]);
    expect(b.scores.map((s) => s.pass).slice(0, 3)).toEqual([true, true, false]);
    expect(requests.map((r) => r.judging)).toEqual([false, false]);
  });
});

describe.each(databaseKinds)("the outcome writer's scores on %s", (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  it('writes the scores in the statement that ends the request, once, and leaves out a check deleted meanwhile', async () => {
    const run = await queuedRun(ctx, { configurations: 1, inputs: 1 });
    const { rows: checks } = await ctx.database.executeSql<{ id: number }>(
      `INSERT INTO checks (project_id, name, type, value)
       SELECT project_id, 'c', 'contains', 'x' FROM evaluations WHERE id = $1 RETURNING id`,
      [run.evaluationId],
    );
    const row = itemAt(
      await claimReady<ClaimedRequest>(ctx.database, CALL_TABLE, {
        workerId: 'w',
        lane: 'mock',
        limit: 1,
        leaseMs: 60_000,
      }),
      0,
    );
    const outcome: Leased<Outcome> = {
      id: row.id,
      lease: row.attempts,
      evaluation_id: run.evaluationId,
      input_id: row.input_id,
      configuration_id: 0,
      status: 'SUCCESS',
      execution_time: 0.1,
      ttft: null,
      input_tokens: 1,
      output_tokens: 1,
      error_message: null,
      output: 'x',
    };
    const score = {
      api_request_id: row.id,
      check_id: itemAt(checks, 0).id,
      pass: true,
      score: 1,
      reason: 'Contains "x".',
    };
    const gone = { ...score, check_id: 999_999_999 };
    await writeOutcomes(ctx.database, 'w', [outcome], [score, gone]);
    await writeOutcomes(ctx.database, 'w', [outcome], [score]);
    const { rows } = await ctx.database.executeSql(
      'SELECT api_request_id, check_id, pass, reason FROM scores WHERE evaluation_id = $1',
      [run.evaluationId],
    );
    expect(rows).toEqual([
      { api_request_id: row.id, check_id: itemAt(checks, 0).id, pass: true, reason: 'Contains "x".' },
    ]);
  });
});
