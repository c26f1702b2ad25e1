import { describe, expect, it } from 'vitest';
import { compareOutcome, type CaseSide } from './comparison-outcome.js';

const side = (
  checks_passed: number,
  checks_total: number,
  cost_usd: number | null = null,
  judge_cost_usd: number | null = null,
): CaseSide => ({ checks_passed, checks_total, cost_usd, judge_cost_usd });

describe('compareOutcome', () => {
  it('counts cases fixed, broken and unchanged, and sums each side’s pass rate and cost', () => {
    expect(
      compareOutcome([
        { base: side(0, 1, 0.25), head: side(1, 1, 0.5) },
        { base: side(2, 2, 0.25), head: side(1, 2, 0.25) },
        { base: side(1, 1), head: side(1, 1) },
        { base: side(0, 1), head: side(0, 1) },
        // Without verdicts on one side, or a side at all, a case is neither fixed, broken nor unchanged.
        { base: side(0, 0), head: side(1, 1) },
        { base: null, head: side(1, 1) },
      ]),
    ).toEqual({
      fixed: 1,
      broken: 1,
      unchanged: 2,
      base_pass_rate: 3 / 5,
      head_pass_rate: 5 / 7,
      base_cost_usd: 0.5,
      head_cost_usd: 0.75,
      base_judge_cost_usd: null,
      head_judge_cost_usd: null,
    });
  });

  it("counts what judging cost in each side's cost, and gives the judging's part apart", () => {
    expect(
      compareOutcome([
        { base: side(1, 1, 0.25, 0.125), head: side(1, 1, 0.5) },
        { base: side(1, 1, 0.25), head: side(1, 1, 0.25, 0.5) },
      ]),
    ).toMatchObject({
      base_cost_usd: 0.625,
      head_cost_usd: 1.25,
      base_judge_cost_usd: 0.125,
      head_judge_cost_usd: 0.5,
    });
  });

  it('answers null rates and costs where nothing was judged or priced', () => {
    expect(compareOutcome([{ base: side(0, 0), head: null }])).toMatchObject({
      base_pass_rate: null,
      head_pass_rate: null,
      base_cost_usd: null,
    });
  });
});
