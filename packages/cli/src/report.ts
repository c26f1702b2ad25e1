import {
  formatUsd,
  MOCK_OUTPUTS_NOTE,
  totalCostUsd,
  type Evaluation,
  type RunEstimate,
  type Check,
  type ConfigurationSummary,
  type EvaluationComparison,
  type EvaluationResults,
} from '@promptgrid/contract';
import { CliError } from './client.js';

/** The name of a configuration, input or check by its id; a request without an input has none. */
export const nameById = (list: { id: number; name: string }[], id: number | null) =>
  id === null ? '(no input)' : (list.find((item) => item.id === id)?.name ?? `#${id}`);

/** One configuration's line of the leaderboard as the CLI prints it. */
export type LeaderboardRow = {
  configuration_id: number;
  name: string;
  model: string;
  pass_rate: number | null;
  mean_score: number | null;
  checks_passed: number;
  checks_total: number;
  requests: number;
  failed: number;
  /** Its calls and the judging of their outputs; null when no call's cost is known. */
  cost_usd: number | null;
  /** Of cost_usd, what judging cost; null when nothing was judged at a known price. */
  judge_cost_usd: number | null;
  average_latency_s: number | null;
};

const sumKnown = (costs: (number | null)[]): number | null => {
  const known = costs.filter((cost): cost is number => cost !== null);
  return known.length === 0 ? null : known.reduce((sum, cost) => sum + cost, 0);
};

/** The server's leaderboard (best first) with each configuration's name, model and cost from the run's results. */
export function leaderboard(summary: ConfigurationSummary[], results: EvaluationResults): LeaderboardRow[] {
  return summary.map((line) => {
    const configuration = results.configurations.find((c) => c.id === line.configuration_id);
    const requests = results.api_requests.filter((r) => r.configuration === line.configuration_id);
    const judge = sumKnown(requests.map((r) => r.judge_cost_usd));
    return {
      configuration_id: line.configuration_id,
      name: configuration?.name ?? `#${line.configuration_id}`,
      model: configuration?.ai_model.model_name ?? '',
      pass_rate: line.pass_rate,
      mean_score: line.mean_score,
      checks_passed: line.checks_passed,
      checks_total: line.checks_total,
      requests: line.requests,
      failed: line.failed,
      cost_usd: totalCostUsd(sumKnown(requests.map((r) => r.cost_usd)), judge),
      judge_cost_usd: judge,
      average_latency_s: line.average_execution_time,
    };
  });
}

