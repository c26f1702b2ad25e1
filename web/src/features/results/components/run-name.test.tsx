import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@/testing/api-mock';
import { historyItemFixture, recordFixture } from '../testing/history-fixtures';
import { renderResultsScreen } from '../testing/render-results-screen';

// The readable name is in the reader's time zone: these tests read it in UTC.
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterEach(() => localStorage.clear());

const DEFAULT_NAME = 'Evaluation 2026-12-01T22:23:46.402Z';

function serve() {
  const record = recordFixture(12, { name: DEFAULT_NAME, configuration_ids: [5, 6, 7, 8] });
  record.evaluation.input_ids = Array.from({ length: 100 }, (_, n) => n + 1);
  const history = [
    historyItemFixture(12, { name: DEFAULT_NAME, configuration_count: 4, input_count: 100 }),
    historyItemFixture(11, { name: 'Evaluation 2026-11-30T08:05:00.000Z', configuration_count: 1, input_count: 0 }),
    historyItemFixture(10, { name: 'Before the rewrite' }),
  ];
  mockApi(({ url }) => {
    if (url.startsWith('/api/projects/1/evaluations/'))
      return { body: { items: history, total: 3, page: 1, page_size: 20 } };
    if (url === '/api/evaluations/12/') return { body: record };
    if (url.startsWith('/api/api-requests/metrics/'))
      return { body: { average_execution_time: 1, input_tokens: 1, output_tokens: 1 } };
    if (url.startsWith('/api/api-requests/') || url.startsWith('/api/results/')) return { body: [] };
    return undefined;
  });
}

describe('run names', () => {
  it('shows a run left with the default name by when it started and its size, and keeps a given name', async () => {
    serve();
    renderResultsScreen();
    expect(await screen.findByText('Dec 1, 22:23 · 4 prompts × 100 inputs')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_NAME)).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evaluation history' });
    const links = within(dialog)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Dec 1, 22:23 · 4 prompts × 100 inputs', 'Nov 30, 08:05 · 1 prompt', 'Before the rewrite']);
  });
});
