import type { EvaluationHistoryItem } from '@promptgrid/contract';
import { plural } from '@/lib/plural';
import { shownRunName } from '@/lib/run-name';

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

/** shownRunName for a run as the API lists it. */
export const nameOfRun = (run: { name: string; configuration_ids: number[]; input_ids: number[] }) =>
  shownRunName(run.name, { prompts: run.configuration_ids.length, inputs: run.input_ids.length });

export const formatRunTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const isRunning = (run: Pick<EvaluationHistoryItem, 'completed_at'>) => run.completed_at === null;
