import os from 'node:os';

/** The value at quantile p (0..1) of values sorted ascending, by nearest rank; a benchmark with no values is broken. */
export function percentile(sorted: readonly number[], p: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  if (value === undefined) throw new Error('No values to take a percentile of.');
  return value;
}

/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** The machine's one-minute load average, printed beside timings because other work on it slows them. */
export const loadAverage = () => os.loadavg()[0] ?? 0;
