import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridData } from './grid-data';
import { MatrixToolbar } from './matrix-toolbar';
import type { RowOptions } from './view-model';

const data: GridData = {
  rows: [{ id: 1, name: 'Capital', content: 'What is the capital of France?', expected: null }],
  columns: [{ id: 10, name: 'Tutor', model: 'openai - gpt-4.1' }],
  cells: new Map(),
};
const options: RowOptions = {
  search: '',
  filter: { kind: 'all' },
  differingOnly: false,
  baseline: { kind: 'none' },
  sort: { by: 'run' },
  descending: false,
};

function toolbar(onOptions: (change: Partial<RowOptions>) => void, current = options) {
  return (
    <MatrixToolbar
      data={data}
      runs={[{ id: 4, name: 'Plain run' }]}
      options={current}
      onOptions={onOptions}
      showDiff
      onShowDiff={() => {}}
      mode="plain"
      onMode={() => {}}
      rowHeight="compact"
      onRowHeight={() => {}}
      hasExpected={false}
      searchRef={createRef()}
      chartsOpen={false}
      onCharts={() => {}}
      onShortcuts={() => {}}
      shownRows={1}
    />
  );
}

describe('the matrix toolbar', () => {
  it('picks another run, or a column, as the baseline and shows the choice', async () => {
    const onOptions = vi.fn();
    const { rerender } = render(toolbar(onOptions));
    const baseline = screen.getByLabelText('Baseline');
    await userEvent.selectOptions(baseline, 'Plain run (#4)');
    expect(onOptions).toHaveBeenLastCalledWith({ baseline: { kind: 'run', evaluationId: 4 } });
    rerender(toolbar(onOptions, { ...options, baseline: { kind: 'run', evaluationId: 4 } }));
    expect(screen.getByRole('option', { name: 'Plain run (#4)', selected: true })).toBeInTheDocument();
    await userEvent.selectOptions(baseline, 'Tutor (openai - gpt-4.1)');
    expect(onOptions).toHaveBeenLastCalledWith({ baseline: { kind: 'column', columnId: 10 } });
    expect(screen.getByText('Showing 1 of 1 user prompts × 1 system prompts')).toBeInTheDocument();
  });
});
