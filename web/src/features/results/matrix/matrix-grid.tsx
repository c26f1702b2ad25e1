import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { gridCell, type GridData, type GridRow } from './grid-data';
import { MatrixCell } from './matrix-cell';
import { ResizeHandle } from './resize-handle';
import type { RenderMode } from './output-view';
import { cn } from '@/lib/cn';

export const ROW_HEIGHT = 152;
export const HEADER_HEIGHT = 60;
export const FIRST_COLUMN_WIDTH = 240;
export const DEFAULT_COLUMN_WIDTH = 340;

export type Position = { row: number; column: number };

type Props = {
  data: GridData;
  rows: GridRow[];
  widths: Record<number, number>;
  onResize: (columnId: number, width: number) => void;
  /** The text a cell is diffed against, or null for no diff. */
  baselineOf: (row: GridRow, columnId: number) => string | null;
  mode: RenderMode;
  active: Position;
  onActiveChange: (position: Position) => void;
  onExpand: (position: Position) => void;
};

/** The visible range plus the active index, so the focused cell stays in the page however far it is scrolled. */
const keeping = (index: number) => (range: Range) => {
  const indexes = defaultRangeExtractor(range);
  if (index >= 0 && index < range.count && !indexes.includes(index)) indexes.push(index);
  return indexes;
};

/**
 * Rows are user prompts, columns system prompts; the header row and the first column stay in place while both
 * axes scroll, and only the cells in view (plus the active one) are in the page. A WAI-ARIA grid: one tab stop,
 * arrow keys move between cells.
 */
export function MatrixGrid({
  data,
  rows,
  widths,
  onResize,
  baselineOf,
  mode,
  active,
  onActiveChange,
  onExpand,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { columns } = data;
  const widthOf = useCallback((index: number) => widths[columns[index]!.id] ?? DEFAULT_COLUMN_WIDTH, [columns, widths]);

  // TanStack Virtual's instance changes inside: the React Compiler leaves this component alone, which is the intent.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    scrollPaddingStart: HEADER_HEIGHT,
    rangeExtractor: keeping(active.row),
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: widthOf,
    overscan: 2,
    scrollPaddingStart: FIRST_COLUMN_WIDTH,
    rangeExtractor: keeping(active.column),
  });
  useEffect(() => columnVirtualizer.measure(), [columnVirtualizer, widthOf]);

  // Focus follows the active cell after a key moved it (not on every render: typing elsewhere keeps its focus).
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    scrollRef.current
      ?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.column}"]`)
      ?.focus({ preventScroll: true });
  });

  const move = (row: number, column: number) => {
    const next = {
      row: Math.max(0, Math.min(rows.length - 1, row)),
      column: Math.max(0, Math.min(columns.length - 1, column)),
    };
    rowVirtualizer.scrollToIndex(next.row);
    columnVirtualizer.scrollToIndex(next.column);
    focusPending.current = true;
    onActiveChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target as HTMLElement).matches('[role="gridcell"]')) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowUp: () => move(active.row - 1, active.column),
      ArrowDown: () => move(active.row + 1, active.column),
      ArrowLeft: () => move(active.row, active.column - 1),
      ArrowRight: () => move(active.row, active.column + 1),
      PageUp: () => move(active.row - page, active.column),
      PageDown: () => move(active.row + page, active.column),
      Home: () => (event.ctrlKey ? move(0, 0) : move(active.row, 0)),
      End: () => (event.ctrlKey ? move(rows.length - 1, columns.length - 1) : move(active.row, columns.length - 1)),
      Enter: () => onExpand(active),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const onFocusCell = useCallback(
    (row: number, column: number) => {
      if (row !== active.row || column !== active.column) onActiveChange({ row, column });
    },
    [active.row, active.column, onActiveChange],
  );
  const expandAt = useCallback((row: number, column: number) => onExpand({ row, column }), [onExpand]);

  const totalWidth = FIRST_COLUMN_WIDTH + columnVirtualizer.getTotalSize();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label="Results matrix"
      // One tab stop: the active cell. The grid itself takes focus only from code.
      tabIndex={-1}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 1}
      onKeyDown={onKeyDown}
      // As tall as its rows, up to most of the screen; beyond that it scrolls (and virtualises) inside.
      style={{ height: HEADER_HEIGHT + rowVirtualizer.getTotalSize() + 2 }}
      className="relative max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950"
    >
      <div style={{ width: totalWidth, height: HEADER_HEIGHT + rowVirtualizer.getTotalSize(), position: 'relative' }}>
        <div role="rowgroup" className="sticky top-0 z-20" style={{ width: totalWidth, height: HEADER_HEIGHT }}>
          <div role="row" aria-rowindex={1} className="relative h-full">
            <div
              role="columnheader"
              aria-colindex={1}
              className={cn(
                'sticky left-0 z-30 flex h-full items-end border-r border-b border-slate-300 bg-slate-100',
                'px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase',
                'dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300',
              )}
              style={{ width: FIRST_COLUMN_WIDTH }}
            >
              User prompt
            </div>
            {virtualColumns.map((virtualColumn) => {
              const column = columns[virtualColumn.index]!;
              return (
                <div
                  key={column.id}
                  role="columnheader"
                  aria-colindex={virtualColumn.index + 2}
                  className={cn(
                    'absolute top-0 flex h-full flex-col justify-end border-r border-b border-slate-300',
                    'bg-slate-100 px-3 py-2 dark:border-slate-700 dark:bg-slate-800',
                  )}
                  style={{ left: FIRST_COLUMN_WIDTH + virtualColumn.start, width: virtualColumn.size }}
                >
                  <span className="truncate text-sm font-semibold" title={column.name}>
                    {column.name}
                  </span>
                  <span className="truncate text-xs text-slate-500 dark:text-slate-400">{column.model}</span>
                  <ResizeHandle
                    label={`Resize column ${column.name}`}
                    width={virtualColumn.size}
                    onResize={(width) => onResize(column.id, width)}
                  />
                </div>
              );
            })}
          </div>
        </div>
        <div role="rowgroup">
          {rowVirtualizer.getVirtualItems().map((virtualRow) => {
            const row = rows[virtualRow.index]!;
            return (
              <div
                key={row.id ?? 'none'}
                role="row"
                aria-rowindex={virtualRow.index + 2}
                className="absolute left-0"
                style={{ top: HEADER_HEIGHT + virtualRow.start, height: ROW_HEIGHT, width: totalWidth }}
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
                  const column = columns[virtualColumn.index]!;
                  return (
                    <MatrixCell
                      key={column.id}
                      cell={gridCell(data, row.id, column.id)}
                      label={`${row.name}, ${column.name}`}
                      rowIndex={virtualRow.index}
                      columnIndex={virtualColumn.index}
                      left={FIRST_COLUMN_WIDTH + virtualColumn.start}
                      width={virtualColumn.size}
                      height={ROW_HEIGHT}
                      active={active.row === virtualRow.index && active.column === virtualColumn.index}
                      baseline={baselineOf(row, column.id)}
                      mode={mode}
                      onFocusCell={onFocusCell}
                      onExpand={expandAt}
                    />
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
