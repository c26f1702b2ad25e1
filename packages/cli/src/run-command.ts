import fs from 'node:fs';
import { z } from 'zod';
import {
  Check,
  ConfigurationSummary,
  EvaluationComparison,
  EvaluationRecord,
  EvaluationResults,
  ROUTES,
  RunEstimate,
  RunEvaluationResponse,
} from '@promptgrid/contract';
import { CliError, EXIT, type ApiClient } from './client.js';
import { followRun } from './follow.js';
import { reportJson, writeReport, type RunReport } from './outputs.js';
import {
  leaderboard,
  leaderboardMarkdown,
  estimateText,
  leaderboardText,
  runNotes,
  parseThreshold,
  regressions,
  thresholdFailures,
} from './report.js';
import { findProject, selectConfigurations, selectInputs } from './selection.js';

/** What `run` and `estimate` both choose: the project, its configurations and inputs, and how the run goes. */
export type SelectionOptions = {
  project: string;
  inputs?: string[];
  sample?: number;
  configs?: string[];
  mock?: boolean;
  repetitions?: number;
  budget?: number;
  name?: string;
};

async function runBody(api: ApiClient, options: SelectionOptions) {
  const project = await findProject(api, options.project);
  const configurations = await selectConfigurations(api, project.id, options.configs);
  const inputs = await selectInputs(api, project.id, options);
  const body = {
    configuration_ids: configurations.map((c) => c.id),
    input_ids: inputs.map((i) => i.id),
    use_mock: Boolean(options.mock),
    repetitions: options.repetitions ?? 1,
    ...(options.budget === undefined ? {} : { budget_usd: options.budget }),
    ...(options.name ? { name: options.name } : {}),
  };
  return { project, body };
}

export async function estimateCommand(api: ApiClient, options: SelectionOptions & { json?: boolean }) {
  const { body } = await runBody(api, options);
  const estimate = await api.post(RunEstimate, ROUTES.runEvaluationEstimate, body);
  process.stdout.write(options.json ? `${JSON.stringify(estimate, null, 2)}\n` : `${estimateText(estimate)}\n`);
  return EXIT.ok;
}

export type RunOptions = SelectionOptions & {
  failUnder: string[];
  failOnRegression?: number;
  output: string[];
  maxFailed: number;
  wait: boolean;
  json?: boolean;
};

/** Everything the CLI reads about a finished run, to print it, judge it and write it out. */
export async function readRunReport(api: ApiClient, evaluationId: number, projectId: number) {
  const results = await api.get(EvaluationResults, ROUTES.evaluationResults(evaluationId));
  const record = await api.get(EvaluationRecord, ROUTES.evaluation(evaluationId));
  const summary = await api.get(z.array(ConfigurationSummary), ROUTES.summary(evaluationId));
  const checks = await api.get(z.array(Check), ROUTES.checks(projectId));
  return { results, record, checks, leaderboard: leaderboard(summary, results) };
}

/** Starts a run, follows it to the end, prints the leaderboard and answers the exit code (0, 1 or 2). */
export async function runCommand(api: ApiClient, options: RunOptions): Promise<number> {
  const thresholds = options.failUnder.map(parseThreshold);
  const { project, body } = await runBody(api, options);
  const started = await api.post(RunEvaluationResponse, ROUTES.runEvaluation, body);
  if (!options.wait) {
    process.stdout.write(
      options.json
        ? `${JSON.stringify(started)}\n`
        : `Started run ${started.evaluation_id} (${started.total_requests} calls).\n`,
    );
    return EXIT.ok;
  }
  if (!options.json) process.stderr.write(`Run ${started.evaluation_id}: ${started.total_requests} calls\n`);
  const evaluation = await followRun(api, started.evaluation_id, Boolean(options.json));
  const read = await readRunReport(api, evaluation.id, project.id);
  const failures = thresholdFailures(read.leaderboard, thresholds);
  if (options.failOnRegression !== undefined) {
    const comparison = await api.get(
      EvaluationComparison,
      ROUTES.compareEvaluations(options.failOnRegression, evaluation.id),
    );
    failures.push(...regressions(comparison, read.checks));
  }
  const report: RunReport = { ...read, failures };
  for (const file of options.output) writeReport(file, report);
  if (process.env.GITHUB_STEP_SUMMARY) {
    fs.appendFileSync(process.env.GITHUB_STEP_SUMMARY, leaderboardMarkdown(read.results, read.leaderboard, failures));
  }
  if (options.json) process.stdout.write(reportJson(report));
  else {
    process.stdout.write(`${[leaderboardText(read.leaderboard), ...runNotes(read.results.evaluation)].join('\n')}\n`);
    for (const failure of failures) process.stdout.write(`FAIL ${failure}\n`);
  }

  const failed = read.results.status_counts.FAILED;
  if (evaluation.cancelled_at) throw new CliError(`Run ${evaluation.id} was cancelled.`);
  if (failed > options.maxFailed) {
    const first = read.results.api_requests.find((r) => r.status === 'FAILED')?.error_message;
    throw new CliError(`${failed} calls failed, more than --max-failed ${options.maxFailed} (first: ${first}).`);
  }
  return failures.length > 0 ? EXIT.failed : EXIT.ok;
}
