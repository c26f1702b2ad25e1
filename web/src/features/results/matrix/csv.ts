import Papa from 'papaparse';
import { csvSafeCell, MOCK_OUTPUTS_NOTE } from '@promptgrid/contract';
import { saveFile } from '../lib/save-file';
import { gridCell, type GridData } from './grid-data';
import { hasField } from './view-model';

/**
 * The grid as CSV, one row per cell; cost (the call's and the judge's) and checks columns only when some cell has them.
 * A mock run's file starts with a `notice` column saying on every row that its scores measure nothing.
 */
export function gridCsv(data: GridData): string {
  const withCost = hasField(data, 'cost');
  const withChecks = hasField(data, 'checks');
  const fields = [
    'input_name',
    'input',
    'configuration',
    'model',
    'status',
    'output',
    'error_message',
    'execution_time_s',
    'input_tokens',
    'output_tokens',
    ...(withCost ? ['cost_usd', 'judge_cost_usd'] : []),
    ...(withChecks ? ['checks_passed', 'checks_total'] : []),
  ];
  const rows: unknown[][] = [];
  for (const row of data.rows) {
    for (const column of data.columns) {
      const cell = gridCell(data, row.id, column.id);
      if (!cell) continue;
      rows.push([
        row.name,
        row.content,
        column.name,
        column.model,
        cell.status,
        cell.output ?? '',
        cell.error ?? '',
        cell.seconds ?? '',
        cell.inputTokens ?? '',
        cell.outputTokens ?? '',
        ...(withCost ? [cell.cost ?? '', cell.judgeCost ?? ''] : []),
        ...(withChecks ? [cell.checks?.passed ?? '', cell.checks?.total ?? ''] : []),
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
