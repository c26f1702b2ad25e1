import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi, type ApiCall } from '@/testing/api-mock';
import { apiRequestFixture as request, resultFixture as result } from '@/testing/fixtures';
import { historyItemFixture, recordFixture } from '../testing/history-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { ResultsScreen } from './results-screen';
import { itemAt } from '@promptgrid/test-support/items';

const finished = [
  request(1, 1, 5, 'SUCCESS'),
  request(2, 1, 6, 'FAILED', 'Incorrect API key provided'),
  request(3, 2, 5, 'SUCCESS'),
  request(4, 2, 6, 'SUCCESS'),
];
const outputs = [result(1, 1, 5, 'First'), result(3, 2, 5, 'Second'), result(4, 2, 6, 'Third')];
const history = [12, 11, 10].map((id) => historyItemFixture(id));

afterEach(() => localStorage.clear());

/** The server of these tests: project 1's runs 10 to 12, newest 12; other answers from `extra`. */
function serve(extra: (call: ApiCall) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    const { url } = call;
    if (url.startsWith('/api/projects/1/evaluations/?page=1&page_size=1'))
      return { body: { items: history.slice(0, 1), total: 3, page: 1, page_size: 1 } };
    if (url.startsWith('/api/projects/1/evaluations/'))
      return { body: { items: history, total: 3, page: 1, page_size: 20 } };
    const record = url.match(/^\/api\/evaluations\/(\d+)\/$/);
    if (record && call.method === 'GET') return { body: recordFixture(Number(record[1])) };
    if (url.startsWith('/api/api-requests/metrics/'))
      return { body: { average_execution_time: 1.5, input_tokens: 40, output_tokens: 60 } };
    if (url.startsWith('/api/api-requests/')) return { body: finished };
    if (url.startsWith('/api/results/')) return { body: outputs };
    return undefined;
  });
}

function WhereAmI() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

const screenAt = (evaluationParam: number | null) =>
  renderWithApp(
    <Routes>
      <Route
        path="/project/:projectId/results"
        element={
          <ResultsScreen
            projectId="1"
            project={{ id: 1, name: 'P' }}
            evaluationParam={evaluationParam}
            message={null}
          />
        }
      />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route: `/project/1/results${evaluationParam === null ? '' : `?evaluation=${evaluationParam}`}` },
  );

describe('ResultsScreen', () => {
  it("opens the project's latest run as the server says, labelled as it ran", async () => {
    const calls = serve();
    screenAt(null);
    expect(await screen.findByText('Run 12')).toBeInTheDocument();
    expect(await screen.findByText('4 of 4')).toBeInTheDocument();
    expect(screen.getAllByText('Terse as it ran').length).toBeGreaterThan(0);
    expect(screen.getByRole('option', { name: 'Frozen input 1' })).toBeInTheDocument();
    expect(screen.queryByText(/This is an earlier run/)).not.toBeInTheDocument();
    expect(callsOf(calls)).not.toContain('GET /api/evaluations/9/');
  });

  it('shows "Evaluation not found" for a missing run and for another project\'s, with a link to the latest', async () => {
    const calls = serve(({ url }) =>
      url === '/api/evaluations/404/' ? { status: 404, body: { detail: 'Evaluation not found.' } } : undefined,
    );
    const first = screenAt(404);
    expect(await screen.findByText('Evaluation not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the latest evaluation' })).toHaveAttribute(
      'href',
      '/project/1/results',
    );
    expect(screen.queryByText('Running')).not.toBeInTheDocument();
    expect(callsOf(calls).some((c) => c.includes('/api/api-requests/'))).toBe(false);
    first.unmount();

    serve(({ url }) => (url === '/api/evaluations/77/' ? { body: recordFixture(77, { project: 2 }) } : undefined));
    screenAt(77);
    expect(await screen.findByText('Evaluation not found')).toBeInTheDocument();
  });

  it('invites a first run when the server has none for the project', async () => {
    serve(({ url }) =>
      url.startsWith('/api/projects/1/evaluations/')
        ? { body: { items: [], total: 0, page: 1, page_size: 1 } }
        : undefined,
    );
    screenAt(null);
    expect(await screen.findByText('No evaluation yet')).toBeInTheDocument();
  });

  it('drops what the browser kept of a run the server answers 404 for', async () => {
    serve(({ url }) =>
      url === '/api/evaluations/404/' ? { status: 404, body: { detail: 'Evaluation not found.' } } : undefined,
    );
    const { queryClient } = screenAt(404);
    queryClient.setQueryData(queryKeys.evaluationResults(404), [result(1, 1, 1, 'Kept from before')]);
    expect(await screen.findByText('Evaluation not found')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.evaluationResults(404))).toBeUndefined());
  });

  it('lists the history, opens an older run, and compares two picked runs (the earlier as base)', async () => {
    serve();
    const user = userEvent.setup();
    screenAt(12);
    // Run 12 is the newest: no note about a later one.
    expect(await screen.findByText('Run 12')).toBeInTheDocument();
    expect(screen.queryByText(/This is an earlier run/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evaluation history' });
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(itemAt(rows, 0)).getByText('Shown')).toBeInTheDocument();
    expect(within(itemAt(rows, 0)).getByText(/4 calls: 2 prompts × 2 inputs/)).toBeInTheDocument();
    expect(within(itemAt(rows, 0)).getByText('3 succeeded · 1 failed · Cost $0.00')).toBeInTheDocument();
    expect(within(itemAt(rows, 0)).getByText('Mock')).toBeInTheDocument();
    expect(within(dialog).getByText('Page 1 of 1')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Run 10' })).toHaveAttribute(
      'href',
      '/project/1/results?evaluation=10',
    );

    const compare = within(dialog).getByRole('button', { name: 'Compare' });
    expect(compare).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /^Compare\s*Run 12$/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Compare\s*Run 10$/ }));
    await user.click(compare);
    expect(await screen.findByText('At /project/1/compare?base=10&head=12')).toBeInTheDocument();
  });

  it('renames the run: the name is required, the server is told, and the header follows', async () => {
    const calls = serve(({ method, url, body }) =>
      method === 'PATCH' && url === '/api/evaluations/12/'
        ? { body: { ...recordFixture(12).evaluation, name: JSON.parse(body).name } }
        : undefined,
    );
    const user = userEvent.setup();
    screenAt(12);
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename evaluation' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveValue('Run 12');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required.')).toBeInTheDocument();
    await user.type(name, 'Before the prompt rewrite');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Before the prompt rewrite')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(JSON.parse(patch.body)).toEqual({ name: 'Before the prompt rewrite' });
  });

  it('says when a newer run exists than the one the address names', async () => {
    serve();
    screenAt(10);
    expect(await screen.findByText('Run 10')).toBeInTheDocument();
    const note = (await screen.findByText(/This is an earlier run/)).closest('[role="status"]') as HTMLElement;
    expect(within(note).getByRole('link', { name: 'Run 12' })).toHaveAttribute('href', '/project/1/results');
  });
});
