import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useOutputSimilarity } from '../api/get-output-similarity';
import { gridCell, withSimilarity, type GridData, type GridRow } from './grid-data';
import { CellPanel } from './cell-panel';
import { MatrixGrid, type Position } from './matrix-grid';
import { MatrixToolbar } from './matrix-toolbar';
import type { RenderMode } from './output-view';
import type { RowHeight } from './row-height';
import { baselineText, visibleRows, type RowFilter, type RowOptions, type RunOutputs } from './view-model';
import { useMatrixFilterParam } from '../hooks/use-results-url';

const MatrixCharts = lazy(() => import('./matrix-charts'));

/** The project's other runs, for comparing each cell with the same cell in one of them (owners only). */
export type RunHistory = {
  runs: { id: number; name: string }[];
  loadOutputs: (evaluationId: number) => Promise<RunOutputs>;
};

const SHORTCUTS: [string, string][] = [
  ['Arrow keys', 'Move between cells'],
  ['Home / End', 'First or last cell of the row (with Ctrl: of the grid)'],
  ['Page Up / Page Down', 'Move a screen up or down'],
  ['Enter', 'Open the cell in the side panel'],
  ['Esc', 'Close the side panel or this list'],
  ['d', 'Show or hide the diff from the baseline'],
  ['/', 'Search inputs and outputs'],
  ['?', 'List these shortcuts'],
];

const ALL_ROWS: RowFilter = { kind: 'all' };

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The comparison matrix: every user prompt against every system prompt, with search, filters, sorting, diffs from
 * a baseline, output rendering, charts and keyboard shortcuts.
 */
