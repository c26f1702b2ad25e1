import { diffWords, type ChangeObject } from 'diff';
import { answerText } from '@promptgrid/contract';
import { cellKey } from '../lib/results-index';
import { gridCell, type GridCell, type GridData, type GridRow } from './grid-data';

/** A cell's answer as diffs compare it: the output with its tool calls; null while it has none. */
export const cellText = (cell: GridCell | undefined) => answerText(cell?.output, cell?.toolCalls);

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
export type SortKey =
  { by: 'run' } | { by: 'input-name' } | { by: 'latency' | 'tokens' | 'score' | 'similarity'; columnId: number };
/**
 * Which rows to show: all, those where some check failed (any, or one named check), those where a call failed, or
 * those where the system prompts' outputs or verdicts disagree, or (with repetitions) those where some check both
 * passed and failed over the repetitions of a cell.
 */
export type RowFilter =
  | { kind: 'all' }
  | { kind: 'failed-checks' }
  | { kind: 'failed-calls' }
  | { kind: 'differs' }
  | { kind: 'flaky' }
  | { kind: 'check'; checkId: number };
export type RowOptions = {
  search: string;
  filter: RowFilter;
  /** Only rows whose outputs differ from the baseline. */
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
    return cellText(gridCell(data, row.id, baseline.columnId));
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
    const output = cellText(gridCell(data, row.id, column.id));
    return reference !== null && output !== null && output !== reference;
  });
}

/** 'pass' when every check passed, 'fail' when one failed, 'error' when one could not decide; null without verdicts. */
export function cellVerdict(cell: GridCell | undefined): 'pass' | 'fail' | 'error' | null {
  const verdicts = cell?.verdicts;
  if (!verdicts || verdicts.length === 0) return null;
  if (verdicts.some((verdict) => verdict.pass === false)) return 'fail';
  if (verdicts.some((verdict) => verdict.pass === null)) return 'error';
  return 'pass';
}

const rowCells = (data: GridData, row: GridRow) => data.columns.map((column) => gridCell(data, row.id, column.id));

/** How an output reads for agreement: the same answer in another case or with other spacing is the same answer. */
const normalised = (output: string) => output.trim().toLowerCase();

/** Whether the system prompts disagree on this input: in their outputs, or in some check's verdict. */
function rowDisagrees(data: GridData, row: GridRow): boolean {
  const cells = rowCells(data, row).filter((cell) => cell?.output != null);
  if (cells.length < 2) return false;
  const first = normalised(cells[0]!.output!);
  if (cells.some((cell) => normalised(cell!.output!) !== first)) return true;
  const verdictsOf = (cell: GridCell | undefined) =>
    (cell?.verdicts ?? []).map((verdict) => `${verdict.checkId}:${verdict.pass}`).join(',');
  return cells.some((cell) => verdictsOf(cell) !== verdictsOf(cells[0]));
}

function rowPassesFilter(data: GridData, row: GridRow, filter: RowFilter): boolean {
  if (filter.kind === 'all') return true;
  if (filter.kind === 'differs') return rowDisagrees(data, row);
  return rowCells(data, row).some((cell) => {
    if (filter.kind === 'failed-calls') return cell?.status === 'FAILED';
    if (filter.kind === 'failed-checks') return cellVerdict(cell) === 'fail';
    if (filter.kind === 'flaky') return (cell?.flaky?.length ?? 0) > 0;
    return cell?.verdicts?.some((verdict) => verdict.checkId === filter.checkId && verdict.pass === false) ?? false;
  });
}

/** The checks some cell has a verdict of, in first-seen order, for a filter each. */
export function checksOf(data: GridData): { id: number; name: string }[] {
  const checks = new Map<number, string>();
  for (const cell of data.cells.values())
    for (const verdict of cell.verdicts ?? [])
      if (!checks.has(verdict.checkId)) checks.set(verdict.checkId, verdict.name);
  return [...checks].map(([id, name]) => ({ id, name }));
}

/** How many rows each filter keeps (before the search), by filter: 'all', 'failed-checks', ..., 'check:<id>'. */
export function filterCounts(data: GridData): Map<string, number> {
  const filters: RowFilter[] = [
    { kind: 'all' },
    { kind: 'failed-checks' },
    { kind: 'failed-calls' },
    { kind: 'differs' },
    { kind: 'flaky' },
    ...checksOf(data).map((check): RowFilter => ({ kind: 'check', checkId: check.id })),
  ];
  return new Map(
    filters.map((filter) => [
      encodeFilter(filter),
      data.rows.reduce((n, row) => (rowPassesFilter(data, row, filter) ? n + 1 : n), 0),
    ]),
  );
}

export const encodeFilter = (filter: RowFilter) => (filter.kind === 'check' ? `check:${filter.checkId}` : filter.kind);
export const decodeFilter = (value: string): RowFilter => {
  const [kind, id] = value.split(':');
  return kind === 'check' ? { kind, checkId: Number(id) } : { kind: kind as Exclude<RowFilter['kind'], 'check'> };
};

function rowMatches(data: GridData, row: GridRow, needle: string): boolean {
  if (
    row.name.toLowerCase().includes(needle) ||
    row.content.toLowerCase().includes(needle) ||
    (row.expected?.toLowerCase().includes(needle) ?? false)
  )
    return true;
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
  if (sort.by === 'similarity') return cell?.similarity ?? null;
  const verdicts = cell?.verdicts;
  if (!verdicts || verdicts.length === 0) return null;
  return verdicts.filter((verdict) => verdict.pass === true).length / verdicts.length;
}

/** The rows to show, filtered and sorted; run order is the rows' own order. */
export function visibleRows(data: GridData, options: RowOptions, runOutputs: RunOutputs | null = null): GridRow[] {
  const needle = options.search.trim().toLowerCase();
  const rows = data.rows.filter(
    (row) =>
      rowPassesFilter(data, row, options.filter) &&
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

const HAS_FIELD = {
  cost: (cell: GridCell) => cell.cost != null,
  verdicts: (cell: GridCell) => (cell.verdicts?.length ?? 0) > 0,
  // Set on every cell with repetitions, flaky or not.
  repetitions: (cell: GridCell) => cell.flaky !== undefined,
  similarity: (cell: GridCell) => cell.similarity !== undefined,
};

/** What a cell's similarity figure means, said where it shows. */
export const SIMILARITY_EXPLANATION =
  'Similarity to the expected output: 1 − edit distance ÷ the longer text’s length (100%: identical).';

/** Whether any cell carries cost, verdicts, repetitions or similarity, to offer them in charts, filters, sorting and exports. */
export const hasField = (data: GridData, field: keyof typeof HAS_FIELD) =>
  [...data.cells.values()].some(HAS_FIELD[field]);
