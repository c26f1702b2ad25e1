import { type ApiRequestStatus, type Metrics } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { MockOutputsNote } from '@/components/ui/mock-outputs-note';
import { formatSeconds, type RunStatus } from '../lib/status';
import { judgeCostText, runCostText } from '../lib/cost';
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
  /** Outputs a judge has yet to score, and of how many outputs there are to score: shown apart from the calls. */
  judging?: { pending: number; of: number };
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
      <DownloadIcon />
      {children}
    </Button>
  );
}

/** A figure is never cut short: the grid gives each at least its label's width and wraps to another line instead. */
function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium whitespace-nowrap text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

/** The summary bar of the results screen. */
export function SummaryBar({
  finished,
  total,
  metrics,
  polling,
  judging,
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
      {/* The status, the progress in words and the downloads; the figures under them, then the dots. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
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
          <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
            Calls {finished.toLocaleString('en-US')}/{total.toLocaleString('en-US')}
            {judging && judging.pending > 0
              ? ` · Judging ${(judging.of - judging.pending).toLocaleString('en-US')}/${judging.of.toLocaleString('en-US')}`
              : ''}
          </p>
        </div>
        {canDownload ? (
          <div className="flex flex-wrap items-center gap-2">
            <DownloadButton onClick={onDownload}>Download JSON</DownloadButton>
            {onDownloadCsv ? <DownloadButton onClick={onDownloadCsv}>Download CSV</DownloadButton> : null}
          </div>
        ) : null}
      </div>
      {/* Each figure as wide as it is: in columns of a fixed width, "10,000 of 10,000" ran into the next figure. */}
      <dl className="mt-4 flex flex-wrap gap-x-10 gap-y-4">
        <Stat label="Requests" value={`${finished.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`} />
        <Stat label="Avg. time" value={formatSeconds(metrics?.average_execution_time)} />
        <Stat label="Input tokens" value={(metrics?.input_tokens ?? 0).toLocaleString('en-US')} />
        <Stat
          label="Output tokens"
          value={polling ? 'calculating...' : (metrics?.output_tokens ?? 0).toLocaleString('en-US')}
        />
        {agreement ? (
          <Stat label="Identical repetitions" value={`${agreement.identical} of ${agreement.compared}`} />
        ) : null}
        {withCost ? <Stat label="Cost" value={runCostText(metrics)} /> : null}
        {withCost && judgeCostText(metrics) ? (
          <Stat label="Judging (in the cost)" value={judgeCostText(metrics)!} />
        ) : null}
      </dl>
      <div className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 dark:border-slate-800">
        <div className="max-h-40 overflow-auto">
          <ProgressGrid dots={dots} />
        </div>
        <ProgressLegend />
      </div>
      {mock ? <MockOutputsNote className="mt-4" /> : null}
    </section>
  );
}
