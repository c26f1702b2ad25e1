import type { PreviousOutcome } from '@promptgrid/contract';
import { Badge } from '@/components/ui/badge';
import { DotsIcon } from '@/components/ui/icons';
import { Menu, MenuItem } from '@/components/ui/menu';
import { cn } from '@/lib/cn';
import { agreementLabel, latencyRange, repetitionSpread } from '../lib/repetitions';
import type { CellRun } from '../lib/results-index';
import { formatSeconds, isTerminal } from '../lib/status';
import { ToolCallsView } from './tool-calls-view';

// What a result card shows besides its first run: its menu, the spread of its repetitions, and earlier outputs.

/** The card's menu: 'Re-run this cell' once its runs have ended. */
export function CellMenu({ name, runs, onRerun }: { name: string; runs: CellRun[]; onRerun: (ids: number[]) => void }) {
  const ids = runs.flatMap((run) => (run.request && isTerminal(run.request.status) ? [run.request.id] : []));
  if (ids.length === 0) return null;
  return (
    <Menu
      label={`Actions for ${name}`}
      trigger={<DotsIcon className="size-4" />}
      triggerClassName={cn(
        'inline-flex size-8 shrink-0 items-center justify-center text-slate-500 hover:bg-slate-100',
        'hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100',
      )}
    >
      <MenuItem onSelect={() => onRerun(ids)}>Re-run this cell</MenuItem>
    </Menu>
  );
}

/** The agreement marker of a cell with repetitions ('identical' or 'n distinct'), or nothing. */
export function AgreementBadge({ runs }: { runs: CellRun[] }) {
  if (runs.length < 2) return null;
  const label = agreementLabel(repetitionSpread(runs));
  if (label === null) return null;
  return <Badge tone={label === 'identical' ? 'success' : 'warning'}>{label}</Badge>;
}

/** For a cell with repetitions: how many ran, their latency from fastest to slowest, and whether they agree. */
export function RepetitionLine({ runs }: { runs: CellRun[] }) {
  if (runs.length < 2) return null;
  const spread = repetitionSpread(runs);
  const range = latencyRange(spread);
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
      <span>
        {spread.succeeded} of {spread.runs} repetitions done
      </span>
      {range ? <span className="tabular-nums">Latency {range}</span> : null}
      <AgreementBadge runs={runs} />
    </p>
  );
}

function PreviousOutput({ outcome, run }: { outcome: PreviousOutcome; run: number | null }) {
  return (
    <li className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {run === null ? null : `Repetition ${run + 1} · `}
        {outcome.status === 'SUCCESS' ? 'Success' : 'Failed'} · {new Date(outcome.finished_at).toLocaleString()}
        {outcome.execution_time === null ? null : ` · ${formatSeconds(outcome.execution_time)}`}
      </p>
      <p className="mt-1 line-clamp-6 font-mono text-xs break-words whitespace-pre-wrap">
        {outcome.output ?? outcome.error_message ?? ''}
      </p>
      <ToolCallsView calls={outcome.tool_calls ?? []} />
    </li>
  );
}

/** Earlier outputs of the cell's runs, kept by each re-run, in a 'History' disclosure. */
export function CellHistory({ runs }: { runs: CellRun[] }) {
  const entries = runs.flatMap((run, n) =>
    (run.request?.history ?? []).map((outcome) => ({ outcome, run: runs.length > 1 ? n : null })),
  );
  if (entries.length === 0) return null;
  return (
    <details className="border-t border-slate-100 px-4 py-2 text-sm dark:border-slate-800">
      <summary className="cursor-pointer text-xs font-medium text-slate-600 dark:text-slate-300">
        History ({entries.length})
      </summary>
      <ol className="mt-2 space-y-2">
        {entries.map(({ outcome, run }, n) => (
          <PreviousOutput key={n} outcome={outcome} run={run} />
        ))}
      </ol>
    </details>
  );
}
