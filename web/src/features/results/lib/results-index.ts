import type { ApiRequest, Result } from '@promptgrid/contract';

/** Key of one cell of the comparison: an input (or none) and a configuration. */
export const cellKey = (inputId: number | null, configurationId: number) => `${inputId ?? 'none'}:${configurationId}`;

/**
 * One run of a cell: its api request and, once it succeeded, its result; `live` is the reply's text while it streams
 * in and no result is saved yet.
 */
export type CellRun = { request: ApiRequest | undefined; result: Result | undefined; live?: string };
/**
 * A cell: its first run (request and result, what the card and the matrix show) and all of its runs in repetition
 * order (one unless the evaluation asked for repetitions).
 */
export type Cell = CellRun & { runs: [CellRun, ...CellRun[]] };

const NO_LIVE: ReadonlyMap<number, string> = new Map();

/** Requests, results and replies streaming in, by cell, for constant-time lookups while rendering many cards. */
export function indexCells(
  requests: ApiRequest[],
  results: Result[],
  live: ReadonlyMap<number, string> = NO_LIVE,
): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  const runOfRequest = new Map<number, CellRun>();
  for (const request of [...requests].sort((a, b) => (a.repetition ?? 0) - (b.repetition ?? 0) || a.id - b.id)) {
    const key = cellKey(request.input, request.configuration);
    const run: CellRun = { request, result: undefined, live: live.get(request.id) };
    runOfRequest.set(request.id, run);
    const cell = cells.get(key);
    if (cell) cell.runs.push(run);
    else cells.set(key, { ...run, runs: [run] });
  }
  for (const result of results) {
    const run = runOfRequest.get(result.api_request);
    const key = cellKey(result.input, result.configuration);
    if (run) {
      run.result = result;
      run.live = undefined;
    } else if (!cells.has(key)) cells.set(key, { request: undefined, result, runs: [{ request: undefined, result }] });
  }
  for (const cell of cells.values()) {
    cell.result = cell.runs[0].result;
    cell.live = cell.runs[0].live;
  }
  return cells;
}

/** The inputs and configurations an evaluation covers, in first-seen order. */
export function evaluationMembers(requests: Pick<ApiRequest, 'input' | 'configuration'>[]): {
  inputIds: (number | null)[];
  configurationIds: number[];
} {
  const inputIds = new Set<number | null>();
  const configurationIds = new Set<number>();
  for (const request of requests) {
    inputIds.add(request.input);
    configurationIds.add(request.configuration);
  }
  return { inputIds: [...inputIds], configurationIds: [...configurationIds] };
}
