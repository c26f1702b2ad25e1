import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ApiRequest, EvaluationResults } from '@promptgrid/contract';
import { apiRequestFixture, resultFixture } from '@/testing/fixtures';
// The CLI's writer, read from its sources: the two files of one run must be one format.
import { reportCsv, type RunReport } from '../../../../../packages/cli/src/outputs';
import { frozenConfigurations, frozenInputs } from '../lib/frozen';
import { evaluationMembers, indexCells } from '../lib/results-index';
import { recordFixture } from '../testing/history-fixtures';
import { gridCsv } from './csv';
import { gridFromResults } from './grid-data';

const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((item) => [item.id, item]));

/** Prompts 5 and 6 on two inputs with expected outputs and variables; one call failed, one verdict per output. */
function run(mock: boolean) {
  const record = recordFixture(9, { use_mock: mock });
  record.inputs = record.inputs.map((input) => ({
    ...input,
    expected_output: `Answer ${input.id}`,
    variables: { city: input.id === 1 ? 'Paris' : 'Oslo' },
  }));
  const verdict = (pass: boolean) => [{ check_id: 3, pass, score: Number(pass), reason: 'Said so.', error: null }];
  const requests: ApiRequest[] = [
    { ...apiRequestFixture(1, 1, 5, 'SUCCESS'), scores: verdict(true), rating: { rating: 1, note: '' } },
    apiRequestFixture(2, 1, 6, 'FAILED', 'Incorrect API key provided'),
    { ...apiRequestFixture(3, 2, 5, 'SUCCESS'), scores: verdict(false) },
    { ...apiRequestFixture(4, 2, 6, 'SUCCESS'), scores: verdict(true) },
  ];
  const results = [resultFixture(1, 1, 5, 'Answer 1'), resultFixture(3, 2, 5, '=1+1'), resultFixture(4, 2, 6, 'Hi')];
  const checkNames = new Map([[3, 'Says so']]);

  const web = gridCsv(
    gridFromResults(
      indexCells(requests, results),
      evaluationMembers(requests),
      byId(frozenInputs(record)),
      byId(frozenConfigurations(record)),
      mock,
      checkNames,
    ),
  );
  const outputs = new Map(results.map((result) => [result.api_request, result.output]));
  const report = {
    results: {
      evaluation: record.evaluation,
      configurations: record.configurations,
      inputs: record.inputs,
      api_requests: requests.map((request) => ({
        ...request,
        output: outputs.get(request.id) ?? null,
        tool_calls: [],
      })),
    } as unknown as EvaluationResults,
    record,
    checks: [{ id: 3, name: 'Says so' }],
    leaderboard: [],
    failures: [],
  } as unknown as RunReport;
  // The CLI ends its file with a line end, as command-line tools do; the download does not.
  const parse = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  return { web: parse(web), cli: parse(reportCsv(report)) };
}

describe('one CSV format for the Results download and the CLI', () => {
  it('gives the same header and rows for the same run, a mock run with its notice column too', () => {
    for (const mock of [false, true]) {
      const { web, cli } = run(mock);
      expect(cli[0]).toEqual(web[0]);
      expect(cli).toEqual(web);
    }
    const [header] = run(false).web;
    expect(header).toEqual([
      'input_name',
      'input',
      'expected_output',
      'variables.city',
      'configuration',
      'model',
      'status',
      'output',
      'error_message',
      'check: Says so',
      'check: Says so (reason)',
      'rating',
      'cost_usd',
      'judge_cost_usd',
      'input_tokens',
      'output_tokens',
      'latency_s',
      'time_to_first_token_s',
    ]);
  });
});
