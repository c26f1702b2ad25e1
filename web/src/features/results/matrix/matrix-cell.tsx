import { memo, useState } from 'react';
import { formatUsd, JUDGING_CANCELLED, type ApiRequestStatus } from '@promptgrid/contract';
import { cn } from '@/lib/cn';
import { formatSeconds, STATUS_LABELS } from '../lib/status';
import type { GridCell } from './grid-data';
import { CopyButton } from '@/components/ui/copy-button';
import { DiffView, OutputView, type RenderMode } from './output-view';
import { textHeight, textRoom } from './row-height';
import { VerdictBadge } from './verdict-badge';
import { cellText, SIMILARITY_EXPLANATION } from './view-model';
import { ToolCallsView } from '../components/tool-calls-view';

const STATUS_TONES: Record<ApiRequestStatus, string> = {
  PENDING: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
  IN_PROGRESS: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  SUCCESS: 'bg-blue-100 text-blue-800 dark:bg-blue-900/60 dark:text-blue-200',
  FAILED: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
};

/**
 * The verdict of the checks (or, before any, the status), time, tokens and cost. A succeeded call with verdicts
 * shows only the verdict: Pass or Fail says more than Success.
 */
export function CellFacts({
  cell,
  id,
  tabbable = true,
  withReasons = true,
}: {
  cell: GridCell;
  id: string;
  tabbable?: boolean;
  /** Whether the verdict's list of checks and reasons is in the page (see VerdictBadge). */
  withReasons?: boolean;
}) {
  const judged = cell.status === 'SUCCESS' && (cell.verdicts?.length ?? 0) > 0;
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px] text-slate-500 tabular-nums dark:text-slate-400">
      {judged ? (
        <VerdictBadge cell={cell} tabbable={tabbable} id={`verdicts-${id}`} withReasons={withReasons} />
      ) : (
        <span className={cn('rounded px-1.5 py-px font-medium', STATUS_TONES[cell.status])}>
          {STATUS_LABELS[cell.status]}
        </span>
      )}
      {/* Said on the cell, not only in the verdict's list: its Error is a cancel's, not the judge's. */}
      {judged && cell.verdicts!.some((v) => v.reason === JUDGING_CANCELLED) ? <span>{JUDGING_CANCELLED}</span> : null}
      {cell.seconds != null ? <span>{formatSeconds(cell.seconds)}</span> : null}
      {cell.outputTokens != null ? <span>{cell.outputTokens} tok</span> : null}
      {/* Counted among the output tokens (and priced with them), said apart: what the model spent reasoning. */}
      {cell.reasoningTokens != null ? <span>{cell.reasoningTokens} reasoning</span> : null}
      {cell.cost != null ? <span>{formatUsd(cell.cost)}</span> : null}
      {cell.cost === null && cell.status === 'SUCCESS' ? <span>cost unknown</span> : null}
      {cell.similarity !== undefined ? (
        <span title={SIMILARITY_EXPLANATION}>{Math.round(cell.similarity * 100)}% similar</span>
      ) : null}
      {cell.agreement ? (
        <span className="rounded bg-slate-100 px-1.5 py-px dark:bg-slate-800">
          <span className="sr-only">Repetitions: </span>
          {cell.agreement}
        </span>
      ) : null}
    </span>
  );
}

/** What a cell shows of its output: the diff from the baseline, the output, the error, or a wait. */
export function CellBody({ cell, baseline, mode }: { cell: GridCell; baseline: string | null; mode: RenderMode }) {
  // A shared grid carries no error texts: its failed cells say only that they failed.
  if (cell.status === 'FAILED')
    return (
      <p className="text-red-700 dark:text-red-300">
        {cell.error === null ? 'The request failed.' : `Error occurred while processing request: ${cell.error}`}
      </p>
    );
  if (cell.output === null) return <p className="text-slate-500 italic dark:text-slate-400">Waiting for response...</p>;
  if (baseline !== null) return <DiffView baseline={baseline} text={cellText(cell) ?? ''} />;
  const calls = cell.toolCalls ?? [];
  return (
    <>
      {cell.output !== '' || calls.length === 0 ? (
        <OutputView text={cell.output} mode={cell.structured && mode === 'plain' ? 'pretty-json' : mode} />
      ) : null}
      <ToolCallsView calls={calls} />
    </>
  );
}

