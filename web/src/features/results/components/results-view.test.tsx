import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { apiRequestFixture, configurationFixture, inputFixture, resultFixture } from '@/testing/fixtures';
import { ResultsView } from './results-view';

const inputs = [1, 2].map((id) => inputFixture(id));
const configurations = [5, 6].map((id) => configurationFixture(id, { name: id === 5 ? 'Terse JSON' : 'Friendly' }));
const request = apiRequestFixture;
const result = resultFixture;

const finished = [
  request(1, 1, 5, 'SUCCESS'),
  request(2, 1, 6, 'FAILED', 'Incorrect API key provided'),
  request(3, 2, 5, 'SUCCESS'),
  request(4, 2, 6, 'SUCCESS'),
];
const outputs = [
  result(1, 1, 5, '{"answer":"Paris"}'),
  result(3, 2, 5, 'Second input, first prompt'),
  result(4, 2, 6, 'Second input, second prompt'),
];

afterEach(() => {
  localStorage.clear();
});

const serve = (requests: ApiRequest[] | null) =>
  mockApi(({ url }) => {
    if (url.startsWith('/api/api-requests/metrics/'))
      return { body: { average_execution_time: 1.234, input_tokens: 40, output_tokens: 60 } };
    if (url.startsWith('/api/api-requests/'))
      return requests ? { body: requests } : { status: 500, body: { detail: 'down' } };
    if (url.startsWith('/api/results/')) return { body: outputs };
    return undefined;
  });

const view = (
  incoming: { evaluationId: number; totalRequests: number | null; message: string | null } | null,
  checkNames?: ReadonlyMap<number, string>,
) =>
  renderWithApp(
    <ResultsView
      projectId="1"
      project={{ id: 1, name: 'P' }}
      inputs={inputs}
      configurations={configurations}
      loadError={false}
      incoming={incoming}
      checkNames={checkNames}
    />,
  );