export function MatrixView({
  data: results,
  run,
  history,
  initialOptions,
}: {
  data: GridData;
  /** The owner's run the grid shows, to read each output's similarity to the expected one (a shared grid has none). */
  run?: { evaluationId: number; polling: boolean };
  history?: RunHistory;
  /** How the matrix opens (a comparison of two configurations opens on their differences). */
  initialOptions?: Partial<RowOptions>;
}) {
  const [filter, setFilter] = useMatrixFilterParam(initialOptions?.filter ?? ALL_ROWS);
  const [otherOptions, setOptions] = useState<Omit<RowOptions, 'filter'>>(() => ({
    search: '',
    differingOnly: false,
    baseline: { kind: 'none' },
    sort: { by: 'run' },
    descending: false,
    ...initialOptions,
  }));
  const options = useMemo((): RowOptions => ({ ...otherOptions, filter }), [otherOptions, filter]);
  const [showDiff, setShowDiff] = useState(true);
  const [mode, setMode] = useState<RenderMode>('plain');
  const [rowHeight, setRowHeight] = useState<RowHeight>('compact');
  // Whole-grid scan, once per data rather than on every keystroke in the search box.
  const withExpected = useMemo(() => results.rows.some((row) => row.expected !== null), [results]);
  const similarity = useOutputSimilarity(run?.evaluationId ?? 0, run?.polling ?? false, withExpected && !!run);
  const data = useMemo(() => withSimilarity(results, similarity.data), [results, similarity.data]);
  const [widths, setWidths] = useState<Record<number, number>>({});
  const [active, setActive] = useState<Position>({ row: 0, column: 0 });
  const [expanded, setExpanded] = useState<Position | null>(null);
  const [chartsOpen, setChartsOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const sectionRef = useRef<HTMLElement>(null);

  const runBaseline = options.baseline.kind === 'run' ? options.baseline.evaluationId : null;
  const otherRun = useQuery({
    queryKey: ['evaluations', runBaseline, 'outputs'],
    queryFn: () => history!.loadOutputs(runBaseline!),
    enabled: runBaseline !== null && history !== undefined,
    staleTime: Infinity,
  });
  const runOutputs = runBaseline !== null ? (otherRun.data ?? null) : null;
  const rows = useMemo(() => visibleRows(data, options, runOutputs), [data, options, runOutputs]);
  const diffing = showDiff && options.baseline.kind !== 'none';
  const baselineOf = useCallback(
    (row: GridRow, columnId: number) =>
      diffing ? baselineText(data, row, columnId, options.baseline, runOutputs) : null,
    [data, diffing, options.baseline, runOutputs],
  );
  const onResize = useCallback(
    (columnId: number, width: number) => setWidths((w) => ({ ...w, [columnId]: width })),
    [],
  );
  const onOptions = useCallback(
    ({ filter: nextFilter, ...change }: Partial<RowOptions>) => {
      if (nextFilter) setFilter(nextFilter);
      setOptions((current) => ({
        ...current,
        ...change,
        // Without a baseline nothing differs: the filter would hide every row.
        ...(change.baseline?.kind === 'none' ? { differingOnly: false } : {}),
      }));
      setActive({ row: 0, column: 0 });
    },
    [setFilter],
  );
  const clampedActive = {
    row: Math.min(active.row, Math.max(rows.length - 1, 0)),
    column: Math.min(active.column, Math.max(data.columns.length - 1, 0)),
  };

  const closePanel = () => {
    setExpanded(null);
    // Back to the cell the panel was opened from.
    requestAnimationFrame(() =>
      sectionRef.current
        ?.querySelector<HTMLElement>(`[data-cell="${clampedActive.row}:${clampedActive.column}"]`)
        ?.focus(),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      closePanel();
    }
  };

  // '/', '?' and 'd' work from anywhere on the page while the matrix shows, never while typing or in a dialog.
  const hasBaseline = options.baseline.kind !== 'none';
  useEffect(() => {
    const onShortcut = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest?.('[role="dialog"]') || event.ctrlKey || event.metaKey || event.altKey || isTyping(target))
        return;
      if (event.key === '/') searchRef.current?.focus();
      else if (event.key === '?') setShortcutsOpen(true);
      else if (event.key === 'd' && hasBaseline) setShowDiff((show) => !show);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onShortcut);
    return () => window.removeEventListener('keydown', onShortcut);
  }, [hasBaseline]);

  const expandedRow = expanded ? rows[expanded.row] : undefined;
  const expandedColumn = expanded ? data.columns[expanded.column] : undefined;
  return (
    // Esc closes the side panel from anywhere in the section; every key also has a labelled control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section ref={sectionRef} aria-label="Results matrix view" className="space-y-3" onKeyDown={onKeyDown}>
      <MatrixToolbar
        data={data}
        runs={history?.runs ?? []}
        options={options}
        onOptions={onOptions}
        showDiff={showDiff}
        onShowDiff={setShowDiff}
        mode={mode}
        onMode={setMode}
        rowHeight={rowHeight}
        onRowHeight={setRowHeight}
        hasExpected={withExpected}
        searchRef={searchRef}
        chartsOpen={chartsOpen}
        onCharts={() => setChartsOpen((open) => !open)}
        onShortcuts={() => setShortcutsOpen(true)}
        shownRows={rows.length}
      />
      {chartsOpen ? (
        <Suspense fallback={<Spinner label="Loading charts" />}>
          <MatrixCharts data={data} />
        </Suspense>
      ) : null}
      {rows.length === 0 || data.columns.length === 0 ? (
        <EmptyState title="No matching rows" message="No user prompt matches the search and filters." />
      ) : (
        <div className="flex flex-col gap-3 lg:flex-row">
          <div className="min-w-0 flex-1">
            <MatrixGrid
              data={data}
              rows={rows}
              widths={widths}
              onResize={onResize}
              baselineOf={baselineOf}
              mode={mode}
              rowHeight={rowHeight}
              withExpected={withExpected}
              active={clampedActive}
              onActiveChange={setActive}
              onExpand={setExpanded}
            />
          </div>
          {expandedRow && expandedColumn ? (
            <CellPanel
              row={expandedRow}
              column={expandedColumn}
              cell={gridCell(data, expandedRow.id, expandedColumn.id)}
              baseline={baselineOf(expandedRow, expandedColumn.id)}
              mode={mode}
              onClose={closePanel}
            />
          ) : null}
        </div>
      )}
      <Dialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} title="Keyboard shortcuts">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map(([keys, action]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600">
                  {keys}
                </kbd>
              </dt>
              <dd>{action}</dd>
            </div>
          ))}
        </dl>
      </Dialog>
    </section>
  );
}
