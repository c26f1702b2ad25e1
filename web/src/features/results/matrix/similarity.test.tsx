import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ROUTES, type OutputSimilarity } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { cellKey } from '../lib/results-index';
import { gridCell, withSimilarity, type GridCell, type GridData } from './grid-data';
import { CellFacts } from './matrix-cell';
import { MatrixView } from './matrix-view';
import { visibleRows, type RowOptions } from './view-model';

const answered = (output: string): GridCell => ({
  status: 'SUCCESS',
  output,
  error: null,
  seconds: 1,
  inputTokens: 5,
  outputTokens: 3,
});

/** Two inputs with an expected output, one without; one configuration. */
const data: GridData = {
  rows: [
    { id: 1, name: 'Far', content: 'Capital of France?', expected: 'Paris' },
    { id: 2, name: 'Close', content: 'Capital of Italy?', expected: 'Rome' },
    { id: 3, name: 'Open', content: 'Say hello', expected: null },
  ],
  columns: [{ id: 10, name: 'Tutor', model: 'openai - gpt-4.1' }],
  cells: new Map([
    [cellKey(1, 10), answered('It is Paris, of course')],
    [cellKey(2, 10), answered('Rome.')],
    [cellKey(3, 10), answered('Hello')],
  ]),
};

const similarity: OutputSimilarity = {
  cells: [
    { api_request: 1, input_id: 1, configuration_id: 10, repetition: 0, similarity: 0.23 },
    { api_request: 2, input_id: 2, configuration_id: 10, repetition: 0, similarity: 0.8 },
    // A later repetition is not what the cell shows.
    { api_request: 3, input_id: 2, configuration_id: 10, repetition: 1, similarity: 0.1 },
  ],
  reason: null,
};

const options: RowOptions = {
  search: '',
  filter: { kind: 'all' },
  differingOnly: false,
  baseline: { kind: 'none' },
  sort: { by: 'run' },
  descending: false,
};

describe('similarity to the expected output in the matrix', () => {
  it('is read for a run with expected outputs and offered as a sort key, with its meaning on hover', async () => {
    const calls = mockApi((call) => (call.url === ROUTES.similarity(9) ? { body: similarity } : undefined));
    // Neither a run without expected outputs nor a shared grid (no run) asks for it.
    const open: GridData = { ...data, rows: data.rows.map((row) => ({ ...row, expected: null })) };
    renderWithApp(<MatrixView data={open} run={{ evaluationId: 8, polling: false }} />).unmount();
    renderWithApp(<MatrixView data={data} />).unmount();
    renderWithApp(<MatrixView data={data} run={{ evaluationId: 9, polling: false }} />);
    const sort = screen.getByLabelText('Sort rows by');
    const option = await within(sort).findByRole('option', { name: 'Similarity: Tutor' });
    expect(option).toHaveAttribute('title', expect.stringContaining('100%: identical'));
    expect(calls.map((call) => call.url)).toEqual([ROUTES.similarity(9)]);
  });

  it('shows in the cell the first run’s figure, and sorts rows by it with the rows without one last', () => {
    const measured = withSimilarity(data, similarity);
    renderWithApp(<CellFacts cell={gridCell(measured, 2, 10)!} id="close" />);
    expect(screen.getByText('80% similar')).toHaveAttribute(
      'title',
      expect.stringMatching(/^Similarity to the expected output: 1 − edit distance/),
    );
    const sorted = (descending: boolean) =>
      visibleRows(measured, { ...options, sort: { by: 'similarity', columnId: 10 }, descending }).map((r) => r.name);
    expect(sorted(true)).toEqual(['Close', 'Far', 'Open']);
    expect(sorted(false)).toEqual(['Far', 'Close', 'Open']);
  });
});
