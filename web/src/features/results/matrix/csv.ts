import Papa from 'papaparse';
import { csvSafeCell, MOCK_OUTPUTS_NOTE, toolCallsText, VARIABLE_COLUMN_PREFIX } from '@promptgrid/contract';
import { saveFile } from '../lib/save-file';
import { gridCell, type GridCell, type GridData } from './grid-data';
import { checksOf, hasField } from './view-model';

/** Rounded to a number of decimals, or empty: seconds to the millisecond, dollars to the millionth. */
const rounded = (value: number | null | undefined, decimals: number) =>
  value == null ? '' : Number(value.toFixed(decimals));

const verdictWord = (pass: boolean | null) => (pass === true ? 'pass' : pass === false ? 'fail' : 'error');
const ratingWord = (rating: GridCell['rating']) => (rating === 1 ? 'up' : rating === -1 ? 'down' : '');

/**
 * The grid as CSV, one row per cell: the input (with its conversation as JSON, when some input is one), its expected
 * output and a column per variable (`variables.<name>`, as the user prompts' own export names them, so the file imports
 * back), the output, each check's verdict and reason, the rating, cost, tokens, latency and time to first token. Cost,
 * tool calls (as JSON), check and rating columns only when some cell has them. A mock run's file starts with a `notice` column saying on
 * every row that its scores measure nothing.
 */
export function gridCsv(data: GridData): string {
  const withCost = hasField(data, 'cost');
  const checks = checksOf(data);
  const withRatings = [...data.cells.values()].some((cell) => cell.rating !== undefined);
  const withConversations = data.rows.some((row) => row.messages);
  const variableNames = [...new Set(data.rows.flatMap((row) => Object.keys(row.variables ?? {})))].sort();
  const withToolCalls = [...data.cells.values()].some((cell) => (cell.toolCalls?.length ?? 0) > 0);
  const fields = [
    'input_name',
    'input',
    ...(withConversations ? ['messages'] : []),
    'expected_output',
    ...variableNames.map((name) => VARIABLE_COLUMN_PREFIX + name),
    'configuration',
    'model',
    'status',
    'output',
    ...(withToolCalls ? ['tool_calls'] : []),
    'error_message',
    ...checks.flatMap((check) => [`check: ${check.name}`, `check: ${check.name} (reason)`]),
    ...(withRatings ? ['rating'] : []),
    ...(withCost ? ['cost_usd', 'judge_cost_usd'] : []),
    'input_tokens',
    'output_tokens',
    'latency_s',
    'time_to_first_token_s',
  ];
  const rows: unknown[][] = [];
  for (const row of data.rows) {
    for (const column of data.columns) {
      const cell = gridCell(data, row.id, column.id);
      if (!cell) continue;
      rows.push([
        row.name,
        row.content,
        // A conversation as its JSON list of {role, content}; `input` holds its last user turn.
        ...(withConversations ? [row.messages ? JSON.stringify(row.messages) : ''] : []),
        row.expected ?? '',
        ...variableNames.map((name) => row.variables?.[name] ?? ''),
        column.name,
        column.model,
        cell.status,
        cell.output ?? '',
        ...(withToolCalls ? [toolCallsText(cell.toolCalls)] : []),
        cell.error ?? '',
        ...checks.flatMap((check) => {
          const verdict = cell.verdicts?.find((v) => v.checkId === check.id);
          return verdict ? [verdictWord(verdict.pass), verdict.reason] : ['', ''];
        }),
        ...(withRatings ? [ratingWord(cell.rating)] : []),
        ...(withCost ? [rounded(cell.cost, 6), rounded(cell.judgeCost, 6)] : []),
        cell.inputTokens ?? '',
        cell.outputTokens ?? '',
        rounded(cell.seconds, 3),
        rounded(cell.ttft, 3),
      ]);
    }
  }
  // Texts go through the product's one guard against formulas (Papa's escapeFormulae misses multi-line cells).
  const safeRows = rows.map((cells) => cells.map((cell) => (typeof cell === 'string' ? csvSafeCell(cell) : cell)));
  const noticed = data.mock
    ? { fields: ['notice', ...fields], data: safeRows.map((cells) => [MOCK_OUTPUTS_NOTE, ...cells]) }
    : { fields, data: safeRows };
  return Papa.unparse(noticed, { newline: '\r\n' });
}

export function downloadCsv(csv: string, fileName: string) {
  // A byte order mark so spreadsheet programs read the file as UTF-8.
  saveFile(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
