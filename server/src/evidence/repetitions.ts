// Consistency over repetitions: does a configuration pass a case every time, or only sometimes?
import { distance } from 'fastest-levenshtein';

/** A case (one check on one input) run n times, c of which passed. */
export type RepeatedCase = { runs: number; passed: number };

/** n choose k as a float; exact for the small counts repetitions have. */
function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/**
 * pass@k: the chance that at least one of k runs drawn from a case's n passes, averaged over cases (the unbiased
 * estimator of Chen et al., 2021, which is the plain "passed at least once" share when k = n).
 */
export function passAtK(cases: RepeatedCase[], k: number): number {
  const sum = cases.reduce(
    (total, { runs, passed }) => total + (runs - passed < k ? 1 : 1 - choose(runs - passed, k) / choose(runs, k)),
    0,
  );
  return sum / cases.length;
}

/** pass^k: the chance that all k runs drawn from a case's n pass, averaged over cases ("passed every time" at k = n). */
export function passHatK(cases: RepeatedCase[], k: number): number {
  return cases.reduce((total, { runs, passed }) => total + choose(passed, k) / choose(runs, k), 0) / cases.length;
}

/** A case that both passed and failed over its runs. */
export const isFlaky = ({ runs, passed }: RepeatedCase) => passed > 0 && passed < runs;

/** 1 − edit distance / the longer length: 1 for equal texts, 0 for texts with nothing in common. */
export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - distance(a, b) / longer;
}

/**
 * How much a cell's repeated outputs vary: how many distinct texts, and their mean pairwise similarity. Repetitions
 * often repeat a text word for word, so each pair of distinct texts is measured once and counted as often as it occurs.
 */
export function outputVariability(outputs: string[]): { distinct_outputs: number; mean_pairwise_similarity: number } {
  const counts = new Map<string, number>();
  for (const output of outputs) counts.set(output, (counts.get(output) ?? 0) + 1);
  const distinct = [...counts];
  // Pairs of equal texts have similarity 1.
  let sum = distinct.reduce((total, [, n]) => total + (n * (n - 1)) / 2, 0);
  for (const [i, [a, countA]] of distinct.entries())
    for (const [b, countB] of distinct.slice(i + 1)) sum += countA * countB * similarity(a, b);
  const pairs = (outputs.length * (outputs.length - 1)) / 2;
  return { distinct_outputs: distinct.length, mean_pairwise_similarity: pairs === 0 ? 1 : sum / pairs };
}
