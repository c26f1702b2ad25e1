import { memo, type ComponentProps } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { cn } from '@/lib/cn';
import { gridCell, type GridData, type GridRow } from './grid-data';
import { MatrixCell } from './matrix-cell';

export const ROW_HEIGHT = 152;
export const FIRST_COLUMN_WIDTH = 240;

type Props = Pick<ComponentProps<typeof MatrixCell>, 'mode' | 'onFocusCell' | 'onExpand'> & {
  data: GridData;
  row: GridRow;
  rowIndex: number;
  top: number;
  totalWidth: number;
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
  totalWidth,
  virtualColumns,
  activeColumn,
  baselineOf,
  ...passedToCells
}: Props) {
  return (
    <div
      role="row"
      aria-rowindex={rowIndex + 2}
      className="absolute left-0"
      style={{ top, height: ROW_HEIGHT, width: totalWidth }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        className={cn(
          'sticky left-0 z-10 flex h-full flex-col gap-1 overflow-hidden border-r border-b',
          'border-slate-300 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-900',
        )}
        style={{ width: FIRST_COLUMN_WIDTH }}
      >
        <span className="truncate text-sm font-semibold">{row.name}</span>
        <span className="line-clamp-5 text-xs break-words whitespace-pre-wrap text-slate-600 dark:text-slate-300">
          {row.content}
        </span>
      </div>
      {virtualColumns.map((virtualColumn) => {
        const column = data.columns[virtualColumn.index];
        return (
          <MatrixCell
            key={column.id}
            cell={gridCell(data, row.id, column.id)}
            label={`${row.name}, ${column.name}`}
            rowIndex={rowIndex}
            columnIndex={virtualColumn.index}
            left={FIRST_COLUMN_WIDTH + virtualColumn.start}
            width={virtualColumn.size}
            height={ROW_HEIGHT}
            active={activeColumn === virtualColumn.index}
            baseline={baselineOf(row, column.id)}
            {...passedToCells}
          />
        );
      })}
    </div>
  );
});
