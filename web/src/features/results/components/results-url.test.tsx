import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { AuthContextForTests } from '@/lib/auth';
import { fakeAuth, testQueryClient } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { apiRequestFixture, configurationFixture, inputFixture, resultFixture } from '@/testing/fixtures';
import { ResultsView } from './results-view';

const inputs = [1, 2].map((id) => inputFixture(id));
const configurations = [5, 6].map((id) => configurationFixture(id, { name: id === 5 ? 'Terse JSON' : 'Friendly' }));
const failing = { check_id: 3, pass: false, score: 0, reason: 'No Paris.', error: null };
// Request id, input, configuration: two inputs by two prompts, the first cell failing its check.
const cells = [
  [1, 1, 5],
  [2, 1, 6],
  [3, 2, 5],
  [4, 2, 6],
] as const;
const requests = cells.map(([id, input, configuration]) => ({
  ...apiRequestFixture(id, input, configuration, 'SUCCESS'),
  scores: id === 1 ? [failing] : [],
}));
const outputs = cells.map(([id, input, configuration]) => resultFixture(id, input, configuration, `Output ${id}`));

afterEach(() => localStorage.clear());

function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Address">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

/** The Results screen in a browser history that came from the Run screen. */
function open(entries: string[]) {
  mockApi(({ url }) => {
    if (url.startsWith('/api/api-requests/metrics/')) return { body: {} };
    if (url.startsWith('/api/api-requests/')) return { body: requests };
    if (url.startsWith('/api/results/')) return { body: outputs };
    return undefined;
  });
  const screenAt = (
    <ResultsView
      projectId="1"
      project={{ id: 1, name: 'P' }}
      inputs={inputs}
      configurations={configurations}
      loadError={false}
      incoming={{ evaluationId: 9, totalRequests: 4, message: null }}
      checkNames={new Map([[3, 'Says Paris']])}
      aboveCards={(run) => (
        <button type="button" onClick={() => run.compareConfigurations(6, 5)}>
          Compare from the leaderboard
        </button>
      )}
    />
  );
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContextForTests.Provider value={fakeAuth()}>
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
          <Routes>
            <Route path="/project/1/run" element={<p>Run screen</p>} />
            <Route path="/project/1/results" element={screenAt} />
          </Routes>
          <Address />
        </MemoryRouter>
      </AuthContextForTests.Provider>
    </QueryClientProvider>,
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('Results screen address', () => {
  it('opens a comparison as a new history entry, so Back returns to the run rather than leaving Results', async () => {
    const user = userEvent.setup();
    open(['/project/1/run', '/project/1/results?evaluation=9']);
    await user.click(await screen.findByRole('button', { name: 'Compare from the leaderboard' }));
    expect(address()).toBe('/project/1/results?evaluation=9&compare=6%2C5');
    expect(await screen.findByRole('radio', { name: /Differs between configurations/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(address()).toBe('/project/1/results?evaluation=9');
    expect(screen.queryByText('Run screen')).not.toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /^All/ })).toBeChecked();
  });

  it('keeps the grid filter in the address, so a reload shows the same rows', async () => {
    const user = userEvent.setup();
    localStorage.setItem('promptgrid:results-layout.1', 'matrix');
    const first = open(['/project/1/results?evaluation=9']);
    await user.click(await screen.findByRole('radio', { name: /Failed checks/ }));
    expect(address()).toBe('/project/1/results?evaluation=9&filter=failed-checks');
    const reloadedAt = address() ?? '';
    first.unmount();

    open([reloadedAt]);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Failed checks/ })).toBeChecked());
  });
});