describe('ResultsView', () => {
  it("shows each check's verdict as a badge on the card, with its reason on focus", async () => {
    const scored = finished.map((r) =>
      r.id === 1
        ? {
            ...r,
            scores: [
              { check_id: 3, pass: true, score: 1, reason: 'Contains "Paris".', error: null },
              { check_id: 4, pass: false, score: 0, reason: 'Not valid JSON: Unexpected token', error: null },
            ],
          }
        : r,
    );
    serve(scored);
    view({ evaluationId: 9, totalRequests: 4, message: null }, new Map([[3, 'Says Paris']]));
    const badges = within(await screen.findByRole('list', { name: 'Checks' })).getAllByRole('listitem');
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Says Paris: passContains "Paris".',
      'Check #4: failNot valid JSON: Unexpected token',
    ]);
    const passed = screen.getByText('Says Paris').closest<HTMLElement>('[tabindex="0"]')!;
    passed.focus();
    expect(passed).toHaveAccessibleDescription('Contains "Paris".');
  });

  it('summarises a finished run, shows outputs side by side, the failed card and switches inputs', async () => {
    const calls = serve(finished);
    view({ evaluationId: 9, totalRequests: 4, message: null });
    expect(await screen.findByText('4 of 4')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Evaluation summary' });
    expect(within(summary).getByText('Partial')).toBeInTheDocument();
    expect(within(summary).getByText('1.23s')).toBeInTheDocument();
    expect(within(summary).getByText('40')).toBeInTheDocument();
    expect(within(summary).getByText('60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: /^Request \d: / })).toHaveLength(4);

    const cards = screen.getByRole('list', { name: 'Results' });
    // JSON outputs are pretty-printed.
    await waitFor(() => expect(within(cards).getByText(/"answer": "Paris"/)).toBeInTheDocument());
    expect(within(cards).getByText('Error occurred while processing request:')).toBeInTheDocument();
    expect(within(cards).getByText('Incorrect API key provided')).toBeInTheDocument();
    // A run finished before the page opened: its results are fetched once (loading is not polling).
    expect(calls.filter((call) => call.url.startsWith('/api/results/'))).toHaveLength(1);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Input' }), 'Input 2');
    expect(within(cards).getByText('Second input, second prompt')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show input' }));
    expect(screen.getByText('Question 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide input' })).toBeInTheDocument();
  });

  it('shows the empty state when no prompt is selected', async () => {
    serve(finished);
    view({ evaluationId: 9, totalRequests: 4, message: null });
    await screen.findByText('2 of 2 selected');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Terse JSON' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Friendly' }));
    expect(screen.getByText('0 of 2 selected')).toBeInTheDocument();
    expect(screen.getByText('No results to display')).toBeInTheDocument();
    expect(screen.getByText('Select one or more prompt/models to see their outputs side by side.')).toBeInTheDocument();
  });

  it('is Running with skeletons and calculating... while requests are open, and opens the same run again', async () => {
    serve([
      request(1, 1, 5, 'IN_PROGRESS'),
      request(2, 1, 6, 'PENDING'),
      request(3, 2, 5, 'PENDING'),
      request(4, 2, 6, 'PENDING'),
    ]);
    const first = view({
      evaluationId: 9,
      totalRequests: 4,
      message: '✨ Successfully created evaluation with 2 prompt-models',
    });
    expect(await screen.findByText('0 of 4')).toBeInTheDocument();
    // Skeletons while pending (jsdom has no layout, so the virtualiser may show only the first row).
    await waitFor(() =>
      expect(first.container.querySelectorAll('article[aria-busy="true"]').length).toBeGreaterThan(0),
    );
    expect(screen.getAllByText(/^(In progress|Pending)…$/).length).toBeGreaterThan(0);
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('calculating...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download JSON' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Status: Running' })).toBeInTheDocument();
    // The emoji is drawn as an icon; the words, emoji included, stay the message's text.
    expect(
      screen.getByText(/Successfully created evaluation with 2 prompt-models/).closest('[role="status"]'),
    ).toHaveTextContent('✨ Successfully created evaluation with 2 prompt-models');
    first.unmount();

    // Opened again, the same run shows what the server says now.
    serve(finished);
    const reload = view({ evaluationId: 9, totalRequests: 4, message: null });
    expect(await screen.findByText('4 of 4')).toBeInTheDocument();
    reload.unmount();

    // The copy never decides which run is shown: without one to show, the view invites a run.
    view(null);
    expect(screen.getByText('No evaluation yet')).toBeInTheDocument();
  });

  it('stops and says so when polling fails, stays Running while requests are open, and resumes on request', async () => {
    let answer: ApiRequest[] | null = null;
    mockApi(({ url }) => {
      if (url.startsWith('/api/api-requests/metrics/'))
        return { body: { average_execution_time: 1.234, input_tokens: 40, output_tokens: 60 } };
      if (url.startsWith('/api/api-requests/'))
        return answer ? { body: answer } : { status: 500, body: { detail: 'down' } };
      if (url.startsWith('/api/results/')) return { body: outputs };
      return undefined;
    });
    view({ evaluationId: 9, totalRequests: 4, message: null });
    const banner = (await screen.findByText('Error while polling for updates')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    // Nothing is known to have ended: not 'Failed', the run is still going on the server.
    expect(screen.getByRole('status', { name: 'Status: Running' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Status: Failed' })).not.toBeInTheDocument();

    answer = finished;
    await userEvent.click(within(banner).getByRole('button', { name: 'Resume updates' }));
    expect(await screen.findByText('4 of 4')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Error while polling for updates')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Status: Partial' })).toBeInTheDocument();
  });

  it('invites a first run when the project has none', () => {
    serve(finished);
    view(null);
    expect(screen.getByRole('link', { name: 'Configure and Run Evaluation' })).toHaveAttribute(
      'href',
      '/project/1/run',
    );
  });
});
