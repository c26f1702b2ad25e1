import { describe, expect, it } from 'vitest';
import { ROUTES, budgetStopMessage, type EvaluationResults, type RunEstimate } from '@promptgrid/contract';
import { databaseKinds } from '../../test/harness.js';
import { useFakeProviderApp, userWithConfiguration } from '../../test/fake-provider-app.js';
import { evaluationCompleted } from '../../test/queued-run.js';
import { itemAt } from '@promptgrid/test-support';

const KEY = 'sk-good-openai-reservations';

describe.each(databaseKinds)('a budget holds with an instant provider at concurrency 32 on %s', (kind) => {
  const setting = useFakeProviderApp(kind, {
    apiKey: KEY,
    latencyMs: 0,
    env: { EVAL_CONCURRENCY: '32', FREE_EVALUATIONS_PER_MONTH: '100' },
  });

  it('spends at most one call’s worst case over the budget, runs calls while they fit, and stops the rest', async () => {
    const { client, projectId, configurationId } = await userWithConfiguration(setting.ctx.app, {
      apiKey: KEY,
      model: 'gpt-4.1',
      maxTokens: 50,
    });
    const inputIds: number[] = [];
    for (let n = 0; n < 200; n++)
      inputIds.push(
        (
          await client.post(ROUTES.inputs(projectId), {
            name: `Q${n}`,
            content: `Question ${String(n).padStart(3, '0')}: what comes next in the series?`,
          })
        ).json().id,
      );
    const run = { configuration_ids: [configurationId], input_ids: inputIds };
    const estimate = (await client.post(ROUTES.runEvaluationEstimate, run)).json<RunEstimate>();
    // Every input is as long as the others: one call's worst case is the run's maximum over its calls.
    const worstCase = estimate.cost_usd_max! / estimate.calls;
    const budget = 4 * worstCase;

    const response = await client.post(ROUTES.runEvaluation, { ...run, budget_usd: budget });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().evaluation_id as number;
    await evaluationCompleted(setting.events, setting.ctx.database, id, 60_000);
    const document = (await client.get(ROUTES.evaluationResults(id))).json<EvaluationResults>();

    const succeeded = document.api_requests.filter((r) => r.status === 'SUCCESS');
    const stopped = document.api_requests.filter((r) => r.error_message === budgetStopMessage(budget));
    expect(succeeded.length).toBeGreaterThanOrEqual(4);
    expect(succeeded.length + stopped.length).toBe(200);
    expect(setting.fake.requests).toHaveLength(succeeded.length);
    const spent = document.evaluation.cost_usd!;
    expect(spent).toBeGreaterThanOrEqual(budget);
    expect(spent).toBeLessThanOrEqual(budget + worstCase);
    // Nothing stays reserved once the run has ended.
    const { rows } = await setting.ctx.database.executeSql<{ held: number }>(
      `SELECT count(*)::int AS held FROM api_requests WHERE evaluation_id = $1 AND status = 'IN_PROGRESS'`,
      [id],
    );
    expect(itemAt(rows, 0).held).toBe(0);
  });
});
