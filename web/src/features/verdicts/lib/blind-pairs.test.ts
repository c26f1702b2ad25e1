import { describe, expect, it } from 'vitest';
import type { Vote } from '@promptgrid/contract';
import { apiRequestFixture, FIXED_TIME, resultFixture } from '@/testing/fixtures';
import { buildBlindPairs } from './blind-pairs';
import { itemAt } from '@promptgrid/test-support/items';

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
const pairIds = (pairs: ReturnType<typeof buildBlindPairs>['pairs']) =>
  pairs.map((p) => [p.inputId, ...[p.left.configurationId, p.right.configurationId].sort()]);

describe('buildBlindPairs', () => {
  it('pairs two different configurations on one input, only outputs that succeeded', () => {
    const { pairs, total } = buildBlindPairs(requests, results, [], () => 0.99);
    expect(total).toBe(4);
    expect(pairIds(pairs).sort()).toEqual([
      [1, 5, 6],
      [1, 5, 7],
      [1, 6, 7],
      [2, 5, 6],
    ]);
    expect(pairs.find((p) => p.inputId === 2)?.left.output).toMatch(/^output [45]$/);
  });

  it('leaves out the pairs already voted on, whichever side each was on', () => {
    const { pairs, total } = buildBlindPairs(requests, results, [vote(2, 1, 1), vote(4, 5, 2)], () => 0.99);
    expect(total).toBe(4);
    expect(pairIds(pairs).sort()).toEqual([
      [1, 5, 7],
      [1, 6, 7],
    ]);
  });

  it('puts either output on the left, as the random source says', () => {
    const left = itemAt(buildBlindPairs(requests.slice(3), results.slice(3), [], () => 0.1).pairs, 0);
    const right = itemAt(buildBlindPairs(requests.slice(3), results.slice(3), [], () => 0.9).pairs, 0);
    expect(left.left.requestId).not.toBe(right.left.requestId);
  });
});
