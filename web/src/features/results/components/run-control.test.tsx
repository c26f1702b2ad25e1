import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANCELLED_MESSAGE, type ApiRequest, type Result } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { apiRequestFixture, configurationFixture, inputFixture, resultFixture } from '@/testing/fixtures';
import { ResultsView } from './results-view';
import { itemAt } from '@promptgrid/test-support/items';

const inputs = [inputFixture(1)];
const configurations = [5, 6].map((id) => configurationFixture(id, { name: id === 5 ? 'Terse JSON' : 'Friendly' }));
const request = apiRequestFixture;
const METRICS = { average_execution_time: 1, input_tokens: 10, output_tokens: 20 };

afterEach(() => localStorage.clear());

/** A server whose requests and results the test changes as it goes; answers the calls made. */
function serve(state: { requests: ApiRequest[]; results: Result[] }) {
  return mockApi(({ url, method }) => {
    if (method === 'POST' && url === '/api/evaluations/9/cancel/') {
      state.requests = state.requests.map((r) =>
        r.status === 'SUCCESS' ? r : { ...r, status: 'FAILED', error_message: CANCELLED_MESSAGE },
      );
      return { body: { evaluation_id: 9, cancelled_requests: 1 } };
    }
    if (method === 'POST' && url === '/api/evaluations/9/rerun/')
      return { body: { evaluation_id: 9, rerun_requests: 1 } };
    if (url.startsWith('/api/api-requests/metrics/')) return { body: METRICS };
    if (url.startsWith('/api/api-requests/')) return { body: state.requests };
    if (url.startsWith('/api/results/')) return { body: state.results };
    return undefined;
  });
}

const view = (totalRequests: number) =>
  renderWithApp(
    <ResultsView
      projectId="1"
      project={{ id: 1, name: 'P' }}
      inputs={inputs}
      configurations={configurations}
      loadError={false}
      incoming={{ evaluationId: 9, totalRequests, message: null }}
    />,
  );

describe('run control on the results screen', () => {
  it('cancels a running evaluation: the button goes and the status reads Cancelled', async () => {
    const state = {
      requests: [request(1, 1, 5, 'SUCCESS'), request(2, 1, 6, 'IN_PROGRESS')],
      results: [resultFixture(1, 1, 5, 'Done')],
    };
    const calls = serve(state);
    view(2);
    const summary = await screen.findByRole('region', { name: 'Evaluation summary' });
    expect(within(summary).getByText('Running')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    await waitFor(() => expect(within(summary).getByText('Cancelled')).toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/evaluations/9/cancel/')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
    expect(screen.getByText(CANCELLED_MESSAGE)).toBeInTheDocument();
  });

  it('re-runs the failed requests, and one cell from its menu; the card keeps the earlier output as history', async () => {
    const state = {
      requests: [request(1, 1, 5, 'SUCCESS'), request(2, 1, 6, 'FAILED', 'Server error')],
      results: [resultFixture(1, 1, 5, 'First answer')],
    };
    const calls = serve(state);
    view(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Re-run failed' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/evaluations/9/rerun/')).toBe(true));
    expect(calls.find((c) => c.url === '/api/evaluations/9/rerun/')!.body).toBe('{"failed_only":true}');

    // The server ran it again: it succeeded, and its failure is its history.
    state.requests = [
      itemAt(state.requests, 0),
      {
        ...request(2, 1, 6, 'SUCCESS'),
        history: [
          {
            status: 'FAILED',
            output: null,
            tool_calls: [],
            error_message: 'Server error',
            execution_time: 0.5,
            input_token_total_count: null,
            output_token_count: null,
            finished_at: '2026-11-24T00:00:00.000Z',
          },
        ],
      },
    ];
    state.results = [...state.results, resultFixture(2, 1, 6, 'Second answer')];
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Terse JSON' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Re-run this cell' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/evaluations/9/rerun/')).toHaveLength(2));
    expect(
      itemAt(
        calls.filter((c) => c.url === '/api/evaluations/9/rerun/'),
        1,
      ).body,
    ).toBe('{"request_ids":[1]}');

    const friendly = await screen.findByRole('article', { name: 'Friendly' });
    await waitFor(() => expect(within(friendly).getByText('Second answer')).toBeInTheDocument());
    await userEvent.click(within(friendly).getByText('History (1)'));
    expect(within(friendly).getByText('Server error')).toBeVisible();
  });

  it('groups repetitions on one card with their latency spread and whether the outputs agree', async () => {
    const repeated = (id: number, configuration: number, repetition: number, seconds: number) => ({
      ...request(id, 1, configuration, 'SUCCESS'),
      repetition,
      execution_time: seconds,
    });
    const state = {
      requests: [repeated(1, 5, 0, 1.1), repeated(2, 5, 1, 1.5), repeated(3, 6, 0, 2), repeated(4, 6, 1, 2)],
      results: [
        { ...resultFixture(1, 1, 5, 'Same'), execution_time: 1.1 },
        { ...resultFixture(2, 1, 5, 'Same'), execution_time: 1.5 },
        { ...resultFixture(3, 1, 6, 'One'), execution_time: 2 },
        { ...resultFixture(4, 1, 6, 'Other'), execution_time: 2 },
      ],
    };
    serve(state);
    view(4);
    const terse = await screen.findByRole('article', { name: 'Terse JSON' });
    await waitFor(() => expect(within(terse).getByText('identical')).toBeInTheDocument());
    expect(within(terse).getByText('Latency 1.10–1.50s')).toBeInTheDocument();
    expect(within(terse).getByText('2 of 2 repetitions done')).toBeInTheDocument();
    const friendly = screen.getByRole('article', { name: 'Friendly' });
    expect(within(friendly).getByText('2 distinct')).toBeInTheDocument();
    expect(within(friendly).getByText('Latency 2.00s')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Evaluation summary' });
    expect(within(summary).getByText('Identical repetitions').nextSibling).toHaveTextContent('1 of 2');
  });
});
