import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { testQueryClient } from '@/testing/app-test-utils';
import { STORAGE_KEYS } from '@promptgrid/contract';
import { queryKeys } from './query-keys';
import { PERSISTED_ROWS_MAX, ResultsPersistence } from './results-persistence';

/** A run's results and a project list, read the way the screens read them. */
function Probe({ results }: { results: () => Promise<string[]> }) {
  const run = useQuery({ queryKey: queryKeys.evaluationResults(9), queryFn: results, staleTime: Infinity });
  useQuery({ queryKey: queryKeys.projects(), queryFn: () => ['Secret project'] });
  return <p>{run.data ? run.data.join(', ') : 'loading'}</p>;
}

/** The user the app has stored as signed in, as sign-in leaves it. */
const storeUser = (id: number) =>
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id, email: `user${id}@example.com` }));

const page = (client: QueryClient, userId: number | null, results: () => Promise<string[]>) =>
  render(
    <QueryClientProvider client={client}>
      <ResultsPersistence userId={userId}>
        <Probe results={results} />
      </ResultsPersistence>
    </QueryClientProvider>,
  );

const never = () => new Promise<string[]>(() => {});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('ResultsPersistence', () => {
  it("keeps a run's results for a reload under the user's own key, and nothing else of the cache", async () => {
    storeUser(7);
    const first = page(testQueryClient(), 7, () => Promise.resolve(['Paris is the capital.']));
    expect(await screen.findByText('Paris is the capital.')).toBeInTheDocument();
    // The persister writes after a short wait.
    await waitFor(() => expect(localStorage.getItem('promptgrid:results:7:queries')).toContain('Paris'), {
      timeout: 3_000,
    });
    expect(localStorage.getItem('promptgrid:results:7:queries')).not.toContain('Secret project');
    first.unmount();

    // A reload: a new cache, a server that has not answered yet; the stored copy shows at once.
    const reload = page(testQueryClient(), 7, never);
    expect(await screen.findByText('Paris is the capital.')).toBeInTheDocument();
    reload.unmount();

    // Another user on this browser reads their own key: nothing of the first user's.
    storeUser(8);
    page(testQueryClient(), 8, never);
    expect(await screen.findByText('loading')).toBeInTheDocument();
    expect(screen.queryByText('Paris is the capital.')).not.toBeInTheDocument();
  });

  it("switches to the next user's own key without a reload", async () => {
    storeUser(7);
    const client = testQueryClient();
    const view = page(client, 7, () => Promise.resolve(['First user']));
    expect(await screen.findByText('First user')).toBeInTheDocument();
    storeUser(8);
    client.clear();
    view.rerender(
      <QueryClientProvider client={client}>
        <ResultsPersistence userId={8}>
          <Probe results={() => Promise.resolve(['Second user'])} />
        </ResultsPersistence>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Second user')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('promptgrid:results:8:queries')).toContain('Second user'), {
      timeout: 3_000,
    });
  });

  it('leaves a run too large for the browser storage out, and keeps the small one', async () => {
    const large = Array.from({ length: PERSISTED_ROWS_MAX + 1 }, (_, i) => `Large run output ${i}`);
    function TwoRuns() {
      const big = useQuery({ queryKey: queryKeys.evaluationResults(9), queryFn: () => large, staleTime: Infinity });
      const small = useQuery({
        queryKey: queryKeys.evaluationResults(10),
        queryFn: () => ['Small run output'],
        staleTime: Infinity,
      });
      return <p>{big.data && small.data ? 'both loaded' : 'loading'}</p>;
    }
    storeUser(7);
    render(
      <QueryClientProvider client={testQueryClient()}>
        <ResultsPersistence userId={7}>
          <TwoRuns />
        </ResultsPersistence>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('both loaded')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('promptgrid:results:7:queries')).toContain('Small run output'), {
      timeout: 3_000,
    });
    expect(localStorage.getItem('promptgrid:results:7:queries')).not.toContain('Large run output');
  });

  it('writes nothing once the user is gone, even a save it had scheduled', async () => {
    storeUser(7);
    vi.useFakeTimers();
    const client = testQueryClient();
    const view = page(client, 7, () => Promise.resolve(['Kept?']));
    // vi.waitFor moves the fake clock on by its interval only: the persister's save stays pending.
    await vi.waitFor(() => expect(screen.getByText('Kept?')).toBeInTheDocument());
    expect(localStorage.getItem('promptgrid:results:7:queries')).toBeNull();
    // Signed out before the persister's write: the storage is cleared and the cache emptied, as sign-out does.
    view.rerender(
      <QueryClientProvider client={client}>
        <ResultsPersistence userId={null}>
          <p>signed out</p>
        </ResultsPersistence>
      </QueryClientProvider>,
    );
    localStorage.clear();
    client.clear();
    vi.advanceTimersByTime(2_000);
    expect(localStorage.getItem('promptgrid:results:7:queries')).toBeNull();
  });

  it('writes nothing after sign-out cleared the storage, while the signed-out page is still on its way', async () => {
    storeUser(7);
    vi.useFakeTimers();
    const client = testQueryClient();
    page(client, 7, () => Promise.resolve(['Kept?']));
    await vi.waitFor(() => expect(screen.getByText('Kept?')).toBeInTheDocument());
    // Sign-out removes the stored user and the app's keys, then waits for the landing page before it empties the
    // cache and the provider goes: a save scheduled meanwhile finds no user of its own stored.
    localStorage.clear();
    client.clear();
    vi.advanceTimersByTime(2_000);
    expect(localStorage.getItem('promptgrid:results:7:queries')).toBeNull();
  });
});
