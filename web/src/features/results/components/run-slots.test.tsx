import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { apiRequestFixture, configurationFixture, inputFixture, resultFixture } from '@/testing/fixtures';
import type { RunSlots } from '../lib/run-slots';
import { ResultsView } from './results-view';

const inputs = [inputFixture(1)];
const configurations = [configurationFixture(5, { name: 'Terse' }), configurationFixture(6, { name: 'Friendly' })];
const requests = [apiRequestFixture(1, 1, 5, 'SUCCESS'), apiRequestFixture(2, 1, 6, 'FAILED', 'down')];
const rescored: ApiRequest[] = requests.map((r) => ({
  ...r,
  scores: [{ check_id: 3, pass: true, score: 1, reason: 'Short.', error: null }],
}));

afterEach(() => localStorage.clear());

// Stable, as app/ passes it: a button that writes a note into the request on screen.
const cardExtras: RunSlots['cardExtras'] = (request, run) => (
  <button type="button" onClick={() => run.patchRequest(request.id, { rating: { rating: 1, note: 'patched' } })}>
    {request.rating ? `Rated: ${request.rating.note}` : `Rate #${request.id}`}
  </button>
);

function render(evaluationId: number | null) {
  let apiRequestCalls = 0;
  mockApi(({ url }) => {
    if (url.startsWith('/api/api-requests/metrics/'))
      return { body: { average_execution_time: 1, input_tokens: 1, output_tokens: 1 } };
    if (url.startsWith('/api/api-requests/')) return { body: apiRequestCalls++ === 0 ? requests : rescored };
    if (url.startsWith('/api/results/')) return { body: [resultFixture(1, 1, 5, 'Paris')] };
  });
  renderWithApp(
    <ResultsView
      projectId="1"
      project={null}
      inputs={inputs}
      configurations={configurations}
      loadError={false}
      incoming={evaluationId === null ? null : { evaluationId, totalRequests: 2, message: null }}
      checkNames={new Map([[3, 'Brief']])}
      toolbar={(run, projectId) => (
        <button type="button" onClick={() => void run?.reloadRequests()}>
          {run ? `Tools for run ${run.evaluationId} of ${run.requests.length}` : `Tools for project ${projectId}`}
        </button>
      )}
      cardExtras={cardExtras}
    />,
  );
}

describe('ResultsView slots', () => {
  it('shows the toolbar before the first run', () => {
    render(null);
    expect(screen.getByText('No evaluation yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tools for project 1' })).toBeInTheDocument();
  });

  it('puts the card slot on finished outputs only, and lets it patch a request and reload them all', async () => {
    render(9);
    const terse = await screen.findByRole('article', { name: 'Terse' });
    const rate = await within(terse).findByRole('button', { name: 'Rate #1' });
    // The unfinished card has its actions menu but no rating.
    const friendly = screen.getByRole('article', { name: 'Friendly' });
    expect(within(friendly).queryByRole('button', { name: /^Rate/ })).not.toBeInTheDocument();
    await userEvent.click(rate);
    expect(await within(terse).findByRole('button', { name: 'Rated: patched' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tools for run 9 of 2' }));
    await waitFor(() => expect(within(terse).getByRole('list', { name: 'Checks' })).toHaveTextContent('Brief'));
  });
});