const percent = (rate: number | null) => (rate === null ? 'n/a' : `${(rate * 100).toFixed(1)}%`);
const seconds = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} s`);
const HEADERS = [
  'Configuration',
  'Model',
  'Pass rate',
  'Checks',
  'Cost',
  'of which judging',
  'Latency',
  'Failed calls',
];
const usd = (amount: number | null) => (amount === null ? 'n/a' : formatUsd(amount));

function cells(row: LeaderboardRow): string[] {
  return [
    row.name,
    row.model,
    percent(row.pass_rate),
    `${row.checks_passed}/${row.checks_total}`,
    usd(row.cost_usd),
    usd(row.judge_cost_usd),
    seconds(row.average_latency_s),
    String(row.failed),
  ];
}

/** Plain columns for a terminal or a CI log (no colours, no escape codes). */
export function leaderboardText(rows: LeaderboardRow[]): string {
  const table = [HEADERS, ...rows.map(cells)];
  // Every line has one cell per header.
  const widths = HEADERS.map((_, i) => Math.max(...table.map((line) => line[i]?.length ?? 0)));
  return table
    .map((line) =>
      line
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * What is said under a run's leaderboard: that a mock run's scores measure nothing, and what the run cost in all
 * (calls and judging) with the judging's part.
 */
export function runNotes(evaluation: Pick<Evaluation, 'use_mock' | 'total_cost_usd' | 'judge_cost_usd'>): string[] {
  const judging = evaluation.judge_cost_usd ? ` (judging ${formatUsd(evaluation.judge_cost_usd)})` : '';
  return [
    ...(evaluation.use_mock ? [`${MOCK_OUTPUTS_NOTE}.`] : []),
    `Total cost: ${usd(evaluation.total_cost_usd)}${judging}`,
  ];
}

/** What `estimate` prints for a person: the calls, the tokens sent, the likely and the highest cost, and what is unpriced. */
export function estimateText(estimate: RunEstimate): string {
  const cost = (amount: number | null) =>
    amount === null ? 'unknown (a model has no known price)' : formatUsd(amount);
  const judging =
    estimate.judge.calls > 0
      ? ` (judging: ${estimate.judge.calls} calls, likely ${cost(estimate.judge.expected_cost)})`
      : '';
  return [
    `Calls: ${estimate.calls}${judging}`,
    `Input tokens: ${estimate.input_tokens.toLocaleString('en-US')}; output at most ${estimate.max_output_tokens.toLocaleString('en-US')}`,
    `Likely cost: ${cost(estimate.expected_cost)}`,
    `At most: ${cost(estimate.max_cost)}`,
    ...(estimate.unpriced_models.length > 0
      ? [`Models without a known price: ${estimate.unpriced_models.join(', ')}`]
      : []),
  ].join('\n');
}

const markdownCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The leaderboard as a GitHub job summary: a heading, what ran, and a Markdown table. */
export function leaderboardMarkdown(results: EvaluationResults, rows: LeaderboardRow[], verdict: string[]): string {
  const { evaluation } = results;
  return [
    `## Promptgrid: ${markdownCell(evaluation.name)} (run ${evaluation.id})`,
    '',
    `${evaluation.total_requests} calls${evaluation.use_mock ? ' in mock mode' : ''}.`,
    '',
    `| ${HEADERS.join(' | ')} |`,
    `| ${HEADERS.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${cells(row).map(markdownCell).join(' | ')} |`),
    '',
    ...runNotes(evaluation).map(markdownCell),
    '',
    ...(verdict.length ? verdict.map((line) => `- ${markdownCell(line)}`) : ['All thresholds passed.']),
    '',
  ].join('\n');
}

export type Threshold = { metric: 'pass_rate' | 'mean_score'; min: number };

/** `pass_rate=0.9` or `mean_score=0.75`. */
export function parseThreshold(text: string): Threshold {
  const match = /^(pass_rate|mean_score)=(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!match || Number(match[2]) > 1)
    throw new CliError(
      `--fail-under takes pass_rate=N or mean_score=N with N from 0 to 1, not ${JSON.stringify(text)}.`,
    );
  return { metric: match[1] as Threshold['metric'], min: Number(match[2]) };
}

/** Every configuration must reach every threshold; one with nothing scored fails it. */
export function thresholdFailures(rows: LeaderboardRow[], thresholds: Threshold[]): string[] {
  return thresholds.flatMap(({ metric, min }) =>
    rows
      .filter((row) => row[metric] === null || row[metric] < min)
      .map(
        (row) =>
          `${row.name}: ${metric} ${row[metric] === null ? 'n/a (nothing scored)' : row[metric].toFixed(3)} < ${min}`,
      ),
  );
}

/** Checks that passed on a cell of the base run and fail on the same cell now. */
export function regressions(comparison: EvaluationComparison, checks: Check[]): string[] {
  return comparison.pairs.flatMap((pair) => {
    if (!pair.base || !pair.head) return [];
    const passedBefore = new Set(pair.base.scores.filter((s) => s.pass === true).map((s) => s.check_id));
    const cell = `${nameById(comparison.configurations, pair.configuration)} on ${nameById(comparison.inputs, pair.input)}`;
    return pair.head.scores
      .filter((score) => score.pass === false && passedBefore.has(score.check_id))
      .map(
        (score) =>
          `${cell}: check "${nameById(checks, score.check_id)}" passed in run ${comparison.base.id} ` +
          `and fails now (${score.reason})`,
      );
  });
}