type Props = {
  cell: GridCell | undefined;
  label: string;
  rowIndex: number;
  columnIndex: number;
  /** aria-colindex of the first output column (after the user prompt, and the expected output when shown). */
  columnOffset: number;
  left: number;
  width: number;
  height: number;
  active: boolean;
  baseline: string | null;
  mode: RenderMode;
  /** Rows as tall as their text: nothing to clamp, and the text scrolls if the guess fell short. */
  full: boolean;
  onFocusCell: (rowIndex: number, columnIndex: number) => void;
  onExpand: (rowIndex: number, columnIndex: number) => void;
};

/**
 * One cell of the matrix: the verdict and facts, the output clamped to its height with "Show more" (the side panel)
 * when it is longer, and, on the cell under the pointer or the active one (focused, or tapped on a phone), a copy
 * button and the verdict's reasons. In every cell they were a button, a live region, an effect and the reasons'
 * elements more for each of the sixteen or so cells a frame of scrolling adds.
 */
export const MatrixCell = memo(function MatrixCell({
  cell,
  label,
  rowIndex,
  columnIndex,
  columnOffset,
  left,
  width,
  height,
  active,
  baseline,
  mode,
  full,
  onFocusCell,
  onExpand,
}: Props) {
  const shown = cellText(cell);
  const clamped = !full && shown !== null && textHeight(shown, width) > textRoom(height);
  const [hovered, setHovered] = useState(false);
  return (
    <div
      role="gridcell"
      aria-colindex={columnIndex + columnOffset}
      aria-selected={active}
      // Still to come: the request is open, or it succeeded and its output is on its way.
      aria-busy={cell !== undefined && cell.status !== 'FAILED' && cell.output === null}
      data-cell={`${rowIndex}:${columnIndex}`}
      tabIndex={active ? 0 : -1}
      onFocus={() => onFocusCell(rowIndex, columnIndex)}
      onDoubleClick={() => onExpand(rowIndex, columnIndex)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      style={{ position: 'absolute', top: 0, left, width, height }}
      className={cn(
        // Not overflow-hidden: the verdict list may reach below the cell; the output's own box clamps it.
        'flex flex-col gap-1 border-r border-b border-slate-200 bg-white px-3 py-2',
        'text-sm outline-none dark:border-slate-800 dark:bg-slate-900',
        active && 'ring-2 ring-blue-600 ring-inset dark:ring-blue-400',
      )}
    >
      {cell ? (
        <>
          <div className="flex items-start justify-between gap-2">
            <CellFacts
              cell={cell}
              tabbable={active}
              withReasons={active || hovered}
              id={`${rowIndex}-${columnIndex}`}
            />
            {shown !== null && (active || hovered) ? (
              // Over the cell's corner rather than in the row: appearing on hover, it moves no text.
              <span className="absolute top-1.5 right-2 rounded bg-white dark:bg-slate-900">
                <CopyButton text={shown} label={`Copy output: ${label}`} tabbable={active} />
              </span>
            ) : null}
          </div>
          <div className={cn('min-h-0 flex-1 text-[13px] leading-5', full ? 'overflow-auto' : 'overflow-hidden')}>
            <CellBody cell={cell} baseline={baseline} mode={mode} />
          </div>
          {clamped ? (
            <button
              type="button"
              tabIndex={active ? 0 : -1}
              onClick={() => onExpand(rowIndex, columnIndex)}
              aria-label={`Show more: ${label}`}
              className={cn(
                'absolute right-2 bottom-1 rounded bg-white/95 px-1.5 text-xs font-medium text-blue-700 shadow-sm',
                'hover:underline focus-visible:outline-2 focus-visible:outline-blue-600',
                'dark:bg-slate-900/95 dark:text-blue-300',
              )}
            >
              Show more
            </button>
          ) : null}
        </>
      ) : (
        <p className="text-slate-400">—</p>
      )}
    </div>
  );
});
