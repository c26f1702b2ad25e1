import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CastVoteInput } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi } from '@/testing/api-mock';
import { apiRequestFixture, FIXED_TIME, inputFixture, resultFixture } from '@/testing/fixtures';
import { BlindCompare, type BlindCompareRun } from './blind-compare';
import { Leaderboard } from './leaderboard';
import { itemAt } from '@promptgrid/test-support/items';

// Two inputs, two configurations (three on the first): four pairs, each in both orders; input 2's already voted on.
const requests = [
  apiRequestFixture(1, 1, 5, 'SUCCESS'),
  apiRequestFixture(2, 1, 6, 'SUCCESS'),
  apiRequestFixture(3, 1, 7, 'SUCCESS'),
  apiRequestFixture(4, 2, 5, 'SUCCESS'),
  apiRequestFixture(5, 2, 6, 'SUCCESS'),
];
const results = requests.map((r) => resultFixture(r.id, r.input!, r.configuration, `Answer from ${r.id}`));
const inputs = new Map([1, 2].map((id) => [id, inputFixture(id, { name: `Case ${id}` })]));
const run: BlindCompareRun = { evaluationId: 9, requests, results, inputOf: (id) => inputs.get(id ?? -1) };
const earlierVote = (id: number, left: number, right: number) => ({
  id,
  evaluation: 9,
  input_id: 2,
  left_request_id: left,
  right_request_id: right,
  winner: 'left',
  created_at: FIXED_TIME,
});

function setUp() {
  const cast: CastVoteInput[] = [];
  const calls = mockApi(({ method, url, body }) => {
    if (url === '/api/evaluations/9/votes/' && method === 'GET')
      return { body: [earlierVote(1, 5, 4), earlierVote(2, 4, 5)] };
    if (url === '/api/evaluations/9/votes/' && method === 'POST') {
      const vote = JSON.parse(body) as CastVoteInput;
      cast.push(vote);
      return { status: 201, body: { ...vote, id: cast.length + 2, evaluation: 9, created_at: FIXED_TIME } };
    }
    if (url === '/api/evaluations/9/summary/') return { body: [] };
  });
  const onOpenChange = vi.fn();
  // The leaderboard beside it, as on the results screen: it refreshes after each vote.
  const view = renderWithApp(
    <>
      <Leaderboard evaluationId={9} polling={false} nameOf={String} />
      <BlindCompare run={run} open onOpenChange={onOpenChange} />
    </>,
  );
  return { cast, calls, onOpenChange, ...view };
}

