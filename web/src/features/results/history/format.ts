import type { EvaluationHistoryItem } from '@promptgrid/contract';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** '6 calls: 2 prompts × 3 inputs' (a run without user prompts makes one call per prompt). */
export const runSize = (run: Pick<EvaluationHistoryItem, 'total_requests' | 'configuration_count' | 'input_count'>) =>
  `${plural(run.total_requests, 'call')}: ${plural(run.configuration_count, 'prompt')} × ${
    run.input_count === 0 ? 'no user prompt' : plural(run.input_count, 'input')
  }`;

/** '5 succeeded · 1 failed', with what is still open while the run goes on. */
export function runOutcome({ status_counts: c }: Pick<EvaluationHistoryItem, 'status_counts'>): string {
  const parts = [`${c.SUCCESS.toLocaleString('en-US')} succeeded`, `${c.FAILED.toLocaleString('en-US')} failed`];
  const open = c.PENDING + c.IN_PROGRESS;
  if (open > 0) parts.push(`${open.toLocaleString('en-US')} to go`);
  return parts.join(' · ');
}

// The name a run gets when its user gives none: 'Evaluation' and the ISO time it started (the spec's default).
const DEFAULT_NAME = /^Evaluation (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)$/;

/**
 * A run's name as the screens show it: the name its user gave, or in place of the default one, when and how big it
 * was, 'Dec 1, 22:23 · 4 prompts × 100 inputs' in the reader's time zone. The stored name stays the default.
 */
export function shownRunName(name: string, size: { prompts: number; inputs: number }): string {
  const started = DEFAULT_NAME.exec(name)?.[1];
  if (started === undefined) return name;
  const at = new Date(started);
  const day = at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  const time = at.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const prompts = plural(size.prompts, 'prompt');
  return `${day}, ${time} · ${size.inputs === 0 ? prompts : `${prompts} × ${plural(size.inputs, 'input')}`}`;
}

/** shownRunName for a run as the API lists it. */
export const nameOfRun = (run: { name: string; configuration_ids: number[]; input_ids: number[] }) =>
  shownRunName(run.name, { prompts: run.configuration_ids.length, inputs: run.input_ids.length });

export const formatRunTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const isRunning = (run: Pick<EvaluationHistoryItem, 'completed_at'>) => run.completed_at === null;
