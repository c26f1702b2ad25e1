import Papa from 'papaparse';
import { resultsCsvTable, type ResultsCsvRow } from '@promptgrid/contract';
import { saveFile } from '../lib/save-file';
import { gridCell, type GridData } from './grid-data';

/**
 * The grid as CSV, one row per cell (its first run), in the product's one CSV format (resultsCsvTable in the
 * contract, which the CLI's results.csv writes too).
 */
export function gridCsv(data: GridData): string {
  const rows: ResultsCsvRow[] = [];
  for (const row of data.rows) {
    for (const column of data.columns) {
      const cell = gridCell(data, row.id, column.id);
      if (!cell) continue;
      rows.push({
        inputName: row.name,
        input: row.content,
        messages: row.messages,
        expected: row.expected,
        variables: row.variables,
        configuration: column.name,
        model: column.model,
        repetition: 0,
        status: cell.status,
        output: cell.output,
        toolCalls: cell.toolCalls,
        error: cell.error,
        verdicts: cell.verdicts,
        rating: cell.rating,
        cost: cell.cost,
        judgeCost: cell.judgeCost,
        inputTokens: cell.inputTokens,
        outputTokens: cell.outputTokens,
        seconds: cell.seconds,
        ttft: cell.ttft,
      });
    }
  }
  return Papa.unparse(resultsCsvTable(rows, data.mock ?? false), { newline: '\r\n' });
}

export function downloadCsv(csv: string, fileName: string) {
  // A byte order mark so spreadsheet programs read the file as UTF-8.
  saveFile(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
