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
