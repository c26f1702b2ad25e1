import { describe, expect, it } from 'vitest';
import { apiRequestFixture, resultFixture } from '@/testing/fixtures';
import { agreementLabel, flakyChecks, latencyRange, repetitionSpread, runAgreement } from './repetitions';
import type { Cell, CellRun } from './results-index';

const done = (id: number, output: string, seconds: number): CellRun => ({
  request: { ...apiRequestFixture(id, 1, 5, 'SUCCESS'), execution_time: seconds },
  result: { ...resultFixture(id, 1, 5, output), execution_time: seconds },
});
const failed = (id: number): CellRun => ({ request: apiRequestFixture(id, 1, 5, 'FAILED', 'x'), result: undefined });
const cell = (runs: [CellRun, ...CellRun[]]): Cell => ({ ...runs[0], runs });

describe('repetitions', () => {
  it('spreads latency over the successful runs and counts their distinct outputs', () => {
    const spread = repetitionSpread([done(1, 'a', 1.2), done(2, 'b', 0.8), failed(3), done(4, 'a', 1)]);
    expect(spread).toEqual({ runs: 4, succeeded: 3, minSeconds: 0.8, maxSeconds: 1.2, distinct: 2 });
    expect(agreementLabel(spread)).toBe('2 distinct');
    expect(latencyRange(spread)).toBe('0.80–1.20s');
  });

  it("says 'identical' when every successful run agrees, and nothing before two have succeeded", () => {
    expect(agreementLabel(repetitionSpread([done(1, 'same', 1), done(2, 'same', 1)]))).toBe('identical');
    expect(latencyRange(repetitionSpread([done(1, 'same', 1), done(2, 'same', 1)]))).toBe('1.00s');
    expect(agreementLabel(repetitionSpread([done(1, 'a', 1), failed(2)]))).toBeNull();
    expect(latencyRange(repetitionSpread([failed(1), failed(2)]))).toBeNull();
  });

  it('sums agreement over the cells with repetitions that can be compared', () => {
    const cells = [
      cell([done(1, 'a', 1), done(2, 'a', 1)]),
      cell([done(3, 'a', 1), done(4, 'b', 1)]),
      cell([done(5, 'a', 1), failed(6)]),
      cell([done(7, 'a', 1)]),
    ];
    expect(runAgreement(cells)).toEqual({ identical: 1, compared: 2 });
    expect(runAgreement([cell([done(1, 'a', 1)])])).toBeNull();
  });

  it('finds the checks that both passed and failed over the repetitions, leaving out runs without a verdict', () => {
    const judged = (id: number, verdicts: [number, boolean | null][]): CellRun => {
      const { request, result } = done(id, `Output ${id}`, 1);
      const scores = verdicts.map(([check_id, pass]) => ({ check_id, pass, score: null, reason: '', error: null }));
      return { request: { ...request!, scores }, result };
    };
    const runs = [
      judged(1, [
        [5, true],
        [6, true],
        [7, null],
      ]),
      judged(2, [
        [5, false],
        [6, true],
        [7, true],
      ]),
      judged(3, [
        [5, true],
        [6, true],
        [7, false],
      ]),
    ];
    expect(flakyChecks(runs)).toEqual([
      { checkId: 5, passed: 2, runs: 3 },
      { checkId: 7, passed: 1, runs: 2 },
    ]);
    expect(flakyChecks(runs.slice(0, 1))).toEqual([]);
  });
});
