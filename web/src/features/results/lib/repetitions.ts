import type { Cell, CellRun } from './results-index';

/** How a cell's repetitions compare: how many ran, the spread of their latency, and whether their outputs agree. */
export type RepetitionSpread = {
  runs: number;
  /** Runs that succeeded; only they have a latency and an output. */
  succeeded: number;
  minSeconds: number | null;
  maxSeconds: number | null;
  /** How many different outputs the successful runs gave: 1 means they all agree. */
  distinct: number;
};

export function repetitionSpread(runs: CellRun[]): RepetitionSpread {
  const done = runs.flatMap((run) => (run.result ? [run.result] : []));
  const times = done.map((result) => result.execution_time);
  return {
    runs: runs.length,
    succeeded: done.length,
    minSeconds: times.length > 0 ? Math.min(...times) : null,
    maxSeconds: times.length > 0 ? Math.max(...times) : null,
    distinct: new Set(done.map((result) => result.output)).size,
  };
}

/** 'identical' when every successful run gave the same output, else 'n distinct'; null before two have succeeded. */
export function agreementLabel(spread: RepetitionSpread): string | null {
  if (spread.succeeded < 2) return null;
  return spread.distinct === 1 ? 'identical' : `${spread.distinct} distinct`;
}

/** One check on one cell over its repetitions: how many of the verdicts passed, e.g. 2 of 3. */
export type CheckPassCount = { checkId: number; passed: number; runs: number };

/**
 * The checks that both passed and failed over a cell's repetitions (flaky), with their counts; runs where the check
 * could not decide, or has not judged yet, are left out, as the consistency statistics leave them out.
 */
export function flakyChecks(runs: CellRun[]): CheckPassCount[] {
  const counts = new Map<number, CheckPassCount>();
  for (const run of runs)
    for (const score of run.request?.scores ?? []) {
      if (score.pass === null) continue;
      const count = counts.get(score.check_id) ?? { checkId: score.check_id, passed: 0, runs: 0 };
      count.runs += 1;
      if (score.pass) count.passed += 1;
      counts.set(score.check_id, count);
    }
  return [...counts.values()].filter((count) => count.passed > 0 && count.passed < count.runs);
}

/** The latency spread, e.g. '0.81–1.22s' (one figure when they are equal). */
export function latencyRange({ minSeconds, maxSeconds }: RepetitionSpread): string | null {
  if (minSeconds === null || maxSeconds === null) return null;
  if (minSeconds.toFixed(2) === maxSeconds.toFixed(2)) return `${minSeconds.toFixed(2)}s`;
  return `${minSeconds.toFixed(2)}–${maxSeconds.toFixed(2)}s`;
}

/**
 * For the summary: among the cells with repetitions where at least two runs succeeded, how many gave identical
 * outputs. Null until there is such a cell (no repetitions, or too few done to compare).
 */
export function runAgreement(cells: Iterable<Cell>): { identical: number; compared: number } | null {
  let identical = 0;
  let compared = 0;
  for (const cell of cells) {
    if (cell.runs.length < 2) continue;
    const spread = repetitionSpread(cell.runs);
    if (spread.succeeded < 2) continue;
    compared += 1;
    if (spread.distinct === 1) identical += 1;
  }
  return compared > 0 ? { identical, compared } : null;
}
