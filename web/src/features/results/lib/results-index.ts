import type { ApiRequest, Result } from '@promptgrid/contract';

/** Key of one cell of the comparison: an input (or none) and a configuration. */
export const cellKey = (inputId: number | null, configurationId: number) => `${inputId ?? 'none'}:${configurationId}`;

export type Cell = { request: ApiRequest | undefined; result: Result | undefined };

/** Requests and results by cell, for constant-time lookups while rendering many cards. */
export function indexCells(requests: ApiRequest[], results: Result[]): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  for (const request of requests)
    cells.set(cellKey(request.input, request.configuration), { request, result: undefined });
  for (const result of results) {
    const key = cellKey(result.input, result.configuration);
    const cell = cells.get(key);
    if (cell) cell.result = result;
    else cells.set(key, { request: undefined, result });
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
