import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@promptgrid/contract';
import { clearAppStorage } from '@/lib/auth';
import { mockApi } from '@/testing/api-mock';
import { apiRequestFixture as request } from '@/testing/fixtures';
import { recordFixture } from '../testing/history-fixtures';
import { renderResultsScreen } from '../testing/render-results-screen';
import { MATRIX_FROM_INPUTS } from '../hooks/use-results-layout';

afterEach(() => localStorage.clear());

/** Run 12 of project 1, on `inputCount` inputs and prompt 5, every call done. */
function serve(inputCount: number) {
  const record = recordFixture(12);
  const ids = Array.from({ length: inputCount }, (_, n) => n + 1);
  const [input] = record.inputs;
  record.evaluation.input_ids = ids;
  record.inputs = ids.map((id) => ({ ...input!, id, name: `Frozen input ${id}` }));
  mockApi(({ url }) => {
    if (url.startsWith('/api/projects/1/evaluations/')) return { body: { items: [], total: 1, page: 1, page_size: 1 } };
    if (url === '/api/evaluations/12/') return { body: record };
    if (url.startsWith('/api/api-requests/metrics/'))
      return { body: { average_execution_time: 1, input_tokens: 1, output_tokens: 1 } };
    if (url.startsWith('/api/api-requests/')) return { body: ids.map((id) => request(id, id, 5, 'SUCCESS')) };
    if (url.startsWith('/api/results/')) return { body: [] };
    return undefined;
  });
}

const open = renderResultsScreen;

const pressed = async () => {
  const group = await screen.findByRole('group', { name: 'Results layout' });
  return within(group)
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);
};

describe('the results layout', () => {
  it('opens a small run in cards and a run of ten inputs or more in the matrix', async () => {
    serve(MATRIX_FROM_INPUTS - 1);
    const small = open();
    expect(await pressed()).toEqual(['Cards']);
    small.unmount();
    serve(MATRIX_FROM_INPUTS);
    open();
    expect(await pressed()).toEqual(['Matrix']);
  });

  it("remembers the user's choice under the app's prefix, which signing out clears", async () => {
    serve(MATRIX_FROM_INPUTS + 2);
    const first = open();
    expect(await pressed()).toEqual(['Matrix']);
    await userEvent.click(screen.getByRole('button', { name: 'Cards' }));
    expect(await pressed()).toEqual(['Cards']);
    expect(localStorage.getItem(`${STORAGE_KEYS.appPrefix}results-layout.1`)).toBe('cards');
    first.unmount();

    const again = open();
    expect(await pressed()).toEqual(['Cards']);
    again.unmount();

    // Sign-out's clearing: the next person on this browser starts from the default again.
    clearAppStorage();
    open();
    expect(await pressed()).toEqual(['Matrix']);
  });
});
