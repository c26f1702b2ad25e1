import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import type { ApiRequestWithOutput, Check, Score } from '@promptgrid/contract';
import { reportJunit, type RunReport } from './outputs.js';

const check = (id: number, name: string) => ({ id, name }) as Check;
const score = (check_id: number, pass: boolean | null, error: string | null = null): Score => ({
  check_id,
  pass,
  score: pass === null ? null : Number(pass),
  reason: pass === false ? 'Too long.' : '',
  error,
});
const request = (input: number, scores: Score[]) =>
  ({
    input,
    configuration: 5,
    status: 'SUCCESS',
    error_message: null,
    execution_time: 1,
    scores,
  }) as unknown as ApiRequestWithOutput;

/** A run of one prompt on three inputs, as far as the JUnit report reads it. */
const report = (requests: ApiRequestWithOutput[]) =>
  ({
    results: {
      evaluation: { id: 1, name: 'Run' },
      configurations: [{ id: 5, name: 'Brief' }],
      inputs: [1, 2, 3].map((id) => ({ id, name: `Q${id}` })),
      api_requests: requests,
    },
    leaderboard: [],
    checks: [check(7, 'Short'), check(8, 'Judge')],
    failures: [],
  }) as unknown as RunReport;

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);

describe('the JUnit report', () => {
  it('reports a verdict that could not be decided as an error, not a failure', () => {
    const xml = parse(
      reportJunit(
        report([
          request(1, [score(7, true), score(8, null, 'No Anthropic API key.')]),
          request(2, [score(7, false), score(8, true)]),
          request(3, [score(7, true), score(8, true)]),
        ]),
      ),
    );
    expect(xml.testsuites).toMatchObject({ tests: '3', failures: '1', errors: '1' });
    const [undecided, failed, passed] = [xml.testsuites.testsuite.testcase].flat();
    expect(undecided.error.message).toBe('Judge: could not decide: No Anthropic API key.');
    expect(undecided.failure).toBeUndefined();
    expect(failed.failure.message).toBe('Short: Too long.');
    expect(passed.failure ?? passed.error).toBeUndefined();
  });
});
