import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { gridCell, type GridData, type GridRow } from './grid-data';
import { HEADER_HEIGHT, MatrixHeader } from './matrix-header';
import { leadColumns, leadWidth, MatrixRow } from './matrix-row';
import type { RenderMode } from './output-view';
import { rowHeightOf, type RowHeight } from './row-height';
import { useGridVirtualizers } from './use-grid-virtualizers';

export const DEFAULT_COLUMN_WIDTH = 340;

export type Position = { row: number; column: number };

const NARROW = '(max-width: 639px)';
// matchMedia is missing where there is no layout (a test's DOM): a wide screen there.
const subscribeToWidth = (onChange: () => void) => {
  const query = window.matchMedia?.(NARROW);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
/** Whether the screen is a phone's width, following it as it changes (a turned phone). */
const useNarrowScreen = () =>
  useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia?.(NARROW).matches ?? false,
    () => false,
  );

type Props = {
  data: GridData;
  rows: GridRow[];
  widths: Record<number, number>;
  onResize: (columnId: number, width: number) => void;
  /** The text a cell is diffed against, or null for no diff. */
  baselineOf: (row: GridRow, columnId: number) => string | null;
  mode: RenderMode;
  rowHeight: RowHeight;
  /** The inputs have expected outputs: a column of them beside the user prompts. */
  withExpected: boolean;
  active: Position;
  onActiveChange: (position: Position) => void;
  onExpand: (position: Position) => void;
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
  rowHeight,
  withExpected,
  active,
  onActiveChange,
  onExpand,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { columns } = data;
  const widthOf = useCallback(
    (index: number) => {
      const column = columns[index];
      return (column && widths[column.id]) ?? DEFAULT_COLUMN_WIDTH;
    },
    [columns, widths],
  );
  const narrow = useNarrowScreen();
  const lead = useMemo(() => leadColumns(narrow, withExpected), [narrow, withExpected]);
  const leadPixels = leadWidth(lead);
  const full = rowHeight === 'full';
  const heights = useMemo(
    () =>
      rows.map((row) =>
        rowHeightOf(
          rowHeight,
          full
            ? [
                { text: row.content, width: lead.input },
                { text: row.expected ?? '', width: lead.expected },
                ...columns.map((column, index) => ({
                  text: gridCell(data, row.id, column.id)?.output ?? '',
                  width: widthOf(index),
                })),
              ]
            : [],
        ),
      ),
    [rows, rowHeight, full, columns, data, widthOf, lead],
  );
  const heightOf = useCallback((index: number) => heights[index] ?? heights[0] ?? 0, [heights]);

  const { rowVirtualizer, columnVirtualizer } = useGridVirtualizers(
    scrollRef,
    {
      count: rows.length,
      estimateSize: heightOf,
      // Rows and columns render in the frame that scrolls them into view, so one row or column of overscan is
      // enough; each more is a row or column of cells more in the page (2 rows: 63 cells; 1: 56 on a 1280x800 screen).
      overscan: 1,
      scrollPaddingStart: HEADER_HEIGHT,
      keep: active.row,
    },
    {
      count: columns.length,
      estimateSize: widthOf,
      overscan: 1,
      scrollPaddingStart: leadPixels,
      keep: active.column,
    },
  );
  useEffect(() => columnVirtualizer.measure(), [columnVirtualizer, widthOf]);
  useEffect(() => rowVirtualizer.measure(), [rowVirtualizer, heightOf]);

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
    const height = heightOf(active.row);
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? height) / height) - 1);
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

  const totalWidth = leadPixels + columnVirtualizer.getTotalSize();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label="Results matrix"
      // One tab stop: the active cell. The grid itself takes focus only from code.
      tabIndex={-1}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + (withExpected ? 2 : 1)}
      onKeyDown={onKeyDown}
      // As tall as its rows, up to most of the screen; beyond that it scrolls (and virtualises) inside.
      style={{ height: HEADER_HEIGHT + rowVirtualizer.getTotalSize() + 2 }}
      className="relative max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950"
    >
      <div style={{ width: totalWidth, height: HEADER_HEIGHT + rowVirtualizer.getTotalSize(), position: 'relative' }}>
        <MatrixHeader
          columns={columns}
          virtualColumns={virtualColumns}
          totalWidth={totalWidth}
          lead={lead}
          onResize={onResize}
        />
        <div role="rowgroup">
          {rowVirtualizer.getVirtualItems().map((virtualRow) => {
            const row = rows[virtualRow.index];
            if (!row) return null;
            return (
              <MatrixRow
                key={row.id ?? 'none'}
                data={data}
                row={row}
                rowIndex={virtualRow.index}
                top={HEADER_HEIGHT + virtualRow.start}
                height={virtualRow.size}
                totalWidth={totalWidth}
                lead={lead}
                full={full}
                virtualColumns={virtualColumns}
                activeColumn={active.row === virtualRow.index ? active.column : -1}
                baselineOf={baselineOf}
                mode={mode}
                onFocusCell={onFocusCell}
                onExpand={expandAt}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
