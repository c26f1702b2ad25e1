import { useMemo, type ReactNode, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { inputClasses } from '@/components/ui/field';
import { TextToggle } from '@/components/ui/text-toggle';
import { cn } from '@/lib/cn';
import type { GridData } from './grid-data';
import { RENDER_MODES, type RenderMode } from './output-view';
import { ROW_HEIGHT_OPTIONS, type RowHeight } from './row-height';
import { labelClasses, RowFilters, type FilterChoice } from './row-filters';
import {
  checksOf,
  decodeFilter,
  encodeFilter,
  filterCounts,
  hasField,
  type Baseline,
  type RowOptions,
  SIMILARITY_EXPLANATION,
  type SortKey,
} from './view-model';

type Props = {
  data: GridData;
  runs: { id: number; name: string }[];
  options: RowOptions;
  onOptions: (change: Partial<RowOptions>) => void;
  showDiff: boolean;
  onShowDiff: (show: boolean) => void;
  mode: RenderMode;
  onMode: (mode: RenderMode) => void;
  rowHeight: RowHeight;
  onRowHeight: (height: RowHeight) => void;
  hasExpected: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
  chartsOpen: boolean;
  onCharts: () => void;
  onShortcuts: () => void;
  shownRows: number;
};

const encodeBaseline = (baseline: Baseline) =>
  baseline.kind === 'column'
    ? `column:${baseline.columnId}`
    : baseline.kind === 'run'
      ? `run:${baseline.evaluationId}`
      : baseline.kind;
const decodeBaseline = (value: string): Baseline => {
  const [kind, id] = value.split(':');
  if (kind === 'column') return { kind: 'column', columnId: Number(id) };
  if (kind === 'run') return { kind: 'run', evaluationId: Number(id) };
  return { kind: kind as 'none' | 'expected' };
};
const encodeSort = (sort: SortKey) => ('columnId' in sort ? `${sort.by}:${sort.columnId}` : sort.by);
const decodeSort = (value: string): SortKey => {
  const [by, columnId] = value.split(':');
  return columnId === undefined
    ? { by: by as 'run' | 'input-name' }
    : { by: by as 'latency' | 'tokens' | 'score' | 'similarity', columnId: Number(columnId) };
};

const selectClasses = cn(inputClasses, 'h-9 py-1 text-sm');

type SelectProps = { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode };
function ToolbarSelect({ id, label, value, onChange, children }: SelectProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <select id={id} className={selectClasses} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** Search, filters, baseline, rendering, row height and sorting of the matrix. */
export function MatrixToolbar({
  data,
  runs,
  options,
  onOptions,
  showDiff,
  onShowDiff,
  mode,
  onMode,
  rowHeight,
  onRowHeight,
  hasExpected,
  searchRef,
  chartsOpen,
  onCharts,
  onShortcuts,
  shownRows,
}: Props) {
  const { columns } = data;
  // Whole-grid scans (10,000 cells at most), once per data rather than on every keystroke in the search box.
  const hasScores = useMemo(() => hasField(data, 'verdicts'), [data]);
  const hasSimilarity = useMemo(() => hasField(data, 'similarity'), [data]);
  const counts = useMemo(() => filterCounts(data), [data]);
  const filterChoices = useMemo((): FilterChoice[] => {
    const checks = checksOf(data);
    return [
      { value: 'all', label: 'All' },
      ...(checks.length > 0 ? [{ value: 'failed-checks', label: 'Failed checks' }] : []),
      { value: 'failed-calls', label: 'Failed calls' },
      ...(columns.length > 1 ? [{ value: 'differs', label: 'Differs between configurations' }] : []),
      // A check both passed and failed over a cell's repetitions.
      ...(checks.length > 0 && hasField(data, 'repetitions') ? [{ value: 'flaky', label: 'Flaky' }] : []),
      // One check says no more than "Failed checks" does.
      ...(checks.length > 1
        ? checks.map((check) => ({
            value: encodeFilter({ kind: 'check', checkId: check.id }),
            label: `Failed: ${check.name}`,
          }))
        : []),
    ];
  }, [data, columns.length]);
  const diffing = options.baseline.kind !== 'none';
  return (
    <div
      className={cn(
        'flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm',
        'dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div className="w-full">
        <RowFilters
          choices={filterChoices}
          value={encodeFilter(options.filter)}
          counts={counts}
          onChange={(value) => onOptions({ filter: decodeFilter(value) })}
        />
      </div>
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor="matrix-search" className={labelClasses}>
          Search inputs and outputs
        </label>
        <input
          id="matrix-search"
          ref={searchRef}
          type="search"
          value={options.search}
          onChange={(event) => onOptions({ search: event.target.value })}
          placeholder="Press / to search"
          className={selectClasses}
        />
      </div>
      <ToolbarSelect
        id="matrix-baseline"
        label="Baseline"
        value={encodeBaseline(options.baseline)}
        onChange={(value) => onOptions({ baseline: decodeBaseline(value) })}
      >
        <option value="none">None</option>
        {hasExpected ? <option value="expected">Expected output</option> : null}
        <optgroup label="A system prompt's output">
          {columns.map((column) => (
            <option key={column.id} value={`column:${column.id}`}>
              {column.name} ({column.model})
            </option>
          ))}
        </optgroup>
        {runs.length > 0 ? (
          <optgroup label="The same cell in another run">
            {runs.map((run) => (
              <option key={run.id} value={`run:${run.id}`}>
                {run.name} (#{run.id})
              </option>
            ))}
          </optgroup>
        ) : null}
      </ToolbarSelect>
      <div className="flex flex-col gap-1.5 pb-0.5">
        {/* A checkbox rather than a pressed button: ticked is unmistakably "the diff shows". */}
        <Checkbox checked={diffing && showDiff} disabled={!diffing} onCheckedChange={onShowDiff}>
          <span aria-keyshortcuts="d">Show diff</span>
        </Checkbox>
        <Checkbox
          checked={options.differingOnly}
          disabled={!diffing}
          onCheckedChange={(differingOnly) => onOptions({ differingOnly })}
        >
          Differing only
        </Checkbox>
      </div>
      <ToolbarSelect
        id="matrix-render"
        label="Render outputs as"
        value={mode}
        onChange={(value) => onMode(value as RenderMode)}
      >
        {RENDER_MODES.map((mode) => (
          <option key={mode.value} value={mode.value}>
            {mode.label}
          </option>
        ))}
      </ToolbarSelect>
      <ToolbarSelect
        id="matrix-sort"
        label="Sort rows by"
        value={encodeSort(options.sort)}
        onChange={(value) => onOptions({ sort: decodeSort(value) })}
      >
        <option value="run">Run order</option>
        <option value="input-name">Input name</option>
        {columns.map((column) => (
          <optgroup key={column.id} label={column.name}>
            <option value={`latency:${column.id}`}>Latency: {column.name}</option>
            <option value={`tokens:${column.id}`}>Output tokens: {column.name}</option>
            {hasScores ? <option value={`score:${column.id}`}>Checks passed: {column.name}</option> : null}
            {hasSimilarity ? (
              <option value={`similarity:${column.id}`} title={SIMILARITY_EXPLANATION}>
                Similarity: {column.name}
              </option>
            ) : null}
          </optgroup>
        ))}
      </ToolbarSelect>
      <div className="flex flex-col gap-1.5 pb-0.5">
        <Checkbox checked={options.descending} onCheckedChange={(descending) => onOptions({ descending })}>
          Descending
        </Checkbox>
      </div>
      <div className="space-y-1">
        <span className={labelClasses} aria-hidden>
          Row height
        </span>
        <TextToggle label="Row height" options={ROW_HEIGHT_OPTIONS} value={rowHeight} onChange={onRowHeight} />
      </div>
      <div className="ml-auto flex items-center gap-2">
        <Button variant="secondary" size="sm" aria-expanded={chartsOpen} onClick={onCharts}>
          Charts
        </Button>
        <Button variant="secondary" size="sm" onClick={onShortcuts} aria-keyshortcuts="?">
          Keyboard shortcuts
        </Button>
      </div>
      <p role="status" className="w-full text-xs text-slate-500 dark:text-slate-400">
        Showing {shownRows} of {data.rows.length} user prompts × {columns.length} system prompts
      </p>
    </div>
  );
}
