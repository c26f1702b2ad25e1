import { formatUsd, type ApiRequestStatus, type Metrics } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { MockOutputsNote } from '@/components/ui/mock-outputs-note';
import { formatSeconds, type RunStatus } from '../lib/status';
import { runCostText } from '../lib/cost';
import { ProgressGrid, ProgressLegend } from './progress-grid';

const STATUS_TONES: Record<RunStatus, string> = {
  Running: 'bg-blue-50 text-blue-700 ring-blue-200 dark:bg-blue-950 dark:text-blue-300 dark:ring-blue-900',
  Complete:
    'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-900',
  Partial: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900',
  Failed: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950 dark:text-red-300 dark:ring-red-900',
  Cancelled: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700',
};

type Props = {
  finished: number;
  total: number;
  metrics: Metrics | null;
  /** While the run is going: output tokens read 'calculating...'. */
  polling: boolean;
  /** Updates stopped on a polling error: the Running badge does not pulse. */
  paused?: boolean;
  status: RunStatus;
  dots: ApiRequestStatus[];
  canDownload: boolean;
  onDownload: () => void;
  /** The grid as CSV, one row per cell, offered beside the JSON download. */
  onDownloadCsv?: () => void;
  /** With repetitions: how many cells' repeated runs gave identical outputs, of those with two or more done. */
  agreement?: { identical: number; compared: number } | null;
  /** The run was made in mock mode: the summary says its figures measure nothing. */
  mock?: boolean;
};

function DownloadButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick}>
      <svg
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
      >
        <path d="M12 3v12m0 0-4-4m4 4 4-4M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
      </svg>
      {children}
    </Button>
  );
}

/** `whole`: the value is never cut short (a cost), even if it reaches into the gap beside it. */
function Stat({ label, value, whole = false }: { label: string; value: string; whole?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={cn('mt-0.5 text-lg font-semibold tabular-nums', whole ? 'whitespace-nowrap' : 'truncate')}>
        {value}
      </dd>
    </div>
  );
}

/** The summary bar of the results screen. */
export function SummaryBar({
  finished,
  total,
  metrics,
  polling,
  paused = false,
  status,
  dots,
  canDownload,
  onDownload,
  onDownloadCsv,
  agreement = null,
  mock = false,
}: Props) {
  // A shared grid's metrics carry no cost.
  const withCost = metrics !== null && metrics.cost_usd !== undefined;
  return (
    <section
      aria-label="Evaluation summary"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {/* One row on a wide screen: the figures, the progress dots with their legend, then the status and download. */}
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between lg:gap-8">
        <dl className={cn('grid flex-1 grid-cols-2 gap-4', withCost ? 'sm:grid-cols-5' : 'sm:grid-cols-4')}>
          <Stat label="Requests" value={`${finished} of ${total}`} />
          <Stat label="Avg. time" value={formatSeconds(metrics?.average_execution_time)} />
          <Stat label="Input tokens" value={(metrics?.input_tokens ?? 0).toLocaleString()} />
          <Stat
            label="Output tokens"
            value={polling ? 'calculating...' : (metrics?.output_tokens ?? 0).toLocaleString()}
          />
          {agreement ? (
            <Stat label="Identical repetitions" value={`${agreement.identical} of ${agreement.compared}`} />
          ) : null}
          {withCost ? <Stat label="Cost" value={runCostText(metrics)} whole /> : null}
          {withCost && metrics.judge_cost_usd ? (
            <Stat label="Judge cost" value={formatUsd(metrics.judge_cost_usd)} whole />
          ) : null}
        </dl>
        <div className="flex min-w-0 flex-col gap-2 border-t border-slate-100 pt-4 lg:max-w-md lg:border-t-0 lg:pt-0 dark:border-slate-800">
          <div className="max-h-56 overflow-auto">
            <ProgressGrid dots={dots} />
          </div>
          <ProgressLegend />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span
            role="status"
            aria-label={`Status: ${status}`}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset',
              STATUS_TONES[status],
            )}
          >
            {status === 'Running' ? (
              <span aria-hidden className={cn('size-1.5 rounded-full bg-current', !paused && 'animate-pulse')} />
            ) : null}
            {status}
          </span>
          {canDownload ? (
            <>
              <DownloadButton onClick={onDownload}>Download JSON</DownloadButton>
              {onDownloadCsv ? <DownloadButton onClick={onDownloadCsv}>Download CSV</DownloadButton> : null}
            </>
          ) : null}
        </div>
      </div>
      {mock ? <MockOutputsNote className="mt-4" /> : null}
    </section>
  );
}