describe('BlindCompare', () => {
  it('shows two unnamed outputs of one input, votes with the keys 1 to 4, and ends when no pairs are left', async () => {
    const { cast, calls } = setUp();
    const dialog = await screen.findByRole('dialog', { name: 'Blind A/B comparison' });
    expect(await within(dialog).findByText('Pair 3 of 8')).toBeInTheDocument();
    expect(within(dialog).getByText('User prompt: Case 1')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Left' })).toHaveTextContent(/Answer from [123]/);
    expect(within(dialog).getByRole('region', { name: 'Right' })).toHaveTextContent(/Answer from [123]/);
    expect(within(dialog).queryByText(/Prompt [567]/)).not.toBeInTheDocument();

    for (const [key, next] of [
      ['1', 'Pair 4 of 8'],
      ['2', 'Pair 5 of 8'],
      ['3', 'Pair 6 of 8'],
      ['4', 'Pair 7 of 8'],
      ['1', 'Pair 8 of 8'],
    ] as const) {
      await userEvent.keyboard(key);
      expect(await within(dialog).findByText(next)).toBeInTheDocument();
    }
    await userEvent.keyboard('2');
    expect(await within(dialog).findByRole('heading', { name: 'No pairs left' })).toBeInTheDocument();

    expect(cast.map((v) => v.winner)).toEqual(['left', 'right', 'tie', 'both_bad', 'left', 'right']);
    for (const vote of cast) {
      expect(vote.input_id).toBe(1);
      expect(vote.left_request_id).not.toBe(vote.right_request_id);
    }
    // Every pair of input 1 once in each order.
    const pairs = cast.map((v) => `${v.left_request_id}-${v.right_request_id}`).sort();
    expect(pairs).toEqual(['1-2', '1-3', '2-1', '2-3', '3-1', '3-2']);
    await waitFor(() =>
      expect(callsOf(calls).filter((c) => c === 'GET /api/evaluations/9/summary/').length).toBeGreaterThan(1),
    );
  });

  it('votes with the buttons too, says when a vote fails, and Escape leaves', async () => {
    const { cast, onOpenChange } = setUp();
    const dialog = await screen.findByRole('dialog', { name: 'Blind A/B comparison' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Tie/ }));
    expect(await within(dialog).findByText('Pair 4 of 8')).toBeInTheDocument();
    expect(cast).toHaveLength(1);
    expect(itemAt(cast, 0).winner).toBe('tie');

    mockApi(({ method }) => (method === 'POST' ? { status: 500, body: { detail: 'down' } } : undefined));
    await userEvent.keyboard('2');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save your vote. Please try again.');
    expect(within(dialog).getByText('Pair 4 of 8')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('on a run with repetitions, pairs repetition r of one configuration with repetition r of another, and Skip moves on', async () => {
    // One input, two configurations, three repetitions each: three matched pairs, each in both orders.
    const repeated = [5, 6].flatMap((configuration) =>
      [0, 1, 2].map((repetition) => ({
        ...apiRequestFixture(configuration * 10 + repetition, 1, configuration, 'SUCCESS'),
        repetition,
      })),
    );
    const repeatedRun: BlindCompareRun = {
      evaluationId: 9,
      requests: repeated,
      results: repeated.map((r) =>
        resultFixture(r.id, 1, r.configuration, `Prompt ${r.configuration}, repetition ${r.repetition}`),
      ),
      inputOf: (id) => inputs.get(id ?? -1),
    };
    const cast: CastVoteInput[] = [];
    mockApi(({ method, url, body }) => {
      if (url === '/api/evaluations/9/votes/' && method === 'GET') return { body: [] };
      if (url === '/api/evaluations/9/votes/' && method === 'POST') {
        const vote = JSON.parse(body) as CastVoteInput;
        cast.push(vote);
        return { status: 201, body: { ...vote, id: cast.length, evaluation: 9, created_at: FIXED_TIME } };
      }
    });
    renderWithApp(<BlindCompare run={repeatedRun} open onOpenChange={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Blind A/B comparison' });
    const sideText = (name: string) => within(dialog).getByRole('region', { name }).textContent ?? '';

    const seen: string[] = [];
    for (let pair = 1; pair <= 6; pair++) {
      expect(await within(dialog).findByText(`Pair ${pair} of 6`)).toBeInTheDocument();
      const [, leftConfiguration, leftRepetition] = /Prompt (\d), repetition (\d)/.exec(sideText('Left'))!;
      const [, rightConfiguration, rightRepetition] = /Prompt (\d), repetition (\d)/.exec(sideText('Right'))!;
      expect(leftConfiguration).not.toBe(rightConfiguration);
      expect(leftRepetition).toBe(rightRepetition);
      seen.push(`${leftConfiguration}:${rightConfiguration}:${leftRepetition}`);
      // The button on the first pair, the key on the others.
      if (pair === 1) await userEvent.click(within(dialog).getByRole('button', { name: /Skip/ }));
      else await userEvent.keyboard('s');
    }
    expect(await within(dialog).findByRole('heading', { name: 'No pairs left' })).toBeInTheDocument();
    expect(seen.sort()).toEqual(['5:6:0', '5:6:1', '5:6:2', '6:5:0', '6:5:1', '6:5:2']);
    expect(cast).toEqual([]);
  });

  it('Skip gets past a pair whose vote failed', async () => {
    setUp();
    const dialog = await screen.findByRole('dialog', { name: 'Blind A/B comparison' });
    expect(await within(dialog).findByText('Pair 3 of 8')).toBeInTheDocument();
    mockApi(({ method }) =>
      method === 'POST' ? { status: 400, body: { right_request_id: ['Refused.'] } } : undefined,
    );
    await userEvent.keyboard('1');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save your vote. Please try again.');
    await userEvent.click(within(dialog).getByRole('button', { name: /Skip/ }));
    expect(await within(dialog).findByText('Pair 4 of 8')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
