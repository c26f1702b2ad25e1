import { diffWords, type ChangeObject } from 'diff';
import { cellKey } from '../lib/results-index';
import { gridCell, type GridData, type GridRow } from './grid-data';

/**
 * What cells are compared with: nothing, another column's output for the same input, the input's expected output,
 * or the same cell (input and system prompt) in another run of the project.
 */
export type Baseline =
  | { kind: 'none' }
  | { kind: 'column'; columnId: number }
  | { kind: 'expected' }
  | { kind: 'run'; evaluationId: number };
/** Another run's outputs by cell key, for a 'run' baseline (null until loaded). */
export type RunOutputs = Map<string, string | null>;
export type SortKey = { by: 'run' } | { by: 'input-name' } | { by: 'latency' | 'tokens' | 'score'; columnId: number };
export type RowOptions = {
  search: string;
  failedOnly: boolean;
  differingOnly: boolean;
  baseline: Baseline;
  sort: SortKey;
  descending: boolean;
};

/** The text a cell is compared with, or null when there is none (the baseline column's own cells included). */
export function baselineText(
  data: GridData,
  row: GridRow,
  columnId: number,
  baseline: Baseline,
  runOutputs: RunOutputs | null = null,
): string | null {
  if (baseline.kind === 'expected') return row.expected;
  if (baseline.kind === 'run') return runOutputs?.get(cellKey(row.id, columnId)) ?? null;
  if (baseline.kind === 'column' && baseline.columnId !== columnId)
    return gridCell(data, row.id, baseline.columnId)?.output ?? null;
  return null;
}

const DIFF_CACHE_SIZE = 1000;
const diffCache = new Map<string, ChangeObject<string>[]>();

/**
 * Word-level changes from the baseline to the output (jsdiff). Kept for the last cells diffed: a cell scrolled out
 * of the grid and back is built again, and its diff would be computed again.
 */
export function wordDiff(baseline: string, output: string): ChangeObject<string>[] {
  const key = `${baseline.length}:${baseline}${output}`;
  const cached = diffCache.get(key);
  if (cached) return cached;
  const parts = diffWords(baseline, output);
  if (diffCache.size >= DIFF_CACHE_SIZE) diffCache.delete(diffCache.keys().next().value!);
  diffCache.set(key, parts);
  return parts;
}

/** True when some output of the row differs from what it is compared with. */
export function rowDiffers(data: GridData, row: GridRow, baseline: Baseline, runOutputs: RunOutputs | null = null) {
  return data.columns.some((column) => {
    const reference = baselineText(data, row, column.id, baseline, runOutputs);
    const output = gridCell(data, row.id, column.id)?.output;
    return reference !== null && output != null && output !== reference;
  });
}

const rowFailed = (data: GridData, row: GridRow) =>
  data.columns.some((column) => gridCell(data, row.id, column.id)?.status === 'FAILED');

function rowMatches(data: GridData, row: GridRow, needle: string): boolean {
  if (row.name.toLowerCase().includes(needle) || row.content.toLowerCase().includes(needle)) return true;
  return data.columns.some((column) => {
    const cell = gridCell(data, row.id, column.id);
    return (cell?.output ?? cell?.error ?? '').toLowerCase().includes(needle);
  });
}

/** A number to sort a row by; rows without one go last whatever the direction. */
function sortValue(data: GridData, row: GridRow, sort: SortKey): number | string | null {
  if (sort.by === 'input-name') return row.name.toLowerCase();
  if (sort.by === 'run') return null;
  const cell = gridCell(data, row.id, sort.columnId);
  if (sort.by === 'latency') return cell?.seconds ?? null;
  if (sort.by === 'tokens') return cell?.outputTokens ?? null;
  return cell?.checks ? cell.checks.passed / Math.max(cell.checks.total, 1) : null;
}

/** The rows to show, filtered and sorted; run order is the rows' own order. */
export function visibleRows(data: GridData, options: RowOptions, runOutputs: RunOutputs | null = null): GridRow[] {
  const needle = options.search.trim().toLowerCase();
  const rows = data.rows.filter(
    (row) =>
      (!options.failedOnly || rowFailed(data, row)) &&
      (!options.differingOnly || rowDiffers(data, row, options.baseline, runOutputs)) &&
      (needle === '' || rowMatches(data, row, needle)),
  );
  if (options.sort.by === 'run') return options.descending ? rows.reverse() : rows;
  const keyed = rows.map((row) => ({ row, value: sortValue(data, row, options.sort) }));
  const direction = options.descending ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) return a.value === b.value ? 0 : a.value === null ? 1 : -1;
    return (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) * direction;
  });
  return keyed.map((entry) => entry.row);
}

/** Whether any cell carries cost or check results (features that may add them), to offer them in charts and sorting. */
export const hasField = (data: GridData, field: 'cost' | 'checks') =>
  [...data.cells.values()].some((cell) => cell[field] != null);
