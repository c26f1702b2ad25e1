/**
 * How far a run's spend goes past its budget when the provider answers at once: 1000 calls (200 inputs x 5
 * configurations of gpt-4o-mini, max tokens 200) at EVAL_CONCURRENCY=32 against the fake provider with no latency, for
 * budgets of 1, 10 and 100 times one call's worst case (its prompt tokens + max tokens at the price, from the
 * estimate). Prints the spend, the overshoot in dollars and as a multiple of one call's worst case, how many calls
 * were sent, and the run's wall time. Goal: overshoot <= 1x a call's worst case (each call reserves its worst case
 * before it is sent; see server/src/evaluations/tasks/budget-reservations.ts).
 */
import {
  ROUTES,
  formatUsd,
  type EvaluationResults,
  type RunEstimate,
  type RunEvaluationResponse,
} from '@promptgrid/contract';
import { databaseLabel, setUp } from './eval-support.js';

const CONCURRENCY = Number(process.env.EVAL_CONCURRENCY ?? 32);
const MULTIPLES = [1, 10, 100];

const bench = await setUp({ inputs: 200, configurations: 5, latencyMs: 0, concurrency: CONCURRENCY });
try {
  const run = { configuration_ids: bench.configurationIds, input_ids: bench.inputIds, use_mock: false };
  const estimate = await bench.client.ok<RunEstimate>('POST', ROUTES.runEvaluationEstimate, run);
  // The inputs differ by a digit or two: the largest call's worst case is within a token of the mean.
  const worstCase = estimate.cost_usd_max! / estimate.calls;
  console.log(
    `budget-overshoot: ${estimate.calls} calls, no latency, concurrency ${CONCURRENCY}, ${databaseLabel()}; ` +
      `one call's worst case ${formatUsd(worstCase)}`,
  );
  for (const multiple of MULTIPLES) {
    const budget = multiple * worstCase;
    const started = performance.now();
    const { evaluation_id: id } = await bench.client.ok<RunEvaluationResponse>('POST', ROUTES.runEvaluation, {
      ...run,
      budget_usd: budget,
    });
    let document: EvaluationResults;
    for (;;) {
      document = await bench.client.ok<EvaluationResults>('GET', ROUTES.evaluationResults(id));
      if (document.evaluation.completed_at !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const wallS = (performance.now() - started) / 1000;
    const spent = document.evaluation.cost_usd ?? 0;
    const overshoot = Math.max(0, spent - budget);
    const sent = document.api_requests.filter((r) => r.status === 'SUCCESS').length;
    console.log(
      `  budget ${multiple}x (${formatUsd(budget)}): spent ${formatUsd(spent)}, overshoot ${formatUsd(overshoot)} ` +
        `= ${(overshoot / worstCase).toFixed(2)}x one call's worst case; ${sent} calls sent; ${wallS.toFixed(2)} s`,
    );
  }
} finally {
  await bench.close();
}
