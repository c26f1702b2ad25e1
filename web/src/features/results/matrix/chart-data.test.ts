import { describe, expect, it } from 'vitest';
import { summariseColumns } from './chart-data';
import type { GridCell, GridData } from './grid-data';

const cell = (seconds: number, ttft: number | null, status: GridCell['status'] = 'SUCCESS'): GridCell => ({
  status,
  output: 'x',
  error: null,
  seconds,
  ttft,
  inputTokens: 1,
  outputTokens: 2,
});

const grid = (cells: [string, GridCell][]): GridData => ({
  rows: [
    { id: 1, name: 'A', content: 'a', expected: null },
    { id: 2, name: 'B', content: 'b', expected: null },
  ],
  columns: [
    { id: 10, name: 'Formal', model: 'm' },
    { id: 20, name: 'Casual', model: 'm' },
  ],
  cells: new Map(cells),
});

describe('chart summaries', () => {
  it('means the time to first token per system prompt over the successful cells that have one', () => {
    const { summaries, withTtft } = summariseColumns(
      grid([
        ['1:10', cell(2, 0.5)],
        ['2:10', cell(4, 1.5)],
        ['1:20', cell(3, null)],
        ['2:20', cell(1, 0.9, 'FAILED')],
      ]),
    );
    expect(withTtft).toBe(true);
    expect(summaries.map((s) => [s.name, s.meanSeconds, s.meanTtft])).toEqual([
      ['Formal', 3, 1],
      ['Casual', 3, null],
    ]);
  });

  it('offers no TTFT chart when no cell has one', () => {
    expect(summariseColumns(grid([['1:10', cell(2, null)]])).withTtft).toBe(false);
  });
});
