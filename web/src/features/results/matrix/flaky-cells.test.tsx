import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Score } from '@promptgrid/contract';
import { apiRequestFixture, resultFixture } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/app-test-utils';
import { itemAt } from '@promptgrid/test-support/items';
import { indexCells } from '../lib/results-index';
import { CellFacts } from './matrix-cell';
import { gridFromResults } from './grid-data';
import { visibleRows } from './view-model';

const says = (pass: boolean): Score => ({ check_id: 3, pass, score: Number(pass), reason: '', error: null });

/** Input 4 on configuration 7, three repetitions whose `contains PASS` verdicts are `passes`. */
function repeatedGrid(input: number, passes: boolean[], firstId: number) {
  const requests = passes.map((pass, repetition) => ({
    ...apiRequestFixture(firstId + repetition, input, 7, 'SUCCESS'),
    repetition,
    scores: [says(pass)],
  }));
  const results = passes.map((pass, repetition) =>
    resultFixture(firstId + repetition, input, 7, `Verdict: ${pass ? 'PASS' : 'FAIL'}. Reply ${repetition}`),
  );
  return { requests, results };
}

describe('flaky cells in the matrix', () => {
  it('say how many repetitions passed each flaky check, and the Flaky filter keeps only their rows', () => {
    const wobbly = repeatedGrid(4, [true, false, true], 1);
    const steady = repeatedGrid(5, [true, true, true], 11);
    const cells = indexCells([...wobbly.requests, ...steady.requests], [...wobbly.results, ...steady.results]);
    const grid = gridFromResults(
      cells,
      { inputIds: [4, 5], configurationIds: [7] },
      new Map([
        [4, { name: 'Wobbly', content: 'Q4' }],
        [5, { name: 'Steady', content: 'Q5' }],
      ]),
      new Map(),
      true,
      new Map([[3, 'Says PASS']]),
    );
    renderWithApp(<CellFacts cell={itemAt([...grid.cells.values()], 0)} id="wobbly" />);
    expect(screen.getByText('3 distinct · Says PASS 2/3')).toBeInTheDocument();
    renderWithApp(<CellFacts cell={itemAt([...grid.cells.values()], 1)} id="steady" />);
    expect(screen.getByText('3 distinct')).toBeInTheDocument();

    const options = {
      search: '',
      filter: { kind: 'flaky' as const },
      differingOnly: false,
      baseline: { kind: 'none' as const },
      sort: { by: 'run' as const },
      descending: false,
    };
    expect(visibleRows(grid, options).map((row) => row.name)).toEqual(['Wobbly']);
  });
});
