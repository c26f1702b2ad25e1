import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi } from '@/testing/api-mock';
import { TrendsView } from './trends-view';

const point = (
  evaluation: number,
  configuration: number,
  passRate: number,
  version: number | null = 1,
  useMock = false,
) => ({
  evaluation_id: evaluation,
  evaluation_name: `Run ${evaluation}`,
  run_size: { prompts: 2, inputs: 30 },
  created_at: `2026-11-2${evaluation}T10:00:00.000Z`,
  configuration_id: configuration,
  version,
  pass_rate: passRate,
  checks_passed: Math.round(passRate * 10),
  checks_total: 10,
  use_mock: useMock,
});

describe('TrendsView', () => {
  it("shows each system prompt's pass rate per run, oldest first, and opens a run from the table", async () => {
    mockApi(({ url }) =>
      url === '/api/projects/3/trends/'
        ? {
            body: {
              runs: 3,
              series: [
                { name: 'Terse', points: [point(1, 5, 0.5), point(2, 5, 0.6, 2), point(3, 5, 0.9, 3)] },
                { name: 'Friendly', points: [point(1, 6, 0.7), point(3, 6, 0.7)] },
              ],
            },
          }
        : undefined,
    );
    const onOpenRun = vi.fn();
    renderWithApp(<TrendsView projectId="3" onOpenRun={onOpenRun} />);
    expect(screen.getByRole('heading', { name: 'Trends' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /^Pass rate per system prompt over 3 runs/ })).toHaveAccessibleName(
      'Pass rate per system prompt over 3 runs: Terse from 50% to 90%; Friendly from 70% to 70%',
    );
    const table = screen.getByRole('table', { name: 'Pass rate per system prompt in each run, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['50%', '70%'],
      ['60%', '—'],
      ['90%', '70%'],
    ]);
    await userEvent.click(within(table).getByRole('button', { name: 'Run 2' }));
    expect(onOpenRun).toHaveBeenCalledWith(2);
  });

  it('says how a trend comes about when no run has check verdicts', async () => {
    mockApi(({ url }) => (url === '/api/projects/3/trends/' ? { body: { runs: 2, series: [] } } : undefined));
    renderWithApp(<TrendsView projectId="3" onOpenRun={vi.fn()} />);
    expect(await screen.findByText('No trend yet')).toBeInTheDocument();
  });

  it('leaves mock runs out until "Show mock runs" is on, then marks them', async () => {
    const calls = mockApi(({ url }) => {
      if (url === '/api/projects/3/trends/')
        return { body: { runs: 1, series: [{ name: 'Terse', points: [point(1, 5, 0.5)] }] } };
      if (url === '/api/projects/3/trends/?include_mock=true')
        return {
          body: { runs: 2, series: [{ name: 'Terse', points: [point(1, 5, 0.5), point(2, 5, 1, 1, true)] }] },
        };
    });
    renderWithApp(<TrendsView projectId="3" onOpenRun={vi.fn()} />);
    const table = await screen.findByRole('table', { name: 'Pass rate per system prompt in each run, oldest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByText('Mock run')).not.toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Show mock runs' });
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    // The table is drawn again from the answer with mock runs.
    const mockRow = (await screen.findByRole('button', { name: 'Run 2' })).closest('tr')!;
    expect(within(mockRow).getByText('Mock run')).toBeInTheDocument();
    const realRow = screen.getByRole('button', { name: 'Run 1' }).closest('tr')!;
    expect(within(realRow).queryByText('Mock run')).not.toBeInTheDocument();
    expect(callsOf(calls)).toEqual(['GET /api/projects/3/trends/', 'GET /api/projects/3/trends/?include_mock=true']);
  });
});
