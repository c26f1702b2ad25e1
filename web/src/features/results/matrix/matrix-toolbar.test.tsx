import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cellKey } from '../lib/results-index';
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

function toolbar(onOptions: (change: Partial<RowOptions>) => void, current = options, shown: GridData = data) {
  return (
    <MatrixToolbar
      data={shown}
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

  it("offers the issue's filters with how many rows each keeps, one check's failures once there are two checks", async () => {
    const verdict = (checkId: number, pass: boolean) => ({ checkId, name: `Check ${checkId}`, pass, reason: '' });
    const cell = (verdicts: ReturnType<typeof verdict>[]) => ({
      status: 'SUCCESS' as const,
      output: 'Paris',
      error: null,
      seconds: 1,
      inputTokens: 1,
      outputTokens: 1,
      verdicts,
    });
    const judged: GridData = {
      rows: [
        { id: 1, name: 'Capital', content: 'Capital of France?', expected: 'Paris' },
        { id: 2, name: 'Sum', content: 'Two plus two?', expected: '4' },
      ],
      columns: [
        { id: 10, name: 'Tutor', model: 'openai - gpt-4.1' },
        { id: 20, name: 'Terse', model: 'openai - gpt-4.1' },
      ],
      cells: new Map([
        [cellKey(1, 10), cell([verdict(5, true), verdict(6, false)])],
        [cellKey(1, 20), cell([verdict(5, true), verdict(6, true)])],
        [cellKey(2, 10), cell([verdict(5, true), verdict(6, true)])],
        [cellKey(2, 20), cell([verdict(5, true), verdict(6, true)])],
      ]),
    };
    const onOptions = vi.fn();
    render(toolbar(onOptions, options, judged));
    const show = screen.getByRole('group', { name: 'Show' });
    const radios = within(show)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')!.textContent);
    expect(radios).toEqual([
      'All2',
      'Failed checks1',
      'Failed calls0',
      'Differs between configurations1',
      'Failed: Check 50',
      'Failed: Check 61',
    ]);
    await userEvent.click(within(show).getByRole('radio', { name: /Failed: Check 6/ }));
    expect(onOptions).toHaveBeenLastCalledWith({ filter: { kind: 'check', checkId: 6 } });
    await userEvent.click(within(show).getByRole('radio', { name: /Differs between configurations/ }));
    expect(onOptions).toHaveBeenLastCalledWith({ filter: { kind: 'differs' } });
  });

  it('offers "Flaky" with its count once cells have repetitions, for the rows where a check passed only sometimes', async () => {
    const cell = (flaky: { checkId: number; name: string; passed: number; runs: number }[]) => ({
      status: 'SUCCESS' as const,
      output: 'PASS',
      error: null,
      seconds: 1,
      inputTokens: 1,
      outputTokens: 1,
      verdicts: [{ checkId: 5, name: 'Says PASS', pass: true, reason: '' }],
      flaky,
    });
    const repeated: GridData = {
      rows: [
        { id: 1, name: 'Steady', content: 'Q1', expected: null },
        { id: 2, name: 'Wobbly', content: 'Q2', expected: null },
      ],
      columns: [{ id: 10, name: 'Tutor', model: 'openai - gpt-4.1' }],
      cells: new Map([
        [cellKey(1, 10), cell([])],
        [cellKey(2, 10), cell([{ checkId: 5, name: 'Says PASS', passed: 2, runs: 3 }])],
      ]),
    };
    const onOptions = vi.fn();
    render(toolbar(onOptions, options, repeated));
    const show = screen.getByRole('group', { name: 'Show' });
    const flaky = within(show).getByRole('radio', { name: /Flaky/ });
    expect(flaky.closest('label')!.textContent).toBe('Flaky1');
    await userEvent.click(flaky);
    expect(onOptions).toHaveBeenLastCalledWith({ filter: { kind: 'flaky' } });
  });
});
