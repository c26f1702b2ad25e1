import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOCK_OUTPUTS_NOTE, type SharedEvaluation } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { apiRequestFixture as request, resultFixture as result } from '@/testing/fixtures';
import { comparisonFixture, historyItemFixture, recordFixture } from '../testing/history-fixtures';
import { renderResultsScreen } from '../testing/render-results-screen';
import { CompareView } from '../compare/compare-view';
import MatrixCharts from '../matrix/matrix-charts';
import { cellKey } from '../lib/results-index';
import { SharedResultsView } from './shared-results-view';
import { itemAt } from '@promptgrid/test-support/items';

/** Run 12 of project 1, its four requests finished; mock or real as `mock` says. */
function serveRun(mock: boolean) {
  const history = [historyItemFixture(12, { use_mock: mock }), historyItemFixture(11, { use_mock: !mock })];
  mockApi(({ url }) => {
    if (url.startsWith('/api/projects/1/evaluations/'))
      return { body: { items: history, total: 2, page: 1, page_size: 20 } };
    if (url === '/api/evaluations/12/') return { body: recordFixture(12, { use_mock: mock }) };
    if (url.startsWith('/api/api-requests/metrics/'))
      return { body: { average_execution_time: 1.5, input_tokens: 40, output_tokens: 60 } };
    if (url.startsWith('/api/api-requests/'))
      return { body: [request(1, 1, 5, 'SUCCESS'), request(2, 1, 6, 'SUCCESS')] };
    if (url.startsWith('/api/results/')) return { body: [result(1, 1, 5, 'First'), result(2, 1, 6, 'Second')] };
    return undefined;
  });
  renderResultsScreen();
}

const summary = async () => screen.findByRole('region', { name: 'Evaluation summary' });

describe("a mock run's labels", () => {
  it('the summary and the history say that mock scores measure nothing', async () => {
    serveRun(true);
    const user = userEvent.setup();
    expect(within(await summary()).getByRole('note')).toHaveTextContent(MOCK_OUTPUTS_NOTE);
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const rows = within(await screen.findByRole('dialog', { name: 'Evaluation history' })).getAllByRole('listitem');
    expect(within(itemAt(rows, 0)).getByRole('note')).toHaveTextContent(MOCK_OUTPUTS_NOTE);
    expect(within(itemAt(rows, 1)).queryByRole('note')).not.toBeInTheDocument();
  });

  it('a real run has no such line', async () => {
    serveRun(false);
    expect(within(await summary()).queryByRole('note')).not.toBeInTheDocument();
  });

  it('the charts say it first', () => {
    const cell = { status: 'SUCCESS' as const, output: 'x', error: null, seconds: 1, inputTokens: 1, outputTokens: 2 };
    const data = {
      rows: [{ id: 1, name: 'Q', content: 'Q?', expected: null }],
      columns: [{ id: 5, name: 'Terse', model: 'openai - gpt-4o-mini' }],
      cells: new Map([[cellKey(1, 5), cell]]),
    };
    const { rerender } = render(<MatrixCharts data={{ ...data, mock: true }} />);
    expect(within(screen.getByRole('region', { name: 'Charts' })).getByRole('note')).toHaveTextContent(
      MOCK_OUTPUTS_NOTE,
    );
    rerender(<MatrixCharts data={data} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('comparing a mock run says it', async () => {
    mockApi(({ url }) => (url.startsWith('/api/evaluations/compare/') ? { body: comparisonFixture() } : undefined));
    renderWithApp(<CompareView projectId="1" base={3} head={4} />, { route: '/project/1/compare' });
    expect(await screen.findByRole('note')).toHaveTextContent(MOCK_OUTPUTS_NOTE);
  });

  it('the shared page of a mock run says it', async () => {
    const shared: SharedEvaluation = {
      evaluation: { name: 'Shared mock', use_mock: true, total_requests: 1, created_at: '', completed_at: null },
      configurations: [{ id: 5, name: 'Terse', ai_model: { company: 'openai', model_name: 'gpt-4o-mini' } }],
      inputs: [{ id: 1, name: 'Q', content: 'Q?', messages: null, images: [] }],
      api_requests: [],
      metrics: { average_execution_time: 0, input_tokens: 0, output_tokens: 0, cancelled: false },
      status_counts: { PENDING: 0, IN_PROGRESS: 0, SUCCESS: 0, FAILED: 0, total: 0 },
    };
    mockApi(({ url }) => (url === '/api/shared/tok/' ? { body: shared } : undefined));
    renderWithApp(<SharedResultsView token="tok" />);
    expect(await screen.findByRole('heading', { name: 'Shared mock' })).toBeInTheDocument();
    expect(screen.getAllByRole('note')[0]).toHaveTextContent(MOCK_OUTPUTS_NOTE);
  });
});
