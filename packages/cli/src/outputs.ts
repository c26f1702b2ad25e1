import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { XMLBuilder } from 'fast-xml-parser';
import {
  aiModelLabel,
  resultsCsvTable,
  type ApiRequestWithOutput,
  type Check,
  type EvaluationRecord,
  type EvaluationResults,
  type ResultsCsvRow,
} from '@promptgrid/contract';
import { CliError } from './client.js';
import { nameById, type LeaderboardRow } from './report.js';

export type RunReport = {
  results: EvaluationResults;
  /** The run's inputs and configurations as it froze them, with expected outputs and variables. */
  record: EvaluationRecord;
  leaderboard: LeaderboardRow[];
  checks: Check[];
  failures: string[];
};

/**
 * What went wrong on one call, in words: its error and each check that could not decide (errors: nothing was learnt
 * of the output), and each check that failed with its reason (failures). A verdict that could not be decided is no
 * failure, as the leaderboard's counts leave it out.
 */
function problemsOf(request: ApiRequestWithOutput, checks: Check[]): { failures: string[]; errors: string[] } {
  const undecided = request.scores
    .filter((score) => score.error)
    .map((score) => `${nameById(checks, score.check_id)}: could not decide: ${score.error}`);
  const errors = [...(request.status === 'FAILED' ? [request.error_message ?? 'The call failed.'] : []), ...undecided];
  const failures = request.scores
    .filter((score) => !score.error && score.pass === false)
    .map((score) => `${nameById(checks, score.check_id)}: ${score.reason}`);
  return { failures, errors };
}

/** JSON: the run, its leaderboard, the threshold failures and every request with its output. */
export const reportJson = (report: RunReport) =>
  `${JSON.stringify(
    {
      evaluation: report.results.evaluation,
      leaderboard: report.leaderboard,
      failures: report.failures,
      results: report.results,
    },
    null,
    2,
  )}\n`;

/**
 * CSV: one row per call, in the product's one CSV format (resultsCsvTable), the Results screen's download with every
 * repetition: inputs, variables and expected outputs as the run froze them, names as the screen gives them.
 */
export function reportCsv({ results, record, checks }: RunReport): string {
  const inputs = new Map(record.inputs.map((input) => [input.id, input]));
  const configurations = new Map(record.configurations.map((configuration) => [configuration.id, configuration]));
  const rows = results.api_requests.map((request): ResultsCsvRow => {
    const input = request.input === null ? undefined : inputs.get(request.input);
    const configuration = configurations.get(request.configuration);
    return {
      inputName: request.input === null ? 'No user prompt' : (input?.name ?? `Input #${request.input}`),
      input: input?.content ?? '',
      messages: input?.messages ?? null,
      expected: input?.expected_output ?? null,
      variables: input?.variables,
      configuration: configuration?.name ?? `Prompt #${request.configuration}`,
      model: configuration ? aiModelLabel(configuration.ai_model) : 'Deleted prompt',
      repetition: request.repetition,
      status: request.status,
      output: request.output,
      toolCalls: request.tool_calls,
      error: request.error_message,
      verdicts: request.scores.map((score) => ({
        checkId: score.check_id,
        name: checks.find((check) => check.id === score.check_id)?.name ?? `Check #${score.check_id}`,
        pass: score.pass,
        reason: score.error ?? score.reason,
      })),
      rating: request.rating?.rating ?? null,
      cost: request.cost_usd,
      judgeCost: request.judge_cost_usd,
      inputTokens: request.input_token_total_count,
      outputTokens: request.output_token_count,
      seconds: request.execution_time,
      ttft: request.ttft,
    };
  });
  const { fields, data } = resultsCsvTable(rows, results.evaluation.use_mock);
  return stringify([fields, ...data], { record_delimiter: '\r\n' });
}

/**
 * JUnit XML: a test suite per configuration and a test case per input x configuration (its repetitions together), so
 * CI systems list them natively; a failing case carries the check messages, a failed call an error.
 */
export function reportJunit({ results, checks }: RunReport): string {
  const suites = results.configurations.map((configuration) => {
    const cases = new Map<number | null, ApiRequestWithOutput[]>();
    for (const request of results.api_requests.filter((r) => r.configuration === configuration.id)) {
      cases.set(request.input, [...(cases.get(request.input) ?? []), request]);
    }
    const testcases = [...cases].map(([input, requests]) => {
      const problems = requests.map((request) => problemsOf(request, checks));
      const failures = problems.flatMap((p) => p.failures);
      const errors = problems.flatMap((p) => p.errors);
      const time = requests.reduce((sum, r) => sum + (r.execution_time ?? 0), 0);
      return {
        '@_name': nameById(results.inputs, input),
        '@_classname': configuration.name,
        '@_time': time.toFixed(3),
        ...(failures.length ? { failure: { '@_message': failures[0], '#text': failures.join('\n') } } : {}),
        ...(errors.length ? { error: { '@_message': errors[0], '#text': errors.join('\n') } } : {}),
      };
    });
    return {
      '@_name': configuration.name,
      '@_tests': testcases.length,
      '@_failures': testcases.filter((c) => 'failure' in c).length,
      '@_errors': testcases.filter((c) => 'error' in c).length,
      testcase: testcases,
    };
  });
  const count = (key: '@_tests' | '@_failures' | '@_errors') => suites.reduce((sum, suite) => sum + suite[key], 0);
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': `Promptgrid run ${results.evaluation.id}: ${results.evaluation.name}`,
      '@_tests': count('@_tests'),
      '@_failures': count('@_failures'),
      '@_errors': count('@_errors'),
      testsuite: suites,
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: true,
  });
  return builder.build(document);
}

const WRITERS: Record<string, (report: RunReport) => string> = {
  '.json': reportJson,
  '.csv': reportCsv,
  '.xml': reportJunit,
};

/** Writes the report in the format its file name says: .json, .csv or .xml (JUnit). */
export function writeReport(file: string, report: RunReport) {
  const write = WRITERS[path.extname(file).toLowerCase()];
  if (!write) throw new CliError(`--output must end in .json, .csv or .xml (JUnit), not ${JSON.stringify(file)}.`);
  fs.writeFileSync(file, write(report));
}
