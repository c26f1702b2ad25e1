// Is the difference between two configurations real? Pairs their verdicts, latencies and costs case by case.
import {
  passRateRules,
  type MedianComparison,
  type PairedSignificance,
  type PassRateComparison,
  type RunSignificance,
} from '@promptgrid/contract';
import type { Cell } from './cells.js';
import {
  exactMcNemar,
  holmAdjust,
  mcNemarSampleSize,
  medianDifference,
  passRateDifference,
  type PairedPasses,
} from './paired.js';

/** Fewer paired inputs than this make any interval meaningless; the answer says so instead. */
export const MIN_PAIRED_INPUTS = 5;

const pairKey = (c: Cell) => `${c.inputId ?? 'none'}:${c.repetition}`;
const tooFew = (what: string, found: number) => ({
  available: false as const,
  reason: `Too few inputs with ${what} on both sides: ${found} (at least ${MIN_PAIRED_INPUTS} are needed).`,
});

/** Per input, the mean of b − a over the repetitions where both have a value. */
function pairedMeans(pairs: [Cell, Cell][], value: (c: Cell) => number | null): number[] {
  const byInput = new Map<number | null, { sum: number; n: number }>();
  for (const [a, b] of pairs) {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) continue;
    const entry = byInput.get(a.inputId) ?? { sum: 0, n: 0 };
    byInput.set(a.inputId, { sum: entry.sum + y - x, n: entry.n + 1 });
  }
  return [...byInput.values()].map(({ sum, n }) => sum / n);
}

function compareMedians(differences: number[], what: string): MedianComparison {
  if (differences.length < MIN_PAIRED_INPUTS) return tooFew(what, differences.length);
  return { available: true, paired_inputs: differences.length, ...medianDifference(differences) };
}

function comparePassRates(pairs: [Cell, Cell][]): PassRateComparison {
  const byInput = new Map<number | null, PairedPasses>();
  const counts = { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
  for (const [a, b] of pairs) {
    for (const [check, passA] of a.verdicts) {
      const passB = b.verdicts.get(check);
      if (passB === undefined) continue;
      const input = byInput.get(a.inputId) ?? { pairs: 0, difference: 0 };
      byInput.set(a.inputId, { pairs: input.pairs + 1, difference: input.difference + Number(passB) - Number(passA) });
      counts[passA ? (passB ? 'both' : 'onlyA') : passB ? 'onlyB' : 'neither']++;
    }
  }
  if (byInput.size < MIN_PAIRED_INPUTS) return tooFew('check verdicts', byInput.size);
  const n = counts.both + counts.onlyA + counts.onlyB + counts.neither;
  const { difference, interval } = passRateDifference([...byInput.values()]);
  return decidePassRates({
    available: true,
    paired_inputs: byInput.size,
    paired_verdicts: n,
    pass_rate_a: (counts.both + counts.onlyA) / n,
    pass_rate_b: (counts.both + counts.onlyB) / n,
    difference,
    interval,
    both_passed: counts.both,
    only_a_passed: counts.onlyA,
    only_b_passed: counts.onlyB,
    neither_passed: counts.neither,
    p_value: exactMcNemar(counts.onlyA, counts.onlyB),
    verdict: 'no_clear_difference',
    more_cases_needed: null,
  });
}

type AvailablePassRates = Extract<PassRateComparison, { available: true }>;

/**
 * "Better" only where the interval excludes 0 and the p-value (Holm-adjusted when several comparisons are read
 * together) is below 0.05; otherwise about how many more inputs would show the observed difference, from Connor's
 * McNemar sample size turned into inputs at this run's verdicts per input.
 */
export function decidePassRates(result: AvailablePassRates, pValue = result.p_value): AvailablePassRates {
  const { intervalExcludesZero, pValueBelowLevel } = passRateRules(result, pValue);
  if (intervalExcludesZero && pValueBelowLevel)
    return { ...result, verdict: result.difference > 0 ? 'b_better' : 'a_better', more_cases_needed: null };
  const n = result.paired_verdicts;
  const needed = mcNemarSampleSize(result.only_a_passed / n, result.only_b_passed / n);
  const verdictsPerInput = n / result.paired_inputs;
  return {
    ...result,
    verdict: 'no_clear_difference',
    more_cases_needed: needed === null ? null : Math.ceil(Math.max(needed - n, 1) / verdictsPerInput),
  };
}

/** Side a against side b (b − a): cells paired by input and repetition. */
export function compareSides(aId: number, a: Cell[], bId: number, b: Cell[]): PairedSignificance {
  const bByKey = new Map(b.map((cell) => [pairKey(cell), cell]));
  const pairs: [Cell, Cell][] = [];
  for (const cell of a) {
    const other = bByKey.get(pairKey(cell));
    if (other) pairs.push([cell, other]);
  }
  const succeeded = pairs.filter(([x, y]) => x.status === 'SUCCESS' && y.status === 'SUCCESS');
  return {
    a: aId,
    b: bId,
    pass_rate: comparePassRates(pairs),
    latency: compareMedians(
      pairedMeans(succeeded, (c) => c.executionTime),
      'a latency',
    ),
    cost: compareMedians(
      pairedMeans(succeeded, (c) => c.costUsd),
      'a known cost',
    ),
  };
}

/**
 * Each configuration both runs ran, base against head on the same inputs, with the pass-rate p-values adjusted
 * together (Holm): with many configurations, one would otherwise look better by chance.
 */
export function compareRuns({
  base,
  head,
  shared,
}: {
  base: { id: number; cells: Cell[] };
  head: { id: number; cells: Cell[] };
  /** The configurations both runs ran, in the head run's order. */
  shared: { id: number; name: string }[];
}): RunSignificance {
  const comparisons = shared.map((c) => ({
    configuration_id: c.id,
    name: c.name,
    significance: compareSides(
      c.id,
      base.cells.filter((cell) => cell.configurationId === c.id),
      c.id,
      head.cells.filter((cell) => cell.configurationId === c.id),
    ),
  }));
  const tested = comparisons.filter((c) => c.significance.pass_rate.available);
  const adjustedPValues = holmAdjust(
    tested.map((c) => (c.significance.pass_rate.available ? c.significance.pass_rate.p_value : 1)),
  );
  const adjusted = new Map(tested.map((c, i) => [c.configuration_id, adjustedPValues[i]]));
  const configurations: RunSignificance['configurations'] = comparisons.map((c) => {
    const p = adjusted.get(c.configuration_id) ?? null;
    const passRate = c.significance.pass_rate;
    return {
      ...c,
      significance: {
        ...c.significance,
        pass_rate: passRate.available && p !== null ? decidePassRates(passRate, p) : passRate,
      },
      adjusted_p_value: p,
    };
  });
  return { base: base.id, head: head.id, configurations };
}
