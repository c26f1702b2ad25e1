import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOCK_OUTPUTS_NOTE, type ConfigurationSummary } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { Leaderboard } from './leaderboard';

const line = (configuration_id: number, over: Partial<ConfigurationSummary>): ConfigurationSummary => ({
  configuration_id,
  requests: 2,
  succeeded: 2,
  failed: 0,
  checks_passed: 0,
  checks_total: 0,
  pass_rate: null,
  checks: [],
  mean_score: null,
  average_execution_time: 1,
  cost_usd: null,
  input_tokens: 10,
  output_tokens: 20,
  judge_input_tokens: 0,
  judge_output_tokens: 0,
  rating_up: 0,
  rating_down: 0,
  votes_won: 0,
  votes_lost: 0,
  votes_tied: 0,
  win_rate: null,
  notice: null,
  ...over,
});

// The server's order: best pass rate first.
const summary = [
  line(5, {
    checks_passed: 4,
    checks_total: 5,
    pass_rate: 0.8,
    checks: [
      { check_id: 1, passed: 3, total: 3, pass_rate: 1 },
      { check_id: 2, passed: 1, total: 2, pass_rate: 0.5 },
    ],
    mean_score: 0.8,
    cost_usd: 0.5,
    win_rate: 0.25,
    votes_lost: 3,
    votes_won: 1,
  }),
  line(6, {
    checks_passed: 1,
    checks_total: 2,
    pass_rate: 0.5,
    checks: [
      { check_id: 1, passed: 0, total: 1, pass_rate: 0 },
      { check_id: 2, passed: 1, total: 1, pass_rate: 1 },
    ],
    mean_score: 0.5,
    cost_usd: 0.25,
    win_rate: 0.75,
    votes_won: 3,
    votes_lost: 1,
    rating_up: 2,
  }),
  line(7, {}),
];
const names: Record<number, string> = { 5: 'Terse', 6: 'Friendly', 7: 'Pirate' };
const nameOf = (id: number) => names[id] ?? `Configuration ${id}`;
const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('Leaderboard', () => {
  it('lists the configurations best first with pass and win rates, and sorts by a column on request', async () => {
    mockApi(({ url }) => (url === '/api/evaluations/9/summary/' ? { body: summary } : undefined));
    renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} />);
    expect(await screen.findByRole('table', { name: 'Leaderboard: best first' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['Terse', 'Friendly', 'Pirate']);
    const terse = screen.getByRole('row', { name: /Terse/ });
    expect(within(terse).getByText('80%')).toBeInTheDocument();
    expect(within(terse).getByText('25%')).toBeInTheDocument();
    expect(within(terse).getByText('4 of 5 verdicts')).toBeInTheDocument();
    expect(within(terse).getByText('1/3/0')).toBeInTheDocument();
    // Pass rate, the two checks, win rate and cost: nothing to show yet.
    expect(within(screen.getByRole('row', { name: /Pirate/ })).getAllByText('—')).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Win rate' }));
    expect(rowNames()).toEqual(['Friendly', 'Terse', 'Pirate']);
    expect(screen.getByRole('columnheader', { name: /Win rate/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: 'System prompt' }));
    expect(rowNames()).toEqual(['Terse', 'Friendly', 'Pirate']);
  });

  it("says a mock run's scores measure nothing, and ranks no prompt first", async () => {
    // The server ranks Friendly (6) first; the run made Terse (5) first.
    mockApi(({ url }) => (url === '/api/evaluations/9/summary/' ? { body: [summary[1], summary[0]] } : undefined));
    renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} mock />);
    expect(await screen.findByRole('table', { name: 'Leaderboard: in run order, not ranked' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(MOCK_OUTPUTS_NOTE);
    expect(rowNames()).toEqual(['Terse', 'Friendly']);
    expect(within(screen.getByRole('row', { name: /Friendly/ })).getByText('50%')).not.toHaveClass('font-semibold');
  });

  it("shows each check's pass rate in a column of its own and sets off the best value of each column", async () => {
    mockApi(({ url }) => (url === '/api/evaluations/9/summary/' ? { body: summary } : undefined));
    const checkNames = new Map([
      [1, 'Check against expected output'],
      [2, 'Short'],
    ]);
    renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} checkNames={checkNames} />);
    await screen.findByRole('table', { name: 'Leaderboard: best first' });
    expect(screen.getByRole('button', { name: 'Check against expected output' })).toBeInTheDocument();
    const [terse, friendly] = [
      screen.getByRole('row', { name: /Terse/ }),
      screen.getByRole('row', { name: /Friendly/ }),
    ];
    // Terse: best pass rate and best on the first check; Friendly: best on the second check, cheaper, more wins.
    expect(within(terse).getByText('100%')).toHaveTextContent('100% (best)');
    expect(within(terse).getByText('80%')).toHaveTextContent('80% (best)');
    expect(within(friendly).getByText('$0.25')).toHaveTextContent('(best)');
    expect(within(friendly).getByText('0%')).not.toHaveTextContent('(best)');

    await userEvent.click(screen.getByRole('button', { name: 'Short' }));
    expect(rowNames()).toEqual(['Friendly', 'Terse', 'Pirate']);
  });

  it('shows the top ten of a large run until asked for all, and compares the top two by default', async () => {
    const many = Array.from({ length: 12 }, (_, n) => line(n + 1, { pass_rate: 1 - n / 20 }));
    mockApi(({ url }) => (url === '/api/evaluations/9/summary/' ? { body: many } : undefined));
    const onCompare = vi.fn();
    renderWithApp(
      <Leaderboard evaluationId={9} polling={false} nameOf={(id) => `Prompt ${id}`} onCompare={onCompare} />,
    );
    await screen.findByRole('table', { name: 'Leaderboard: best first' });
    expect(rowNames()).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 12' }));
    expect(rowNames()).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Compare Prompt 1 with Prompt 2' }));
    expect(onCompare).toHaveBeenCalledWith(1, 2);
  });

  it('says so when the leaderboard cannot be loaded', async () => {
    mockApi(() => ({ status: 500, body: { detail: 'down' } }));
    renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the leaderboard.');
  });

  it('ranks the blind votes by score with its interval beside the win rate, and says how often the left side won', async () => {
    const preference = {
      votes: 24,
      position_bias: { available: true, decisive_votes: 22, left_chosen: 12, left_share: 12 / 22, p_value: 0.83 },
      configurations: [
        { configuration_id: 6, votes: 24, won: 17, lost: 5, tied: 1, both_bad: 1, win_rate: 0.75 },
        { configuration_id: 5, votes: 24, won: 5, lost: 17, tied: 1, both_bad: 1, win_rate: 0.25 },
        { configuration_id: 7, votes: 0, won: 0, lost: 0, tied: 0, both_bad: 0, win_rate: null },
      ].map((row, n) => ({
        ...row,
        score: row.votes === 0 ? null : n === 0 ? 1183.4 : 816.6,
        interval: row.votes === 0 ? null : n === 0 ? { low: 1061, high: 1342.2 } : { low: 657.8, high: 939 },
      })),
    };
    mockApi(({ url }) =>
      url === '/api/evaluations/9/summary/'
        ? { body: summary }
        : url === '/api/evaluations/9/preference/'
          ? { body: preference }
          : undefined,
    );
    renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} />);
    const votes = await screen.findByRole('region', { name: 'Blind votes (24)' });
    const rows = within(votes).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'System promptScoreWin rateWon / lost / tied / both bad',
      'Friendly1,183(1,061–1,342)75%17 / 5 / 1 / 1',
      'Terse817(658–939)25%5 / 17 / 1 / 1',
    ]);
    expect(within(votes).getByText('Score')).toHaveAttribute('title', expect.stringMatching(/^Bradley-Terry score/));
    expect(votes).toHaveTextContent(
      'Left side chosen 55% of the time (12 of 22 votes that picked a side) — within what chance explains.',
    );
  });

  const comparison = (a: number, b: number, passRate: object = {}) => ({
    a,
    b,
    pass_rate: {
      available: true,
      paired_inputs: 10,
      paired_verdicts: 20,
      pass_rate_a: 0.5,
      pass_rate_b: 0.8,
      difference: 0.3,
      interval: { low: -0.1, high: 0.6 },
      both_passed: 10,
      only_a_passed: 0,
      only_b_passed: 6,
      neither_passed: 4,
      p_value: 0.25,
      verdict: 'no_clear_difference',
      more_cases_needed: 14,
      ...passRate,
    },
    latency: { available: false, reason: '' },
    cost: { available: false, reason: '' },
  });
  const significanceUrl = /^\/api\/evaluations\/9\/significance\/\?a=(\d+)&b=(\d+)$/;

  it('says whether the leader is really better than the runner-up, in inputs and verdicts, and why', async () => {
    let answer = comparison(6, 5);
    mockApi(({ url }) =>
      url === '/api/evaluations/9/summary/'
        ? { body: summary }
        : url === '/api/evaluations/9/significance/?a=6&b=5'
          ? { body: answer }
          : undefined,
    );
    const view = renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} />);
    const group = await screen.findByRole('group', { name: 'Is the difference real?' });
    expect(within(group).getByRole('combobox', { name: 'System prompt' })).toHaveDisplayValue('Terse');
    expect(within(group).getByRole('combobox', { name: 'Against' })).toHaveDisplayValue('Friendly');
    expect((await within(group).findByText(/pass rate \+30 points/)).closest('p')).toHaveTextContent(
      'no clear difference (need about 14 more inputs) — pass rate +30 points (95% interval −10 to +60, ' +
        'p = 0.250, 10 inputs, 20 paired verdicts)',
    );
    // The explanation is on the page (a phone shows no tooltip), and names both rules that failed.
    expect(group).toHaveTextContent(
      'No clear difference: a clear one needs the interval to exclude 0 and p below 0.05, but the 95% interval of ' +
        'the difference (−10 to +60 points, from 2,000 resamples of the inputs) includes 0 and the exact McNemar ' +
        'test on the 6 verdicts only one of them passed gives p = 0.250, not below 0.05, so chance could explain ' +
        'the gap. About 14 more inputs like these would likely show this gap clearly (80% power).',
    );
    view.unmount();

    // An interval above 0 with too large a p-value: the explanation blames the p-value, not the interval.
    answer = comparison(6, 5, { interval: { low: 0.08, high: 0.45 }, more_cases_needed: null });
    const second = renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} />);
    const pValueOnly = await screen.findByRole('group', { name: 'Is the difference real?' });
    await within(pValueOnly).findByText(/pass rate \+30 points/);
    expect(pValueOnly).toHaveTextContent('but the exact McNemar test on the 6 verdicts only one of them passed gives');
    expect(pValueOnly).not.toHaveTextContent('includes 0');
    expect(pValueOnly).not.toHaveTextContent('more inputs like these');
    second.unmount();

    answer = comparison(6, 5, {
      interval: { low: 0.12, high: 0.41 },
      p_value: 0.0004,
      verdict: 'b_better',
      paired_inputs: 200,
      more_cases_needed: null,
    });
    renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} />);
    const better = await screen.findByRole('group', { name: 'Is the difference real?' });
    await within(better).findByText('better');
    expect(better).toHaveTextContent('Terse is better');
    expect(better).toHaveTextContent('(95% interval +12 to +41, p < 0.001, 200 inputs, 20 paired verdicts)');
    expect(better).toHaveTextContent('A clear difference: the 95% interval of the difference (+12 to +41 points');
  });

  it('compares any two system prompts the user picks, and the Compare button opens that same pair', async () => {
    const asked: string[] = [];
    mockApi(({ url }) => {
      if (url === '/api/evaluations/9/summary/') return { body: summary };
      const match = significanceUrl.exec(url);
      if (!match) return undefined;
      asked.push(`${match[1]}-${match[2]}`);
      return { body: comparison(Number(match[1]), Number(match[2])) };
    });
    const onCompare = vi.fn();
    renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} onCompare={onCompare} />);
    const group = await screen.findByRole('group', { name: 'Is the difference real?' });
    await userEvent.selectOptions(within(group).getByRole('combobox', { name: 'Against' }), 'Pirate');
    await userEvent.click(within(group).getByRole('button', { name: 'Compare Terse with Pirate' }));
    expect(onCompare).toHaveBeenLastCalledWith(5, 7);
    // Picking on one side what the other shows swaps them.
    await userEvent.selectOptions(within(group).getByRole('combobox', { name: 'System prompt' }), 'Pirate');
    expect(within(group).getByRole('combobox', { name: 'Against' })).toHaveDisplayValue('Terse');
    await userEvent.click(within(group).getByRole('button', { name: 'Compare Pirate with Terse' }));
    expect(onCompare).toHaveBeenLastCalledWith(7, 5);
    await within(group).findByText(/pass rate/);
    expect(asked).toEqual(expect.arrayContaining(['6-5', '7-5', '5-7']));
  });

  it('compares the top two as the table is sorted, until the user picks a pair', async () => {
    mockApi(({ url }) => {
      if (url === '/api/evaluations/9/summary/') return { body: summary };
      const match = significanceUrl.exec(url);
      return match ? { body: comparison(Number(match[1]), Number(match[2])) } : undefined;
    });
    renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} onCompare={vi.fn()} />);
    const group = await screen.findByRole('group', { name: 'Is the difference real?' });
    expect(within(group).getByRole('button', { name: 'Compare Terse with Friendly' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Win rate' }));
    expect(within(group).getByRole('button', { name: 'Compare Friendly with Terse' })).toBeInTheDocument();
    await userEvent.selectOptions(within(group).getByRole('combobox', { name: 'Against' }), 'Pirate');
    await userEvent.click(screen.getByRole('button', { name: 'System prompt' }));
    expect(within(group).getByRole('button', { name: 'Compare Friendly with Pirate' })).toBeInTheDocument();
  });

  it("names one pair in a mock run's Compare button and significance line: the run's first two", async () => {
    // The server ranks Friendly (6) first; the mock table keeps the run's order, Terse (5) first.
    const asked: string[] = [];
    mockApi(({ url }) => {
      if (url === '/api/evaluations/9/summary/') return { body: [summary[1], summary[0]] };
      const match = significanceUrl.exec(url);
      if (!match) return undefined;
      asked.push(`${match[1]}-${match[2]}`);
      return { body: comparison(Number(match[1]), Number(match[2])) };
    });
    const onCompare = vi.fn();
    renderWithApp(<Leaderboard evaluationId={9} polling={false} nameOf={nameOf} mock onCompare={onCompare} />);
    const group = await screen.findByRole('group', { name: 'Is the difference real?' });
    expect(within(group).getByRole('combobox', { name: 'System prompt' })).toHaveDisplayValue('Terse');
    expect(within(group).getByRole('combobox', { name: 'Against' })).toHaveDisplayValue('Friendly');
    await userEvent.click(within(group).getByRole('button', { name: 'Compare Terse with Friendly' }));
    expect(onCompare).toHaveBeenCalledWith(5, 6);
    await within(group).findByText(/pass rate/);
    expect(asked).toEqual(['6-5']);
  });
});
