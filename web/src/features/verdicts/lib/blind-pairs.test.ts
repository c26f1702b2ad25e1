import { describe, expect, it } from 'vitest';
import type { Vote } from '@promptgrid/contract';
import { apiRequestFixture, FIXED_TIME, resultFixture } from '@/testing/fixtures';
import { buildBlindPairs } from './blind-pairs';

// Input 1: three configurations answered; input 2: two answered and one failed.
const requests = [
  apiRequestFixture(1, 1, 5, 'SUCCESS'),
  apiRequestFixture(2, 1, 6, 'SUCCESS'),
  apiRequestFixture(3, 1, 7, 'SUCCESS'),
  apiRequestFixture(4, 2, 5, 'SUCCESS'),
  apiRequestFixture(5, 2, 6, 'SUCCESS'),
  apiRequestFixture(6, 2, 7, 'FAILED', 'boom'),
];
const results = requests.slice(0, 5).map((request) => {
  const id = request.id;
  return resultFixture(id, request.input!, request.configuration, `output ${id}`);
});
const vote = (left: number, right: number, inputId: number): Vote => ({
  id: left * 10 + right,
  evaluation: 9,
  input_id: inputId,
  left_request_id: left,
  right_request_id: right,
  winner: 'tie',
  created_at: FIXED_TIME,
});

/** Each pair as [input, left configuration, right configuration], sorted. */
const orderedIds = (pairs: ReturnType<typeof buildBlindPairs>['pairs']) =>
  pairs.map((p) => [p.inputId, p.left.configurationId, p.right.configurationId]).sort();

describe('buildBlindPairs', () => {
  it('pairs two different configurations on one input in both orders, only outputs that succeeded', () => {
    const { pairs, total } = buildBlindPairs(requests, results, [], () => 0.99);
    expect(total).toBe(8);
    expect(orderedIds(pairs)).toEqual([
      [1, 5, 6],
      [1, 5, 7],
      [1, 6, 5],
      [1, 6, 7],
      [1, 7, 5],
      [1, 7, 6],
      [2, 5, 6],
      [2, 6, 5],
    ]);
    expect(pairs.find((p) => p.inputId === 2)?.left.output).toMatch(/^output [45]$/);
  });

  it('leaves out the orders already voted on, so the other order of a voted pair still comes', () => {
    const { pairs, total } = buildBlindPairs(requests, results, [vote(2, 1, 1), vote(4, 5, 2)], () => 0.99);
    expect(total).toBe(8);
    expect(orderedIds(pairs)).toEqual([
      [1, 5, 6],
      [1, 5, 7],
      [1, 6, 7],
      [1, 7, 5],
      [1, 7, 6],
      [2, 6, 5],
    ]);
  });

  it('shuffles the pairs with the random source it is given', () => {
    const order = (random: () => number) =>
      buildBlindPairs(requests, results, [], random).pairs.map((p) => p.left.requestId);
    expect(order(() => 0.1)).not.toEqual(order(() => 0.9));
  });

  it('on a run with repetitions, pairs repetition r with repetition r only, and counts a vote for its repetition', () => {
    // Input 1, configurations 5 and 6, repetitions 0 to 2: repetition r of configuration c is request 10(r + 1) + c.
    const repeated = [5, 6].flatMap((configuration) =>
      [0, 1, 2].map((repetition) => ({
        ...apiRequestFixture((repetition + 1) * 10 + configuration, 1, configuration, 'SUCCESS'),
        repetition,
      })),
    );
    const outputs = repeated.map((r) => resultFixture(r.id, 1, r.configuration, `output ${r.id}`));
    const { pairs, total } = buildBlindPairs(repeated, outputs, [vote(15, 16, 1)], () => 0.99);
    expect(total).toBe(6);
    expect(pairs.map((p) => [p.left.requestId, p.right.requestId]).sort()).toEqual([
      [16, 15],
      [25, 26],
      [26, 25],
      [35, 36],
      [36, 35],
    ]);
  });
});
