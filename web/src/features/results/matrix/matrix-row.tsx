import { memo, type ComponentProps } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { cn } from '@/lib/cn';
import { gridCell, type GridData, type GridRow } from './grid-data';
import { MatrixCell } from './matrix-cell';

/** The columns before the outputs: the user prompt's, and the expected output's (0 when the inputs have none). */
export type LeadColumns = { input: number; expected: number };

/** Narrower on a phone, so an output shows beside the user prompt. */
export const leadColumns = (narrow: boolean, withExpected: boolean): LeadColumns => ({
  input: narrow ? 140 : 240,
  expected: withExpected ? (narrow ? 110 : 180) : 0,
});
export const leadWidth = (lead: LeadColumns) => lead.input + lead.expected;

type Props = Pick<ComponentProps<typeof MatrixCell>, 'mode' | 'onFocusCell' | 'onExpand' | 'full'> & {
  data: GridData;
  row: GridRow;
  rowIndex: number;
  top: number;
  height: number;
  totalWidth: number;
  lead: LeadColumns;
  /** The columns in the page: the same array while the visible columns stay, so a vertical scroll skips this row. */
  virtualColumns: VirtualItem[];
  /** The active cell's column when it is in this row, else -1. */
  activeColumn: number;
  baselineOf: (row: GridRow, columnId: number) => string | null;
};

/**
 * One user prompt's row: its sticky header and the cells in view. Memoised, so a scroll re-renders only the rows
 * whose cells change; the cells themselves are memoised too.
 */
export const MatrixRow = memo(function MatrixRow({
  data,
  row,
  rowIndex,
  top,
  height,
  totalWidth,
  lead,
  virtualColumns,
  activeColumn,
  baselineOf,
  ...passedToCells
}: Props) {
  return (
    <div
      role="row"
      aria-rowindex={rowIndex + 2}
      className="absolute left-0 flex"
      style={{ top, height, width: totalWidth }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        className={cn(
          'sticky left-0 z-10 flex h-full flex-col gap-1 overflow-hidden border-r border-b',
          'border-slate-300 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-900',
        )}
        style={{ width: lead.input }}
      >
        <span className="truncate text-sm font-semibold" title={row.name}>
          {row.name}
        </span>
        <span
          className={cn(
            'text-xs break-words whitespace-pre-wrap text-slate-600 dark:text-slate-300',
            passedToCells.full ? 'min-h-0 overflow-auto' : 'overflow-hidden',
          )}
        >
          {row.content}
        </span>
      </div>
      {lead.expected > 0 ? (
        <div
          role="gridcell"
          aria-colindex={2}
          className={cn(
            'z-10 h-full shrink-0 overflow-hidden border-r border-b border-slate-300 bg-emerald-50/70 px-3 py-2',
            'text-[13px] leading-5 break-words whitespace-pre-wrap md:sticky',
            'dark:border-slate-700 dark:bg-emerald-950/40',
          )}
          style={{ width: lead.expected, left: lead.input }}
        >
          {row.expected ?? <span className="text-slate-400">—</span>}
        </div>
      ) : null}
      {virtualColumns.map((virtualColumn) => {
        const column = data.columns[virtualColumn.index];
        if (!column) return null;
        return (
          <MatrixCell
            key={column.id}
            cell={gridCell(data, row.id, column.id)}
            label={`${row.name}, ${column.name}`}
            rowIndex={rowIndex}
            columnIndex={virtualColumn.index}
            columnOffset={lead.expected > 0 ? 3 : 2}
            left={leadWidth(lead) + virtualColumn.start}
            width={virtualColumn.size}
            height={height}
            active={activeColumn === virtualColumn.index}
            baseline={baselineOf(row, column.id)}
            {...passedToCells}
          />
        );
      })}
    </div>
  );
});
