import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { comparisonFixture } from '../testing/history-fixtures';
import { CompareView } from './compare-view';
import { itemAt } from '@promptgrid/test-support/items';

const view = () => renderWithApp(<CompareView projectId="1" base={3} head={4} />, { route: '/project/1/compare' });

describe('CompareView', () => {
  it('shows the changed cells first, with their changes and a word-level diff of the outputs', async () => {
    mockApi(({ url }) =>
      url === '/api/evaluations/compare/?base=3&head=4' ? { body: comparisonFixture() } : undefined,
    );
    const user = userEvent.setup();
    view();
    expect(await screen.findByRole('heading', { name: 'Compare evaluations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baseline run' })).toHaveAttribute(
      'href',
      '/project/1/results?evaluation=3',
    );
    expect(screen.getByRole('link', { name: 'Reworded run' })).toHaveAttribute(
      'href',
      '/project/1/results?evaluation=4',
    );
    // The outcome comes first: cases fixed, broken and unchanged, the pass rate and the cost before and after.
    expect(screen.getByLabelText('Comparison summary')).toHaveTextContent(
      'Fixed1Broken1Unchanged1Pass rate67% → 50% (−17 pts)Cost$0.012 → $0.01 (−$0.002)',
    );
    expect(screen.getByLabelText('Summary')).toHaveTextContent(
      '3 cells · 2 changed · 1 with another status · 2 with another output',
    );

    const cells = within(screen.getByRole('list', { name: 'Cells' })).getAllByRole('article');
    expect(cells.map((cell) => cell.getAttribute('aria-label'))).toEqual([
      'Terse as it ran on Frozen input 1',
      'Friendly as it ran on Frozen input 1',
      'Terse as it ran on Frozen input 2',
    ]);
    const reworded = itemAt(cells, 0);
    expect(within(reworded).getByText('Changed')).toBeInTheDocument();
    expect(within(reworded).getByText('−0.25 s')).toBeInTheDocument();
    expect(within(reworded).getByText('+2')).toBeInTheDocument();
    const added = [...reworded.querySelectorAll('ins')].map((node) => node.textContent).join('');
    const removed = [...reworded.querySelectorAll('del')].map((node) => node.textContent).join('');
    expect(added).toContain('France');
    expect(removed).not.toContain('Paris');
    expect(reworded).toHaveTextContent(/The capital is Paris/);

    const failed = itemAt(cells, 1);
    expect(within(failed).getByText('Success → Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Named Friendly before in the base run')).toBeInTheDocument();
    expect(within(reworded).queryByText(/in the base run/)).not.toBeInTheDocument();
    expect(within(failed).getByText('Rate limited')).toBeInTheDocument();
    expect(within(failed).getByText('Hello there')).toBeInTheDocument();
    expect(within(itemAt(cells, 2)).getByText('Output (the same in both)')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Changed cells only' }));
    expect(within(screen.getByRole('list', { name: 'Cells' })).getAllByRole('article')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Side by side' }));
    const first = itemAt(within(screen.getByRole('list', { name: 'Cells' })).getAllByRole('article'), 0);
    expect(within(first).getByRole('region', { name: 'Base output' })).toHaveTextContent('The capital is Paris.');
    expect(within(first).getByRole('region', { name: 'Head output' })).toHaveTextContent(
      'The capital is Paris, France.',
    );
    expect(screen.getByRole('link', { name: 'Swap base and head' })).toHaveAttribute(
      'href',
      '/project/1/compare?base=4&head=3',
    );
  });

  it('says why for runs of two projects, and "Evaluation not found" for a missing run', async () => {
    mockApi(() => ({ status: 400, body: { head: ['Both evaluations must belong to the same project.'] } }));
    const first = view();
    expect(await screen.findByText('head: Both evaluations must belong to the same project.')).toBeInTheDocument();
    first.unmount();

    mockApi(() => ({ status: 404, body: { detail: 'Evaluation not found.' } }));
    view();
    expect(await screen.findByText('Evaluation not found')).toBeInTheDocument();
  });
});
