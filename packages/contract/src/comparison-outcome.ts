import { z } from 'zod';
import { totalCostUsd } from './cost.js';

/**
 * One side of a compared case (an input on a configuration): its checks' verdicts, what its call cost and what judging
 * its output cost.
 */
export type CaseSide = {
  checks_passed: number;
  checks_total: number;
  cost_usd: number | null;
  judge_cost_usd: number | null;
};

/**
 * What a comparison comes to before its cells: cases (an input on a configuration) that failed a check before and
 * pass every check now (fixed), the reverse (broken), or read the same (unchanged); each side's pass rate over its
 * checks' verdicts and its cost in all (calls and judging), with the judging's part apart. A case without verdicts on
 * both sides counts in none of the three.
 */
export const ComparisonOutcome = z.object({
  fixed: z.number().int(),
  broken: z.number().int(),
  unchanged: z.number().int(),
  base_pass_rate: z.number().nullable(),
  head_pass_rate: z.number().nullable(),
  /** The cases' calls and judging; null when no call's cost is known. */
  base_cost_usd: z.number().nullable(),
  head_cost_usd: z.number().nullable(),
  /** Of the cost, the judging's part; null when nothing was judged at a known price. */
  base_judge_cost_usd: z.number().nullable(),
  head_judge_cost_usd: z.number().nullable(),
});
export type ComparisonOutcome = z.infer<typeof ComparisonOutcome>;

const passes = (side: CaseSide | null) =>
  side === null || side.checks_total === 0 ? null : side.checks_passed === side.checks_total;

function sideTotals(sides: (CaseSide | null)[]) {
  let passed = 0;
  let total = 0;
  let calls: number | null = null;
  let judge: number | null = null;
  for (const side of sides) {
    if (side === null) continue;
    passed += side.checks_passed;
    total += side.checks_total;
    if (side.cost_usd !== null) calls = (calls ?? 0) + side.cost_usd;
    if (side.judge_cost_usd !== null) judge = (judge ?? 0) + side.judge_cost_usd;
  }
  return { passRate: total === 0 ? null : passed / total, cost: totalCostUsd(calls, judge), judge };
}

/** Sums a comparison's cases: the server's run against run, and the results screen's configuration against another. */
export function compareOutcome(cases: { base: CaseSide | null; head: CaseSide | null }[]): ComparisonOutcome {
  let [fixed, broken, unchanged] = [0, 0, 0];
  for (const { base, head } of cases) {
    const [before, after] = [passes(base), passes(head)];
    if (before === null || after === null) continue;
    if (before === after) unchanged++;
    else if (after) fixed++;
    else broken++;
  }
  const [base, head] = [sideTotals(cases.map((c) => c.base)), sideTotals(cases.map((c) => c.head))];
  return {
    fixed,
    broken,
    unchanged,
    base_pass_rate: base.passRate,
    head_pass_rate: head.passRate,
    base_cost_usd: base.cost,
    head_cost_usd: head.cost,
    base_judge_cost_usd: base.judge,
    head_judge_cost_usd: head.judge,
  };
}
