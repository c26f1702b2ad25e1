import { SingleBar } from 'cli-progress';
import { EvaluationRecord, ROUTES, StatusCounts, type Evaluation } from '@promptgrid/contract';
import type { ApiClient } from './client.js';

const POLL_MS = 500;

/** A progress bar on a terminal; plain lines when the output is a log (not a TTY, or CI set) or JSON is asked for. */
function progressReporter(quiet: boolean) {
  const interactive = Boolean(process.stderr.isTTY) && !process.env.CI && !quiet;
  if (interactive) {
    const bar = new SingleBar({
      format: 'Running [{bar}] {value}/{total} calls, {failed} failed',
      stream: process.stderr,
    });
    let started = false;
    return {
      update(counts: StatusCounts) {
        if (!started) bar.start(counts.total, 0, { failed: 0 });
        started = true;
        bar.update(counts.SUCCESS + counts.FAILED, { failed: counts.FAILED });
      },
      stop: () => started && bar.stop(),
    };
  }
  let last = '';
  return {
    update(counts: StatusCounts) {
      const line = `${counts.SUCCESS + counts.FAILED}/${counts.total} calls done, ${counts.FAILED} failed`;
      if (line !== last && !quiet) process.stderr.write(`${line}\n`);
      last = line;
    },
    stop() {},
  };
}

/** Polls the run until it completes or is cancelled (its judges included), showing progress on stderr. */
export async function followRun(api: ApiClient, evaluationId: number, quiet: boolean): Promise<Evaluation> {
  const progress = progressReporter(quiet);
  try {
    for (;;) {
      const { evaluation } = await api.get(EvaluationRecord, ROUTES.evaluation(evaluationId));
      // Read after the run's state, so the counts shown at its end are its final ones.
      progress.update(await api.get(StatusCounts, ROUTES.apiRequestStatusCounts(evaluationId)));
      if (evaluation.completed_at || evaluation.cancelled_at) return evaluation;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    progress.stop();
  }
}
